"""A chapter cell in the ledger edits on a double-click like every other cell; going to the
chapter is asked for on purpose and leaves the keys with the ledger."""

from __future__ import annotations

from pathlib import Path

import real_input
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit
from tracker_input import raised

PLOT = "references/plot-tracker.md"


def chapter_cell_point(browser, entry_id: str, field: str):  # type: ignore[no-untyped-def]
    ledger = browser.ledger
    source = ledger.model.index(ledger.model.row_of(entry_id), ledger.model.column_of(field))
    index = ledger.proxy.mapFromSource(source)
    real_input.column_in_sight(ledger.table, index.column())
    return real_input.scroll_to(ledger.table, index)


def test_double_click_edits_a_chapter_cell_and_the_next_keys_stay_in_it(window, novel: Path):
    plot = (novel / PLOT).read_bytes()
    chapter_editor = window.tabs.current_editor()
    chapter_text = chapter_editor.shown_text()
    browser = raised(window)
    table = browser.ledger.table
    real_input.double_click(table.viewport(), chapter_cell_point(browser, "F004", "planted"))
    assert table.state() == table.State.EditingState
    assert window.tabs.current_editor() is chapter_editor, "no chapter opened"
    cell_editor = QApplication.focusWidget()
    assert isinstance(cell_editor, QLineEdit) and table.isAncestorOf(cell_editor)
    real_input.key(None, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    real_input.type_keys(None, "21")
    assert cell_editor.text() == "21"
    assert chapter_editor.shown_text() == chapter_text, "the keys went to the cell, not the chapter"
    real_input.key(None, Qt.Key.Key_Escape)
    assert (novel / PLOT).read_bytes() == plot


def test_the_context_menu_opens_either_chapter_and_keeps_the_focus(window):
    browser = raised(window)
    table = browser.ledger.table
    menu = real_input.open_menu(table.viewport(), chapter_cell_point(browser, "F004", "id"))
    texts = real_input.menu_texts(menu)
    assert texts[:2] == ["打开第3章（埋设）", "打开第9章（计划回收）"]
    real_input.choose(menu, "打开第3章（埋设）")
    assert window.tabs.current_editor().chapter == 3
    assert browser.ledger.selected_id() == "F004"
    assert QApplication.focusWidget() is table


def test_the_selected_entrys_chapters_are_links_under_the_table(window):
    browser = raised(window)
    table = browser.ledger.table
    real_input.click(table.viewport(), chapter_cell_point(browser, "F004", "id"))
    detail = browser.ledger.detail.text()
    assert "埋设：<a href='chapter:3'>第3章</a>" in detail
    assert "计划回收：<a href='chapter:9'>第9章</a>" in detail
