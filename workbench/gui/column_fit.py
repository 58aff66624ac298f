"""Fitting a table's columns to their contents only when somebody can see them (issue #28).

Qt measures a hidden table's every row (QTableView.sizeHintForColumn ignores the header's
resizeContentsPrecision while the view is not visible): on the tracker browser built behind
上下文, the relationship history of a 5M-字 book cost the GUI thread ≈ 100 ms while the author
typed. A table in sight is measured over its visible rows and at most FIT_ROWS in all; one out
of sight (hidden, or in a dock behind another: Qt keeps those visible, only covered) is measured
when it next paints (its tab raised, its dock brought to front).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QTableView

FIT_ROWS = 60  # rows measured per column: the visible ones and those around them


class ColumnFit(QObject):
    """Runs `fit` (a `resizeColumnsToContents` and what the table adds to it) on `table` now
    when the table is in sight, else before it next paints; requests while one waits are one
    fit."""

    def __init__(self, table: QTableView, fit: Callable[[], None]) -> None:
        super().__init__(table)
        self._table, self._fit = table, fit
        self._waiting = False
        table.horizontalHeader().setResizeContentsPrecision(FIT_ROWS)

    def request(self) -> None:
        """The contents changed shape: fit the columns when they can be seen."""
        if self._table.isVisible() and not self._table.visibleRegion().isEmpty():
            if self._waiting:
                self._waiting = False
                self._table.viewport().removeEventFilter(self)
            self._fit()
        elif not self._waiting:
            self._waiting = True
            self._table.viewport().installEventFilter(self)  # removed once fitted

    def waiting(self) -> bool:
        """Whether a fit waits for the table to be shown."""
        return self._waiting

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The table's first paint in sight runs the fit that waited, before it paints."""
        if event.type() == QEvent.Type.Paint and self._waiting:
            self._waiting = False
            watched.removeEventFilter(self)
            self._fit()
        return False
