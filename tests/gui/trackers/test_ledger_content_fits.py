"""The ledger's 内容 column in the tracker dock as it opens on a 1280×720 window: an entry reads
whole, wrapped over its row, without scrolling sideways."""

from __future__ import annotations

import real_input
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFontMetrics
from tracker_input import raised

TEXT_MARGIN = 4  # the style's padding either side of a cell's text


def at_chapter_13_in_a_1280_by_720_window(window, qtbot):  # type: ignore[no-untyped-def]
    window.resize(1280, 720)
    browser = raised(window)
    browser.tabs.setCurrentIndex(0)
    window.open_path(window.project.plan_file(13))  # F007 overdue, F011 due: bold rows
    qtbot.waitUntil(lambda: browser.chapter == 13 and not window.background_pending())
    return browser.ledger


def assert_entries_read_whole(ledger) -> None:  # type: ignore[no-untyped-def]
    table = ledger.table
    content = ledger.model.column_of("content")
    for entry_id in ("F001", "F007", "F011"):
        row = ledger.proxy.mapFromSource(ledger.model.index(ledger.model.row_of(entry_id), 0))
        real_input.scroll_to(table, row)  # the row in sight, the wheel's way
        index = ledger.proxy.index(row.row(), content)
        viewport = table.viewport().rect()
        cell = table.visualRect(index)
        assert table.horizontalScrollBar().value() == 0
        assert viewport.left() <= cell.left() and cell.right() <= viewport.right(), (
            f"the 内容 of {entry_id} runs out of the dock: {cell} in {viewport}"
        )
        text = str(index.data())
        room = QRect(0, 0, cell.width() - 2 * TEXT_MARGIN, 10_000)
        needed = QFontMetrics(table.font()).boundingRect(room, Qt.TextFlag.TextWordWrap, text)
        assert needed.height() <= cell.height(), (
            f"the 内容 of {entry_id} is cut: {needed.height()} px of text, {cell.height()} px row"
        )
        assert needed.height() > QFontMetrics(table.font()).height(), "a long entry wraps"


def test_a_typical_entry_reads_whole_in_the_default_dock_at_1280_by_720(window, qtbot) -> None:
    ledger = at_chapter_13_in_a_1280_by_720_window(window, qtbot)
    assert_entries_read_whole(ledger)


def test_the_state_word_of_a_due_row_is_whole_before_its_elided_reasons(window, qtbot) -> None:
    ledger = at_chapter_13_in_a_1280_by_720_window(window, qtbot)
    index = ledger.model.index(ledger.model.row_of("F011"), ledger.model.notes_column)
    state, _reasons = str(index.data()).split(" · ", 1)
    font = index.data(Qt.ItemDataRole.FontRole)
    assert font.bold()
    shown = QFontMetrics(font).horizontalAdvance(f"{state} · …") + 2 * TEXT_MARGIN
    assert ledger.table.columnWidth(ledger.model.notes_column) >= shown


def test_a_narrower_dock_rewraps_the_entries(window, qtbot) -> None:
    ledger = at_chapter_13_in_a_1280_by_720_window(window, qtbot)
    content = ledger.model.column_of("content")
    before = ledger.table.columnWidth(content)
    window.resizeDocks([window.tracker_dock], [360], Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: ledger.table.columnWidth(content) < before)
    assert_entries_read_whole(ledger)


def test_rows_brought_back_by_clearing_a_filter_read_whole(window, qtbot) -> None:
    ledger = at_chapter_13_in_a_1280_by_720_window(window, qtbot)
    real_input.fill(ledger.text_filter, "F016")
    assert ledger.proxy.rowCount() == 1
    real_input.click(ledger.clear_button)
    assert ledger.proxy.rowCount() == ledger.model.rowCount()
    assert_entries_read_whole(ledger)
