"""The turn the app's book-reading threads take (no Qt here: the counting child imports it).

The tree's counts, the context feed, the 全书 snapshot and the tracker browser's jobs each
read and scan the book on a worker thread of their own (gui/background.py). Side by side they
only shared the one GIL, so they finished no sooner, and the GUI thread, which takes the GIL
back at every Python slot, event handler and paint, lost it to whichever of them grabbed it
first: at a 5M-字 book's first open (every chapter read by three of them) its gaps were
46-89 ms; taking turns, 10-24 ms, and the three were done in 500 ms, not 900. When several
wait, the one the author reads first goes first (FEED, then TREE, TRACKERS, GLANCE): with one
plain lock the context panel's first feed came last, 650-800 ms after the first paint. A job
that waits on another process (a tokenizer loading in its counting child) gives its turn up
meanwhile, or it would hold every other reader up while nothing here computes.
"""

from __future__ import annotations

import heapq
import itertools
import threading
from collections.abc import Iterator
from contextlib import contextmanager

# Places in the queue for the turn, first served first.
FEED, TREE, TRACKERS, GLANCE = range(4)
POLL_S = 0.05  # how soon a job waiting for its turn notices it went stale

_state = threading.Condition()
_taken = False
_queue: list[tuple[int, int]] = []  # (place, ticket) of the threads waiting, a heap
_tickets = itertools.count()
_this_thread = threading.local()  # .place while this thread has the turn


def wait_for_turn(stale: threading.Event, place: int) -> bool:
    """Take the turn once no one is ahead at `place`; False (and not taken) once `stale` is
    set first."""
    global _taken
    mine = (place, next(_tickets))
    with _state:
        heapq.heappush(_queue, mine)
        while not stale.is_set() and (_taken or _queue[0] != mine):
            _state.wait(POLL_S)
        if stale.is_set():
            _queue.remove(mine)
            heapq.heapify(_queue)
            _state.notify_all()  # the next in line may now be first
            return False
        heapq.heappop(_queue)  # this one: first in line
        _taken = True
    _this_thread.place = place
    return True


def queued() -> int:
    """How many threads wait for the turn (the tests' way to know a job is in line)."""
    with _state:
        return len(_queue)


def end_turn() -> None:
    """Give the turn taken by `wait_for_turn` to the first in line."""
    global _taken
    _this_thread.place = None
    with _state:
        _taken = False
        _state.notify_all()


@contextmanager
def turn_given_up() -> Iterator[None]:
    """While this thread waits on something outside the process, another reader computes;
    a thread without the turn is not held up."""
    place = getattr(_this_thread, "place", None)
    if place is None:
        yield
        return
    end_turn()
    try:
        yield
    finally:
        wait_for_turn(threading.Event(), place)
