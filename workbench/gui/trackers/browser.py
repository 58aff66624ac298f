"""The tracker browser: the foreshadowing ledger, relationships through time and a tab for each
tracker kind the project declared, at one chapter that follows the editor (or is set by hand),
live with the files on disk.

What the editor or a save causes is computed on threads and shown when ready (issue #28): at
the open the tracker files are read and the cast loaded off the GUI thread; when the editor's
chapter changes or a file is saved, the ledger (states, sightings and relevance over every
chapter) is built off it. What the author does here — the chapter set by hand, an edit — is
shown at once, on the GUI thread."""

from __future__ import annotations

import logging
from functools import partial
from pathlib import Path

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.errors import WorkbenchError
from workbench.gui import turns
from workbench.gui.background import Background, Job
from workbench.gui.trackers.entry_dialog import EntryDialog
from workbench.gui.trackers.filters import MAX_CHAPTER, control_bar
from workbench.gui.trackers.kind_view import KindPanel
from workbench.gui.trackers.ledger_view import LedgerPanel
from workbench.gui.trackers.open_file import TrackerFileOpener
from workbench.gui.trackers.relations_view import RelationsPanel
from workbench.gui.trackers.store import TrackersRead, TrackerStore, read_trackers
from workbench.gui.upkeep.panel import ReviewPanel
from workbench.trackers.browse import (
    Ledger,
    build_ledger,
    declared_columns,
    declared_rows,
    foreshadowing_columns,
    relationship_rows,
)
from workbench.trackers.cast import Cast, Scanner, load_cast
from workbench.trackers.document import TrackerDocument
from workbench.trackers.kinds import FORESHADOWING
from workbench.trackers.ledger import next_id
from workbench.trackers.model import Trackers

log = logging.getLogger(__name__)

REFRESH_MS = 150
# Generated files the ledger never reads: writing a summary back must not recompute it.
UNREAD_ROLES = (Role.ROLLING_SUMMARY, Role.FIXED_CONTEXT)
PATH_ROLE = Qt.ItemDataRole.UserRole


