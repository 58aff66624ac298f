"""The checklist at the top of the prepare dialog: ✓/✗ per line, what is missing, and next
to each ✗ (and a stale warning) the button that does the work."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QGridLayout, QLabel, QPushButton, QWidget

from workbench.feed.fixes import Fix, FixKind
from workbench.feed.model import Checklist, ChecklistItem
from workbench.gui.checklist_labels import checklist_label
from workbench.gui.engine_words import engine_reasons, engine_texts

OK_STYLE = "color: #1b7a2e; font-weight: bold;"
MISSING_STYLE = "color: #b3261e; font-weight: bold;"
STALE_STYLE = "color: #8a5a00; font-weight: bold;"
IDLE_STYLE = "color: #777;"


class ChecklistView(QWidget):
    """One row per checklist item: mark, label, what is missing, fix buttons."""

    fixRequested = Signal(object)  # Fix

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("prepareChecklist")
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setHorizontalSpacing(10)
        self.grid.setVerticalSpacing(4)
        self.grid.setColumnStretch(2, 1)
        self.buttons: dict[Fix, QPushButton] = {}
        self.marks: dict[str, QLabel] = {}
        self._running: dict[FixKind, str] = {}

    def show_checklist(self, checklist: Checklist, fixes: list[Fix]) -> None:
        """Rebuild the rows for a new feed."""
        while self.grid.count():
            widget = self.grid.takeAt(0).widget()
            if widget is not None:
                widget.hide()
                widget.setParent(None)  # gone from findChild at once, not at the next loop
                widget.deleteLater()
        self.buttons.clear()
        self.marks.clear()
        row = 0
        for item in checklist.items:
            own = [fix for fix in fixes if fix.item == item.key and not fix.stale]
            row = self._add_row(row, item, own)
            stale = [fix for fix in fixes if fix.item == item.key and fix.stale]
            if item.stale and item.applicable:
                row = self._add_stale_row(row, item, stale)

    def _add_row(self, row: int, item: ChecklistItem, fixes: list[Fix]) -> int:
        mark = QLabel(self)
        if not item.applicable:
            mark.setText("—")
            mark.setStyleSheet(IDLE_STYLE)
        elif item.ok and item.partly:
            mark.setText(self.tr("⚠ partly template"))
            mark.setStyleSheet(STALE_STYLE)
        elif item.ok and item.stale:  # the stale row below says what changed
            mark.setText(self.tr("⚠ stale"))
            mark.setStyleSheet(STALE_STYLE)
        elif item.ok:
            mark.setText(self.tr("✓ ready"))
            mark.setStyleSheet(OK_STYLE)
        else:
            mark.setText(self.tr("✗ missing"))
            mark.setStyleSheet(MISSING_STYLE)
        mark.setObjectName(f"checklistMark_{item.key}")
        self.marks[item.key] = mark
        self.grid.addWidget(mark, row, 0, Qt.AlignmentFlag.AlignTop)
        label = QLabel(checklist_label(item), self)
        label.setStyleSheet("font-weight: bold;")
        self.grid.addWidget(label, row, 1, Qt.AlignmentFlag.AlignTop)
        detail = QLabel(self._detail(item), self)
        detail.setWordWrap(True)
        detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.grid.addWidget(detail, row, 2)
        self._add_buttons(row, fixes)
        return row + 1

    def _add_stale_row(self, row: int, item: ChecklistItem, fixes: list[Fix]) -> int:
        mark = QLabel(self.tr("⚠ stale"), self)
        mark.setStyleSheet(STALE_STYLE)
        self.grid.addWidget(mark, row, 0, Qt.AlignmentFlag.AlignTop)
        text = self.tr("Sources changed since it was generated: %1").replace(
            "%1", self.tr(", ", "between stale sources").join(engine_texts(item.stale))
        )
        detail = QLabel(text, self)
        detail.setObjectName("staleWarning")
        detail.setWordWrap(True)
        self.grid.addWidget(detail, row, 1, 1, 2)
        self._add_buttons(row, fixes)
        return row + 1

    def _add_buttons(self, row: int, fixes: list[Fix]) -> None:
        column = 3
        for fix in fixes:
            button = QPushButton(self._button_text(fix), self)
            button.setObjectName(f"fix_{fix.kind.value}" + ("_stale" if fix.stale else ""))
            button.setProperty("fix", fix)
            running = self._running.get(fix.kind)
            if running is not None:
                button.setEnabled(False)
                button.setText(running or self.tr("Working…"))
            button.clicked.connect(self._clicked)
            self.buttons[fix] = button
            self.grid.addWidget(button, row, column, Qt.AlignmentFlag.AlignTop)
            column += 1

    def _detail(self, item: ChecklistItem) -> str:
        if not item.applicable:
            return self.tr("not needed by this agent")
        parts = []
        if item.missing:
            missing = engine_reasons(item.missing)
            parts.append(self.tr("Missing: %1").replace("%1", missing))
        if item.partly:
            partly = engine_reasons(item.partly)
            parts.append(self.tr("Partly template: %1").replace("%1", partly))
        if item.notes:
            parts.append(self.tr("Note: %1").replace("%1", engine_reasons(item.notes)))
        return "\n".join(parts)

    def _button_text(self, fix: Fix) -> str:
        if fix.kind is FixKind.FIXED_CONTEXT:
            return self.tr("Regenerate") if fix.stale else self.tr("Generate fixed context")
        if fix.kind is FixKind.ROLLING_SUMMARY:
            return self.tr("Generate rolling summary")
        if fix.kind is FixKind.STYLE_ANCHOR_PASSAGE:
            return self.tr("Style anchor from your own text…")
        if fix.kind is FixKind.STYLE_ANCHOR:
            return self.tr("Create style anchor from template")
        if fix.kind is FixKind.PLAN:
            exists = fix.path is not None and fix.path.is_file()
            return self.tr("Open chapter plan") if exists else self.tr("Create chapter plan")
        if fix.kind is FixKind.PASSAGE:
            return self.tr("Select a passage in the editor")
        name = fix.path.name if fix.path else ""
        return self.tr("Open %1").replace("%1", name)

    def _clicked(self) -> None:
        button = self.sender()
        if isinstance(button, QPushButton):
            self.fixRequested.emit(button.property("fix"))

    # --- background fixes --------------------------------------------------------------

    def set_running(self, kind: FixKind, text: str = "") -> None:
        """Show a background fix as running (its button disabled, with the progress)."""
        self._running[kind] = text
        for fix, button in self.buttons.items():
            if fix.kind is kind:
                button.setEnabled(False)
                button.setText(text or self.tr("Working…"))

    def set_idle(self, kind: FixKind) -> None:
        """A background fix ended; the next rebuild shows its buttons afresh."""
        self._running.pop(kind, None)

    def is_running(self, kind: FixKind) -> bool:
        """Whether a fix of this kind is running."""
        return kind in self._running
