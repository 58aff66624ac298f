"""Drafts live under .workbench/drafts/; saving one over a chapter keeps a backup first."""

from __future__ import annotations

from workbench.book.drafts import (
    finish_draft,
    new_draft_path,
    save_draft_to_chapter,
    write_draft,
)
from workbench.book.project import Project


def test_a_draft_grows_on_disk_and_ends_in_its_state(sample_copy) -> None:
    project = Project.open(sample_copy)
    path = new_draft_path(project, 13, "MainWriter")
    assert path.parent == project.state_dir / "drafts" and path.name.endswith("-streaming.md")
    write_draft(project, path, "第一段")
    assert path.read_text(encoding="utf-8") == "第一段"
    final = finish_draft(project, path, "第一段\n第二段", "cancelled")
    assert not path.exists() and final.name.endswith("-cancelled.md")
    assert final.read_text(encoding="utf-8") == "第一段\n第二段"


def test_replacing_or_appending_backs_the_chapter_up_first(sample_copy) -> None:
    project = Project.open(sample_copy)
    chapter = sample_copy / "chapters/ch012.md"
    old = chapter.read_bytes()
    _, backup = save_draft_to_chapter(project, 12, "\n新的正文。\n\n", append=False)
    assert chapter.read_text(encoding="utf-8") == "新的正文。\n"
    assert backup is not None and backup.read_bytes() == old
    assert backup.parent == project.state_dir / "backups"
    _, before_append = save_draft_to_chapter(project, 12, "续写一段。", append=True)
    assert chapter.read_text(encoding="utf-8") == "新的正文。\n\n续写一段。\n"
    assert before_append is not None and before_append.read_text(encoding="utf-8") == "新的正文。\n"


def test_a_new_chapter_needs_no_backup(sample_copy) -> None:
    project = Project.open(sample_copy)
    written, backup = save_draft_to_chapter(project, 13, "# 第13章 余烬\n\n正文。", append=False)
    assert backup is None and written.path == sample_copy.resolve() / "chapters/ch013.md"
    assert project.chapter(13) is not None


def test_a_draft_saved_as_a_new_chapter_gets_its_heading(sample_copy) -> None:
    project = Project.open(sample_copy)
    written, _ = save_draft_to_chapter(project, 14, "\n风从北边来。\n", append=False)
    assert written.path.read_text(encoding="utf-8") == "# 第14章\n\n风从北边来。\n"
    assert project.chapter_title(project.chapter(14)) == ""
