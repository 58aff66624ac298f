"""One collapsible group of the context panel: a layer's header with its totals, and a tree
of that layer's blocks (the on-demand blocks open to their items), sized to its rows so the
groups stack in one scrolling column."""

from __future__ import annotations

from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QToolButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from workbench.feed import Layer
from workbench.gui.context.bars import BarDelegate
from workbench.gui.context.model import LAYER_ROLE, Column, ContextModel
from workbench.gui.word_elide import WordElideDelegate

Index = QModelIndex | QPersistentModelIndex
CELL_PADDING = 14  # a cell's margins and the gap to its neighbour


def column_widths(metrics: QFontMetrics, status_words: list[str]) -> dict[Column, int]:
    """Fixed widths of the number columns, and the least the status column gets (the
    widest of `status_words`); the name column takes the rest."""
    digits = metrics.horizontalAdvance("00,000")
    return {
        Column.ZI: digits + 40,  # room for the bar to read as a bar beside the number
        Column.CAP: metrics.horizontalAdvance("0,000") + CELL_PADDING,
        Column.TOKENS: digits + 12,
        Column.STATUS: max(metrics.horizontalAdvance(w) for w in status_words) + CELL_PADDING,
    }


def status_width(available: int, name_need: int, status_need: int, least: int) -> int:
    """The status column's width, out of the `available` pixels the name and the status
    share: what the widest status shown needs, unless that would cut a block's name short;
    then what the names leave, never less than `least` (the plain ✓ 完整 … words). Sized
    for the widest status that could ever show (⚠ 过旧：缺 Ch000-000), it left the names a
    few characters at the dock's default 430 px."""
    return max(least, min(status_need, available - name_need))


def size_columns(header: QHeaderView, widths: dict[Column, int]) -> None:
    """Name stretches; the numbers keep fixed widths, the same in every group."""
    header.setStretchLastSection(False)
    header.setSectionResizeMode(Column.NAME, QHeaderView.ResizeMode.Stretch)
    for column, width in widths.items():
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
        header.resizeSection(column, width)


class LayerFilter(QSortFilterProxyModel):
    """The blocks of one layer (and their items)."""

    def __init__(self, layer: Layer, parent=None) -> None:
        super().__init__(parent)
        self.layer = layer
        # A row's layer changes only with a reset of the model; refiltering every row on each
        # in-place update would cost the GUI thread for nothing.
        self.setDynamicSortFilter(False)

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        if source_parent.isValid():
            return True
        index = self.sourceModel().index(source_row, 0)
        return index.data(LAYER_ROLE) == self.layer.value


