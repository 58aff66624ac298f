"""Feed ▸ Summary jobs: the queue (queued / running / done / failed, by range), cancelling a
job, and 重新生成 for one range of the rolling-summary file."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from workbench.gui.summaries.model import ACTIVE, JOB_ID_ROLE, STATE_ROLE, Column, SummaryJobsModel
from workbench.summaries.jobs import SummaryRange


class SummaryJobsDialog(QDialog):
    """A window on the queue; it only emits requests, the main window carries them out."""

    cancelRequested = Signal(int)  # job id
    regenerateRequested = Signal(int, int)  # first, last chapter

    def __init__(self, model: SummaryJobsModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("summaryJobsDialog")
        self.model = model
        self.view = QTableView(self)
        self.view.setObjectName("summaryJobsView")
        self.view.setModel(model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.verticalHeader().hide()
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(Column.DETAIL, QHeaderView.ResizeMode.Stretch)
        self.cancel_button = QPushButton(self)
        self.cancel_button.setObjectName("summaryCancelButton")
        self.cancel_button.clicked.connect(self._cancel_selected)
        self.range_label = QLabel(self)
        self.ranges = QComboBox(self)
        self.ranges.setObjectName("summaryRangeCombo")
        self.regenerate_button = QPushButton(self)
        self.regenerate_button.setObjectName("summaryRegenerateButton")
        self.regenerate_button.clicked.connect(self._regenerate)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.close)

        regenerate = QHBoxLayout()
        regenerate.addWidget(self.range_label)
        regenerate.addWidget(self.ranges, 1)
        regenerate.addWidget(self.regenerate_button)
        actions = QHBoxLayout()
        actions.addWidget(self.cancel_button)
        actions.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.view, 1)
        layout.addLayout(actions)
        layout.addLayout(regenerate)
        layout.addWidget(buttons)
        self.view.selectionModel().selectionChanged.connect(self._update_buttons)
        model.dataChanged.connect(self._update_buttons)
        model.rowsInserted.connect(self._update_buttons)
        self._sections: list[SummaryRange] = []
        self.retranslate()
        self.resize(720, 420)

    def retranslate(self) -> None:
        """Texts in the current UI language."""
        self.setWindowTitle(self.tr("Summary jobs"))
        self.cancel_button.setText(self.tr("Cancel job"))
        self.range_label.setText(self.tr("Rolling-summary section:"))
        self.regenerate_button.setText(self.tr("Regenerate"))
        self.set_sections(self._sections)
        self._update_buttons()

    def set_sections(self, sections: list[SummaryRange]) -> None:
        """The file's sections, offered for regeneration one at a time."""
        self._sections = list(sections)
        self.ranges.clear()
        for section in self._sections:
            marks = []
            if section.stale:
                marks.append(self.tr("stale"))
            if section.hand_written:
                marks.append(self.tr("written by hand"))
            text = section.label + (f"（{'，'.join(marks)}）" if marks else "")
            self.ranges.addItem(text)
        self.regenerate_button.setEnabled(bool(self._sections))

    def selected_job(self) -> tuple[int, str] | None:
        """(job id, state) of the selected row."""
        rows = self.view.selectionModel().selectedRows()
        if not rows:
            return None
        index: QModelIndex = rows[0]
        return index.data(JOB_ID_ROLE), index.data(STATE_ROLE)

    def select_job(self, job_id: int) -> None:
        """Select the row of this job (as clicking it would)."""
        for row in range(self.model.rowCount()):
            if self.model.index(row, 0).data(JOB_ID_ROLE) == job_id:
                self.view.selectRow(row)
                return

    def _update_buttons(self, *_args: object) -> None:
        selected = self.selected_job()
        self.cancel_button.setEnabled(selected is not None and selected[1] in ACTIVE)

    def _cancel_selected(self) -> None:
        selected = self.selected_job()
        if selected is not None and selected[1] in ACTIVE:
            self.cancelRequested.emit(selected[0])

    def _regenerate(self) -> None:
        index = self.ranges.currentIndex()
        if 0 <= index < len(self._sections):
            section = self._sections[index]
            self.regenerateRequested.emit(section.start, section.end)
