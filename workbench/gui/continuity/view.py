"""The 连续性 list of the context panel (`continuityList`) and what ties it to the editors.

After each feed the panel shows, the chapter it shows is checked over the same unsaved text
in the guard's child process (worker.py's ChapterChecker, served by gui/child_process.py:
a check holds the GIL for up to a second at 5M 字, which on a thread stalled typing whenever
the machine was busy); the findings fill the list below the checklist and underline
their text in that chapter's editor. Double-click an entry to go to it; 右键 ▸ 忽略 (in the
list or on the underline) remembers it in `.workbench/continuity.json` and removes both.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QPoint, Qt, QTimer, Signal
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QMenu, QVBoxLayout, QWidget

from workbench.book.layout import Role
from workbench.continuity.config import add_intended_name
from workbench.continuity.findings import NAME_DRIFT, Finding, dismiss, dismissals_path
from workbench.errors import WorkbenchError
from workbench.gui.child_process import ServingProcess
from workbench.gui.continuity.messages import CheckRequest, ContinuityResult, FilesChanged
from workbench.gui.continuity.underlines import Underlines, document_position

log = logging.getLogger(__name__)

FINDING_ROLE = Qt.ItemDataRole.UserRole
MAX_ROWS = 6  # the list grows to this many rows, then scrolls
CHECKER = "workbench.gui.continuity.worker:ChapterChecker"  # served in the child process
# A checker that died twice in a row is tried again after these waits (the last repeats):
# a child that cannot start (a broken install, no memory) is not respawned at every keystroke.
RETRY_AFTER_S = (10.0, 60.0, 300.0)


class ContinuityList(QWidget):
    """A title with the count, and one row per finding: line, rule and text; the reason on
    hover."""

    jumpRequested = Signal(object)  # Finding
    ignoreRequested = Signal(object)  # Finding
    intendedRequested = Signal(object)  # Finding (a name drift that is another person)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = QLabel(self)
        self.title.setObjectName("continuityTitle")
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.list = QListWidget(self)
        self.list.setObjectName("continuityList")
        self.list.setWordWrap(False)
        self.list.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.list.itemDoubleClicked.connect(self._activated)
        self.list.itemActivated.connect(self._activated)
        self.list.customContextMenuRequested.connect(self._menu)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.title)
        layout.addWidget(self.list)
        self.findings: list[Finding] = []
        self.note = ""
        self.stopped_code: int | None = None  # the exit code of a checker that cannot start
        self.retranslate()

    def rule_names(self) -> dict[str, str]:
        """Each rule as an author reads it."""
        return {
            "dead-acts": self.tr("Dead or gone, yet acting"),
            "name-drift": self.tr("Name off by one character"),
            "realm-regression": self.tr("Realm below the one reached"),
            "realm-jump": self.tr("Realm jump (a question)"),
            "paid-twice": self.tr("Foreshadowing paid twice"),
            "paid-unplanted": self.tr("Paid before it was planted"),
        }

    def show_findings(self, findings: list[Finding], note: str = "") -> None:
        """List these findings (`note`: why there is nothing to show, if so)."""
        self.findings = list(findings)
        self.note = note
        self.stopped_code = None
        self.list.clear()
        names = self.rule_names()
        for finding in findings:
            where = self.tr("Line %1").replace("%1", str(finding.line)) if finding.line else ""
            text = " · ".join(filter(None, (where, names[finding.rule], f"「{finding.text}」")))
            item = QListWidgetItem(text, self.list)
            item.setToolTip(finding.reason)
            item.setData(FINDING_ROLE, finding)
            if finding.is_question:
                item.setForeground(Qt.GlobalColor.darkYellow)
        rows = min(len(findings), MAX_ROWS)
        height = self.list.sizeHintForRow(0) if findings else 0
        self.list.setFixedHeight(rows * max(height, 1) + 2 * self.list.frameWidth() + 2)
        self.list.setVisible(bool(findings))
        self._show_title()

    def show_stopped(self, exit_code: int) -> None:
        """No findings: the checking process cannot start, so this chapter is not checked."""
        self.show_findings([])
        self.stopped_code = exit_code
        self._show_title()

    def _show_title(self) -> None:
        if self.stopped_code is not None:
            self.title.setText(
                self.tr(
                    "The continuity check cannot start (exit code %1); this chapter is not checked."
                ).replace("%1", str(self.stopped_code))
            )
            return
        if self.findings:
            title = self.tr("Continuity: %1").replace("%1", str(len(self.findings)))
        else:
            title = self.tr("Continuity: nothing contradicts the book")
        self.title.setText(title + (f" ({self.note})" if self.note else ""))

    def retranslate(self) -> None:
        """Every label in the current language."""
        stopped_code = self.stopped_code
        self.show_findings(self.findings, self.note)
        if stopped_code is not None:
            self.show_stopped(stopped_code)

    def menu_for(self, item: QListWidgetItem) -> QMenu:
        """忽略 for the entry, and for a drifted name: it is another person."""
        finding = item.data(FINDING_ROLE)
        menu = QMenu(self)
        action = menu.addAction(self.tr("Ignore"))
        action.setObjectName("ignoreContinuity")
        action.triggered.connect(lambda _checked=False, f=finding: self.ignoreRequested.emit(f))
        if finding.rule == NAME_DRIFT:
            action = menu.addAction(
                self.tr("“%1” is another character").replace("%1", finding.text)
            )
            action.setObjectName("intendedName")
            action.triggered.connect(
                lambda _checked=False, f=finding: self.intendedRequested.emit(f)
            )
        menu.addAction(self.tr("Go to it")).triggered.connect(
            lambda _checked=False, f=finding: self.jumpRequested.emit(f)
        )
        return menu

    def _menu(self, position: QPoint) -> None:
        item = self.list.itemAt(position)
        if item is not None:
            self.menu_for(item).popup(self.list.viewport().mapToGlobal(position))

    def _activated(self, item: QListWidgetItem) -> None:
        self.jumpRequested.emit(item.data(FINDING_ROLE))

    def changeEvent(self, event: QEvent) -> None:
        """Retranslate when the UI language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


