"""Reopening a project restores the open tabs, the one in front and each caret; a file that
went away in between is skipped; a broken remembered list is ignored, not fatal."""

from __future__ import annotations

from pathlib import Path

import real_input
from PySide6.QtCore import Qt

from workbench.gui.open_tabs import OPEN_TABS_FILE


def test_reopening_brings_back_the_tabs_and_carets(make_window, novel: Path) -> None:
    first = make_window()
    assert first.open_project(novel)
    chapter = first.chapters.open_chapter(3)
    chapter.text_edit.setFocus()
    for _ in range(3):
        real_input.key(chapter.text_edit, Qt.Key.Key_Down)  # the caret moved by keys
    caret = chapter.text_edit.textCursor().position()
    assert caret > 0
    first.open_path(novel / "worldbuilding/world.md")
    first.close()  # as the author closes the window
    assert (novel / ".workbench" / OPEN_TABS_FILE).is_file()

    second = make_window()
    assert second.open_project(novel)
    names = [editor.path.name for editor in second.tabs.editors()]
    assert names == ["ch012.md", "ch003.md", "world.md"]
    assert second.tabs.current_editor().path.name == "world.md"
    restored = second.tabs.editor_for(chapter.path)
    assert restored.text_edit.textCursor().position() == caret


def test_a_missing_file_is_skipped_and_a_broken_list_ignored(make_window, novel: Path) -> None:
    state = novel / ".workbench"
    state.mkdir(exist_ok=True)
    (state / OPEN_TABS_FILE).write_text(
        '{"tabs": [{"path": "chapters/ch099.md", "cursor": 5},'
        ' {"path": "chapters/ch002.md", "cursor": 9}], "current": "chapters/ch099.md"}',
        "utf-8",
    )
    window = make_window()
    assert window.open_project(novel)
    assert [e.path.name for e in window.tabs.editors()] == ["ch002.md"]
    window.shut_down()
    (state / OPEN_TABS_FILE).write_text("{not json", "utf-8")
    again = make_window()
    assert again.open_project(novel)
    assert [e.path.name for e in again.tabs.editors()] == ["ch012.md"]  # as before: the last