class TrackerBrowser(QWidget):
    """Both trackers at the browser's chapter. Emits requests; writes only through its store."""

    chapterRequested = Signal(int)
    fileRequested = Signal(object, int)  # Path, the line to put the caret on (0: none)
    pinRequested = Signal(str)  # a pin reference: F001 or 林风—苏瑶
    statusMessage = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("trackerBrowser")
        self.project: Project | None = None
        self.store = TrackerStore(self)
        self.opener = TrackerFileOpener(self)
        # The open's read of the tracker files; the ledgers for the editor's chapter and saves.
        self.loading = Background(
            "tracker-files", latest_only=True, turn=turns.TRACKERS, parent=self
        )
        self.loading.delivered.connect(self._files_read)
        self.loading.failed.connect(lambda _job, why: self._show_message(why))
        self._refresh_after_load = False
        self.ledger_job = Background(
            "tracker-ledger", latest_only=True, turn=turns.TRACKERS, parent=self
        )
        self.ledger_job.delivered.connect(self._show_ledger_work)
        self.ledger_job.failed.connect(lambda _job, why: self._show_message(why))
        self.cast = Cast(())
        self.editor_chapter: int | None = None
        self.chapter_spin = QSpinBox(self)
        self.chapter_spin.setObjectName("trackerChapterSpin")
        self.chapter_spin.setRange(1, MAX_CHAPTER)
        self.follow_box = QCheckBox(self)
        self.follow_box.setObjectName("trackerFollowEditor")
        self.follow_box.setChecked(True)
        self.open_button = QPushButton(self)
        self.open_button.setObjectName("trackerOpenFile")
        self.message = QLabel(self)
        self.message.setObjectName("trackerMessage")
        self.message.setWordWrap(True)
        self.message.hide()
        self.undo_button = QPushButton(self)
        self.undo_button.setObjectName("trackerUndo")
        self.undo_button.hide()
        self.undo_button.clicked.connect(self.store.undo_last)
        self.undo_shortcut = QShortcut(QKeySequence.StandardKey.Undo, self)
        self.undo_shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.undo_shortcut.activated.connect(self.store.undo_last)
        self.errors_title = QLabel(self)
        self.errors_title.setWordWrap(True)
        self.errors_title.setStyleSheet("color: #a12a1f; font-weight: bold;")
        self.errors = QListWidget(self)
        self.errors.setObjectName("trackerErrors")
        self.errors.setMaximumHeight(110)
        self.ledger = LedgerPanel(self)
        self.relations = RelationsPanel(self)
        self.review = ReviewPanel(self)
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("trackerTabs")
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self.ledger, "")
        self.tabs.addTab(self.relations, "")
        self.kind_panels: dict[str, KindPanel] = {}  # a tab per declared kind, after these
        self.tabs.addTab(self.review, "")
        self.chapter_label = QLabel(self)

        header = control_bar(
            self, [self.chapter_label, self.chapter_spin, self.follow_box, self.open_button]
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(header)
        message_bar = QHBoxLayout()
        message_bar.addWidget(self.message, 1)
        message_bar.addWidget(self.undo_button, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(message_bar)
        layout.addWidget(self.errors_title)
        layout.addWidget(self.errors)
        layout.addWidget(self.tabs, 1)

        self._refresh_timer = QTimer(self)
        self._refresh_timer.setSingleShot(True)
        self._refresh_timer.setInterval(REFRESH_MS)
        self._refresh_timer.timeout.connect(self.refresh)
        self.store.changed.connect(self._rebuild)
        self.store.message.connect(self._show_message)
        self.store.undo.changed.connect(self._update_undo)
        self.chapter_spin.valueChanged.connect(self._chapter_set_by_hand)
        self.follow_box.toggled.connect(self._follow_toggled)
        self.open_button.clicked.connect(self._open_tracker_file)
        self.errors.itemActivated.connect(self._error_activated)
        self.ledger.model.editor = self.edit_cell
        self.ledger.addRequested.connect(self.new_entry)
        self.ledger.resolveRequested.connect(self.resolve)
        self.ledger.abandonRequested.connect(self.abandon)
        self.ledger.moveRequested.connect(self.move)
        self.ledger.pinRequested.connect(self.pinRequested)
        self.ledger.chapterRequested.connect(self.chapterRequested)
        self.relations.pinRequested.connect(self.pinRequested)
        self.review.documents = self._documents
        self.review.written.connect(self.refresh)
        self.review.titleChanged.connect(
            lambda title: self.tabs.setTabText(self.tabs.indexOf(self.review), title)
        )
        self.retranslate()
        self._show_errors()

    # --- language ------------------------------------------------------------------------

    def retranslate(self) -> None:
        """Every label in the current language."""
        self.chapter_label.setText(self.tr("At chapter"))
        self.follow_box.setText(self.tr("Follow the editor"))
        self.follow_box.setToolTip(self.tr("Keep the browser at the chapter open in the editor"))
        self.open_button.setText(self.tr("Open tracker file"))
        self.tabs.setTabText(0, self.tr("Foreshadowing"))
        self.tabs.setTabText(1, self.tr("Relationships"))
        self.tabs.setTabText(self.tabs.indexOf(self.review), self.review.tab_title())
        self._show_errors()

    def changeEvent(self, event: QEvent) -> None:
        """Retranslate when the UI language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    # --- project and chapter -------------------------------------------------------------

    def set_project(self, project: Project | None) -> None:
        """Browse the trackers of `project` (or nothing), at its last chapter to begin with."""
        self.project = project
        self.editor_chapter = None
        last = project.chapters[-1].number if project and project.chapters else 1
        self.chapter_spin.blockSignals(True)
        self.chapter_spin.setValue(max(1, last))
        self.chapter_spin.blockSignals(False)
        self.clear_message()  # a message about the last book's trackers
        self.ledger_job.forget()
        self._refresh_after_load = False
        self.store.forget_files(project)
        self.cast = Cast(())
        if project is None:
            self._rebuild()
            return
        self._show_nothing_yet()
        self.loading.submit(_read_with_cast, project)

    def _show_nothing_yet(self) -> None:
        """Empty views while the open's read of the tracker files runs."""
        empty = Ledger(chapter=self.chapter, editor_chapter=None)
        self.ledger.show_ledger(empty, foreshadowing_columns(None), False, [], str)
        self._show_errors()
        self._sync_kind_tabs()
        self.relations.show_rows((), self.cast.canonical, [], 1)

    def _files_read(self, read: tuple[TrackersRead, Cast]) -> None:
        """The open's read of the tracker files arrived: show them."""
        found, cast = read
        self.store.blockSignals(True)  # shown here, with the ledger built off the GUI thread
        self.store.apply(found, force=True)
        self.store.blockSignals(False)
        self.cast = cast
        self._rebuild(later=True, cast_loaded=True)
        if self._refresh_after_load:  # a file changed while they were read: read it again
            self._refresh_after_load = False
            self.refresh()

    def loading_pending(self) -> bool:
        """Whether the trackers or the ledger are still being read or built."""
        return self.loading.is_busy() or self.ledger_job.is_busy()

    def shut_down(self) -> None:
        """The window closes: no refresh is left waiting, no thread still reading."""
        self._refresh_timer.stop()
        self.loading.shut_down()
        self.ledger_job.shut_down()

    def set_write_guard(self, guard) -> None:
        """`guard(path)` is True while the author has unsaved edits to that file open."""
        self.store.write_guard = guard
        self.review.blocked = guard

    @property
    def chapter(self) -> int:
        """The chapter the browser shows states at."""
        return self.chapter_spin.value()

    def follow_chapter(self, chapter: int | None) -> None:
        """The editor shows chapter N now: relevance follows it, and so does the browser's
        chapter unless the author set one by hand."""
        if chapter is None or chapter == self.editor_chapter:
            return
        self.editor_chapter = chapter
        if self.follow_box.isChecked():
            self._set_chapter(chapter, later=True)
        else:
            self.refresh_ledger(later=True)

    def set_chapter(self, chapter: int) -> None:
        """Set the browser's chapter by hand (it stops following the editor)."""
        self.chapter_spin.setValue(chapter)

    def _set_chapter(self, chapter: int, later: bool = False) -> None:
        self.chapter_spin.blockSignals(True)
        self.chapter_spin.setValue(chapter)
        self.chapter_spin.blockSignals(False)
        self._chapter_changed(later)

    def _chapter_set_by_hand(self, _value: int) -> None:
        self.follow_box.blockSignals(True)
        self.follow_box.setChecked(False)
        self.follow_box.blockSignals(False)
        self._chapter_changed()

    def _follow_toggled(self, on: bool) -> None:
        if on and self.editor_chapter is not None:
            self._set_chapter(self.editor_chapter)

    def _chapter_changed(self, later: bool = False) -> None:
        self.refresh_ledger(later)
        self.relations.set_browser_chapter(self.chapter)

    def _documents(self) -> dict[str, TrackerDocument]:
        """The tracker documents the browser shows, for the review tab's accepts (a file
        with errors is left out: upkeep then reads it, and refuses)."""
        files = self.store.files
        keys = ("plot", "relationship")  # the trackers upkeep writes
        return {k: files[k].document for k in keys if k in files and files[k].document is not None}

    # --- reading -------------------------------------------------------------------------

    def files_changed(self, paths: set[Path]) -> None:
        """Files changed on disk (or were saved): refresh soon if any of them matters."""
        if self.project is None:
            return
        root = self.project.root
        unread = {self.project.role_path(role) for role in UNREAD_ROLES}
        state = self.project.state_dir
        if any(
            Path(path).is_relative_to(root)
            and Path(path) not in unread
            and not Path(path).is_relative_to(state)
            for path in paths
        ):
            self._refresh_timer.start()

    def refresh_scheduled(self) -> bool:
        """Whether a change seen on disk is waiting to be shown."""
        return self._refresh_timer.isActive()

    def refresh(self) -> None:
        """Re-read the trackers; if they are unchanged, the chapters may have changed."""
        if self.project is None:
            return
        if self.loading.is_busy():
            self._refresh_after_load = True  # what it read may be older than this change
            return
        if not self.store.reload():
            self.refresh_ledger(later=True)  # a saved chapter: sightings and relevance again

    def _rebuild(self, later: bool = False, cast_loaded: bool = False) -> None:
        """The tracker files changed (or a project opened): everything again."""
        if not cast_loaded:
            self.cast = self._load_cast()
        self._show_errors()
        self._sync_kind_tabs()
        self.refresh_ledger(later)
        relationships = self.store.relationships
        last = self.project.chapters[-1].number if self.project and self.project.chapters else 1
        rows = (*relationship_rows(relationships), *self.store.memory.relationships)
        self.relations.show_rows(rows, self.cast.canonical, self._names(), last)
        self.relations.set_browser_chapter(self.chapter)

    def _load_cast(self) -> Cast:
        return _cast_of(self.project, self.store.files, self.store.memory)

    def _names(self) -> list[str]:
        return [character.name for character in self.cast.characters]

    def refresh_ledger(self, later: bool = False) -> None:
        """Recompute states, sightings and relevance at the current chapter (`later`: on a
        thread, shown when it arrives)."""
        if self.project is None:
            self.ledger_job.forget()
            empty = Ledger(chapter=self.chapter, editor_chapter=None)
            self.ledger.show_ledger(empty, foreshadowing_columns(None), False, [], str)
            return
        if not self.store.loaded:
            return  # built when the open's read of the files arrives, at the chapter then
        args = (
            self.project,
            dict(self.store.files),
            self.store.memory,
            [panel.kind for panel in self.kind_panels.values()],
            self.chapter,
            self.editor_chapter,
        )
        if later:
            self.ledger_job.submit(_ledger_work, *args)
        else:
            self.ledger_job.forget()  # an older one still coming would undo this
            self._show_ledger_work(_ledger_work(None, *args))

    def _show_ledger_work(self, built: LedgerWork) -> None:
        ledger, kind_rows = built
        if isinstance(ledger, str):
            self._show_message(ledger)
            return
        for note in ledger.notes:
            self._show_message(note)
        plot = self.store.plot
        editable = plot is not None and plot.editable
        columns = foreshadowing_columns(plot)
        self.ledger.show_ledger(ledger, columns, editable, self._names(), self.cast.canonical)
        self._show_kind_rows(kind_rows)

    def _sync_kind_tabs(self) -> None:
        """One tab per kind the project declares, in workbench.toml's order."""
        wanted = {kind.key: kind for kind in self.store.declared}
        for key in [
            key for key, panel in self.kind_panels.items() if wanted.get(key) != panel.kind
        ]:
            panel = self.kind_panels.pop(key)
            self.tabs.removeTab(self.tabs.indexOf(panel))
            panel.deleteLater()
        for key, kind in wanted.items():
            if key not in self.kind_panels:
                panel = KindPanel(kind, self)
                panel.model.editor = partial(self.edit_declared, key)
                self.kind_panels[key] = panel
                # Before the 待审 tab, which stays last.
                self.tabs.insertTab(self.tabs.indexOf(self.review), panel, kind.title)

    def _show_kind_rows(self, kind_rows: dict[str, tuple[list, list[str]]]) -> None:
        for key, panel in self.kind_panels.items():
            if key not in kind_rows:  # the kind came after the work was asked for
                continue
            rows, notes = kind_rows[key]
            for note in notes:
                self._show_message(note)
            tracker = self.store.files.get(key)
            source = tracker.source if tracker else panel.kind.file
            editable = tracker is not None and tracker.editable
            panel.show_rows(rows, declared_columns(tracker, panel.kind), editable, source)

    def _show_errors(self) -> None:
        broken = [tracker for tracker in self.store.files.values() if not tracker.editable]
        self.errors.clear()
        for tracker in broken:
            for line, problem in tracker.errors:
                item = QListWidgetItem(
                    self.tr("%1, line %2: %3")
                    .replace("%1", tracker.source)
                    .replace("%2", str(line))
                    .replace("%3", problem)
                )
                item.setData(PATH_ROLE, str(tracker.path))
                item.setData(PATH_ROLE + 1, line)
                self.errors.addItem(item)
        for problem in self.store.problems:
            self.errors.addItem(QListWidgetItem(problem))
        names = "、".join(tracker.source for tracker in broken)
        self.errors_title.setText(
            self.tr(
                "%1 does not parse: shown read-only, and nothing will be written to it until "
                "these lines are fixed (double-click one to open the file)."
            ).replace("%1", names)
            if broken
            else self.tr("A tracker file cannot be read.")
        )
        visible = bool(broken or self.store.problems)
        self.errors_title.setVisible(visible)
        self.errors.setVisible(visible)

    def error_lines(self) -> list[tuple[str, int, str]]:
        """(file, line, message) of every parse error shown."""
        return [
            (tracker.source, line, problem)
            for tracker in self.store.files.values()
            for line, problem in tracker.errors
        ]

    def _error_activated(self, item: QListWidgetItem) -> None:
        path = item.data(PATH_ROLE)
        if path:
            self.fileRequested.emit(Path(path), item.data(PATH_ROLE + 1) or 0)

    def _open_tracker_file(self) -> None:
        """打开追踪表文件: the tab's tracker file, or the memory file the selected row came
        from, or why there is none to open (`open_file.py`)."""
        if self.project is None:
            return
        current = self.tabs.currentWidget()
        key = current.kind.key if isinstance(current, KindPanel) else "plot"
        if not isinstance(current, KindPanel) and current is not self.ledger:
            key = "relationship"
        memory_row = None
        if current is self.ledger:
            row = self.ledger.model.row_of(self.ledger.selected_id() or "")
            if row is not None and not self.ledger.model.row_at(row).editable:
                memory_row = self.ledger.model.row_at(row).entry
        opening = self.opener.opening(
            self.project,
            self.store.files.get(key),
            self.store.spec_path(key),
            self.store.memory,
            memory_row,
            relationships_tab=key == "relationship",
        )
        if opening.message:
            self._show_message(opening.message)
        if opening.path is not None:
            self.fileRequested.emit(opening.path, opening.line)

    def clear_message(self) -> None:
        """Say nothing (another project is opening)."""
        self.message.clear()
        self.message.hide()

    def _update_undo(self) -> None:
        """撤销 beside the message while there is an edit to take back."""
        step = self.store.undo.last
        self.undo_button.setVisible(step is not None)
        if step is not None:
            self.undo_button.setText(self.tr("Undo"))
            self.undo_button.setToolTip(
                self.tr("Undo “%1” (%2)")
                .replace("%1", step.what)
                .replace("%2", QKeySequence(QKeySequence.StandardKey.Undo).toString())
            )

    def _show_message(self, text: str) -> None:
        self.message.setText(text)
        self.message.setVisible(bool(text))
        self.statusMessage.emit(text)

    # --- edits ---------------------------------------------------------------------------

    def edit_declared(self, key: str, line: int, column: str, value: str) -> bool:
        """Write one cell of a declared kind's row (what editing it in its tab does)."""
        return self.store.edit(
            key,
            partial(TrackerDocument.set_cell, line=line, column=column, value=value),
            self.tr("%1, line %2: %3 written")
            .replace("%1", self.store.files[key].source if key in self.store.files else key)
            .replace("%2", str(line))
            .replace("%3", column),
        )

    def edit_cell(self, entry_id: str, column: str, value: str) -> bool:
        """Write one cell of an entry (what editing a cell in place does)."""
        return self.store.edit_plot(
            partial(TrackerDocument.update, entry_id=entry_id, column=column, value=value),
            self.tr("%1: %2 written").replace("%1", entry_id).replace("%2", column),
        )

    def new_entry(self, content: str = "") -> EntryDialog:
        """Open the new-entry form: next free ID, planted in the browser's chapter, 内容 and
        the characters it names prefilled from `content` (the editor's selection)."""
        plot = self.store.plot
        ids = [entry.id for entry in plot.parsed.foreshadowing] if plot else []
        forms = self.cast.forms()
        named = sorted({forms[form] for form in Scanner(forms).scan(content)})
        dialog = EntryDialog(next_id(ids), self.chapter, content, ", ".join(named), self)
        dialog.accepted.connect(partial(self._entry_accepted, dialog))
        dialog.finished.connect(dialog.deleteLater)
        dialog.open()
        return dialog

    def new_entry_from_selection(self, text: str, chapter: int | None) -> EntryDialog:
        """记为伏笔 in the editor: the selection becomes the new entry's 内容."""
        if chapter is not None:
            self.follow_chapter(chapter)
        return self.new_entry(text)

    def _entry_accepted(self, dialog: EntryDialog) -> None:
        self.add_entry(dialog.values())

    def add_entry(self, values: dict[str, str]) -> bool:
        """Append an entry to the plot tracker's last foreshadowing table."""
        entry_id = values.get("id", "")
        return self._edit_and_select(
            entry_id,
            partial(TrackerDocument.add, kind=FORESHADOWING, values=values),
            self.tr("%1 added").replace("%1", entry_id),
        )

    def resolve(self, entry_id: str) -> bool:
        """Mark an entry 已回收@N at the browser's chapter."""
        return self.store.edit_plot(
            partial(TrackerDocument.resolve, entry_id=entry_id, chapter=self.chapter),
            self.tr("%1 resolved in chapter %2")
            .replace("%1", entry_id)
            .replace("%2", str(self.chapter)),
        )

    def abandon(self, entry_id: str) -> bool:
        """Mark an entry 废弃."""
        return self.store.edit_plot(
            partial(TrackerDocument.abandon, entry_id=entry_id),
            self.tr("%1 abandoned").replace("%1", entry_id),
        )

    def move(self, entry_id: str, delta: int) -> bool:
        """Move an entry up (-1) or down (+1) within its table in the file."""
        return self._edit_and_select(
            entry_id,
            partial(TrackerDocument.move, entry_id=entry_id, delta=delta),
            self.tr("%1 moved").replace("%1", entry_id),
        )

    def _edit_and_select(self, entry_id: str, edit, done_message: str) -> bool:
        """Write an edit; when it is written, select the entry it made or moved."""
        done = self.store.edit_plot(edit, done_message)
        if done:
            self.ledger.select(entry_id)
        return done


# --- off the GUI thread (no Qt) -----------------------------------------------------------

# The ledger (or why it cannot be built) and each declared kind's rows and notes.
LedgerWork = tuple[Ledger | str, dict[str, tuple[list, list[str]]]]


def _cast_of(project: Project | None, files: dict, memory: Trackers) -> Cast:
    """The cast, with everyone the trackers (and a webnovel-writer project's memory) name."""
    if project is None:
        return Cast(())
    relationships, plot = files.get("relationship"), files.get("plot")
    rows = [*relationship_rows(relationships), *memory.relationships]
    entries = [*(plot.parsed.foreshadowing if plot else ()), *memory.foreshadowing]
    known = Trackers(entries, rows).characters()
    try:
        return load_cast(project).including(known)
    except (OSError, WorkbenchError) as error:
        log.warning("cannot read the cast: %s", error)
        return Cast(()).including(known)


def _read_with_cast(_job: Job, project: Project) -> tuple[TrackersRead, Cast]:
    read = read_trackers(project, {})
    return read, _cast_of(project, read[0], read[3])


def _ledger_work(
    _job: Job | None,
    project: Project,
    files: dict,
    memory: Trackers,
    kinds: list,
    chapter: int,
    editor_chapter: int | None,
) -> LedgerWork:
    """The ledger at `chapter` and each declared kind's rows, from the files as read (on the
    ledger's worker, or here for what the author does in the browser)."""
    try:
        ledger: Ledger | str = build_ledger(
            project, files.get("plot"), files.get("relationship"), chapter, editor_chapter, memory
        )
    except (OSError, WorkbenchError) as error:
        ledger = str(error)
    kind_rows = {}
    for kind in kinds:
        try:
            kind_rows[kind.key] = declared_rows(project, files.get(kind.key), kind, editor_chapter)
        except (OSError, WorkbenchError) as error:
            kind_rows[kind.key] = ([], [str(error)])
    return ledger, kind_rows
