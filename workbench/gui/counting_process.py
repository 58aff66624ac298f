"""The app's tokenizers, loaded and counting in processes of their own (no Qt here: the child
never imports it).

Loading a tokenizer is native code that holds the GIL the whole time: DeepSeek-V4's
`Tokenizer.from_file` ≈ 0.3 s, tiktoken building Qwen's tables ≈ 0.2 s (more on a busy
machine). In the app the first text the token cache lacks — the first keystroke in a chapter
the feed holds — loaded it on the panel's worker thread, and the GUI thread, needing the GIL
for every event, froze that long while the author typed. Here the load happens in a child;
the worker thread that counts sends the text down a pipe and waits for the number with the GIL
released. Counts are the same tokenizer's, so the same numbers.

A child lives as long as the process that started it, as the tokenizer it stands for would:
it is started by the first count (or the warm-up) and ends when the app does (its pipe closes).
One that dies is replaced at the next count; if the replacement cannot count either, the text
is counted here, with the tokenizer loaded here, so a count never fails for want of a child.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from typing import TYPE_CHECKING

from workbench.gui import turns
from workbench.models import tokenizers
from workbench.models.tokenizers import Count

if TYPE_CHECKING:  # multiprocessing is imported when a child is first started, after the open
    import multiprocessing
    from multiprocessing.connection import Connection

log = logging.getLogger(__name__)

STOP_WAIT_S = 2.0
# A child that does not answer within these is taken for hung: it is killed and replaced. A
# first load parses its vocabulary (≈ 0.6 s quiet); a count of a whole feed takes ≈ 0.1 s.
LOAD_WAIT_S = 60.0
COUNT_WAIT_S = 30.0


class CountingProcess:
    """One tokenizer counting in a child process; `count` may be called from any thread."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._lock = threading.Lock()  # one text on the pipe at a time
        self._child: multiprocessing.Process | None = None
        self._pipe: Connection | None = None
        self._here: Count | None = None  # the last resort: counting in this process

    @property
    def pid(self) -> int | None:
        """The child's process id while it runs (tests kill it)."""
        child = self._child
        return child.pid if child is not None and child.is_alive() else None

    def start(self) -> None:
        """Start the child and wait until its tokenizer is loaded; raises what the load raised
        there (VocabularyUnavailable, ImportError, …), so the caller's fallback applies. A
        book-reader's turn is given up for the load (≈ 0.3 s), not for a count (a few ms),
        which would hand the turn to a reader with a whole job to do."""
        with turns.turn_given_up(), self._lock:
            if self._pipe is None:
                self._spawn()

    def count(self, text: str) -> int:
        """Tokens in `text`: asked of the child (a dead one replaced once), else counted here."""
        if self._pipe is None and self._here is None:
            with contextlib.suppress(EOFError, OSError):  # tried again below, then counted here
                self.start()
        with self._lock:
            if self._here is None:
                for _attempt in range(2):
                    try:
                        if self._pipe is None:
                            self._spawn()
                        assert self._pipe is not None
                        self._pipe.send(text)
                        return _answer(self._pipe, COUNT_WAIT_S)
                    except (EOFError, OSError) as error:
                        log.warning(
                            "counting process for %s stopped (%s, exit code %s); restarting",
                            self.name,
                            error or type(error).__name__,
                            self._exit_code(),
                        )
                        self._forget_child()
                log.warning("counting process for %s failed twice; counting in the app", self.name)
                self._here = tokenizers.load_here(self.name)
        return self._here(text)

    def stop(self) -> None:
        """End the child (tests; the app's child ends with the app)."""
        with self._lock:
            self._forget_child()

    def _spawn(self) -> None:
        import multiprocessing

        context = multiprocessing.get_context("spawn")  # never fork: the app has Qt threads
        ours, theirs = context.Pipe()
        child = context.Process(
            target=_serve, args=(self.name, theirs), name=f"counting {self.name}", daemon=True
        )
        child.start()
        theirs.close()  # the child holds the only other end: EOF means it is gone
        self._child, self._pipe = child, ours
        try:
            answer = _answer(ours, LOAD_WAIT_S)
        except TimeoutError:
            self._forget_child()
            raise
        except EOFError:
            code = self._exit_code()
            self._forget_child()
            raise OSError(
                f"the counting process for {self.name} ended (exit code {code})"
            ) from None
        if isinstance(answer, BaseException):
            self._forget_child()
            raise answer

    def _exit_code(self) -> int | None:
        if self._child is None:
            return None
        self._child.join(STOP_WAIT_S)
        return self._child.exitcode

    def _forget_child(self) -> None:
        pipe, child = self._pipe, self._child
        self._pipe = self._child = None
        if pipe is not None:
            pipe.close()  # the child's recv ends with EOF and it exits
        if child is not None:
            child.join(STOP_WAIT_S)
            if child.is_alive():
                child.kill()
                child.join()
            child.close()


_processes: dict[str, CountingProcess] = {}
_processes_lock = threading.Lock()


def counting_process(name: str) -> CountingProcess:
    """This process's child for tokenizer `name` (made, not started, on first ask)."""
    with _processes_lock:
        if name not in _processes:
            _processes[name] = CountingProcess(name)
        return _processes[name]


def _load_in_child(name: str) -> Count:
    process = counting_process(name)
    try:
        process.start()
    except OSError as error:  # no child could start or load: the tokenizer loads here
        log.warning("no counting process for %s (%s); loading it in the app", name, error)
        return tokenizers.load_here(name)
    return process.count


def count_in_child_processes() -> None:
    """Tokenizers not yet loaded are loaded, and count, in child processes from now on."""
    tokenizers.load_elsewhere(_load_in_child)


def count_here_again() -> None:
    """Tokenizers not yet loaded load in this process again (the children stay, for the next
    window of this process)."""
    tokenizers.load_elsewhere(None)


def _answer(pipe: Connection, timeout: float) -> object:
    """The child's next message; TimeoutError (an OSError) when none comes within `timeout`."""
    if not pipe.poll(timeout):
        raise TimeoutError(f"no answer within {timeout:.0f} s")
    return pipe.recv()


def _serve(name: str, pipe: Connection) -> None:
    """In the child: load the tokenizer, say so (or send what the load raised), then answer
    each text with its count until the app closes the pipe. An app that closed it first (it
    was quit while the tokenizer loaded) is no error: the child just ends."""
    try:
        count = tokenizers.load_here(name)
        outcome = None
    except Exception as error:  # sent back and raised there, where the fallback is decided
        count, outcome = None, error
    try:
        pipe.send(outcome)
        while count is not None:
            pipe.send(count(pipe.recv()))
    except (EOFError, OSError):  # the app closed the pipe (BrokenPipeError is an OSError)
        return
