"""A served object for tests/gui/test_child_process.py, built in the child (no Qt here)."""

from __future__ import annotations

import os
import sys
import time


class Echo:
    """Answers what it was asked with what it has heard, the requests it answered and its pid;
    ("sleep", s, x) answers x after s seconds; "qt" lists the Qt modules the child imported;
    "raise" raises."""

    def __init__(self) -> None:
        self.heard: list[object] = []
        self.answered = 0

    def answer(self, message: object) -> object:
        self.answered += 1
        if message == "raise":
            raise ValueError("asked to")
        if message == "qt":
            return sorted(name for name in sys.modules if name.startswith(("PySide6", "shiboken")))
        if isinstance(message, tuple) and message[0] == "sleep":
            time.sleep(message[1])
            message = message[2]
        return {"echo": message, "heard": list(self.heard), "answered": self.answered,
                "pid": os.getpid()}  # fmt: skip

    def hear(self, message: object) -> None:
        self.heard.append(message)
