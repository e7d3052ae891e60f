"""The tables use their room, and Eight Off's piles tell apart."""

import pytest

from game.view.golf_layout import GolfLayout

SIZES = [(800, 480), (1280, 720), (1920, 1080), (1024, 600)]


@pytest.mark.parametrize("size", SIZES)
def test_golf_stock_and_waste_are_centred_under_the_columns_with_room_for_messages(size):
    lay = GolfLayout(size)
    middle = (lay.columns[0].left + lay.columns[-1].right) / 2
    pair = lay.stock.union(lay.waste)
    assert lay.message.width >= max(size[0] * 0.3, 380) - 2
    if size[0] >= 1280:  # a wide window has the room: centred
        assert abs(pair.centerx - middle) <= 2
    else:  # 800x480 and the like: as far right as leaves the messages their room
        assert pair.centerx < middle and lay.message.width <= 384
    assert lay.stock.right < lay.waste.left and lay.stock.top == lay.waste.top
    assert lay.message.left >= lay.waste.right and lay.message.right <= size[0]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("cells", [8, 4, 2])
def test_eight_off_cells_are_named_and_share_a_row_only_framed_apart(size, cells):
    from game.view.eightoff_layout import EightOffLayout

    lay = EightOffLayout(size, cells)
    assert [label for label, _ in lay.slot_labels()] == ["Free cell"] * cells
    assert [r for _, r in lay.slot_labels()] == lay.cells
    groups = lay.slot_groups()
    if lay.side:  # the foundations stand apart at the side already
        assert groups == []
        return
    cell_group, foundation_group = groups
    assert all(cell_group.contains(r) for r in lay.cells)
    assert all(foundation_group.contains(r) for r in lay.foundations)
    assert not cell_group.colliderect(foundation_group)
    assert lay.suit_slots() == list(zip("SHDC", lay.foundations))


def test_the_painted_felt_names_an_empty_cell_and_marks_a_foundation_with_its_ace(make_app):
    import pygame

    from game.scenes.table_paint import paint_slots
    from game.view.eightoff_layout import EightOffLayout

    app = make_app(size=(1280, 720))
    lay = EightOffLayout((1280, 720), 8)
    felt = pygame.Surface((1280, 720))
    felt.fill((0, 90, 40))
    plain = felt.copy()
    paint_slots(felt, lay, app.ctx.images, app.ctx.text)
    for rect in (lay.cells[0], lay.foundations[0]):
        centre = pygame.Rect(0, 0, rect.width // 2, rect.height // 3)
        centre.center = rect.center
        top = pygame.Rect(rect.x + rect.width // 4, rect.y + 4, rect.width // 2, rect.height // 5)
        for part in (centre, top) if rect in lay.foundations else (centre,):
            assert pygame.image.tobytes(felt.subsurface(part), "RGB") != pygame.image.tobytes(
                plain.subsurface(part), "RGB"
            )


class RecordingCanvas:
    """A Canvas that paints a real surface and keeps where each image went."""

    def __init__(self, size):
        import pygame

        self.surface = pygame.Surface(size)
        self.blits = []

    def blit(self, source, dest, area=None, special_flags=0):
        import pygame

        r = self.surface.blit(source, dest, area, special_flags)
        self.blits.append(pygame.Rect(dest[0], dest[1], *source.get_size()) if area is None else r)
        return r

    def fill(self, colour, rect=None, special_flags=0):
        return self.surface.fill(colour, rect, special_flags)

    def get_rect(self):
        return self.surface.get_rect()


@pytest.mark.parametrize("language", ["en", "el", "th"])
@pytest.mark.parametrize("size", [(800, 356), (800, 480), (1920, 1080), (1920, 820)])  # (a Help example's table)
def test_a_free_cells_name_stays_inside_its_outline_in_every_language(make_app, language, size):
    from game import i18n
    from game.scenes.table_paint import paint_slots
    from game.view.eightoff_layout import EightOffLayout

    app = make_app(size=(800, 480))
    lay = EightOffLayout(size, 8)
    i18n.set_language(language)
    try:
        canvas = RecordingCanvas(size)
        paint_slots(canvas, lay, app.ctx.images, app.ctx.text)
    finally:
        i18n.set_language("en")
    labels = [(b, cell) for b in canvas.blits for cell in lay.cells if b.center == cell.center and b.size != cell.size]
    assert all(b.width <= cell.width for b, cell in labels)
    if size[1] >= 480:  # a table's cards are large enough to name every cell
        assert len(labels) == 8


@pytest.mark.parametrize("size", SIZES)
def test_each_column_card_is_placed_where_a_touch_finds_it(size):
    """The targets a layout gives the board are the rectangles its hit test and hints use, however
    long a column grows (squeezed from 6 cards in Golf, as the column's room asks in Eight Off)."""
    from game.model.cards import FULL_DECK
    from game.view.eightoff_layout import EightOffLayout

    golf, eightoff = GolfLayout(size), EightOffLayout(size, 8)
    for count in range(0, 21):
        columns = [list(FULL_DECK[:count]), *([[]] * 5), list(FULL_DECK[32 : 32 + min(count, 20)])]
        placed = golf.targets(columns, [], [])
        for c, pile in enumerate(columns):
            for r, card in enumerate(pile):
                assert placed[card] == (golf.card_rect(c, r, len(pile)).topleft, True, r)
        eight = [list(FULL_DECK[:count]), *([[]] * 6), list(FULL_DECK[32 : 32 + min(count, 20)])]
        placed = eightoff.targets(eight, [None] * 8, [[] for _ in range(4)])
        for c, pile in enumerate(eight):
            for r, card in enumerate(pile):
                assert placed[card] == (eightoff.card_rect(c, r, len(pile)).topleft, True, r)
