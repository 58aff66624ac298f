"""The context panel's columns at the dock's default width (430 px, on the 1440×900 test
screen): the block names read in full, and so does each status while there is room for both;
when there is not, the status gives way first (never below the plain ✓ 完整 words): "⚠ 过旧：…"
still reads, and its tooltip (like the checklist above) names the missing range. Sized for
the widest status that could ever show, the name column was 52 px wide ("世界…", "r…")."""

from __future__ import annotations

import sys
from pathlib import Path

import real_input
from panel_wait import settled
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QToolTip

from workbench.feed import Layer, Status
from workbench.gui.context.model import Column
from workbench.gui.context.sections import CELL_PADDING, status_width

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "summaries"))
from summary_book import make_book, section_text

DEFAULT_DOCK = 430


def _cells(panel):
    """(section, block row, name shown, status shown) of every block the panel lists."""
    for section in panel.sections.values():
        for row in range(section.proxy.rowCount()):
            name = section.proxy.index(row, Column.NAME).data()
            status = section.proxy.index(row, Column.STATUS).data()
            yield section, row, name, status


def _name_room(section) -> int:
    """The pixels a block's name has in its group: the name column less the indentation."""
    indent = section.view.indentation() if section.view.rootIsDecorated() else 0
    return section.view.columnWidth(Column.NAME) - indent - CELL_PADDING


def _aligned(panel) -> None:
    """Every group's columns line up with the panel's header."""
    header = panel.column_header
    for section in panel.sections.values():
        for column in Column:
            assert section.view.columnWidth(column) == header.sectionSize(column), column


def test_the_status_column_gives_way_to_the_names_but_keeps_its_plain_words() -> None:
    assert status_width(200, 120, 60, 64) == 64  # room for both: the plain words' width
    assert status_width(260, 120, 130, 64) == 130  # room for both: the long status in full
    assert status_width(214, 124, 134, 64) == 90  # not: the names first
    assert status_width(150, 140, 134, 64) == 64  # never below the plain words


def test_every_name_and_status_reads_in_full_at_the_default_dock(window, qtbot, tmp_path):
    window.chapters.open_chapter(12)
    panel = window.context_panel
    real_input.raise_dock(window, window.context_dock)
    settled(qtbot, panel)
    assert window.context_dock.width() == DEFAULT_DOCK
    metrics = panel.fontMetrics()
    cells = list(_cells(panel))
    assert len(cells) >= 10
    for section, _row, name, status in cells:
        assert metrics.horizontalAdvance(name) <= _name_room(section), name
        width = section.view.columnWidth(Column.STATUS) - CELL_PADDING
        assert metrics.horizontalAdvance(status) <= width, status
    _aligned(panel)
    plain = max(metrics.horizontalAdvance(panel.model.status_word(s)) for s in Status)
    assert panel.column_header.sectionSize(Column.STATUS) == plain + CELL_PADDING
    panel.window().grab().save(str(tmp_path / "panel-ch12.png"))


def test_a_long_outdated_status_gives_way_and_tells_the_rest_on_hover(make_window, tmp_path, qtbot):
    summary = "# 滚动摘要\n\n" + "\n".join(
        section_text(start, start + 4) for start in range(1, 56, 5)
    )
    book = make_book(tmp_path / "book", 100, summary=summary)
    window = make_window()
    assert window.open_project(book)
    window.chapters.open_chapter(100)
    panel = window.context_panel
    settled(qtbot, panel)
    assert window.context_dock.width() == DEFAULT_DOCK
    metrics = panel.fontMetrics()
    for section, _row, name, _status in _cells(panel):
        assert metrics.horizontalAdvance(name) <= _name_room(section), name
    _aligned(panel)
    rolling = panel.sections[Layer.ROLLING]
    [(row, word)] = [
        (row, status) for section, row, _name, status in _cells(panel) if "过旧" in status
    ]
    assert "Ch56-95" in word
    view = rolling.view
    status_column = view.columnWidth(Column.STATUS)
    plain = max(metrics.horizontalAdvance(panel.model.status_word(s)) for s in Status)
    assert plain + CELL_PADDING < status_column  # wider than ✓ 完整 needs, for the ⚠ 过旧
    shown = metrics.elidedText(word, view.textElideMode(), status_column - CELL_PADDING)
    assert shown.startswith("⚠ 过旧") and shown.endswith("…"), shown  # 过旧 still reads
    panel.window().grab().save(str(tmp_path / "panel-ch100.png"))
    # The whole status, with its reason, when the pointer rests on the cell.
    cell = view.visualRect(rolling.proxy.index(row, Column.STATUS))
    real_input.move(view.viewport(), cell.center() + QPoint(0, 1))
    qtbot.waitUntil(lambda: QToolTip.isVisible() and word in QToolTip.text(), timeout=10_000)
