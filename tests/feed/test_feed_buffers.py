"""Feeds over unsaved buffers: the editor's text counts, and nothing is written."""

from __future__ import annotations

import hashlib
import threading
from pathlib import Path

import pytest

from workbench.book.project import Project, ReadOnlyView
from workbench.feed import build_feed


def snapshot(root: Path) -> dict[str, tuple[str, int]]:
    """Every file's hash and mtime, to prove nothing was written."""
    return {
        str(path.relative_to(root)): (
            hashlib.sha256(path.read_bytes()).hexdigest(),
            path.stat().st_mtime_ns,
        )
        for path in root.rglob("*")
        if path.is_file() and ".workbench" not in path.parts
    }


def block(feed, block_id):
    return next(b for b in feed.blocks if b.id == block_id)


def test_a_buffered_chapter_counts_what_is_in_the_editor(sample_copy):
    project = Project.open(sample_copy)
    chapter_12 = project.chapter(12).path
    saved = build_feed(project, "MainWriter", 13)
    before = snapshot(sample_copy)
    typed = project.read(chapter_12).text + "\n\n" + "灯" * 500
    view = project.with_buffers({chapter_12: typed})
    live = build_feed(view, "MainWriter", 13)
    assert block(live, "rolling.chapter.12").chars == block(saved, "rolling.chapter.12").chars + 500
    assert block(live, "rolling.chapter.12").tokens > block(saved, "rolling.chapter.12").tokens
    assert snapshot(sample_copy) == before
    again = build_feed(project, "MainWriter", 13)
    assert block(again, "rolling.chapter.12").chars == block(saved, "rolling.chapter.12").chars


def test_a_buffered_plan_changes_the_plan_block_and_relevance(sample_copy):
    project = Project.open(sample_copy)
    plan_path = project.plan_file(13)
    saved = build_feed(project, "MainWriter", 13)
    text = project.read(plan_path).text.replace("type: emotion", "type: battle")
    text += "\n厉无咎的名字再次出现。\n"
    live = build_feed(project.with_buffers({plan_path: text}), "MainWriter", 13)
    assert live.template == "battle" and saved.template == "emotion"
    assert "厉无咎的名字再次出现" in block(live, "task.plan").text
    assert build_feed(project, "MainWriter", 13).template == "emotion"


def test_a_view_never_writes(sample_copy):
    project = Project.open(sample_copy)
    path = project.chapter(1).path
    view = project.with_buffers({path: "改动"})
    with pytest.raises(ReadOnlyView):
        view.write(path, "改动")
    with pytest.raises(ReadOnlyView):
        view.save_chapter(1, "改动")
    assert project.read(path).text != "改动"


def test_feeds_build_on_threads_while_the_project_is_used(sample_copy):
    project = Project.open(sample_copy)
    chapter_12 = project.chapter(12).path
    text = project.read(chapter_12).text
    errors: list[BaseException] = []
    results: list[int] = []

    def build(extra: int) -> None:
        try:
            view = project.with_buffers({chapter_12: text + "字" * extra})
            results.append(block(build_feed(view, "MainWriter", 13), "rolling.chapter.12").chars)
        except BaseException as error:  # reported below, on the test's thread
            errors.append(error)

    threads = [threading.Thread(target=build, args=(n,)) for n in range(1, 9)]
    for thread in threads:
        thread.start()
    for number in range(1, 13):
        project.read(project.chapter(number).path)
    for thread in threads:
        thread.join()
    assert not errors
    base = block(build_feed(project, "MainWriter", 13), "rolling.chapter.12").chars
    assert sorted(results) == [base + n for n in range(1, 9)]
