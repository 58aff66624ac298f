"""Catching every exception that escapes while the app is driven (shared by the fuzz and
monkey tests)."""

from __future__ import annotations

import contextlib
import logging
import sys
import threading
from collections.abc import Iterator


class Escapes(logging.Handler):
    """Every exception that escaped or was swallowed while installed: sys.excepthook (Qt
    slots and virtuals, on any thread), threading.excepthook (Python threads) and the traces
    the app's last-resort handlers log (`log.exception` in a worker that keeps running)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.caught: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info:
            self.caught.append(f"logged: {record.getMessage()}: {record.exc_info[1]!r}")

    def _sys_hook(self, _kind, value, _trace) -> None:  # type: ignore[no-untyped-def]
        self.caught.append(f"uncaught: {value!r}")

    def _thread_hook(self, args) -> None:  # type: ignore[no-untyped-def]
        self.caught.append(f"in thread {args.thread}: {args.exc_value!r}")

    @contextlib.contextmanager
    def installed(self) -> Iterator[Escapes]:
        """Catch escapes inside the block (pytest's and pytest-qt's hooks are put back)."""
        hooks = sys.excepthook, threading.excepthook
        sys.excepthook, threading.excepthook = self._sys_hook, self._thread_hook
        logger = logging.getLogger("workbench")
        logger.addHandler(self)
        try:
            yield self
        finally:
            logger.removeHandler(self)
            sys.excepthook, threading.excepthook = hooks
