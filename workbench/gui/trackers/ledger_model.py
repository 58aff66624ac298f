"""The foreshadowing ledger as a Qt model: one row per entry, the file's columns as written,
and, right after the ID, one column saying where the entry stands at the browser's chapter.

Column 0 carries the entry ID in Qt.UserRole and its state in Qt.UserRole + 1 (the strings
of EntryState, the same as `workbench trackers --chapter N --format json` prints).
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QSortFilterProxyModel, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from workbench.gui.engine_words import engine_texts
from workbench.gui.entry_states import entry_state_label
from workbench.reasons import Reason
from workbench.trackers.browse import Ledger, LedgerRow
from workbench.trackers.columns import parse_chapter
from workbench.trackers.kinds import BUILTIN_DISPLAY
from workbench.trackers.ledger import EntryState, LedgerFilter

ID_ROLE = Qt.ItemDataRole.UserRole
STATE_ROLE = Qt.ItemDataRole.UserRole + 1
SORT_ROLE = Qt.ItemDataRole.UserRole + 2
FIELD_ROLE = Qt.ItemDataRole.UserRole + 3  # on a header: the column's field or header text

CHAPTER_FIELDS = ("planted", "payoff")
OVERDUE_BACKGROUND = QColor("#fbe3e1")
DUE_BACKGROUND = QColor("#fdf1d6")
DORMANT_BACKGROUND = QColor("#e8eaf2")
FADED = QColor("#8a8a8a")
CLOSED_STATES = (EntryState.RESOLVED, EntryState.ABANDONED, EntryState.NOT_PLANTED)
STATE_ORDER = {state: order for order, state in enumerate(EntryState)}
STATE_REASONS = ("relevance.overdue", "relevance.due")


class ForeshadowingModel(QAbstractTableModel):
    """The ledger's rows; edits are requested through `editor` (a callable set by the
    browser), never written here."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("foreshadowingModel")
        self.ledger = Ledger(chapter=1, editor_chapter=None)
        self.columns: list[str | None] = []  # field or extra header; None: the notes column
        self.editable = False
        self.editor = None  # (entry_id, column, value) -> bool, set by the browser

    # --- contents ------------------------------------------------------------------------

    def set_ledger(self, ledger: Ledger, columns: list[str], editable: bool) -> None:
        """Show a new ledger (after a load, an edit or a chapter change); `columns` are the
        file's, by field or extra header, the ID first."""
        self.beginResetModel()
        self.ledger, self.editable = ledger, editable
        self.columns = [*columns[:1], None, *columns[1:]]
        self.endResetModel()

    def row_at(self, row: int) -> LedgerRow:
        """The ledger row shown in model row `row`."""
        return self.ledger.rows[row]

    def row_of(self, entry_id: str) -> int | None:
        """The model row of an entry."""
        return next((i for i, row in enumerate(self.ledger.rows) if row.entry.id == entry_id), None)

    @property
    def notes_column(self) -> int:
        """The computed column: state, dormancy and relevance at the chapter."""
        return self.columns.index(None) if None in self.columns else 0

    def column_of(self, name: str) -> int | None:
        """A column by field name ('payoff') or extra header."""
        return self.columns.index(name) if name in self.columns else None

    def column_name(self, column: int) -> str | None:
        """The field or extra header a column shows; None for the notes column."""
        return self.columns[column] if 0 <= column < len(self.columns) else None

    # --- QAbstractTableModel ---------------------------------------------------------------

    def rowCount(self, parent: QModelIndex | None = None) -> int:
        """One row per entry."""
        return 0 if parent is not None and parent.isValid() else len(self.ledger.rows)

    def columnCount(self, parent: QModelIndex | None = None) -> int:
        """The file's columns and the notes column."""
        return 0 if parent is not None and parent.isValid() else len(self.columns)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        """Column titles in the UI language; extra columns keep the file's header."""
        if orientation != Qt.Orientation.Horizontal:
            return None
        name = self.column_name(section)
        if role == FIELD_ROLE:
            return name
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if name is None:
            return self.tr("At chapter %1").replace("%1", str(self.ledger.chapter))
        return self._titles().get(name, name)

    def _titles(self) -> dict[str, str]:
        return {
            "id": self.tr("ID"),
            "content": self.tr("Content"),
            "planted": self.tr("Planted"),
            "payoff": self.tr("Payoff"),
            "status": self.tr("Status"),
            "tier": self.tr("Importance"),
            "characters": self.tr("Characters"),
            "keywords": self.tr("Keywords"),
        }

    def notes(self, row: LedgerRow) -> str:
        """The notes cell: state, 沉寂 with the last sighting, and the reasons the entry is
        relevant to the chapter in the editor (the feed's reasons)."""
        parts = [entry_state_label(row.state)]
        if row.dormant and row.sighting:
            parts.append(
                self.tr("dormant since chapter %1").replace("%1", str(row.sighting.last_seen))
            )
        editor_chapter = self.ledger.editor_chapter
        reasons = list(row.reasons)
        if editor_chapter == self.ledger.chapter:
            # The state already says overdue / due at this chapter; the rest is news.
            reasons = [r for r in reasons if not _is_state(r)]
        reasons = engine_texts(reasons)
        if reasons and editor_chapter != self.ledger.chapter:
            label = self.tr("for chapter %1: ").replace("%1", str(editor_chapter))
            reasons[0] = f"{label}{reasons[0]}"
        return " · ".join(parts + reasons)

    def tooltip(self, row: LedgerRow) -> str:
        """Everything about the entry, for the row's tooltip."""
        lines = [f"{row.entry.id} {row.entry.content}", self.notes(row)]
        if row.sighting and not row.dormant:
            lines.append(
                self.tr("last named in chapter %1").replace("%1", str(row.sighting.last_seen))
            )
        return "\n".join(lines)

    def data(self, index: QModelIndex, role=Qt.ItemDataRole.DisplayRole):
        """Cell text, edit text, the ID and state roles, sort keys, colours."""
        if not index.isValid():
            return None
        row = self.ledger.rows[index.row()]
        column = index.column()
        name = self.column_name(column)
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return self.notes(row) if name is None else row.cells.get(name, "")
        if column == 0 and role == ID_ROLE:
            return row.entry.id
        if column == 0 and role == STATE_ROLE:
            return str(row.state)
        if role == SORT_ROLE:
            return self._sort_key(row, name)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.tooltip(row)
        if role == Qt.ItemDataRole.BackgroundRole:
            return self._background(row)
        if role == Qt.ItemDataRole.ForegroundRole and row.state in CLOSED_STATES:
            return QBrush(FADED)
        if role == Qt.ItemDataRole.FontRole and row.reasons and column in (0, self.notes_column):
            font = QFont()
            font.setBold(True)
            return font
        return None

    @staticmethod
    def _background(row: LedgerRow) -> QBrush | None:
        if row.state is EntryState.OVERDUE:
            return QBrush(OVERDUE_BACKGROUND)
        if row.state is EntryState.DUE:
            return QBrush(DUE_BACKGROUND)
        if row.dormant:
            return QBrush(DORMANT_BACKGROUND)
        return None

    def _sort_key(self, row: LedgerRow, name: str | None):
        if name is None:
            return (STATE_ORDER[row.state], not row.reasons, row.entry.line)
        if name in CHAPTER_FIELDS:
            value = getattr(row.entry, name)
            return (value is None, value or 0, row.entry.line)
        if name == "status":
            return (STATE_ORDER[row.state], row.entry.line)
        return (row.cells.get(name, ""), row.entry.line)

    def flags(self, index: QModelIndex) -> Qt.ItemFlag:
        """File columns are editable when the tracker parsed; the notes column never is."""
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if self.row_editable(index) and self.column_name(index.column()) is not None:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def row_editable(self, index: QModelIndex) -> bool:
        """Whether the entry at `index` can be edited here: the tracker parsed, and the entry
        is one of its rows (not webnovel-writer's memory, which that tool owns)."""
        return self.editable and index.isValid() and self.ledger.rows[index.row()].editable

    def setData(self, index: QModelIndex, value, role=Qt.ItemDataRole.EditRole) -> bool:
        """Ask the browser to write one cell; the model changes when the file is reloaded."""
        if role != Qt.ItemDataRole.EditRole or not self.row_editable(index) or not self.editor:
            return False
        name = self.column_name(index.column())
        row = self.ledger.rows[index.row()]
        if name is None or str(value) == row.cells.get(name, ""):
            return False
        column = BUILTIN_DISPLAY.get(name, name)
        return bool(self.editor(row.entry.id, column, str(value)))


