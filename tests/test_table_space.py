"""Issue 22, items 5 and 9: the tables use their room, and Eight Off's piles tell apart."""
import pytest

from game.view.golf_layout import GolfLayout

SIZES = [(800, 480), (1280, 720), (1920, 1080), (1024, 600)]


@pytest.mark.parametrize("size", SIZES)
def test_golf_stock_and_waste_are_centred_under_the_columns(size):
    lay = GolfLayout(size)
    middle = (lay.columns[0].left + lay.columns[-1].right) / 2
    pair = lay.stock.union(lay.waste)
    assert abs(pair.centerx - middle) <= 2
    assert lay.stock.right < lay.waste.left and lay.stock.top == lay.waste.top
    assert lay.message.left >= lay.waste.right and lay.message.right <= lay.columns[-1].right
