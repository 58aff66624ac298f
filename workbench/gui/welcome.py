"""What the window shows while no project is open: the ways in, for an author's first minutes.

A new author has no book folder yet; an empty window with a File menu tells them nothing. The
page offers the four ways to start (the bundled sample, a new project, an existing folder, a
manuscript to import) and the recent projects.
"""

from __future__ import annotations

from pathlib import Path

from platformdirs import user_documents_dir
from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

SAMPLE_FOLDER_NAME = "烬灯录-示例"
PAGE_WIDTH = 560


def sample_destination() -> Path:
    """A new folder for the author's copy of the sample, under their documents folder."""
    base = Path(user_documents_dir()) / "Workbench"
    candidate = base / SAMPLE_FOLDER_NAME
    number = 2
    while candidate.exists():
        candidate = base / f"{SAMPLE_FOLDER_NAME}-{number}"
        number += 1
    return candidate


class WelcomePage(QWidget):
    """The start page: each button only emits its request; the main window acts on it."""

    openSampleRequested = Signal()
    newProjectRequested = Signal()
    openFolderRequested = Signal()
    importRequested = Signal()
    recentRequested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("welcomePage")
        self.title = QLabel(self)
        self.title.setStyleSheet("font-size: 22pt; font-weight: 600;")
        self.intro = QLabel(self)
        self.intro.setWordWrap(True)
        self.sample_button = QPushButton(self)
        self.sample_button.setObjectName("openSampleButton")
        self.new_button = QPushButton(self)
        self.open_button = QPushButton(self)
        self.import_button = QPushButton(self)
        for button in (self.sample_button, self.new_button, self.open_button, self.import_button):
            button.setMinimumHeight(36)
            button.setStyleSheet("text-align: left; padding: 4px 12px;")
        self.recent_label = QLabel(self)
        self.recent_label.setStyleSheet("font-weight: 600; margin-top: 12px;")
        self.recent = QListWidget(self)
        self.recent.setObjectName("recentProjects")
        self.recent.setMaximumHeight(180)

        column = QWidget(self)
        column.setMaximumWidth(PAGE_WIDTH)  # narrower windows squeeze it, never grow for it
        inner = QVBoxLayout(column)
        inner.setSpacing(10)
        for widget in (
            self.title,
            self.intro,
            self.sample_button,
            self.new_button,
            self.open_button,
            self.import_button,
            self.recent_label,
            self.recent,
        ):
            inner.addWidget(widget)
        column.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(column, 3)
        row.addStretch(1)
        outer = QVBoxLayout(self)
        outer.addStretch(1)
        outer.addLayout(row)
        outer.addStretch(2)

        self.sample_button.clicked.connect(self.openSampleRequested)
        self.new_button.clicked.connect(self.newProjectRequested)
        self.open_button.clicked.connect(self.openFolderRequested)
        self.import_button.clicked.connect(self.importRequested)
        self.recent.itemActivated.connect(self._recent_activated)
        self.retranslate()
        self.set_recent([])

    def set_recent(self, folders: list[str]) -> None:
        """Show the recent project folders that still exist, newest first."""
        self.recent.clear()
        for folder in folders:
            if Path(folder).is_dir():
                item = QListWidgetItem(folder, self.recent)
                item.setData(Qt.ItemDataRole.UserRole, folder)
        has_any = self.recent.count() > 0
        self.recent.setVisible(has_any)
        self.recent_label.setVisible(has_any)

    def _recent_activated(self, item: QListWidgetItem) -> None:
        self.recentRequested.emit(item.data(Qt.ItemDataRole.UserRole))

    def retranslate(self) -> None:
        """Set every text in the current language."""
        self.title.setText(self.tr("Workbench"))
        self.intro.setText(
            self.tr(
                "A book is a folder of Markdown files. Every agent call gets the fixed, rolling "
                "and on-demand layers within budget, listed in a checklist before it is sent."
            )
        )
        self.sample_button.setText(self.tr("Open the sample novel 《烬灯录》 (a copy)"))
        self.sample_button.setToolTip(
            self.tr(
                "Copies the bundled sample into %1 and opens it; the original stays as it is."
            ).replace("%1", str(sample_destination()))
        )
        self.new_button.setText(self.tr("New project…"))
        self.open_button.setText(self.tr("Open a project folder…"))
        self.import_button.setText(self.tr("Import a manuscript (TXT, Markdown, Word)…"))
        self.recent_label.setText(self.tr("Recent projects"))

    def changeEvent(self, event: QEvent) -> None:
        """Retranslate when the UI language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
