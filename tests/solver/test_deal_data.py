"""Reading the per-deal data files (game/solver/deal_data.py): rows split as str.splitlines()
splits the whole text, whatever the line ends and wherever a block of rows is cut."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.solver import deal_data

_row = st.tuples(st.integers(0, 99_999), st.lists(st.text("ab19-", min_size=1, max_size=6), max_size=3))
_end = st.sampled_from(["\n", "\r\n", "\r", "\v", "\f", "\x1c", "\x1e"])
_blank = st.sampled_from(["", " ", "\t "])


@settings(max_examples=200, deadline=None)
@given(
    rows=st.lists(st.tuples(_row, _end, st.booleans(), _blank), max_size=30),
    header_end=_end,
    block=st.integers(1, 40),
    last_end=st.booleans(),
)
def test_rows_are_the_texts_lines_after_the_header_whatever_the_line_ends_and_blocks(
    tmp_path_factory, rows, header_end, block, last_end
):
    text = "# header" + header_end
    for (number, fields), end, blank_after, blank in rows:
        text += " ".join([str(number), *fields]) + end + (blank + end if blank_after else "")
    if not last_end and text.endswith(("\n", "\r", "\v", "\f", "\x1c", "\x1e")):
        text = text.rstrip("\n\r\v\f\x1c\x1e")
    path = tmp_path_factory.mktemp("rows") / "kind.par"
    path.write_bytes(text.encode("ascii"))
    expected = [(int(line.split()[0]), line.split()[1:]) for line in text.splitlines()[1:] if line.strip()]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(deal_data, "_BLOCK", block)  # blocks of a few characters: cut everywhere
        assert deal_data.read_rows(path) == expected
