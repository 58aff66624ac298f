"""The split preview shown before an imported manuscript is written as chapter files."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QListWidget,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from workbench.book.importer import IMPORT_LOG_FILE, ImportPlan

PREVIEW_CHARS = 60
BOILERPLATE_LIST_HEIGHT = 140


class ImportPreviewDialog(QDialog):
    """Lists every chapter the split found (number, title, 字, first words, target file), the
    volume headings it recorded and the platform lines it found, with the choice to drop those.

    Accepting it means "write these files"; it refuses while existing files would be replaced.
    `replan(strip)` re-splits the manuscript with platform lines dropped or kept; `plan` is
    always the split the author last saw.
    """

    def __init__(
        self,
        plan: ImportPlan,
        parent: QWidget | None = None,
        replan: Callable[[bool], ImportPlan] | None = None,
    ) -> None:
        super().__init__(parent)
        self.plan = plan
        self.replan = replan
        split = plan.split
        self.setWindowTitle(self.tr("Import %1").replace("%1", split.source.name))
        self.resize(900, 640)
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        self.notes = QLabel(self)
        self.notes.setWordWrap(True)
        self.notes.setStyleSheet("color: #8a4b00;")
        self.table = QTableWidget(0, 5, self)
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
        self.drop_boilerplate = QCheckBox(self)
        self.drop_boilerplate.setObjectName("dropBoilerplate")
        self.drop_boilerplate.setEnabled(replan is not None)
        self.drop_boilerplate.toggled.connect(self._drop_toggled)
        self.boilerplate = QListWidget(self)
        self.boilerplate.setObjectName("boilerplateList")
        self.boilerplate.setMaximumHeight(BOILERPLATE_LIST_HEIGHT)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.write_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.notes)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.drop_boilerplate)
        layout.addWidget(self.boilerplate)
        layout.addWidget(buttons)
        self._show_plan()

    def _drop_toggled(self, drop: bool) -> None:
        if self.replan is not None:
            self.plan = self.replan(drop)
            self._show_plan()

    def _show_plan(self) -> None:
        plan, split = self.plan, self.plan.split
        self.summary.setText(
            self.tr("%1 chapters found in %2 (%3) → %4")
            .replace("%1", str(len(split.chapters)))
            .replace("%2", split.source.name)
            .replace("%3", split.encoding)
            .replace("%4", str(plan.project.root))
        )
        notes = [*split.warnings]
        if plan.front_matter_path is not None:
            notes.append(
                self.tr("Text before the first heading goes to %1").replace(
                    "%1", plan.relative(plan.front_matter_path)
                )
            )
        for volume in split.volumes:
            notes.append(
                self.tr("Volume heading on line %1, recorded in %2: %3")
                .replace("%1", str(volume.line))
                .replace("%2", IMPORT_LOG_FILE)
                .replace("%3", volume.text.strip())
            )
        if plan.conflicts:
            notes.append(
                self.tr(
                    "Not possible: these files exist already and would be replaced: %1"
                ).replace("%1", ", ".join(plan.relative(p) for p in plan.conflicts[:10]))
            )
        self.notes.setText("\n".join(notes))
        self.notes.setVisible(bool(notes))
        self._fill_table()
        self.drop_boilerplate.setText(
            self.tr("Drop these %1 platform lines from the chapters (each is kept in %2)")
            .replace("%1", str(len(split.boilerplate)))
            .replace("%2", IMPORT_LOG_FILE)
        )
        self.drop_boilerplate.setVisible(bool(split.boilerplate))
        self.boilerplate.setVisible(bool(split.boilerplate))
        self.boilerplate.clear()
        for line in split.boilerplate:
            self.boilerplate.addItem(
                self.tr("line %1 · %2 · %3")
                .replace("%1", str(line.line))
                .replace("%2", line.kind)
                .replace("%3", line.text.strip())
            )
        self.write_button.setText(
            self.tr("Write %1 chapter files").replace("%1", str(len(split.chapters)))
        )
        self.write_button.setEnabled(bool(split.chapters) and not plan.conflicts)

    def _fill_table(self) -> None:
        plan, split = self.plan, self.plan.split
        self.table.setRowCount(len(split.chapters))
        for row, (chapter, path) in enumerate(zip(split.chapters, plan.chapter_paths, strict=True)):
            first_words = " ".join(chapter.body.split())[:PREVIEW_CHARS]
            cells = [
                str(chapter.number),
                chapter.label or chapter.title,  # the heading as it will be written
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
