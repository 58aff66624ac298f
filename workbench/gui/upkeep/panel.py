"""The 待审 tab: the review queue by range, each proposal with its evidence; accept,
edit-then-accept or reject one, or all of its kind in its range; propose for a range of
chapters or the whole book. Accepting writes through the tracker browser's documents (so a
file changed on disk since the browser read it is refused) and the cast file."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from workbench.book.project import Project
from workbench.errors import WorkbenchError
from workbench.gui.upkeep.edit_dialog import ProposalEditDialog
from workbench.gui.upkeep.model import Column, UpkeepModel
from workbench.trackers.document import TrackerDocument
from workbench.trackers.kinds import tracker_files
from workbench.upkeep.accept import accept, reject
from workbench.upkeep.errors import AcceptRefused
from workbench.upkeep.proposals import Proposal
from workbench.upkeep.stale import outgrown
from workbench.upkeep.store import load_queue

log = logging.getLogger(__name__)
MAX_CHAPTER = 100_000
MAX_COLUMN = 260  # pixels: a long proposed change is cut in its cell, shown whole below
ALL_RANGES = ""


class ReviewPanel(QWidget):
    """The review queue of the open project. Writes only through upkeep.accept / reject."""

    sourceRequested = Signal(object, str, str)  # chapter file, heading (""), text to find
    rangeRequested = Signal(int, int)  # propose for chapters A-B
    wholeBookRequested = Signal()
    written = Signal()  # an accept wrote tracker or cast files
    statusMessage = Signal(str)
    titleChanged = Signal(str)  # the tab's title: 待审, with the count waiting

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("upkeepReview")
        self.project: Project | None = None
        # The tracker browser's documents ({"plot": …, "relationship": …}) and its write
        # guard (a file open with unsaved edits), given by the browser.
        self.documents: Callable[[], dict[str, TrackerDocument]] = dict
        self.blocked: Callable[[Path], bool] | None = None
        self.model = UpkeepModel(self)
        self.range_filter = QComboBox(self)
        self.range_filter.setObjectName("upkeepRangeFilter")
        self.first_spin = self._chapter_spin("upkeepFirst")
        self.last_spin = self._chapter_spin("upkeepLast")
        self.run_button = QPushButton(self)
        self.run_button.setObjectName("upkeepRun")
        self.book_button = QPushButton(self)
        self.book_button.setObjectName("upkeepWholeBook")
        self.table = QTableView(self)
        self.table.setObjectName("upkeepTable")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(Column.EVIDENCE, QHeaderView.ResizeMode.Stretch)
        self.detail = QLabel(self)
        self.detail.setObjectName("upkeepDetail")
        self.detail.setWordWrap(True)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message = QLabel(self)
        self.message.setObjectName("upkeepMessage")
        self.message.setWordWrap(True)
        self.message.hide()
        self.hidden_note = QLabel(self)
        self.hidden_note.setObjectName("upkeepOutgrown")
        self.hidden_note.setWordWrap(True)
        self.hidden_note.hide()
        self.outgrown: dict[str, str] = {}
        self.all_proposals: list[Proposal] = []
        self.accept_button = self._button("upkeepAccept")
        self.edit_button = self._button("upkeepEditAccept")
        self.reject_button = self._button("upkeepReject")
        self.accept_kind_button = self._button("upkeepAcceptKind")
        self.reject_kind_button = self._button("upkeepRejectKind")
        self.range_label = QLabel(self)
        self.to_label = QLabel("–", self)

        # Short rows, so the dock stays narrow enough for a small screen.
        run_row = QHBoxLayout()
        for widget in (self.range_label, self.first_spin, self.to_label, self.last_spin):
            run_row.addWidget(widget)
        run_row.addStretch(1)
        book_row = QHBoxLayout()
        book_row.addWidget(self.run_button)
        book_row.addWidget(self.book_button)
        book_row.addStretch(1)
        book_row.addWidget(self.range_filter)
        buttons = QHBoxLayout()
        for button in (self.accept_button, self.edit_button, self.reject_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        kind_buttons = QHBoxLayout()
        kind_buttons.addStretch(1)
        kind_buttons.addWidget(self.accept_kind_button)
        kind_buttons.addWidget(self.reject_kind_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addLayout(run_row)
        layout.addLayout(book_row)
        layout.addWidget(self.message)
        layout.addWidget(self.hidden_note)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.detail)
        layout.addLayout(buttons)
        layout.addLayout(kind_buttons)

        self.run_button.clicked.connect(self._run_clicked)
        self.book_button.clicked.connect(self.wholeBookRequested)
        self.range_filter.currentIndexChanged.connect(self._filter_changed)
        self.table.selectionModel().currentRowChanged.connect(self._row_changed)
        self.table.doubleClicked.connect(self._open_evidence)
        self.table.installEventFilter(self)
        self.accept_button.clicked.connect(self.accept_selected)
        self.edit_button.clicked.connect(self.edit_selected)
        self.reject_button.clicked.connect(self.reject_selected)
        self.accept_kind_button.clicked.connect(self.accept_kind)
        self.reject_kind_button.clicked.connect(self.reject_kind)
        self.retranslate()
        self._row_changed(QModelIndex(), QModelIndex())

    def _chapter_spin(self, name: str) -> QSpinBox:
        spin = QSpinBox(self)
        spin.setObjectName(name)
        spin.setRange(1, MAX_CHAPTER)
        return spin

    def _button(self, name: str) -> QPushButton:
        button = QPushButton(self)
        button.setObjectName(name)
        return button

    def retranslate(self) -> None:
        """Every label in the current language."""
        self.range_label.setText(self.tr("Propose for chapters"))
        self.run_button.setText(self.tr("Propose"))
        self.book_button.setText(self.tr("Whole book…"))
        self.accept_button.setText(self.tr("Accept"))
        self.accept_button.setToolTip(self.tr("Write this change (Enter)"))
        self.edit_button.setText(self.tr("Edit, then accept…"))
        self.reject_button.setText(self.tr("Reject"))
        self.reject_button.setToolTip(self.tr("Never propose this again for its range (Delete)"))
        self.accept_kind_button.setText(self.tr("Accept all of this kind in the range"))
        self.reject_kind_button.setText(self.tr("Reject all of this kind in the range"))
        self._fill_ranges()
        self._show_outgrown()

    def tab_title(self) -> str:
        """待审, or 待审 (N) while N proposals wait."""
        count = len(self.all_proposals)
        return self.tr("Review (%1)").replace("%1", str(count)) if count else self.tr("Review")

    def showEvent(self, event) -> None:
        """Read the queue again when the tab comes to the front: the CLI may have decided
        meanwhile (the folder watch leaves .workbench/ alone)."""
        super().showEvent(event)
        if self.project is not None:
            self.reload()

    def changeEvent(self, event: QEvent) -> None:
        """Retranslate when the UI language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    # --- the queue -----------------------------------------------------------------------

    def set_project(self, project: Project | None) -> None:
        """Show the queue of `project` (or nothing)."""
        self.project = project
        last = project.chapters[-1].number if project and project.chapters else 1
        self.first_spin.setValue(max(1, last - 4))
        self.last_spin.setValue(max(1, last))
        self.reload()

    def files_changed(self, paths: set[Path]) -> None:
        """The cast or a tracker changed (saved here or on disk): what is outgrown now."""
        if self.project is None:
            return
        try:
            memory = set(self.project.character_files())
            memory |= {spec.path for spec in tracker_files(self.project)}
        except (OSError, WorkbenchError):  # workbench.toml broken: reload, which says why
            memory = set(paths)
        if memory & set(paths):
            self.reload()

    def reload(self) -> None:
        """Read the queue again (after a job recorded answers, or a decision)."""
        selected = self.selected()
        proposals: list[Proposal] = []
        self._show_message("")
        self.outgrown = {}
        if self.project is not None:
            try:
                proposals = load_queue(self.project).pending()
            except (OSError, WorkbenchError) as error:
                self._show_message(str(error))
            # What the book has now (written by hand, or accepted from another range) is
            # not offered again: accepting it would be refused, and sink "all of a kind".
            self.outgrown = outgrown(self.project, proposals)
        self.all_proposals = [p for p in proposals if p.id not in self.outgrown]
        self._show_outgrown()
        self.titleChanged.emit(self.tab_title())
        self._fill_ranges()
        self._apply_filter(selected.id if selected else None)

    def _fill_ranges(self) -> None:
        current = self.range_filter.currentData()
        labels = list(dict.fromkeys(p.range_label for p in self.all_proposals))
        self.range_filter.blockSignals(True)
        self.range_filter.clear()
        self.range_filter.addItem(self.tr("All ranges"), ALL_RANGES)
        for label in labels:
            self.range_filter.addItem(label, label)
        index = self.range_filter.findData(current)
        self.range_filter.setCurrentIndex(max(0, index))
        self.range_filter.blockSignals(False)

    def _filter_changed(self, _index: int) -> None:
        self._apply_filter(None)

    def _apply_filter(self, keep: str | None) -> None:
        wanted = self.range_filter.currentData() or ALL_RANGES
        shown = [p for p in self.all_proposals if wanted in (ALL_RANGES, p.range_label)]
        self.model.set_proposals(shown)
        self.table.resizeColumnsToContents()
        for column in (Column.KIND, Column.CHANGE):  # long text is cut; the detail shows it
            self.table.setColumnWidth(column, min(self.table.columnWidth(column), MAX_COLUMN))
        self.table.horizontalHeader().setSectionResizeMode(
            Column.EVIDENCE, QHeaderView.ResizeMode.Stretch
        )
        row = self.model.row_of(keep) if keep else None
        if row is None and shown:
            row = 0
        if row is not None:
            self.table.selectRow(row)
        else:
            self._row_changed(QModelIndex(), QModelIndex())

    def selected(self) -> Proposal | None:
        """The proposal of the selected row."""
        index = self.table.currentIndex()
        if not index.isValid() or index.row() >= self.model.rowCount():
            return None
        return self.model.proposal(index.row())

    def _row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        proposal = self.model.proposal(current.row()) if current.isValid() else None
        for button in (
            self.accept_button,
            self.edit_button,
            self.reject_button,
            self.accept_kind_button,
            self.reject_kind_button,
        ):
            button.setEnabled(proposal is not None)
        if proposal is None:
            self.detail.setText(
                self.tr("No proposal waiting. Save a fifth chapter, or propose for a range above.")
            )
            return
        where = (
            self.tr("Chapter %1, line %2 (double-click to open it there)")
            .replace("%1", str(proposal.chapter))
            .replace("%2", str(proposal.line))
        )
        self.detail.setText(f"{where}\n「{proposal.evidence}」")

    # --- decisions -----------------------------------------------------------------------

    def accept_selected(self) -> bool:
        """Accept the selected proposal as it stands."""
        proposal = self.selected()
        return proposal is not None and self._accept([proposal])

    def edit_selected(self) -> ProposalEditDialog | None:
        """Open the selected proposal's fields to edit; OK accepts the edited proposal."""
        proposal = self.selected()
        if proposal is None:
            return None
        dialog = ProposalEditDialog(proposal, self)
        dialog.accepted.connect(self._edited_accepted)
        dialog.finished.connect(dialog.deleteLater)
        self._editing = dialog
        dialog.open()
        return dialog

    def _edited_accepted(self) -> None:
        dialog = self._editing
        try:
            edited = dialog.edited()
        except ValueError as error:
            self._show_message(self.tr("Not written: %1").replace("%1", str(error)))
            return
        self._accept([edited])

    def reject_selected(self) -> bool:
        """Reject the selected proposal: never proposed again for its range."""
        proposal = self.selected()
        return proposal is not None and self._reject([proposal])

    def accept_kind(self) -> bool:
        """Accept every proposal of the selected one's kind in its range."""
        same = self._same_kind()
        return bool(same) and self._accept(same)

    def reject_kind(self) -> bool:
        """Reject every proposal of the selected one's kind in its range."""
        same = self._same_kind()
        return bool(same) and self._reject(same)

    def _same_kind(self) -> list[Proposal]:
        chosen = self.selected()
        if chosen is None:
            return []
        return [
            p
            for p in self.all_proposals
            if p.kind is chosen.kind and (p.first, p.last) == (chosen.first, chosen.last)
        ]

    def _accept(self, proposals: list[Proposal]) -> bool:
        if self.project is None:
            return False
        try:
            done = accept(self.project, proposals, documents=self.documents(), blocked=self.blocked)
        except (AcceptRefused, OSError, WorkbenchError) as error:
            self._show_message(self.tr("Not written: %1").replace("%1", str(error)))
            self.written.emit()  # the browser reloads what changed on disk
            return False
        self.reload()
        self.written.emit()
        self._show_message(self.tr("Accepted: %1").replace("%1", "; ".join(done)))
        return True

    def _reject(self, proposals: list[Proposal]) -> bool:
        if self.project is None:
            return False
        try:
            count = reject(self.project, proposals)
        except (OSError, WorkbenchError) as error:
            self._show_message(self.tr("Not recorded: %1").replace("%1", str(error)))
            return False
        self.reload()
        self._show_message(
            self.tr("%1 rejected; not proposed again for their range").replace("%1", str(count))
        )
        return True

    # --- input ---------------------------------------------------------------------------

    def eventFilter(self, watched, event) -> bool:
        """Enter accepts the selected proposal, Delete rejects it."""
        if watched is self.table and event.type() == QEvent.Type.KeyPress:
            key = event.key()
            if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                self.accept_selected()
                return True
            if key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
                self.reject_selected()
                return True
        return super().eventFilter(watched, event)

    def _open_evidence(self, index: QModelIndex) -> None:
        if self.project is None or not index.isValid():
            return
        proposal = self.model.proposal(index.row())
        ref = self.project.chapter(proposal.chapter)
        if ref is not None:
            self.sourceRequested.emit(Path(ref.path), "", proposal.evidence)

    def _run_clicked(self) -> None:
        first, last = self.first_spin.value(), self.last_spin.value()
        if first > last:
            first, last = last, first
        self.rangeRequested.emit(first, last)

    def _show_outgrown(self) -> None:
        count = len(self.outgrown)
        self.hidden_note.setVisible(bool(count))
        self.hidden_note.setText(
            self.tr(
                "%1 more not listed: the book has them now (in the cast or the trackers)"
            ).replace("%1", str(count))
        )
        self.hidden_note.setToolTip("\n".join(sorted(set(self.outgrown.values()))))

    def _show_message(self, text: str) -> None:
        self.message.setText(text)
        self.message.setVisible(bool(text))
        if text:
            self.statusMessage.emit(text)
