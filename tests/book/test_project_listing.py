"""What the app does with a batch of files the watcher reports: re-list the chapters only
when one came, went or was renamed; count the book's 字 again only for chapters that changed."""

from __future__ import annotations

from pathlib import Path

from workbench.book.counting import count_zi
from workbench.book.project import Project
from workbench.book.textio import write_text
from workbench.book.watch import FolderWatch


def chapter_paths(project: Project) -> list[Path]:
    return [ref.path for ref in project.chapters]


def test_a_batch_re_lists_only_when_a_chapter_came_went_or_was_renamed(sample_copy) -> None:
    project = Project.open(sample_copy)
    folder = sample_copy / "chapters"
    listing = project.listing_version
    first = project.chapters[0].path
    write_text(first, "# 第1章 改\n\n另一个程序改过。\n")  # rename-save of a listed chapter
    outline = sample_copy / "outline" / "outline.md"
    assert not project.relist([first, outline, folder / ".ch001.md.tmp"])
    assert project.listing_version == listing

    new = folder / "ch013.md"
    write_text(new, "# 第13章 新\n\n新的一章。\n")
    assert project.relist([new])
    assert project.chapter(13) is not None and project.listing_version != listing

    renamed = folder / "ch014.md"
    new.rename(renamed)
    assert project.relist([new, renamed])
    assert project.chapter(13) is None and project.chapter(14).path == renamed

    renamed.unlink()
    assert project.relist([renamed])
    assert project.chapter(14) is None
    assert chapter_paths(project) == chapter_paths(Project.open(sample_copy))


def test_the_total_follows_saves_and_other_programs_writes(sample_copy) -> None:
    project = Project.open(sample_copy)
    watch = FolderWatch(project)
    watch.start()
    try:
        before = project.total_zi()
        ref = project.chapters[3]
        text = project.read(ref.path).text
        project.write(ref.path, text + "再添一句。\n")
        assert project.total_zi() == before + count_zi("再添一句。")
        other = project.chapters[5].path
        with other.open("w", encoding="utf-8") as file:  # in place, as another editor
            file.write("只剩一句。\n")
        project.files_changed([other])  # what the watch reports (it may have already)
        assert project.total_zi() == Project.open(sample_copy).total_zi()
    finally:
        watch.stop()
