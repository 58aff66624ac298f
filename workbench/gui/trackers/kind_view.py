"""The tab of a tracker kind the project declared (法宝, 功法 …): its rows by its own columns,
why each is relevant to the chapter in the editor, and cells edited in place — written back
through the browser's store, changing only that cell's bytes."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, Qt
from PySide6.QtGui import QBrush, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from workbench.trackers.kinds import TrackerKind
from workbench.trackers.model import TrackedItem

RELEVANT = QBrush(Qt.GlobalColor.darkGreen)
# (file line, column header, new text) -> whether it was written
CellEditor = Callable[[int, str, str], bool]


class KindModel(QAbstractTableModel):
    """One row per tracker row, in file order: the name, why it is relevant now (where a
    narrow dock still shows it), then the file's other columns. Relevant names are bold."""

    def __init__(self, kind: TrackerKind, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.kind = kind
        self.setObjectName(f"trackerKindModel_{kind.key}")
        self.rows: list[tuple[TrackedItem, tuple[str, ...]]] = []
        self.columns: list[str] = list(kind.columns)
        self.editable = False
        self.editor: CellEditor | None = None

    def set_rows(
        self,
        rows: list[tuple[TrackedItem, tuple[str, ...]]],
        columns: list[str],
        editable: bool,
    ) -> None:
        """Show the rows as read, each with its relevance reasons."""
        self.beginResetModel()
        self.rows, self.columns, self.editable = rows, columns, editable
        self.endResetModel()

    def rowCount(self, parent: QModelIndex | None = None) -> int:
        """One row per tracker row."""
        return 0 if parent is not None and parent.isValid() else len(self.rows)

    def columnCount(self, parent: QModelIndex | None = None) -> int:
        """The file's columns and the reasons."""
        return 0 if parent is not None and parent.isValid() else len(self.columns) + 1

    def file_column(self, column: int) -> str | None:
        """The file's column shown in `column`; None for the reasons."""
        shown = [
            self.kind.name_field,
            None,
            *(c for c in self.columns if c != self.kind.name_field),
        ]
        return shown[column]

    def column_of(self, header: str) -> int:
        """Where the file's column `header` is shown."""
        return next(c for c in range(self.columnCount()) if self.file_column(c) == header)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        """The file's own headers; the reasons in the UI language."""
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        header = self.file_column(section)
        return self.tr("Why relevant now") if header is None else header

    def data(self, index: QModelIndex, role=Qt.ItemDataRole.DisplayRole):
        """Cell text as written, and the reasons it is relevant."""
        if not index.isValid():
            return None
        item, reasons = self.rows[index.row()]
        header = self.file_column(index.column())
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return "；".join(reasons) if header is None else item.cells.get(header, "")
        if role == Qt.ItemDataRole.ForegroundRole and header is None and reasons:
            return RELEVANT
        if role == Qt.ItemDataRole.FontRole and header == self.kind.name_field and reasons:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.UserRole:
            return item.line
        return None

    def flags(self, index: QModelIndex) -> Qt.ItemFlag:
        """Cells of the file's columns are editable while the file parses."""
        flags = super().flags(index)
        if index.isValid() and self.editable and self.file_column(index.column()) is not None:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def setData(self, index: QModelIndex, value, role=Qt.ItemDataRole.EditRole) -> bool:
        """Write one cell through the editor the browser set; the model is refilled from the
        file once the write lands."""
        if role != Qt.ItemDataRole.EditRole or self.editor is None or not index.isValid():
            return False
        item, _ = self.rows[index.row()]
        column = self.file_column(index.column())
        if column is None or str(value) == item.cells.get(column, ""):
            return False
        return self.editor(item.line, column, str(value))


class KindPanel(QWidget):
    """The table of one declared kind, with a line saying where it comes from."""

    def __init__(self, kind: TrackerKind, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind = kind
        self.setObjectName(f"trackerKindPanel_{kind.key}")
        self.model = KindModel(kind, self)
        self.note = QLabel(self)
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: #666;")
        self.table = QTableView(self)
        self.table.setObjectName(f"trackerKindTable_{kind.key}")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
        )
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setStretchLastSection(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addWidget(self.note)
        layout.addWidget(self.table, 1)

    def show_rows(
        self,
        rows: list[tuple[TrackedItem, tuple[str, ...]]],
        columns: list[str],
        editable: bool,
        source: str,
    ) -> None:
        """Show the rows; the note names the file and says when it is read-only."""
        self.model.set_rows(rows, columns, editable)
        relevant = sum(1 for _, reasons in rows if reasons)
        note = (
            self.tr("%1 · %2 rows, %3 relevant to the chapter in the editor")
            .replace("%1", source)
            .replace("%2", str(len(rows)))
            .replace("%3", str(relevant))
        )
        if not editable:
            note += " · " + self.tr("read-only until its errors are fixed")
        self.note.setText(note)
        header = self.table.horizontalHeader()
        header.resizeSections(QHeaderView.ResizeMode.ResizeToContents)
