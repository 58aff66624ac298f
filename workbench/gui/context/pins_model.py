"""`pinModel`: the project's pins in order; dragging a row reorders `meta/pins.json`.

A drag inside the list arrives, as Qt delivers it, through `dropMimeData`; the model writes
the new order through the engine's pins API (atomically) and moves its rows. It has no
`moveRows`/`removeRows`, so the view never removes the dragged rows after the drop.
"""

from __future__ import annotations

import json
import logging

from PySide6.QtCore import (
    QAbstractListModel,
    QMimeData,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor

from workbench.book.project import Project
from workbench.errors import WorkbenchError
from workbench.feed.pins import Pin, PinCheck, check_pins, load_pins, remove_pin, reorder_pins
from workbench.gui.context.block_names import block_title
from workbench.gui.engine_words import engine_text
from workbench.gui.file_problems import problem_text

log = logging.getLogger(__name__)

Index = QModelIndex | QPersistentModelIndex
ROOT = QModelIndex()  # the invisible root, as a default argument
MIME_TYPE = "application/x-workbench-pin-refs"
BROKEN_ROLE = Qt.ItemDataRole.UserRole + 1  # the reason a pin is broken ("" when it is not)
BROKEN_COLOUR = QColor("#c62828")


class PinModel(QAbstractListModel):
    """One row per pin; `Qt.UserRole` is its reference as written in meta/pins.json."""

    pinsChanged = Signal()  # the order or the set changed on disk
    problem = Signal(str)  # a write failed; the message names the file

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pinModel")
        self.project: Project | None = None
        self._checks: list[PinCheck] = []

    # --- filling -----------------------------------------------------------------------

    def set_project(self, project: Project | None) -> None:
        """Show this project's pins (checked on the spot: the list is short)."""
        self.project = project
        self.reload()

    def reload(self) -> None:
        """Reread meta/pins.json and check each target."""
        checks: list[PinCheck] = []
        if self.project is not None:
            try:
                checks = check_pins(self.project)
            except WorkbenchError as error:
                self.problem.emit(problem_text(error))
        self.set_checks(checks)

    def set_checks(self, checks: list[PinCheck]) -> None:
        """Show these pins (a rebuild's fresh checks) in their order."""
        self.beginResetModel()
        self._checks = list(checks)
        self.endResetModel()

    def checks(self) -> list[PinCheck]:
        """The pins shown, with what is wrong with each."""
        return list(self._checks)

    def refs(self) -> list[str]:
        """The pin references, in order."""
        return [check.pin.ref for check in self._checks]

    # --- reading -----------------------------------------------------------------------

    def rowCount(self, parent: Index = ROOT) -> int:
        return 0 if parent.isValid() else len(self._checks)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        check = self._checks[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            label = f"{index.row() + 1}. {self.describe(check.pin)}"
            return f"⚠ {label} — {engine_text(check.problem)}" if check.broken else label
        if role == Qt.ItemDataRole.UserRole:
            return check.pin.ref
        if role == BROKEN_ROLE:
            return check.problem
        if role == Qt.ItemDataRole.ToolTipRole:
            lines = [check.pin.ref]
            if check.broken:
                lines.append(self.tr("Broken: %1").replace("%1", engine_text(check.problem)))
            lines.append(self.tr("Drag to reorder; Delete or the context menu unpins."))
            return "\n".join(lines)
        if role == Qt.ItemDataRole.ForegroundRole and check.broken:
            return BROKEN_COLOUR
        return None

    def describe(self, pin: Pin) -> str:
        """How a pin reads in the list."""
        if pin.kind == "block":
            return block_title(pin.block_id) or self.tr("Block %1").replace("%1", pin.block_id)
        if pin.kind == "entry":
            return self.tr("Tracker entry %1").replace("%1", pin.ref)
        if pin.kind == "section":
            return f"{pin.path} § {pin.section}"
        return pin.path

    # --- drag and drop -----------------------------------------------------------------

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.ItemIsDropEnabled  # drops land between rows, never onto one
        return (
            Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDragEnabled
        )

    def supportedDropActions(self) -> Qt.DropAction:
        return Qt.DropAction.MoveAction

    def supportedDragActions(self) -> Qt.DropAction:
        return Qt.DropAction.MoveAction

    def mimeTypes(self) -> list[str]:
        return [MIME_TYPE]

    def mimeData(self, indexes: list[QModelIndex]) -> QMimeData:
        rows = sorted({index.row() for index in indexes if index.isValid()})
        data = QMimeData()
        data.setData(MIME_TYPE, json.dumps([self._checks[r].pin.ref for r in rows]).encode())
        return data

    def canDropMimeData(self, data, action, _row, _column, parent) -> bool:
        return (
            action == Qt.DropAction.MoveAction
            and data.hasFormat(MIME_TYPE)
            and not parent.isValid()
        )

    def dropMimeData(self, data, action, row, column, parent) -> bool:
        """Move the dragged pins to `row` (-1: the end) and write the new order."""
        if not self.canDropMimeData(data, action, row, column, parent):
            return False
        try:
            moving = json.loads(bytes(data.data(MIME_TYPE)).decode())
        except ValueError:
            return False
        refs = self.refs()
        if not moving or any(ref not in refs for ref in moving):
            return False
        target = len(refs) if row < 0 else min(row, len(refs))
        before = sum(1 for ref in refs[:target] if ref in moving)
        rest = [ref for ref in refs if ref not in moving]
        at = target - before
        order = rest[:at] + moving + rest[at:]
        return self.reorder(order)

    # --- writing -----------------------------------------------------------------------

    def reorder(self, order: list[str]) -> bool:
        """Write this order of the pins; the rows follow."""
        if self.project is None or order == self.refs():
            return order == self.refs()
        try:
            reorder_pins(self.project, order)
        except WorkbenchError as error:
            self.problem.emit(str(error))
            return False
        by_ref = {check.pin.ref: check for check in self._checks}
        self.set_checks([by_ref[ref] for ref in order])
        self.pinsChanged.emit()
        return True

    def unpin(self, refs: list[str]) -> None:
        """Remove these pins."""
        if self.project is None or not refs:
            return
        try:
            for ref in refs:
                remove_pin(self.project, ref)
        except WorkbenchError as error:
            self.problem.emit(str(error))
        by_ref = {check.pin.ref: check for check in self._checks}
        self.set_checks([by_ref[p.ref] for p in _safe_pins(self.project) if p.ref in by_ref])
        self.pinsChanged.emit()


def _safe_pins(project: Project) -> list[Pin]:
    try:
        return load_pins(project)
    except WorkbenchError as error:
        log.warning("cannot read the pins: %s", error)
        return []
