"""The editors in the middle of the window: open, save, autosave, recover, reload, close."""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QEvent, QTimer, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QTabWidget, QWidget

from workbench.book.layout import Role
from workbench.book.naming import chapter_number_from_name
from workbench.book.project import Project
from workbench.book.textio import UTF8, TextFile, content_hash
from workbench.errors import ChangedOnDisk, WorkbenchError
from workbench.gui import prompts
from workbench.gui.autosave import AutosaveStore
from workbench.gui.editor import ChapterEditor
from workbench.gui.open_tabs import remember_open_tabs, restore_open_tabs
from workbench.gui.save_stats import SaveStats

log = logging.getLogger(__name__)

AUTOSAVE_INTERVAL_MS = 3000
MODIFIED_MARK = "● "


class EditorTabs(QTabWidget):
    """Open documents of the current project; every write goes through the Project."""

    currentEditorChanged = Signal(object)  # ChapterEditor | None
    ziChanged = Signal(int)
    modifiedChanged = Signal(bool)
    documentSaved = Signal(object)  # Path
    documentClean = Signal(object)  # Path: no unsaved edits any more (saved, discarded, reloaded)
    bufferChanged = Signal()  # the text of an open document changed (every keystroke)
    selectionChanged = Signal()  # the selection in an open document changed
    pinRequested = Signal(object, str)  # Path, section heading ("" for the whole file)
    statusMessage = Signal(str)
    foreshadowingRequested = Signal(str, object)  # selected text, chapter number or None
    summaryRegenerateRequested = Signal(int, int)  # first and last chapter of a summary range

    def __init__(self, font: QFont, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTabsClosable(True)
        self.setMovable(True)
        self.setDocumentMode(True)
        self.project: Project | None = None
        self.autosave: AutosaveStore | None = None
        self._font = font
        self._autosaved_hash: dict[Path, str] = {}
        self.save_stats = SaveStats()
        self.autosave_timer = QTimer(self)
        self.autosave_timer.setInterval(AUTOSAVE_INTERVAL_MS)
        self.autosave_timer.timeout.connect(self.autosave_now)
        self.tabCloseRequested.connect(self.close_tab)
        self.currentChanged.connect(self._current_changed)

    # --- project and documents ---------------------------------------------------------

    def set_project(self, project: Project | None) -> None:
        """Work on `project` (all tabs must be closed first)."""
        assert self.count() == 0, "close the open documents before switching projects"
        self.project = project
        self.autosave = AutosaveStore(project.root, project.state_dir) if project else None
        if project:
            self.autosave_timer.start()
        else:
            self.autosave_timer.stop()

    def editors(self) -> list[ChapterEditor]:
        """Every open editor, in tab order."""
        return [self.widget(i) for i in range(self.count())]  # type: ignore[misc]

    def unsaved_buffers(self) -> dict[Path, str]:
        """The text of every open document with unsaved edits, as copies (path → text)."""
        return {editor.path: editor.text() for editor in self.editors() if editor.is_modified()}

    def current_editor(self) -> ChapterEditor | None:
        """The editor in front, if any."""
        widget = self.currentWidget()
        return widget if isinstance(widget, ChapterEditor) else None

    def close_current(self) -> None:
        """Close the tab in front (asking about unsaved edits)."""
        if self.currentIndex() >= 0:
            self.close_tab(self.currentIndex())

    def open_find_bar(self) -> None:
        """Show find and replace in the editor in front."""
        editor = self.current_editor()
        if editor:
            editor.open_find_bar()

    def editor_for(self, path: Path) -> ChapterEditor | None:
        """The editor showing `path`, if it is open."""
        return next((e for e in self.editors() if e.path == Path(path)), None)

    def open_file(self, path: Path) -> ChapterEditor | None:
        """Show `path` in a tab (reusing an open one); None when it cannot be read."""
        assert self.project is not None
        path = Path(path)
        existing = self.editor_for(path)
        if existing:
            self.setCurrentWidget(existing)
            return existing
        try:
            loaded = self.project.read(path)
        except (OSError, WorkbenchError) as error:
            prompts.show_problem(self, self.tr("Cannot open file"), str(error))
            return None
        return self._add_editor(loaded)

    def open_at_line(self, path: Path, line: int = 0) -> ChapterEditor | None:
        """Show `path` with the caret at the start of line `line` (1-based; 0: where it
        was), scrolled into sight: a tracker row's or a parse error's line."""
        editor = self.open_file(path)
        if editor is not None and line > 0:
            text = editor.shown_text()
            offset = 0
            for _ in range(line - 1):
                found = text.find("\n", offset)
                if found < 0:
                    break
                offset = found + 1
            editor.reveal_at(offset)
            # In the upper third, not on the bottom edge where ensureCursorVisible leaves it:
            # the lines after it are what the author came to read.
            text_edit = editor.text_edit
            bar = text_edit.verticalScrollBar()
            bar.setValue(bar.value() + text_edit.cursorRect().top() - text_edit.height() // 3)
        return editor

    def _add_editor(self, loaded: TextFile) -> ChapterEditor:
        assert self.project is not None
        ref = self.project.chapter_at(loaded.path)
        number = ref.number if ref else None
        editor = ChapterEditor(loaded, number, self._font, self, root=self.project.root)
        editor.is_rolling_summary = loaded.path == self.project.role_path(Role.ROLLING_SUMMARY)
        editor.ziChanged.connect(self._editor_zi_changed)
        editor.modifiedChanged.connect(self._editor_modified_changed)
        editor.text_edit.textChanged.connect(self.bufferChanged)
        editor.text_edit.selectionChanged.connect(self.selectionChanged)
        editor.pinRequested.connect(self.pinRequested)
        editor.foreshadowingRequested.connect(self._editor_foreshadowing_requested)
        editor.summaryRegenerateRequested.connect(self.summaryRegenerateRequested)
        index = self.addTab(editor, "")
        self._update_tab(editor)
        self.setCurrentIndex(index)
        editor.text_edit.setFocus()
        return editor

    def tab_label(self, editor: ChapterEditor) -> str:
        """A chapter by its number and title (第12章 赤石坳), any other file by its name."""
        if editor.chapter is None:
            plan = self._plan_chapter(editor.path)
            if plan is not None:  # named as the tree names it, not ch013.md
                return self.tr("Chapter %1 plan").replace("%1", str(plan))
            return editor.path.name
        ref = self.project.chapter_at(editor.path)
        title = (ref.title if ref else "") or editor.heading_title
        label = self.tr("Chapter %1").replace("%1", str(editor.chapter))
        return f"{label} {title}" if title else label

    def _plan_chapter(self, path: Path) -> int | None:
        """The chapter a plan file is for (None for any other file)."""
        if self.project is None:
            return None
        plans = (self.project.root / self.project.layout.plans_dir).resolve()
        if path.parent.resolve() != plans:
            return None
        parsed = chapter_number_from_name(path.stem)
        return parsed[0] if parsed else None

    def _update_tab(self, editor: ChapterEditor) -> None:
        index = self.indexOf(editor)
        if index < 0:
            return
        text = (MODIFIED_MARK if editor.is_modified() else "") + self.tab_label(editor)
        if self.tabText(index) != text:
            self.setTabText(index, text)
        self.setTabToolTip(
            index, self.project.relative(editor.path) if self.project else editor.path.name
        )

    def changeEvent(self, event: QEvent) -> None:
        """Relabel the tabs when the UI language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            for editor in self.editors():
                self._update_tab(editor)
        super().changeEvent(event)

    def set_editor_font(self, font: QFont) -> None:
        """Use `font` in every editor, open and future."""
        self._font = font
        for editor in self.editors():
            editor.set_editor_font(font)

    # --- signals from editors ----------------------------------------------------------

    def _current_changed(self, _index: int) -> None:
        editor = self.current_editor()
        self.currentEditorChanged.emit(editor)
        if editor:
            self.ziChanged.emit(editor.zi)
            self.modifiedChanged.emit(editor.is_modified())

    def _editor_zi_changed(self, zi: int) -> None:
        editor = self.sender()
        if isinstance(editor, ChapterEditor):
            self._update_tab(editor)
        if editor is self.current_editor():
            self.ziChanged.emit(zi)

    def _editor_foreshadowing_requested(self, text: str) -> None:
        editor = self.sender()
        if isinstance(editor, ChapterEditor):
            self.foreshadowingRequested.emit(text, editor.chapter)

    def _editor_modified_changed(self, modified: bool) -> None:
        editor = self.sender()
        if not isinstance(editor, ChapterEditor):
            return
        self._update_tab(editor)
        if not modified:
            self._forget_autosave(editor)
            self.documentClean.emit(editor.path)
        if editor is self.current_editor():
            self.modifiedChanged.emit(modified)

    # --- saving ------------------------------------------------------------------------

    def save_current(self) -> bool:
        """Save the editor in front (Ctrl+S)."""
        editor = self.current_editor()
        return self.save(editor) if editor else False

    def save(self, editor: ChapterEditor) -> bool:
        """Write an editor's text atomically through the Project; False if not written."""
        assert self.project is not None
        if editor.deleted_on_disk():
            editor.keep_mine()  # the bar said so: saving a file deleted on disk recreates it
        if editor.has_conflict():
            self.statusMessage.emit(
                self.tr("Not saved: the file changed on disk — choose in the bar above the text.")
            )
            return False
        # Whether another program changed the file since it was read is checked by the write
        # itself, just before its rename (`expect`): reading and hashing it here as well was
        # a second read of the chapter on every save.
        text, zi = editor.text(), editor.current_zi()
        before = editor.loaded
        try:
            expect = editor.loaded.sha256 if editor.path.exists() else None
            written = self.project.write(editor.path, text, expect=expect)
            if editor.chapter is not None and self.project.chapter(editor.chapter) is None:
                self.project.rescan()  # its file (or its folder) had vanished: list it again
        except ChangedOnDisk:  # written by another program since the check above
            if editor.path.is_file():
                editor.show_conflict(self.project.read(editor.path))
            self.statusMessage.emit(
                self.tr("Not saved: the file changed on disk since it was opened.")
            )
            return False
        except (OSError, WorkbenchError) as error:
            kept = self.tr("Your text is still here in the editor: nothing is lost.")
            prompts.show_problem(self, self.tr("Save failed"), f"{error}\n\n{kept}")
            return False
        self.project.remember_zi(written, zi)
        was_modified = editor.is_modified()
        editor.mark_saved(written)  # an editor that was modified forgets its autosave here
        if not was_modified:
            self._forget_autosave(editor)
        self._record_stats(editor.chapter, before, written)
        self.statusMessage.emit(
            self.tr("Saved %1").replace("%1", self.project.relative(editor.path))
        )
        self.documentSaved.emit(editor.path)
        return True

    def _record_stats(self, chapter: int | None, before: TextFile, after: TextFile) -> None:
        """Add the save to the writing statistics: each text counted once, by its hash (the
        tree's row counts the saved one from the same cache); the first save of a book with
        no history is written off the GUI thread (gui/save_stats.py)."""
        if chapter is None or self.project is None:
            return
        counted = self.project.text_zi
        self.save_stats.record(self.project, chapter, counted(before), counted(after))

    # --- autosave and recovery ---------------------------------------------------------

    def autosave_now(self, *, force: bool = False) -> int:
        """Keep the text of every modified editor in the autosave folder; returns how many.

        `force` rewrites even unchanged autosaves (the crash handler wants them certain).
        """
        if self.autosave is None or self.project is None:
            return 0
        kept = 0
        for editor in self.editors():
            if not editor.is_modified():
                continue
            text = editor.text()
            digest = content_hash(text.encode("utf-8"))
            if not force and self._autosaved_hash.get(editor.path) == digest:
                kept += 1
                continue
            try:
                self.autosave.write(self.project.relative(editor.path), text, editor.loaded.sha256)
            except OSError as error:
                log.error("autosave of %s failed: %s", editor.path, error)
                continue
            self._autosaved_hash[editor.path] = digest
            kept += 1
        return kept

    def _forget_autosave(self, editor: ChapterEditor) -> None:
        self._autosaved_hash.pop(editor.path, None)
        if self.autosave and self.project:
            self.autosave.discard(self.project.relative(editor.path))

    def reopen(self) -> bool:
        """A project just opened: offer the text a crash left unsaved, else bring back the
        tabs that were open (and their carets); False when neither opened anything."""
        return bool(self.offer_recovery()) or restore_open_tabs(self.project, self)

    def offer_recovery(self) -> int:
        """Offer every autosave left by a crash, one question each; returns how many restored."""
        if self.autosave is None or self.project is None:
            return 0
        restored = 0
        for entry in self.autosave.recoverable():
            choice = prompts.ask_recovery(self, entry.relative_path, entry.saved_at)
            if choice is prompts.Recovery.DISCARD:
                self.autosave.discard(entry.relative_path)
                continue
            if choice is prompts.Recovery.LATER:
                continue
            path = self.project.root / entry.relative_path
            if path.is_file():
                editor = self.open_file(path)
            else:
                editor = self._add_editor(TextFile(path, "", UTF8, content_hash(b"")))
            if editor is not None:
                editor.set_unsaved_text(entry.text)
                restored += 1
        return restored

    # --- external changes --------------------------------------------------------------

    def reload_changed(self, paths: set[Path]) -> int:
        """React to files changed on disk: reload clean editors, raise the bar on dirty ones."""
        assert self.project is not None
        touched = 0
        for editor in self.editors():
            if editor.path not in paths:
                continue
            if not editor.path.is_file():
                editor.show_conflict(None)
                touched += 1
                continue
            try:
                if not self.project.changed_on_disk(editor.loaded):
                    continue  # our own save, or a touch that changed no bytes
                on_disk = self.project.read(editor.path)
            except (OSError, WorkbenchError) as error:
                log.warning("cannot reread %s: %s", editor.path, error)
                continue
            touched += 1
            if editor.is_modified():
                editor.show_conflict(on_disk)
            else:
                editor.load(on_disk, keep_undo=True)
                self.statusMessage.emit(
                    self.tr("Reloaded %1 (changed on disk)").replace(
                        "%1", self.project.relative(editor.path)
                    )
                )
        return touched

    # --- closing -----------------------------------------------------------------------

    def close_tab(self, index: int) -> bool:
        """Close one tab, asking first when it has unsaved edits; False if the author cancels."""
        editor = self.widget(index)
        if not isinstance(editor, ChapterEditor):
            return False
        discard = self._settle(editor)
        if discard is None:
            return False
        self._remove(editor, discard)
        return True

    def close_all(self) -> bool:
        """Close every tab, asking for each modified one; False on cancel, and then every tab
        stays open (edits saved before the cancel are saved, nothing is discarded). Which tabs
        were open is remembered first, for the project's next opening."""
        remember_open_tabs(self.project, self)
        editors = self.editors()
        discarded = []
        for editor in reversed(editors):
            discard = self._settle(editor)
            if discard is None:
                return False
            if discard:
                discarded.append(editor)
        for editor in reversed(editors):
            self._remove(editor, editor in discarded)
        return True

    def _settle(self, editor: ChapterEditor) -> bool | None:
        """Ask about an editor's unsaved edits: None when the author cancels, else whether
        its edits are to be discarded (saved or unmodified: False)."""
        if not editor.is_modified():
            return False
        choice = prompts.ask_unsaved(self, self.tab_label(editor))
        if choice is prompts.Unsaved.CANCEL:
            return None
        if choice is prompts.Unsaved.SAVE and not self.save(editor):
            return None
        return choice is prompts.Unsaved.DISCARD

    def _remove(self, editor: ChapterEditor, discard: bool) -> None:
        if discard:
            self._forget_autosave(editor)
        self.removeTab(self.indexOf(editor))
        editor.deleteLater()
        self.documentClean.emit(editor.path)
