"""The summary jobs as a table model: every job queued this session, newest last, with its
state (queued / running / waiting / done / failed / cancelled) and what it last said."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from enum import IntEnum

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor

from workbench.gui.engine_words import engine_text
from workbench.gui.summaries.job_words import job_title
from workbench.gui.summary_worker import SummaryQueue

log = logging.getLogger(__name__)

KEEP_FINISHED = 100  # finished jobs kept in the list; older ones drop off the top
ACTIVE = ("queued", "running", "waiting", "blocked")
JOB_ID_ROLE = Qt.ItemDataRole.UserRole + 1
STATE_ROLE = Qt.ItemDataRole.UserRole + 2


class Column(IntEnum):
    """The table's columns."""

    RANGE = 0
    STATE = 1
    DETAIL = 2


@dataclass
class JobRow:
    """One job as the table shows it."""

    job_id: int
    label: str
    state: str
    detail: str = ""


FAILED_COLOUR = QColor("#b3261e")


class SummaryJobsModel(QAbstractTableModel):
    """Rows follow the queue's signals; the view and the tests read the same rows. A failure
    counts as unread until the author opens the list: the status bar's message about it is
    gone in seconds, the count is not."""

    unreadChanged = Signal(int)  # failures the author has not seen in the list yet

    def __init__(self, queue: SummaryQueue, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows: list[JobRow] = []
        self.unread_failures = 0
        queue.queued.connect(self._queued)
        queue.running.connect(self._running)
        queue.progress.connect(self._progress)
        queue.waiting.connect(self._waiting)
        queue.done.connect(self._done)
        queue.failed.connect(self._failed)
        queue.cancelled.connect(self._cancelled)
        queue.blocked.connect(self._blocked)
        queue.resumed.connect(self._resumed)

    def clear(self) -> None:
        """Forget every row (another project is opening; its queue was cancelled)."""
        self.beginResetModel()
        self.rows = []
        self.endResetModel()
        self.mark_read()

    def mark_read(self) -> None:
        """The author has seen the list: no failure is unread any more."""
        if self.unread_failures:
            self.unread_failures = 0
            self.unreadChanged.emit(0)

    # --- the queue's signals -----------------------------------------------------------

    def _queued(self, job_id: int, label: str) -> None:
        finished = [r for r in self.rows if r.state not in ACTIVE]
        if len(finished) >= KEEP_FINISHED:
            first = self.rows.index(finished[0])
            self.beginRemoveRows(QModelIndex(), first, first)
            del self.rows[first]
            self.endRemoveRows()
        self.beginInsertRows(QModelIndex(), len(self.rows), len(self.rows))
        self.rows.append(JobRow(job_id, label, "queued"))
        self.endInsertRows()

    def _set(self, job_id: int, state: str | None, detail: str | None) -> None:
        for number, row in enumerate(self.rows):
            if row.job_id == job_id:
                row.state = state or row.state
                row.detail = row.detail if detail is None else detail
                self.dataChanged.emit(self.index(number, 0), self.index(number, len(Column) - 1))
                return

    def _running(self, job_id: int, _label: str) -> None:
        self._set(job_id, "running", "")

    def _progress(self, job_id: int, text: str) -> None:
        self._set(job_id, None, engine_text(text))

    def _waiting(self, job_id: int, _label: str) -> None:
        self._set(job_id, "waiting", self.tr("waiting until the file is saved"))

    def _done(self, job_id: int, _label: str) -> None:
        self._set(job_id, "done", "")

    def _failed(self, job_id: int, label: str, reason: object) -> None:
        # The row says it in the author's words; the log keeps the engine's, with any
        # parser detail the row leaves out.
        log.warning("summary job %s failed: %s", label, reason)
        self._set(job_id, "failed", engine_text(reason))
        self.unread_failures += 1
        self.unreadChanged.emit(self.unread_failures)

    def _blocked(self, job_id: int, _label: str, failed: str) -> None:
        self._set(
            job_id,
            "blocked",
            self.tr("waits for %1, which failed; regenerate %1 and this one follows").replace(
                "%1", failed
            ),
        )

    def _resumed(self, job_id: int, _label: str) -> None:
        self._set(job_id, "queued", "")

    def _cancelled(self, job_id: int, _label: str) -> None:
        self._set(job_id, "cancelled", self.tr("nothing written"))

    # --- what the view asks ------------------------------------------------------------

    def state_word(self, state: str) -> str:
        """The state in the UI language."""
        return {
            "queued": self.tr("queued"),
            "blocked": self.tr("waiting for an earlier range"),
            "running": self.tr("running"),
            "waiting": self.tr("ready, not written yet"),
            "done": self.tr("done"),
            "failed": self.tr("failed"),
            "cancelled": self.tr("cancelled"),
        }[state]

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        """One row per job."""
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        """Range, state, detail."""
        return 0 if parent.isValid() else len(Column)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = 0) -> object:
        """The range, the state in words, the latest progress text or reason."""
        if not index.isValid():
            return None
        row = self.rows[index.row()]
        if role == JOB_ID_ROLE:
            return row.job_id
        if role == STATE_ROLE:
            return row.state
        if role == Qt.ItemDataRole.ForegroundRole and row.state == "failed":
            return FAILED_COLOUR
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return {
                Column.RANGE: job_title(row.label),
                Column.STATE: self.state_word(row.state),
                Column.DETAIL: row.detail,
            }[Column(index.column())]
        return None

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> object:
        """Column titles."""
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        return {
            Column.RANGE: self.tr("Job"),
            Column.STATE: self.tr("State"),
            Column.DETAIL: self.tr("Detail"),
        }[Column(section)]
