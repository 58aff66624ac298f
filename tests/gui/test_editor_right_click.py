"""A right-click in a chapter's text, through the window as a person's mouse makes it. It used
to kill the app: ProseEdit forwarded the press to its viewport, the viewport ignored the right
button, the press propagated back to ProseEdit, which forwarded it again (RecursionError, or
SIGSEGV when the stack ran out first). Every editor menu entry is behind this click."""

from __future__ import annotations

from pathlib import Path

import real_input
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QDialog

from workbench.trackers.parse import parse_tracker


def text_point(editor, line: int = 2, character: int = 1) -> QPoint:
    """A point on `character` of paragraph `line` (both 0-based), in viewport coordinates."""
    block = editor.text_edit.document().findBlockByNumber(line)
    cursor = editor.text_edit.textCursor()
    cursor.setPosition(block.position() + character)
    rect = editor.text_edit.cursorRect(cursor)
    return rect.center()


def test_right_click_in_the_text_opens_the_menu_and_escape_closes_it(window) -> None:
    editor = window.chapters.open_chapter(1)
    viewport = editor.text_edit.viewport()
    menu = real_input.open_menu(viewport, QPoint(100, 100))
    assert "记为伏笔" in real_input.menu_texts(menu)
    # Nothing selected: there is nothing to record.
    record = next(a for a in menu.actions() if a.objectName() == "recordForeshadowing")
    assert not record.isEnabled()
    real_input.key(menu, Qt.Key.Key_Escape)
    assert QApplication.activePopupWidget() is None
    assert window.isVisible() and not editor.is_modified()


def test_a_chapter_s_menu_says_why_its_text_cannot_be_pinned(window) -> None:
    editor = window.chapters.open_chapter(1)
    # Not where the test before clicked: two presses there in a row would be a double-click.
    menu = real_input.open_menu(editor.text_edit.viewport(), QPoint(140, 120))
    explained = next(a for a in menu.actions() if a.objectName() == "chapterPinExplained")
    assert explained.text() == "章节正文不能置顶：它按配方进入喂入"
    assert not explained.isEnabled() and "滚动摘要" in explained.toolTip()
    real_input.key(menu, Qt.Key.Key_Escape)


def test_right_click_in_the_margin_beside_the_text_opens_the_same_menu(window) -> None:
    window.resize(1800, 900)
    editor = window.chapters.open_chapter(1)
    edit = editor.text_edit
    margin = edit.viewport().geometry().left()
    assert margin > 20, "the window is too narrow to have a margin beside the text"
    menu = real_input.open_menu(edit, QPoint(margin // 2, 120))
    assert "记为伏笔" in real_input.menu_texts(menu)
    real_input.key(menu, Qt.Key.Key_Escape)


def test_select_by_dragging_then_record_as_foreshadowing_by_keyboard(window, novel: Path) -> None:
    editor = window.chapters.open_chapter(3)
    viewport = editor.text_edit.viewport()
    start = text_point(editor, 2, 1)
    end = text_point(editor, 2, 7)
    real_input.drag(viewport, start, end)
    selected = editor.text_edit.textCursor().selectedText()
    assert len(selected) >= 3, "dragging across the line selected nothing"
    menu = real_input.open_menu(viewport, start + QPoint(40, 0))
    real_input.choose(menu, "记为伏笔")
    dialog = QApplication.activeModalWidget()
    assert isinstance(dialog, QDialog) and dialog.objectName() == "foreshadowingEntryDialog"
    assert dialog.content_edit.text() == " ".join(selected.split())
    entry_id = dialog.id_edit.text()
    real_input.key(dialog.content_edit, Qt.Key.Key_Return)
    path = novel / "references/plot-tracker.md"
    plot = parse_tracker(path.read_text("utf-8"), path, "references/plot-tracker.md")
    assert entry_id in [entry.id for entry in plot.foreshadowing]


def test_pin_a_section_from_the_menu_of_a_reference_file(window, novel: Path) -> None:
    editor = window.open_path(novel / "worldbuilding/world.md")
    viewport = editor.text_edit.viewport()
    menu = real_input.open_menu(viewport, text_point(editor, 2))
    pin_entries = [text for text in real_input.menu_texts(menu) if text.startswith("把“")]
    assert pin_entries, real_input.menu_texts(menu)
    real_input.choose(menu, pin_entries[0])
    pins = window.context_panel.pin_model
    assert pins.rowCount() == 1
    assert "worldbuilding/world.md" in str(pins.index(0, 0).data(Qt.ItemDataRole.UserRole))
