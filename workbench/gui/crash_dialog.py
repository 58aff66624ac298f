"""The 意外错误 box: what happened in a line or two, the full details folded away (a
RecursionError's message alone once made the box taller than the screen, its OK button out of
reach), a button that copies the details for a bug report. A second error while it is open
adds its details to the same box instead of opening another."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from workbench.gui import prompts

SUMMARY_CHARACTERS = 300
# Of the screen the box may take at most, so its buttons stay in reach.
SCREEN_SHARE = 0.8


def shortened(text: str, limit: int = SUMMARY_CHARACTERS) -> str:
    """The first line of `text`, at most `limit` characters (the rest is in the details)."""
    first = text.strip().splitlines()[0] if text.strip() else ""
    return first if len(first) <= limit else first[: limit - 1] + "…"


class CrashDialog(QDialog):
    """Unexpected error: message, short summary, expandable details, Copy details, OK."""

    def __init__(self, parent: QWidget | None, message: str, summary: str, details: str) -> None:
        super().__init__(parent)
        self.setObjectName("crashDialog")
        self.setWindowTitle(self.tr("Unexpected error"))
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        icon = QLabel(self)
        size = self.style().pixelMetric(QStyle.PixelMetric.PM_MessageBoxIconSize)
        icon.setPixmap(
            self.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxCritical).pixmap(size)
        )
        self.message = QLabel(message + "\n\n" + shortened(summary), self)
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.details = QPlainTextEdit(details, self)
        self.details.setObjectName("crashDetails")
        self.details.setReadOnly(True)
        self.details.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.details.hide()
        buttons = QDialogButtonBox(self)
        action = QDialogButtonBox.ButtonRole.ActionRole
        self.toggle = buttons.addButton(self.tr("Show details"), action)
        self.toggle.setObjectName("crashShowDetails")
        self.toggle.clicked.connect(self._toggle_details)
        self.copy = buttons.addButton(self.tr("Copy details"), action)
        self.copy.setObjectName("crashCopyDetails")
        self.copy.clicked.connect(self.copy_details)
        self.ok = buttons.addButton(QDialogButtonBox.StandardButton.Ok)
        self.ok.setDefault(True)
        buttons.accepted.connect(self.accept)
        top = QHBoxLayout()
        top.addWidget(icon, 0, Qt.AlignmentFlag.AlignTop)
        top.addWidget(self.message, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.details, 1)
        layout.addWidget(buttons)
        self.message.setMinimumWidth(360)
        self._fit_screen()

    def add_error(self, summary: str, details: str) -> None:
        """Another error while the box is open: its details go below the first ones."""
        self.details.appendPlainText("\n" + "-" * 40 + "\n" + details)
        self.message.setText(self.message.text() + "\n" + shortened(summary))

    def copy_details(self) -> None:
        """Put the details on the clipboard (the box stays open)."""
        QApplication.clipboard().setText(self.details.toPlainText())
        self.copy.setText(self.tr("Copied"))

    def _toggle_details(self) -> None:
        shown = not self.details.isVisible()
        self.details.setVisible(shown)
        self.toggle.setText(self.tr("Hide details") if shown else self.tr("Show details"))
        if shown:
            self.resize(self.width(), self.maximumHeight())
        else:
            self.adjustSize()
        self._fit_screen()

    def _fit_screen(self) -> None:
        screen = (self.parentWidget() or self).screen() or QGuiApplication.primaryScreen()
        room = screen.availableGeometry()
        self.setMaximumSize(int(room.width() * SCREEN_SHARE), int(room.height() * SCREEN_SHARE))
        self.details.setMaximumHeight(int(room.height() * SCREEN_SHARE) - 160)


def show_crash(parent: QWidget | None, summary: str, details: str, saved: int) -> CrashDialog:
    """Report an unexpected error after unsaved text was put in the autosave folder; the box
    is not modal-blocking (an error handler must not spin an event loop of its own)."""
    open_box = parent.findChild(CrashDialog, "crashDialog") if parent is not None else None
    if open_box is not None and open_box.isVisible():
        open_box.add_error(summary, details)
        return open_box
    message = prompts.crash_message(saved)
    box = CrashDialog(parent, message, summary, details)
    box.open()
    return box
