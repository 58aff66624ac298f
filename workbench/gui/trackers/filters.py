"""Widgets both tabs of the browser use: a character picker, a chapter range, and the bars
that hold a row of controls (wrapping onto a second line in a narrow dock, instead of
forcing the whole window wider or hiding controls)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QCompleter,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QWidget,
)

from workbench.gui.flow_layout import FlowLayout

MAX_CHAPTER = 100_000


class CharacterBox(QComboBox):
    """Any character, typed under any name or alias, or picked from the cast; empty = all."""

    changed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setEditable(True)
        self.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.setMinimumContentsLength(6)
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.completer().setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        self.completer().setFilterMode(Qt.MatchFlag.MatchContains)
        self.lineEdit().setClearButtonEnabled(True)
        self.currentTextChanged.connect(self.changed)

    def set_names(self, names: list[str], placeholder: str) -> None:
        """Offer these names; keep what the author typed."""
        typed = self.currentText()
        self.blockSignals(True)
        self.clear()
        self.addItems(names)
        self.setCurrentText(typed)
        self.lineEdit().setPlaceholderText(placeholder)
        self.blockSignals(False)


class ChapterRange(QWidget):
    """From chapter … to chapter …; 0 on either side means no bound."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.first = self._spin()
        self.last = self._spin()
        self.dash = QLabel("–", self)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.first)
        layout.addWidget(self.dash)
        layout.addWidget(self.last)

    def _spin(self) -> QSpinBox:
        spin = QSpinBox(self)
        spin.setRange(0, MAX_CHAPTER)
        spin.setSpecialValueText("…")
        spin.setAccelerated(True)
        spin.valueChanged.connect(self.changed)
        return spin

    def set_tooltips(self, first: str, last: str) -> None:
        """Explain both ends in the UI language."""
        self.first.setToolTip(first)
        self.last.setToolTip(last)

    def bounds(self) -> tuple[int | None, int | None]:
        """(first, last), None where unbounded."""
        return (self.first.value() or None, self.last.value() or None)

    def clear(self) -> None:
        """No bounds."""
        self.first.setValue(0)
        self.last.setValue(0)


def control_bar(parent: QWidget, widgets: list[QWidget]) -> QWidget:
    """A row of controls that wraps what does not fit onto the next line."""
    bar = QWidget(parent)
    layout = FlowLayout(bar)
    for widget in widgets:
        layout.addWidget(widget)
    return bar
