"""What the app does with a batch of files the watcher reports: re-list the chapters only
when one came, went or was renamed; count the book's 字 again only for chapters that changed."""

from __future__ import annotations

import threading
from pathlib import Path

from workbench.book import gate
from workbench.book.counting import count_zi
from workbench.book.project import Project
from workbench.book.textio import write_text
from workbench.book.watch import FolderWatch, _Forwarder


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


def test_the_watch_is_not_woken_by_reads_only_by_changes(sample_copy, monkeypatch) -> None:
    """A feed reads hundreds of files; each open and close woke watchdog's threads for an
    event the watch drops anyway, and their Python took the GIL from the GUI thread."""
    seen: list[tuple[str, str]] = []
    changed = threading.Event()
    forward = _Forwarder.on_any_event

    def recorded(self, event) -> None:  # type: ignore[no-untyped-def]
        seen.append((event.event_type, Path(event.src_path).name))
        if Path(event.src_path).name == "outline.md" and event.event_type != "opened":
            changed.set()
        forward(self, event)

    monkeypatch.setattr(_Forwarder, "on_any_event", recorded)
    project = Project.open(sample_copy)
    watch = FolderWatch(project)
    watch.start()
    try:
        for ref in project.chapters:
            gate.read_text(ref.path, root=project.root)
        outline = sample_copy / "outline" / "outline.md"
        with outline.open("a", encoding="utf-8") as file:  # in place, as another editor
            file.write("又一句。\n")
        assert changed.wait(30)  # events come in order: every read's would be in by now
    finally:
        watch.stop()
    assert all(kind not in ("opened", "closed_no_write") for kind, _name in seen), seen
    assert ("modified", "outline.md") in seen
