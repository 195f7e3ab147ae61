"""The summary's rows flow into two columns in the strip under the board: a heading never ends
a column, and a nation's turn that a fresh column holds whole is not split between columns."""

from __future__ import annotations

from imperial_desktop.ui.summary_overlay import Row, flow


def _turn(n: int, lines: int) -> list[Row]:
    return [Row(f"nation {n}", "heading", None, n)] + [Row(f"line {n}.{k}", "line", None, n) for k in range(lines)]


def test_a_turn_that_fits_a_fresh_column_is_not_split():
    rows = _turn(0, 4) + _turn(1, 3)  # 5 + 4 rows, columns of 6 rows
    placed = flow(rows, 2, 60, 10, 0)
    assert placed is not None
    columns = [c for c, _y in placed]
    assert columns == [0] * 5 + [1] * 4  # the second turn starts the second column whole
    assert flow(rows, 1, 60, 10, 0) is None  # one column of 6 rows cannot hold 9


def test_a_heading_never_ends_a_column_and_long_turns_run_on():
    rows = _turn(0, 4) + _turn(1, 8)  # 5 + 9 rows: the second turn is longer than a column of 7
    placed = flow(rows, 2, 70, 10, 0)
    assert placed is not None
    for i, (col, _y) in enumerate(placed):
        if rows[i].kind == "heading" and i + 1 < len(rows):
            assert placed[i + 1][0] == col  # its first line stands under it
    assert all(y + 10 <= 70 for _c, y in placed)
    assert [c for c, _y in placed] == [0] * 7 + [1] * 7  # it runs on into the second column
