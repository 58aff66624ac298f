"""A summary job that fails does not turn the queued ranges behind it into failures: each
rolling summary is made from the one before it, so the later ranges wait (their rows say for
which range), the failure says its own reason, and once the failed range is regenerated
the others run and are written."""

from __future__ import annotations

import sys
from pathlib import Path

from conftest import StandardButton

from workbench.summaries.rolling import SummaryJob

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "summaries"))
from summary_book import CHAPTER, make_book

ROLLING = "references/rolling-summary.md"


def states(window) -> dict[str, tuple[str, str]]:
    return {row.label: (row.state, row.detail) for row in window.summary_policy.jobs_model.rows}


def test_a_failed_range_holds_the_later_ones_back_until_it_is_made(
    make_window, tmp_path: Path, dialogs, qtbot
) -> None:
    book = make_book(tmp_path / "book", 15)
    broken = book / "chapters" / "ch003.md"
    broken.write_bytes(b"# \xff\xfe\x80 \x80\x80\n")  # neither UTF-8 nor GB18030
    window = make_window()
    assert window.open_project(book)
    queue = window.summaries
    failures: list[tuple[str, str]] = []
    queue.failed.connect(lambda _id, label, reason: failures.append((label, reason)))
    dialogs.answer(StandardButton.Yes)  # three ranges: asked first
    jobs = [SummaryJob(1, 5), SummaryJob(6, 10), SummaryJob(11, 15)]
    assert len(window.summary_policy.submit(jobs, "test")) == 3
    qtbot.waitUntil(lambda: bool(failures) and queue.is_idle(), timeout=60_000)

    assert [label for label, _ in failures] == ["Ch1-5"]
    assert "ch003.md" in failures[0][1]  # its own reason: the file it could not read
    shown = states(window)
    assert shown["Ch1-5"][0] == "failed"
    for later in ("Ch6-10", "Ch11-15"):
        state, detail = shown[later]
        assert state == "blocked" and "Ch1-5" in detail, shown
    assert not (book / ROLLING).exists()

    broken.write_text("# 第3章\n\n" + CHAPTER.format(n=3) + "\n", "utf-8")
    window.project.rescan()
    queue.submit(SummaryJob(1, 5))
    qtbot.waitUntil(
        lambda: all(states(window)[label][0] == "done" for label in ("Ch6-10", "Ch11-15")),
        timeout=120_000,
    )
    text = (book / ROLLING).read_text("utf-8")
    for heading in ("滚动摘要 Ch1-Ch5", "滚动摘要 Ch6-Ch10", "滚动摘要 Ch11-Ch15"):
        assert heading in text
    assert len(failures) == 1
