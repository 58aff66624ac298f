"""Tracker edits from the browser (本章回收, 废弃, a new entry, reordering) and the panel's
chapter-type change can be undone: 撤销 beside the message or Ctrl+Z puts the file's bytes
back; a file changed since the edit is left alone, and the author is told why."""

from __future__ import annotations

from pathlib import Path

import real_input
from panel_wait import settled
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

PLOT = "references/plot-tracker.md"


def row_point(table, row: int, column: int = 0):  # type: ignore[no-untyped-def]
    return table.visualRect(table.model().index(row, column)).center()


def open_ledger_at(window, chapter: int):  # type: ignore[no-untyped-def]
    window.tracker_dock.show()
    window.tracker_dock.raise_()
    browser = window.tracker_browser
    browser.set_chapter(chapter)
    return browser


def click_entry(browser, entry_id: str) -> None:
    table, model = browser.ledger.table, browser.ledger.proxy
    row = next(r for r in range(model.rowCount()) if model.index(r, 0).data() == entry_id)
    # Rows wrap their 内容 now, so the entry may be below the fold: scrolled to, as by a person.
    table.scrollTo(table.model().index(row, 0))
    QApplication.processEvents()
    real_input.click(table.viewport(), row_point(table, row))
    assert browser.ledger.selected_id() == entry_id


def test_resolve_and_abandon_are_undone_by_the_button_and_by_ctrl_z(window, novel: Path) -> None:
    path = novel / PLOT
    original = path.read_bytes()
    browser = open_ledger_at(window, 13)
    click_entry(browser, "F007")
    real_input.click(browser.ledger.resolve_button)
    resolved = path.read_bytes()
    assert resolved != original and "已回收@13" in resolved.decode()
    assert browser.undo_button.isVisible() and browser.undo_button.text() == "撤销"
    click_entry(browser, "F009")
    real_input.click(browser.ledger.abandon_button)
    assert path.read_bytes() != resolved

    real_input.shortcut(browser.ledger.table, "Ctrl+Z")  # the keys, in the browser
    assert path.read_bytes() == resolved
    assert browser.message.text().startswith("已撤销")
    real_input.click(browser.undo_button)
    assert path.read_bytes() == original
    assert not browser.undo_button.isVisible()


def test_an_undo_never_overwrites_a_change_made_since(window, novel: Path) -> None:
    path = novel / PLOT
    browser = open_ledger_at(window, 13)
    click_entry(browser, "F007")
    real_input.click(browser.ledger.resolve_button)
    changed_by_hand = path.read_text("utf-8") + "\n手写的一行。\n"
    path.write_text(changed_by_hand, "utf-8")
    real_input.click(browser.undo_button)
    assert path.read_text("utf-8") == changed_by_hand
    assert browser.message.text().startswith("未撤销") and PLOT in browser.message.text()


def test_a_chapter_type_change_is_undone(window, novel: Path, qtbot) -> None:
    plan = novel / "outline/chapters/ch012.md"
    original = plan.read_bytes()
    window.chapters.open_chapter(12)
    panel = window.context_panel
    settled(qtbot, panel)
    picker = panel.type_picker
    real_input.click(picker)  # the list opens; Escape closes it, the focus stays
    real_input.key(None, Qt.Key.Key_Escape)
    assert picker.hasFocus() and picker.currentData() == "battle"
    real_input.key(picker, Qt.Key.Key_Down)  # the next type: 情感 emotion
    assert "type: emotion" in plan.read_text("utf-8")
    assert panel.type_undo_button.isVisible()
    real_input.click(panel.type_undo_button)
    assert plan.read_bytes() == original
    settled(qtbot, panel)
    assert picker.currentData() != "emotion"