class ContinuityGuard(QObject):
    """Runs the checks after the context panel's feeds and shows them in the list and the
    editors. `open_path(path)` opens a file in the editor tabs and returns its editor."""

    statusMessage = Signal(str)

    def __init__(self, panel, tabs, open_path: Callable[[Path], object], parent=None) -> None:  # type: ignore[no-untyped-def]
        super().__init__(parent)
        self.panel = panel
        self.tabs = tabs
        self.open_path = open_path
        self.view = ContinuityList(panel)
        self.view.setObjectName("continuity")
        layout = panel.layout()
        layout.insertWidget(layout.indexOf(panel.summary) + 1, self.view)
        self.refresher = ServingProcess("continuity-checker", CHECKER, self)
        self.result: ContinuityResult | None = None
        self._chapter = 0  # the chapter of the newest check asked for
        self._underlines: dict[int, Underlines] = {}  # id(editor) -> its underlines
        self._deaths = 0  # the child's deaths since its last answer
        self.retry = QTimer(self)  # running: the checker would not start; wait, then try
        self.retry.setSingleShot(True)
        self.retry.timeout.connect(self.check)
        panel.refresher.delivered.connect(self.check)
        self.refresher.answered.connect(self._answered)
        self.refresher.failed.connect(self._crashed)
        self.refresher.died.connect(self._died)
        tabs.currentEditorChanged.connect(self._underline_open_editors)
        self.view.jumpRequested.connect(self.jump)
        self.view.ignoreRequested.connect(self.ignore)
        self.view.intendedRequested.connect(self.mark_intended)

    def check(self, *_args) -> int | None:
        """Check the chapter the panel shows, over the unsaved text now."""
        project = self.panel.project
        if project is None:
            self.refresher.forget()
            self.retry.stop()  # the next book's checker is tried at once
            self._deaths = 0
            self.result = None
            self.view.show_findings([])
            self._underline_open_editors()
            return None
        if self.retry.isActive():
            return None  # the list says the chapter is not checked; the timer tries again
        self._chapter = self.panel.request().chapter
        buffers = dict(self.tabs.unsaved_buffers())
        return self.refresher.request(CheckRequest(project.root, self._chapter, buffers))

    def files_changed(self, paths: set[Path], _on_disk: bool = False) -> None:
        """Saved here or changed on disk: the checking process reads them afresh."""
        self.refresher.tell(FilesChanged(frozenset(paths)))

    def _answered(self, result: ContinuityResult) -> None:
        self._deaths = 0
        self.retry.stop()
        result.job_id = self.refresher.latest_id  # only the newest request is answered
        self._show(result)

    def _crashed(self, reason: str) -> None:
        """A bug in the check: said under the list (the trace is logged by the child)."""
        self._show(ContinuityResult(self.refresher.latest_id, self._chapter, error=reason))

    def _died(self, exit_code: int) -> None:
        """The checking process was killed (or crashed): said once, and started again with a
        check of the chapter now. Dead again before answering, it cannot start: the list
        says so, the underlines go, and it is tried again after a wait that grows."""
        self._deaths += 1
        if self._deaths == 1:
            self.statusMessage.emit(
                self.tr(
                    "The continuity check process stopped unexpectedly (exit code %1); "
                    "it has been restarted."
                ).replace("%1", str(exit_code))
            )
            self.check()
            return
        log.warning("the continuity checker cannot start (exit code %s)", exit_code)
        self.result = None
        self.view.show_stopped(exit_code)
        self._underline_open_editors()
        wait_s = RETRY_AFTER_S[min(self._deaths - 2, len(RETRY_AFTER_S) - 1)]
        self.retry.start(round(wait_s * 1000))

    def _show(self, result: ContinuityResult) -> None:
        self.result = result
        note = self.tr("not checked: %1").replace("%1", result.error) if result.error else ""
        self.view.show_findings(result.findings, note)
        self._underline_open_editors()

    def _underline_open_editors(self, *_args) -> None:
        """Underline the checked chapter's findings in its editor, when the editor still
        holds the text that was checked (else the next check, already asked for, will)."""
        result = self.result
        for editor in self.tabs.editors():
            underlines = self._underlines.get(id(editor))
            if underlines is None:
                underlines = Underlines(editor.text_edit, self.ignore, editor)
                self._underlines[id(editor)] = underlines
                editor.menu_extensions.append(underlines.extend_menu)
                editor.destroyed.connect(partial(self._forget, id(editor)))
            checked_here = result is not None and result.path == editor.path
            if checked_here and editor.text() == result.text:
                underlines.show(result.text, result.findings)
            elif checked_here:
                pass  # edited since: the check asked for after the edit redraws them
            elif underlines.findings:
                underlines.clear()

    def _forget(self, key: int, *_destroyed) -> None:
        self._underlines.pop(key, None)

    def underlines_of(self, editor) -> Underlines | None:  # type: ignore[no-untyped-def]
        """The underlines drawn in an editor (None before the first check)."""
        return self._underlines.get(id(editor))

    def jump(self, finding: Finding) -> None:
        """Open the finding's chapter with the caret on its text."""
        result = self.result
        if result is None or result.path is None:
            return
        editor = self.open_path(result.path)
        if editor is None:
            return
        cursor = editor.text_edit.textCursor()
        if finding.end > finding.start and editor.text() == result.text:
            cursor.setPosition(document_position(result.text, finding.start))
            cursor.setPosition(
                document_position(result.text, finding.end), QTextCursor.MoveMode.KeepAnchor
            )
        elif finding.line:
            block = editor.text_edit.document().findBlockByNumber(finding.line - 1)
            cursor.setPosition(block.position())
        editor.text_edit.setTextCursor(cursor)
        editor.text_edit.ensureCursorVisible()
        editor.text_edit.setFocus()

    def ignore(self, finding: Finding) -> None:
        """Remember the finding as dismissed, and show the chapter without it."""
        project = self.panel.project
        if project is None:
            return
        try:
            dismiss(project, finding)
        except (OSError, WorkbenchError) as error:
            self.statusMessage.emit(self.tr("Cannot ignore it: %1").replace("%1", str(error)))
            return
        self.files_changed({dismissals_path(project)})
        self._without(finding)

    def mark_intended(self, finding: Finding) -> None:
        """A drifted name that is another character: never reported again (workbench.toml)."""
        project = self.panel.project
        if project is None:
            return
        try:
            add_intended_name(project, finding.text)
        except (OSError, WorkbenchError) as error:
            self.statusMessage.emit(self.tr("Cannot remember it: %1").replace("%1", str(error)))
            return
        self.files_changed({project.role_path(Role.CONFIG)})
        self._without(finding)

    def _without(self, finding: Finding) -> None:
        if self.result is not None:
            self.result.findings = [f for f in self.result.findings if f.key != finding.key]
            self._show(self.result)
        self.check()

    def shut_down(self) -> None:
        """Stop the checking process and wait for it."""
        self.refresher.shut_down()
