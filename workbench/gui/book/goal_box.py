"""The daily goal where the author sees it: 每日目标 beside today's count in the 全书 statistics
view (and in 设置). The goal is the book's, kept in workbench.toml's [stats]; writing it is
the caller's, this box only says what the author chose."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSpinBox, QWidget

MAX_GOAL = 1_000_000
GOAL_STEP = 500


def goal_spin(parent: QWidget) -> QSpinBox:
    """A spin box for a daily goal in 字 (0: no goal), stepping by 500."""
    spin = QSpinBox(parent)
    spin.setRange(0, MAX_GOAL)
    spin.setSingleStep(GOAL_STEP)
    spin.setGroupSeparatorShown(True)
    spin.setKeyboardTracking(False)  # a goal typed digit by digit is chosen once, at the end
    return spin


class GoalBox(QWidget):
    """每日目标 [4,000 字]: `goalChosen` when the author changes it (Enter, the arrows, or
    leaving the field), not when the view shows the book's goal."""

    goalChosen = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = QLabel(self)
        self.spin = goal_spin(self)
        self.spin.setObjectName("statsGoalSpin")
        self.label.setBuddy(self.spin)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label)
        layout.addWidget(self.spin)
        self.spin.valueChanged.connect(self.goalChosen)
        self.retranslate()

    def retranslate(self) -> None:
        """Labels in the current language."""
        self.label.setText(self.tr("Daily goal"))
        self.spin.setSuffix(self.tr(" zi"))
        self.spin.setSpecialValueText(self.tr("none"))
        self.spin.setToolTip(self.tr("Kept in the book's workbench.toml ([stats] daily_goal)"))

    def changeEvent(self, event: QEvent) -> None:
        """Retranslate when the UI language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def show_goal(self, goal: int) -> None:
        """Show the book's goal without announcing it as chosen."""
        if self.spin.value() != goal:
            self.spin.blockSignals(True)
            self.spin.setValue(goal)
            self.spin.blockSignals(False)
