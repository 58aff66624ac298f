"""How the editor reads to an author: tabs named by chapter, lines kept to a reading measure."""

from __future__ import annotations

from pathlib import Path

import real_input
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QTextCursor
from PySide6.QtTest import QTest

from workbench.book.layout import Role
from workbench.gui.prose_edit import MEASURE_ZI


def _current_tab(window) -> tuple[str, str]:
    index = window.tabs.currentIndex()
    return window.tabs.tabText(index), window.tabs.tabToolTip(index)


def _longest_line(text_edit) -> int:
    """Characters on the longest laid-out line of the document."""
    longest, block = 0, text_edit.document().begin()
    while block.isValid():
        layout = block.layout()
        for i in range(layout.lineCount()):
            longest = max(longest, layout.lineAt(i).textLength())
        block = block.next()
    return longest


def _settle(qtbot, window, width: int) -> None:
    window.resize(width, 900)
    qtbot.wait(50)


def test_chapter_tabs_show_number_and_title_other_files_their_name(window) -> None:
    assert _current_tab(window) == ("第12章 赤石坳", "chapters/ch012.md")
    real_input.shortcut(window.tabs.current_editor().text_edit, "Ctrl+PgUp")
    assert _current_tab(window) == ("第11章 无名灯", "chapters/ch011.md")
    window.open_path(window.project.role_path(Role.ROLLING_SUMMARY))
    assert _current_tab(window) == ("rolling-summary.md", "references/rolling-summary.md")


def test_a_chapter_tab_marks_unsaved_edits_and_follows_a_renamed_heading(
    window, qtbot, type_at_end
) -> None:
    editor = window.tabs.current_editor()
    type_at_end(editor, "又一句。")
    assert _current_tab(window)[0] == "● 第12章 赤石坳"
    cursor = QTextCursor(editor.text_edit.document().firstBlock())
    cursor.select(QTextCursor.SelectionType.BlockUnderCursor)
    cursor.insertText("# 第12章 红石坳")
    qtbot.waitUntil(lambda: _current_tab(window)[0] == "● 第12章 红石坳")
    real_input.shortcut(window.tabs.current_editor().text_edit, "Ctrl+S")
    assert _current_tab(window)[0] == "第12章 红石坳"


def test_chapter_tabs_follow_the_ui_language(window, qtbot) -> None:
    window.apply_settings(window.settings.model_copy(update={"ui_language": "en"}))
    qtbot.waitUntil(lambda: _current_tab(window)[0] == "Chapter 12 赤石坳")
    window.apply_settings(window.settings.model_copy(update={"ui_language": "zh_CN"}))
    qtbot.waitUntil(lambda: _current_tab(window)[0] == "第12章 赤石坳")


def test_a_wide_window_keeps_lines_to_the_reading_measure_centred(window, qtbot) -> None:
    text_edit = window.tabs.current_editor().text_edit
    _settle(qtbot, window, 2400)
    margins = text_edit.viewportMargins()
    assert margins.left() > 100 and abs(margins.left() - margins.right()) <= 1
    assert text_edit.viewport().width() == text_edit.measure_width()
    assert MEASURE_ZI - 2 <= _longest_line(text_edit) <= MEASURE_ZI

    _settle(qtbot, window, 900)
    assert text_edit.viewportMargins().left() == 0, "a narrow window uses all its width"
    assert _longest_line(text_edit) < MEASURE_ZI - 2


def test_the_measure_follows_the_font_size(window, qtbot) -> None:
    text_edit = window.tabs.current_editor().text_edit
    _settle(qtbot, window, 2400)
    before = (text_edit.measure_width(), text_edit.viewportMargins().left())
    window.apply_settings(window.settings.model_copy(update={"editor_font_size": 20}))
    qtbot.wait(50)
    assert text_edit.measure_width() > before[0]
    assert text_edit.viewportMargins().left() < before[1]
    assert MEASURE_ZI - 2 <= _longest_line(text_edit) <= MEASURE_ZI


def test_a_click_in_the_margin_puts_the_caret_on_that_line(window, novel: Path, qtbot) -> None:
    text_edit = window.tabs.current_editor().text_edit
    _settle(qtbot, window, 2400)
    block = text_edit.document().findBlockByNumber(2)  # 飞舟在天亮前落进了赤石坳。
    line_y = int(text_edit.cursorRect(QTextCursor(block)).center().y())
    in_margin = QPoint(10, text_edit.viewport().y() + line_y)
    assert not text_edit.viewport().geometry().contains(in_margin)
    left, no_modifier = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    QTest.mouseClick(text_edit, left, no_modifier, in_margin)
    assert text_edit.textCursor().position() == block.position()
