"""The ledger's table: a double-click edits any cell; going to a chapter is asked for on
purpose (Ctrl+Enter, the context menu, the chapter links under the table) and leaves the
keyboard focus in the table, where the author was working. The 内容 column wraps over as
many lines as the entry takes and its rows grow to fit (the panel fits them when the table is
in sight), so an entry reads whole in a narrow dock; every other column stays one line."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QRect, Qt, Signal
from PySide6.QtGui import QKeyEvent, QResizeEvent
from PySide6.QtWidgets import (
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QWidget,
)

from workbench.gui.trackers.ledger_model import CHAPTER_FIELDS, FIELD_ROLE, chapter_cell

JUMP_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
WRAP = QStyleOptionViewItem.ViewItemFeature.WrapText


class ContentWrapDelegate(QStyledItemDelegate):
    """Wraps the 内容 cells and keeps the others on one line (the table's word wrap is on so
    that Qt sizes rows by the wrapped height; this takes it back from the short columns).
    Qt asks it for every cell it paints or measures, so it compares a number and no more."""

    wrapped_column = -1  # the 内容 column; -1 when the file has none

    def initStyleOption(self, option: QStyleOptionViewItem, index: QModelIndex) -> None:
        """The usual options, wrapping only in the 内容 column."""
        super().initStyleOption(option, index)
        if index.column() == self.wrapped_column:
            option.features |= WRAP
        else:
            option.features &= ~WRAP


class LedgerTable(QTableView):
    """The ledger; Ctrl+Enter opens the chapter of the current cell (a 埋设 or 计划回收 cell
    names it; any other cell goes to where the entry was planted, else to its payoff)."""

    chapterRequested = Signal(int)
    widthChanged = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.wrapping = ContentWrapDelegate(self)
        self.setItemDelegate(self.wrapping)
        self.setWordWrap(True)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)

    def fit_rows(self) -> None:
        """Each row as tall as its wrapped 内容 cell: one size hint a row, where Qt's
        resizeRowsToContents asks every cell in sight (fourteen times the work on a ledger
        of eight columns)."""
        column = self.wrapping.wrapped_column
        model = self.model()
        if column < 0 or model is None:
            return
        option = QStyleOptionViewItem()
        self.initViewItemOption(option)
        grid = 1 if self.showGrid() else 0  # the line Qt draws between cells takes a pixel
        option.rect = QRect(0, 0, self.columnWidth(column) - grid, 1)
        for row in range(model.rowCount()):
            hint = self.wrapping.sizeHint(option, model.index(row, column))
            self.setRowHeight(row, hint.height() + grid)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Tell the panel when the width changed (the dock was dragged wider or narrower)."""
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.widthChanged.emit()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Ctrl+Enter goes to the chapter; every other key as in any table."""
        control = event.modifiers() & Qt.KeyboardModifier.ControlModifier
        if control and event.key() in JUMP_KEYS and self.state() != self.State.EditingState:
            chapter = self.chapter_at(self.currentIndex())
            if chapter is not None:
                self.go_to(chapter)
                return
        super().keyPressEvent(event)

    def chapter_at(self, index: QModelIndex) -> int | None:
        """The chapter Ctrl+Enter on `index` opens."""
        if not index.isValid():
            return None
        model = self.model()
        name = model.headerData(index.column(), Qt.Orientation.Horizontal, FIELD_ROLE)
        if name in CHAPTER_FIELDS:
            return chapter_cell(str(index.data() or ""))
        return next((chapter for _field, chapter in self.chapters_of_row(index.row())), None)

    def chapters_of_row(self, row: int) -> list[tuple[str, int]]:
        """The (field, chapter) pairs the row's 埋设 and 计划回收 cells name, in that order."""
        model = self.model()
        found = []
        for column in range(model.columnCount()):
            name = model.headerData(column, Qt.Orientation.Horizontal, FIELD_ROLE)
            if name in CHAPTER_FIELDS:
                chapter = chapter_cell(str(model.index(row, column).data() or ""))
                if chapter is not None:
                    found.append((name, chapter))
        return sorted(found, key=lambda pair: CHAPTER_FIELDS.index(pair[0]))

    def go_to(self, chapter: int) -> None:
        """Open the chapter and give the focus back to the table: the author sees the chapter
        beside the ledger, and the next keys still act on the ledger they were reading."""
        self.chapterRequested.emit(chapter)
        self.setFocus(Qt.FocusReason.OtherFocusReason)
