"""The loop of a child process that serves one object to the app (gui/child_process.py).

No Qt here, nor in what the served object imports: the child is a plain Python process that
builds the object from its "module:Class" name, answers each request with
`served.answer(message)`, hands each tell to `served.hear(message)`, and exits when the app
closes its end of the pipe (or dies). A request that raises is answered with the reason, so a
bug reaches the author as a message and the child goes on serving.
"""

from __future__ import annotations

import importlib
import logging
import signal
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # multiprocessing is imported when the first child starts, not with the app
    from multiprocessing.connection import Connection

log = logging.getLogger(__name__)

REQUEST = "request"  # (REQUEST, id, message): answered with (ANSWER | ERROR, id, payload)
TELL = "tell"  # (TELL, 0, message): no answer
ANSWER = "answer"
ERROR = "error"


def serve(served: str, inbox: Connection, outbox: Connection) -> None:
    """Build the served object, then answer and hear messages until the inbox closes."""
    # Ctrl+C in the terminal reaches the whole process group; the app decides when we stop.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    module_name, _, class_name = served.partition(":")
    target = getattr(importlib.import_module(module_name), class_name)()
    while True:
        try:
            kind, request_id, message = inbox.recv()
        except (EOFError, OSError):  # the app closed its end, or is gone
            break
        if kind == TELL:
            try:
                target.hear(message)
            except Exception:  # a bug in hearing: the next request may still be answerable
                log.exception("%s: a tell failed", served)
            continue
        try:
            reply = (ANSWER, request_id, target.answer(message))
        except Exception as bug:
            log.exception("%s: request %d failed", served, request_id)
            reply = (ERROR, request_id, f"{type(bug).__name__}: {bug}")
        try:
            outbox.send(reply)
        except OSError:  # the app is gone
            break
        except Exception as bug:  # an answer that cannot be pickled: a bug of the served
            outbox.send((ERROR, request_id, f"{type(bug).__name__}: {bug}"))