class SortKeyProxy(QSortFilterProxyModel):
    """Sorts by the Python key in SORT_ROLE (numbers as numbers, ties in file order)."""

    def lessThan(self, left: QModelIndex, right: QModelIndex) -> bool:
        """Compare the rows' sort keys."""
        return left.data(SORT_ROLE) < right.data(SORT_ROLE)


class LedgerProxy(SortKeyProxy):
    """Filters the ledger with a LedgerFilter (plus 沉寂 only) and sorts by real values."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.criteria = LedgerFilter()
        self.dormant_only = False

    def set_criteria(self, criteria: LedgerFilter, dormant_only: bool = False) -> None:
        """Filter by new criteria."""
        begin_filter_change(self)
        self.criteria, self.dormant_only = criteria, dormant_only
        end_filter_change(self)

    def filterAcceptsRow(self, source_row: int, source_parent: QModelIndex) -> bool:
        """A row passes when its entry passes every criterion set."""
        model = self.sourceModel()
        assert isinstance(model, ForeshadowingModel)
        row = model.row_at(source_row)
        if self.dormant_only and not row.dormant:
            return False
        return self.criteria.accepts(row.entry, row.state)


def begin_filter_change(proxy: QSortFilterProxyModel) -> None:
    """Before a proxy's criteria change (Qt ≥ 6.9 wants to be told; older Qt does not)."""
    if hasattr(proxy, "beginFilterChange"):
        proxy.beginFilterChange()


def end_filter_change(proxy: QSortFilterProxyModel) -> None:
    """After a proxy's criteria changed: filter the rows again."""
    if hasattr(proxy, "endFilterChange"):
        proxy.endFilterChange(QSortFilterProxyModel.Direction.Rows)
    else:
        proxy.invalidateRowsFilter()  # deprecated from Qt 6.9 on


def _is_state(reason: str) -> bool:
    """Whether a relevance reason says only what the state column says (overdue, due)."""
    return isinstance(reason, Reason) and reason.code in STATE_REASONS


def chapter_cell(value: str) -> int | None:
    """The chapter a 埋设 / 计划回收 cell names, if it names one."""
    try:
        return parse_chapter(value)
    except ValueError:
        return None
