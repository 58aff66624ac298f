"""The tracker browser built behind 上下文 (the warm-up builds it a moment after the open)
measures no table cell while nobody can see it: Qt measures a hidden table's every row, ≈ 100 ms
of the GUI thread for a 5M-字 book's relationship history while the author typed (#28). The
columns fit their contents when the dock's tab and the 关系 tab are clicked."""

from __future__ import annotations

import real_input
from PySide6.QtGui import QFontMetrics

from workbench.gui.trackers.relations_model import FIELDS


def test_hidden_tables_wait_and_fit_their_columns_when_shown(window) -> None:
    browser = window.tracker_browser
    ledger, relations = browser.ledger.table, browser.relations.table
    assert browser.relations.rows and ledger.model().rowCount(), "the sample's trackers shown"
    assert not window.tracker_dock.isVisible() or window.tracker_dock.visibleRegion().isEmpty()
    relation = FIELDS.index("relation")
    default = relations.horizontalHeader().defaultSectionSize()
    assert relations.columnWidth(relation) == default, "a hidden table was measured"
    assert browser.relations.column_fit.waiting() and browser.ledger.column_fit.waiting()

    real_input.raise_dock(window, window.tracker_dock)
    assert not browser.ledger.column_fit.waiting(), "the ledger in front was not fitted"
    assert browser.relations.column_fit.waiting(), "the 关系 tab is still behind 伏笔"
    tabs = browser.tabs
    real_input.click(tabs.tabBar(), tabs.tabBar().tabRect(tabs.indexOf(browser.relations)).center())
    assert not browser.relations.column_fit.waiting()
    metrics = QFontMetrics(relations.font())
    widest = max(metrics.horizontalAdvance(row.relation) for row in browser.relations.rows)
    assert relations.columnWidth(relation) > widest
