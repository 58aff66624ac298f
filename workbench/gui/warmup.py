"""What the first paint does not need, loaded once the window is up (issue #28).

The prepare dialog, the model client and httpx, the importer, the settings dialog, the usage
view and the summary job's process code are imported where they are first used, and the
docks not in front (追踪表, 全书) are built when first shown, so the window opens without them
(`tests/gui/test_start_imports.py` holds this). So that the first Prepare, the first summary
or the first look at a dock is not slower for it, they are loaded a little after the window
is shown, and only while the author is neither typing nor clicking (gui/author_quiet.py): a
dock built between two keystrokes held the second for 70-80 ms. The engine modules load first,
on a thread of their own (pure Python, the GUI thread keeps its turns at the GIL), the docks'
among them; then, on the GUI thread, one step per pass of the event loop, each dock's own
module and then its panel, and the dialogs' modules (Qt classes are defined and built on the
GUI thread: PySide6's import hook is not for threads). Last on the thread, the open book's
tokenizer is loaded, in its counting process (gui/counting_process.py).
"""

from __future__ import annotations

import importlib
import logging
import threading
from collections.abc import Callable, Iterable
from functools import partial

from PySide6.QtCore import QEvent, QObject, QTimer, Signal

from workbench.book.project import Project
from workbench.errors import WorkbenchError
from workbench.gui.author_quiet import AuthorQuiet

log = logging.getLogger(__name__)

DELAY_MS = 1500  # after the first show: the open's own deferred work goes first
# Between two steps: a zero-time timer ran the next step before the event loop's other timers
# and posted events, so two or three steps made one GUI-thread gap (40 ms of CPU, 57-61 ms
# beside the summary's save); a frame apart, each step is a gap of its own.
STEP_GAP_MS = 16
ENGINE_MODULES = (
    "workbench.feed.build",  # the first Prepare's (the context panel's worker loads it too)
    "workbench.upkeep.run",
    "workbench.llm.client",  # httpx
    "workbench.calls.request",
    "workbench.summaries.openai_backend",
    "workbench.upkeep.model",  # pydantic: the paid upkeep's estimate and its calls
    "workbench.book.importer",
    "workbench.gui.summary_process",  # multiprocessing
    # The engine under the docks' panels, so that their GUI steps are their own code only
    # (tests/gui/test_warmup_steps.py holds that they load nothing else).
    "workbench.trackers.browse",
    "workbench.trackers.document",
    "workbench.trackers.mentions",
    "workbench.trackers.timeline",
    "workbench.upkeep.accept",
    "workbench.upkeep.change",
)
DIALOG_MODULES = (
    "workbench.gui.prepare.dialog",
    "workbench.gui.settings_dialog",
    "workbench.gui.import_dialog",
    "workbench.gui.import_target",
    "workbench.gui.usage.view",
)


class Warmup(QObject):
    """Loads ENGINE_MODULES on a thread, then runs `steps` (the deferred docks' modules and
    panels) and loads DIALOG_MODULES on the GUI thread, one per pass, once, a little after
    `window` is first shown, each only while the author is quiet; `finished` when all are
    done."""

    finished = Signal()
    _engine_loaded = Signal()
    _tokenizer_loaded = Signal()

    def __init__(
        self,
        window: QObject,
        steps: Iterable[Callable[[], object]] = (),
        project: Callable[[], Project | None] = lambda: None,
    ) -> None:
        super().__init__(window)
        self._project = project
        self._thread: threading.Thread | None = None
        self._steps = list(steps)
        self._pending: list[Callable[[], object]] = []  # the GUI thread's, one per pass
        self._tokenizer_done = False
        self._stepping = False
        self._stopped = False
        self._finished = False
        self.author = AuthorQuiet(self)
        self.author.settled.connect(self._step)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DELAY_MS)
        self._timer.timeout.connect(self.start)
        self._engine_loaded.connect(self._engine_finished)
        self._tokenizer_loaded.connect(self._tokenizer_finished)
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The window's first show starts the delay."""
        if event.type() == QEvent.Type.Show and self._thread is None and not self._stopped:
            watched.removeEventFilter(self)
            self._timer.start()
        return False

    def start(self) -> None:
        """Begin loading now (the timer's end; a no-op when begun already)."""
        if self._thread is not None or self._stopped or self._finished:
            return
        self.author.start()
        self._thread = threading.Thread(target=self._load_engine, name="warmup", daemon=True)
        self._thread.start()

    def _load_engine(self) -> None:
        for name in ENGINE_MODULES:
            self.author.quiet.wait()
            if self._stopped:
                return
            _load(name)
        self._engine_loaded.emit()  # queued to the GUI thread
        self.author.quiet.wait()
        if not self._stopped:
            self._load_tokenizer()
        self._tokenizer_loaded.emit()

    def _load_tokenizer(self) -> None:
        """The open book's tokenizer, loaded (in its counting process) before the first
        keystroke needs a count."""
        from workbench.models.profiles import active_profile
        from workbench.models.tokenizers import load_tokenizer

        project = self._project()
        if project is None:
            return
        try:
            name = active_profile(project).tokenizer
        except WorkbenchError:  # the context panel says what is wrong with the profile
            return
        load_tokenizer(name)

    def _engine_finished(self) -> None:
        self._pending = [*self._steps, *(partial(_load, name) for name in DIALOG_MODULES)]
        self._step()

    def _tokenizer_finished(self) -> None:
        self._tokenizer_done = True
        self._step()

    def _step(self) -> None:
        """One thing on the GUI thread, then the next on the next pass of the event loop;
        while the author types, the next waits for `settled`."""
        if self._stepping or self._stopped:
            return
        if self._pending:
            if not self.author.quiet.is_set():
                return
            self._pending.pop(0)()
            self._stepping = True
            QTimer.singleShot(STEP_GAP_MS, self, self._next_pass)
        elif self._tokenizer_done and not self._finished:
            self._finished = True
            self.author.stop()
            self.finished.emit()

    def _next_pass(self) -> None:
        self._stepping = False
        self._step()

    def shut_down(self) -> None:
        """The window closes: nothing more is loaded; a module being loaded is finished."""
        self._stopped = True
        self._timer.stop()
        self.author.stop()  # a thread waiting for a quiet moment goes on, and stops
        if self._thread is not None:
            self._thread.join()


def _load(name: str) -> None:
    try:
        importlib.import_module(name)
    except Exception:  # a broken install shows itself where the module is used, not here
        log.exception("warm-up: cannot import %s", name)
