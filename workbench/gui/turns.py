"""The turn the app's book-reading threads take (no Qt here: the counting child imports it).

The tree's counts, the context feed, the 全书 snapshot and the tracker browser's jobs each
read and scan the book on a worker thread of their own (gui/background.py). Side by side they
only shared the one GIL, so they finished no sooner, and the GUI thread, which takes the GIL
back at every Python slot, event handler and paint, lost it to whichever of them grabbed it
first: at a 5M-字 book's first open (every chapter read by three of them) its gaps were
46-89 ms; taking turns, 10-24 ms, and the three were done in 500 ms, not 900. A job that
waits on another process (a tokenizer loading in its counting child) gives its turn up
meanwhile, or it would hold every other reader up while nothing here computes.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

POLL_S = 0.05  # how soon a job waiting for its turn notices it went stale

_turn = threading.Lock()
_this_thread = threading.local()  # .holds: whether this thread has the turn


def wait_for_turn(stale: threading.Event) -> bool:
    """Take the turn; False (and not taken) once `stale` is set first."""
    while not _turn.acquire(timeout=POLL_S):
        if stale.is_set():
            return False
    if stale.is_set():  # went stale as the turn came
        _turn.release()
        return False
    _this_thread.holds = True
    return True


def end_turn() -> None:
    """Give the turn taken by `wait_for_turn` to the next reader."""
    _this_thread.holds = False
    _turn.release()


@contextmanager
def turn_given_up() -> Iterator[None]:
    """While this thread waits on something outside the process, another reader computes;
    a thread without the turn is not held up."""
    if not getattr(_this_thread, "holds", False):
        yield
        return
    end_turn()
    try:
        yield
    finally:
        _turn.acquire()
        _this_thread.holds = True
