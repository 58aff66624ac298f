"""The webnovel-writer serial in the app (issue #27 items 5 and 8): a chapter whose plan lives
in the volume's 详细大纲 opens there; the style anchor is made from a passage the author
selects."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QComboBox, QLabel, QPlainTextEdit, QPushButton
from webnovel_serial import CHAPTERS, NEXT_CHAPTER

from workbench.gui.prepare.anchor_dialog import StyleAnchorDialog

LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def serial_window(make_window, serial):
    window = make_window()
    assert window.open_project(serial)
    return window


def test_a_plan_in_the_volume_outline_opens_at_its_section(serial_window, serial):
    editor = serial_window.chapters.open_chapter(NEXT_CHAPTER)
    assert editor is not None
    assert editor.path == (serial / "大纲/第3卷-详细大纲.md").resolve()
    text = editor.shown_text()
    caret = editor.text_edit.textCursor().position()
    assert text[caret:].startswith(f"### 第{NEXT_CHAPTER}章")


def test_the_style_anchor_is_made_from_a_passage_the_author_selects(serial_window, serial):
    """MainWriter's feed is refused until the anchor exists (the seed's rule); the fix is one
    dialog: pick a chapter, select a passage, 创建."""
    window = serial_window
    dialog = window.prepare.open_for("MainWriter", NEXT_CHAPTER)
    assert dialog.checklist.marks["style_anchor"].text().startswith("✗")
    QTest.mouseClick(dialog.findChild(QPushButton, "fix_style_anchor_passage"), LEFT)
    chooser = dialog.findChild(StyleAnchorDialog, "styleAnchorDialog")
    assert chooser is not None and chooser.isVisible()
    assert chooser.chapter() == NEXT_CHAPTER - 1  # the chapter before the one being fed
    # Chapter 31 with the keyboard, then its prose with the mouse (click, shift-click).
    box = chooser.findChild(QComboBox, "anchorChapter")
    box.setFocus()
    for _ in range(2):
        QTest.keyClick(box, Qt.Key.Key_Up)
    assert chooser.chapter() == 31
    view = chooser.findChild(QPlainTextEdit, "anchorText")
    assert QTest.qWaitForWindowExposed(chooser)
    text = view.toPlainText()
    prose = CHAPTERS[31][1]
    start, end = text.index(prose), text.index(prose) + len(prose)
    _select_with_mouse(view, start, end)
    assert chooser.selected() == prose
    count = chooser.findChild(QLabel, "anchorCount")
    assert count.text().startswith("已选") or count.text().startswith("Selected")
    QTest.mouseClick(chooser.findChild(QPushButton, "anchorCreate"), LEFT)
    anchor = serial / "meta/style-anchor.md"
    written = anchor.read_text(encoding="utf-8")
    sample = written.split("## 正面样例", 1)[1].split("\n## ", 1)[0]
    assert prose in sample and "摘自第31章" in sample
    assert "## 禁用词与禁用句式" in written  # the other sections are left for the author
    assert window.tabs.current_editor().path == anchor.resolve()
    # Attached; its other sections are still the template's, and it says so.
    assert dialog.checklist.marks["style_anchor"].text() == "⚠ 部分仍为模板"


def _select_with_mouse(view: QPlainTextEdit, start: int, end: int) -> None:
    """Click before `start`, shift-click before `end`: a person's selection with the mouse."""
    viewport = view.viewport()

    def point(position: int):
        cursor = view.textCursor()
        cursor.setPosition(position)
        rect = view.cursorRect(cursor)
        return rect.center() - QPoint(1, 0)

    QTest.mouseClick(viewport, LEFT, Qt.KeyboardModifier.NoModifier, point(start))
    QTest.mouseClick(viewport, LEFT, Qt.KeyboardModifier.ShiftModifier, point(end))
