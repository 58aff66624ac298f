"""The split preview shown before an imported manuscript is written as chapter files."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from workbench.book.importer import ImportPlan

PREVIEW_CHARS = 60


class ImportPreviewDialog(QDialog):
    """Lists every chapter the split found (number, title, 字, first words, target file).

    Accepting it means "write these files"; it refuses while existing files would be replaced.
    """

    def __init__(self, plan: ImportPlan, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.plan = plan
        split = plan.split
        self.setWindowTitle(self.tr("Import %1").replace("%1", split.source.name))
        self.resize(900, 600)
        summary = QLabel(
            self.tr("%1 chapters found in %2 (%3) → %4")
            .replace("%1", str(len(split.chapters)))
            .replace("%2", split.source.name)
            .replace("%3", split.encoding)
            .replace("%4", str(plan.project.root)),
            self,
        )
        summary.setWordWrap(True)
        notes = [*split.warnings]
        if plan.front_matter_path is not None:
            notes.append(
                self.tr("Text before the first heading goes to %1").replace(
                    "%1", plan.relative(plan.front_matter_path)
                )
            )
        if plan.conflicts:
            notes.append(
                self.tr(
                    "Not possible: these files exist already and would be replaced: %1"
                ).replace("%1", ", ".join(plan.relative(p) for p in plan.conflicts[:10]))
            )
        self.notes = QLabel("\n".join(notes), self)
        self.notes.setWordWrap(True)
        self.notes.setVisible(bool(notes))
        self.notes.setStyleSheet("color: #8a4b00;")
        self.table = QTableWidget(len(split.chapters), 5, self)
        self.table.setHorizontalHeaderLabels(
            [
                self.tr("No."),
                self.tr("Title"),
                self.tr("zi"),
                self.tr("Begins with"),
                self.tr("File"),
            ]
        )
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        for row, (chapter, path) in enumerate(zip(split.chapters, plan.chapter_paths, strict=True)):
            first_words = " ".join(chapter.body.split())[:PREVIEW_CHARS]
            cells = [
                str(chapter.number),
                chapter.title,
                f"{split.zi(chapter):,}",
                first_words,
                plan.relative(path),
            ]
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column in (0, 2):
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                self.table.setItem(row, column, item)
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.write_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.write_button.setText(
            self.tr("Write %1 chapter files").replace("%1", str(len(split.chapters)))
        )
        self.write_button.setEnabled(bool(split.chapters) and not plan.conflicts)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(summary)
        layout.addWidget(self.notes)
        layout.addWidget(self.table, 1)
        layout.addWidget(buttons)
