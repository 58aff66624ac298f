"""The last line of defence: on an unhandled exception, first keep the author's unsaved text."""

from __future__ import annotations

import logging
import sys
import traceback
from types import TracebackType

from workbench.gui.crash_dialog import show_crash

log = logging.getLogger(__name__)


class CrashHandler:
    """sys.excepthook replacement: autosave every modified editor, log, then tell the author."""

    def __init__(self, window) -> None:
        self.window = window
        self.previous = sys.excepthook
        self._handling = False

    def install(self) -> None:
        """Become sys.excepthook."""
        sys.excepthook = self

    def uninstall(self) -> None:
        """Give sys.excepthook back to whoever had it."""
        if sys.excepthook is self:
            sys.excepthook = self.previous

    def __call__(
        self, kind: type[BaseException], error: BaseException, trace: TracebackType | None
    ) -> None:
        """Save, log, report; an error while reporting falls back to the previous hook."""
        if self._handling:
            self.previous(kind, error, trace)
            return
        self._handling = True
        try:
            saved = 0
            try:
                saved = self.window.tabs.autosave_now(force=True)
            except Exception:  # the report below must still happen
                log.exception("emergency autosave failed")
            details = "".join(traceback.format_exception(kind, error, trace))
            log.critical("unhandled exception (%d documents autosaved):\n%s", saved, details)
            show_crash(self.window, f"{kind.__name__}: {error}", details, saved)
        except Exception:
            self.previous(kind, error, trace)
        finally:
            self._handling = False
