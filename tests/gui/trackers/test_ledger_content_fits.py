"""The ledger's 内容 column in the tracker dock as it opens on a 1280×720 window: an entry reads
whole, wrapped over its row, without scrolling sideways."""

from __future__ import annotations

import real_input
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFontMetrics
from tracker_input import raised

TEXT_MARGIN = 4  # the style's padding either side of a cell's text


def test_a_typical_entry_reads_whole_in_the_default_dock_at_1280_by_720(window, qtbot) -> None:
    window.resize(1280, 720)
    browser = raised(window)
    browser.tabs.setCurrentIndex(0)
    window.open_path(window.project.plan_file(13))  # F007 is overdue there: a bold row
    qtbot.waitUntil(lambda: browser.chapter == 13 and not window.background_pending())
    ledger = browser.ledger
    table = ledger.table
    viewport = table.viewport().rect()
    content = ledger.model.column_of("content")
    for entry_id in ("F001", "F007", "F011"):
        source = ledger.model.index(ledger.model.row_of(entry_id), content)
        index = ledger.proxy.mapFromSource(source)
        real_input.scroll_to(
            table, ledger.proxy.index(index.row(), 0)
        )  # the row in sight, the wheel's way
        assert table.horizontalScrollBar().value() == 0
        cell = table.visualRect(index)
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
