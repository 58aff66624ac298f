"""`stats` over a history saved in descending chapter order (a book revised from its end):
each save finishes no chapter, so every chapter waits; looking at every waiting chapter on
every save was quadratic (60,000 saves past two minutes). The real command, in a child with
its memory capped and a hang guard (tests/bounded.py); the figures checked, not the time."""

from __future__ import annotations

import json
from datetime import date

from bounded import run_bounded
from glance_book import write_glance_book

from workbench.book.project import Project
from workbench.stats import SaveRecord, finished_chapters, stats_path

SAVES = 100_000


def test_a_history_in_descending_order_is_read_in_linear_work(tmp_path):
    root = write_glance_book(tmp_path / "book")
    path = stats_path(Project.open(root))
    path.parent.mkdir(parents=True, exist_ok=True)
    line = '{{"time": "2026-11-{day:02d}T09:00:00+08:00", "date": "2026-11-{day:02d}", ' \
        '"chapter": {chapter}, "before": 0, "after": 10}}\n'  # fmt: skip
    with path.open("w", encoding="utf-8") as handle:
        for n in range(SAVES):
            handle.write(line.format(day=1 + n * 28 // SAVES, chapter=SAVES - n))
    done = run_bounded("stats", root, "--format", "json")
    assert done.returncode == 0, done.stderr[-800:]
    assert json.loads(done.stdout)["weeks"] is not None


def test_descending_saves_are_finished_by_the_first_later_chapter():
    day = date(2026, 11, 1)
    saves = [SaveRecord(f"t{n}", day, chapter, 0, 10) for n, chapter in enumerate((5, 4, 3))]
    assert finished_chapters(saves) == {}  # nothing after them yet
    later = SaveRecord("t9", date(2026, 11, 2), 6, 0, 10)
    assert finished_chapters([*saves, later]) == {5: later.day, 4: later.day, 3: later.day}
