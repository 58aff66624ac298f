"""Where an imported manuscript goes: a new folder beside the manuscript, named after it, is
proposed; the author may rename it, move it (浏览… picks where the folder goes), or import into
the open project. The folder is only made when the chapters are written, and a folder that
already holds files is used only when the author ticks the box that says so.

The typed path is what Enter commits, whether or not the folder exists yet; Qt's folder
picker, asked for a folder that does not exist, commits its parent or refuses the name."""

from __future__ import annotations

from enum import Enum
from pathlib import Path

from PySide6.QtCore import QEvent
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

MOST_SUFFIXES = 99
DIALOG_WIDTH = 640


class Target(Enum):
    """What the typed path is now."""

    NEW = "new"
    EMPTY = "empty"
    NOT_EMPTY = "not_empty"
    NOT_A_FOLDER = "not_a_folder"
    NONE = "none"


def holds_files(folder: Path) -> bool:
    """Whether the folder has anything in it (hidden files too)."""
    return any(folder.iterdir())


def proposed_folder(manuscript: Path) -> Path:
    """A folder beside the manuscript named after it, the first such name not already holding
    files (三国演义, then 三国演义-2, …)."""
    parent, stem = manuscript.resolve().parent, manuscript.stem or "novel"
    for suffix in range(1, MOST_SUFFIXES + 1):
        candidate = parent / (stem if suffix == 1 else f"{stem}-{suffix}")
        if not candidate.exists() or (candidate.is_dir() and not holds_files(candidate)):
            return candidate
    return parent / f"{stem}-{MOST_SUFFIXES + 1}"


def classify(folder: Path) -> Target:
    """NEW, EMPTY, NOT_EMPTY or NOT_A_FOLDER (a file, or a path the system cannot read)."""
    try:
        if not folder.exists():
            return Target.NEW
        if not folder.is_dir():
            return Target.NOT_A_FOLDER
        return Target.NOT_EMPTY if holds_files(folder) else Target.EMPTY
    except OSError:
        return Target.NOT_A_FOLDER


class ImportTargetDialog(QDialog):
    """Asks for the folder an import goes into; `target()` is the chosen folder."""

    def __init__(
        self, manuscript: Path, open_project: Path | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("importTargetDialog")
        self.manuscript = manuscript.resolve()
        self.open_project = open_project
        self.setMinimumWidth(DIALOG_WIDTH)
        self.intro = QLabel(self)
        self.intro.setWordWrap(True)
        self.path_label = QLabel(self)
        self.path = QLineEdit(str(proposed_folder(manuscript)), self)
        self.path.setObjectName("importTargetPath")
        self.browse_button = QPushButton(self)
        self.browse_button.setObjectName("importTargetBrowse")
        self.project_button = QPushButton(self)
        self.project_button.setObjectName("importIntoOpenProject")
        self.project_button.setVisible(open_project is not None)
        for button in (self.browse_button, self.project_button):
            button.setAutoDefault(False)  # Enter in the path field is 下一步 or nothing
        self.state = QLabel(self)
        self.state.setObjectName("importTargetState")
        self.state.setWordWrap(True)
        self.allow_files = QCheckBox(self)
        self.allow_files.setObjectName("importIntoNonEmpty")
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.next_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.next_button.setDefault(True)
        row = QHBoxLayout()
        row.addWidget(self.path, 1)
        row.addWidget(self.browse_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        layout.addWidget(self.path_label)
        layout.addLayout(row)
        layout.addWidget(self.project_button)
        layout.addWidget(self.state)
        layout.addWidget(self.allow_files)
        layout.addStretch(1)
        layout.addWidget(self.buttons)
        self.path.textChanged.connect(self._update)
        self.allow_files.toggled.connect(self._update)
        self.browse_button.clicked.connect(self._browse)
        self.project_button.clicked.connect(self._into_open_project)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.retranslate()

    def retranslate(self) -> None:
        """Every label in the current language."""
        self.setWindowTitle(self.tr("Import into which folder?"))
        self.intro.setText(
            self.tr(
                "The chapters of %1 are written into a project folder. A new folder beside "
                "the manuscript is proposed; change its name or place as you like. It is "
                "made only when you confirm the preview."
            ).replace("%1", self.manuscript.name)
        )
        self.path_label.setText(self.tr("Project folder:"))
        self.browse_button.setText(self.tr("Place…"))
        self.browse_button.setToolTip(self.tr("Choose the folder the new folder goes in"))
        self.project_button.setText(self.tr("Into the open project"))
        self.allow_files.setText(
            self.tr("Import into this folder although it holds files (no file is replaced)")
        )
        self.next_button.setText(self.tr("Next: preview"))
        self._update()

    def showEvent(self, event: QShowEvent) -> None:
        """The proposed path selected in its field: typing replaces it, Enter takes it."""
        super().showEvent(event)
        self.path.setFocus()
        self.path.selectAll()

    def changeEvent(self, event: QEvent) -> None:
        """Retranslate when the UI language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def target(self) -> Path | None:
        """The folder typed, made absolute against the manuscript's folder; None if empty."""
        typed = self.path.text().strip()
        if not typed:
            return None
        folder = Path(typed).expanduser()
        if not folder.is_absolute():
            folder = self.manuscript.parent / folder
        return folder

    def _update(self, *_args) -> None:
        folder = self.target()
        kind = Target.NONE if folder is None else classify(folder)
        self.allow_files.setVisible(kind is Target.NOT_EMPTY)
        if kind is not Target.NOT_EMPTY and self.allow_files.isChecked():
            self.allow_files.setChecked(False)
        ready = kind in (Target.NEW, Target.EMPTY) or (
            kind is Target.NOT_EMPTY and self.allow_files.isChecked()
        )
        self.next_button.setEnabled(ready)
        words = {
            Target.NEW: self.tr("A new folder %1 will be made."),
            Target.EMPTY: self.tr("%1 exists and is empty: the project goes there."),
            Target.NOT_EMPTY: self.tr(
                "%1 already holds files. Choose another name, or tick the box to import into it."
            ),
            Target.NOT_A_FOLDER: self.tr("%1 is a file, not a folder."),
            Target.NONE: self.tr("Type the folder the project goes into."),
        }
        colour = "#2e7d32" if ready else "#8a4b00"
        self.state.setStyleSheet(f"color: {colour};")
        self.state.setText(words[kind].replace("%1", str(folder)))

    def _browse(self) -> None:
        current = self.target() or proposed_folder(self.manuscript)
        place = QFileDialog.getExistingDirectory(
            self, self.tr("Where the new folder goes"), str(current.parent)
        )
        if place:
            self.path.setText(str(Path(place) / current.name))

    def _into_open_project(self) -> None:
        if self.open_project is not None:
            self.path.setText(str(self.open_project))
            self.allow_files.setChecked(True)
