"""A tracker file past any real one's width: 20 rows of 300,000 columns (12 MB) in the plot
tracker. `feed` and `check` name the file and what is wrong, in a child process with its
memory capped (tests/bounded.py), instead of growing to gigabytes and a MemoryError."""

from __future__ import annotations

import pytest
from bounded import run_bounded

from workbench.errors import FileProblem
from workbench.trackers.parse import parse_tracker

PLOT = "references/plot-tracker.md"


def wide_table(rows: int, columns: int) -> str:
    header = "| ID | 埋设章节 |" + "x|" * columns
    delimiter = "|---|---|" + "-|" * columns
    body = [f"| F{n:03d} | 1 |" + "x|" * columns for n in range(rows)]
    return "\n".join(["# 伏笔", "", header, delimiter, *body]) + "\n"


def test_a_tracker_of_300000_columns_is_named_not_read(sample_copy):
    (sample_copy / PLOT).write_text(wide_table(20, 300_000), "utf-8")
    feed = run_bounded("feed", sample_copy, "--agent", "MainWriter", "--chapter", "13")
    assert "MemoryError" not in feed.stderr and "Traceback" not in feed.stderr, feed.stderr[-800:]
    assert "a table row of 300,002 columns" in feed.stdout + feed.stderr
    check = run_bounded("check", sample_copy)
    assert "Traceback" not in check.stderr, check.stderr[-800:]
    assert f"{PLOT}: a table row of 300,002 columns, more than the 64" in check.stdout


def test_many_cells_in_narrow_tables_are_refused_too(tmp_path):
    text = wide_table(9_000, 30)  # under the row limit, 288,000 cells
    with pytest.raises(FileProblem, match="table cells, more than the 200,000"):
        parse_tracker(text, tmp_path / "plot-tracker.md")


def test_a_tracker_of_ordinary_width_is_read(tmp_path):
    parsed = parse_tracker(wide_table(3, 10), tmp_path / "plot-tracker.md")
    assert [entry.id for entry in parsed.foreshadowing] == ["F000", "F001", "F002"]