class LayerSection(QWidget):
    """A layer's header (click to fold) over the tree of its blocks."""

    activated = Signal(QModelIndex)  # a source-model index was double-clicked
    menuRequested = Signal(QModelIndex, object)  # source-model index, global position

    def __init__(self, layer: Layer, model: ContextModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.layer = layer
        self.setObjectName(f"contextSection_{layer.value}")
        self.proxy = LayerFilter(layer, self)
        self.proxy.setSourceModel(model)
        self.toggle = QToolButton(self)
        self.toggle.setCheckable(True)
        self.toggle.setChecked(True)
        self.toggle.setAutoRaise(True)
        self.toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.toggle.setArrowType(Qt.ArrowType.DownArrow)
        font = self.toggle.font()
        font.setBold(True)
        self.toggle.setFont(font)
        self.totals = QLabel(self)
        self.totals.setObjectName(f"contextTotals_{layer.value}")
        self.totals.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.view = QTreeView(self)
        self.view.setObjectName(f"contextView_{layer.value}")
        self.view.setModel(self.proxy)
        self.view.setHeaderHidden(True)
        self.view.setUniformRowHeights(True)
        self.view.setRootIsDecorated(layer is Layer.ON_DEMAND)
        self.view.setIndentation(14)
        self.view.setFrameShape(QFrame.Shape.NoFrame)
        self.view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.view.setItemDelegate(WordElideDelegate(self.view))
        self.view.setItemDelegateForColumn(Column.ZI, BarDelegate(self.view))
        self.view.setMouseTracking(True)
        header_row = QHBoxLayout()
        header_row.setContentsMargins(0, 4, 6, 0)
        header_row.addWidget(self.toggle)
        header_row.addStretch(1)
        header_row.addWidget(self.totals)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addLayout(header_row)
        layout.addWidget(self.view)
        self.toggle.toggled.connect(self._folded)
        self.view.doubleClicked.connect(self._double_clicked)
        self.view.customContextMenuRequested.connect(self._menu)
        self.view.expanded.connect(self.fit_height)
        self.view.collapsed.connect(self.fit_height)
        self.proxy.modelReset.connect(self.fit_height)

    def set_title(self, title: str, totals: str) -> None:
        """The layer's name and its 字 / token totals."""
        self.toggle.setText(title)
        self.totals.setText(totals)

    def set_column_widths(self, widths: dict[Column, int]) -> None:
        """Align the columns with the panel's header."""
        size_columns(self.view.header(), widths)

    def needs(self) -> tuple[int, int]:
        """The widths this group's block names and statuses take in full."""
        metrics = self.view.fontMetrics()
        indent = self.view.indentation() if self.view.rootIsDecorated() else 0
        name = status = 0
        for row in range(self.proxy.rowCount()):
            shown = self.proxy.index(row, Column.NAME).data()
            name = max(name, metrics.horizontalAdvance(shown or "") + indent + CELL_PADDING)
            shown = self.proxy.index(row, Column.STATUS).data()
            status = max(status, metrics.horizontalAdvance(shown or "") + CELL_PADDING)
        return name, status

    def block_count(self) -> int:
        """How many blocks this group shows."""
        return self.proxy.rowCount()

    def expand_all_items(self, keep_folded: set[str]) -> None:
        """Open every block with items except those the author folded."""
        for row in range(self.proxy.rowCount()):
            index = self.proxy.index(row, 0)
            for item in range(self.proxy.rowCount(index)):
                # An item's line (key, reasons, 字, score) reads across the whole row.
                self.view.setFirstColumnSpanned(item, index, True)
            if (
                self.proxy.rowCount(index)
                and index.data(Qt.ItemDataRole.UserRole) not in keep_folded
            ):
                self.view.expand(index)
        self.fit_height()

    def folded_blocks(self) -> set[str]:
        """Ids of the blocks with items that are folded now."""
        return {
            self.proxy.index(row, 0).data(Qt.ItemDataRole.UserRole)
            for row in range(self.proxy.rowCount())
            if self.proxy.rowCount(self.proxy.index(row, 0))
            and not self.view.isExpanded(self.proxy.index(row, 0))
        }

    def fit_height(self, *_args) -> None:
        """As tall as its visible rows: the panel scrolls, not each group."""
        rows = 0
        for row in range(self.proxy.rowCount()):
            rows += 1
            index = self.proxy.index(row, 0)
            if self.view.isExpanded(index):
                rows += self.proxy.rowCount(index)
        height = self.view.sizeHintForRow(0) if rows else 0
        self.view.setFixedHeight(rows * max(height, 1))
        self.view.setVisible(self.toggle.isChecked() and rows > 0)

    def _folded(self, opened: bool) -> None:
        self.toggle.setArrowType(Qt.ArrowType.DownArrow if opened else Qt.ArrowType.RightArrow)
        self.fit_height()

    def _double_clicked(self, index: QModelIndex) -> None:
        self.activated.emit(self.proxy.mapToSource(index))

    def _menu(self, position) -> None:
        index = self.view.indexAt(position)
        if index.isValid():
            self.menuRequested.emit(
                self.proxy.mapToSource(index), self.view.viewport().mapToGlobal(position)
            )


class ColumnFit(QObject):
    """The panel's header and every group's columns, kept aligned: the numbers at fixed
    widths, the status as wide as `status_width` says for the blocks shown, the name over
    the rest; fitted again when the feed changes (`refit`) or the header is resized."""

    def __init__(self, header: QHeaderView, sections: list[LayerSection]) -> None:
        super().__init__(header)
        self.header = header
        self.sections = sections
        self.widths: dict[Column, int] = {}
        self.applied: dict[Column, int] = {}
        header.installEventFilter(self)

    def set_widths(self, widths: dict[Column, int]) -> None:
        """The fixed widths and the status column's least width (`column_widths`)."""
        self.widths = widths
        self.applied = {}
        self.refit()

    def refit(self) -> None:
        """Size the status column for the blocks shown now, at the header's width."""
        if not self.widths:
            return
        fixed = sum(w for column, w in self.widths.items() if column is not Column.STATUS)
        needs = [section.needs() for section in self.sections]
        name_need = max((name for name, _ in needs), default=0)
        status_need = max((status for _, status in needs), default=0)
        least = self.widths[Column.STATUS]
        status = status_width(self.header.width() - fixed, name_need, status_need, least)
        widths = {**self.widths, Column.STATUS: status}
        if widths == self.applied:
            return
        self.applied = widths
        size_columns(self.header, widths)
        for section in self.sections:
            section.set_column_widths(widths)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.header and event.type() == QEvent.Type.Resize:
            self.refit()
        return False
