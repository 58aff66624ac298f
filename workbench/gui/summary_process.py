"""One summary job (a rolling-summary range or the fixed context) in a separate Python
process (no Qt here: the child never imports it).

Summarising is CPU-bound Python (jieba's tagging, keyword scoring) that holds the GIL for long
stretches, and the offline backend's part of jieba's model and the range's text take tens of
MB. On a thread of the app's process that stalls the GUI thread and stays in its resident
memory; in a child process it does neither, and the memory goes back to the system when the
job ends. The child is spawned (never forked:
the app has Qt and watchdog threads) and talks back over a pipe.
"""

from __future__ import annotations

import logging
import multiprocessing
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path

from workbench.errors import WorkbenchError
from workbench.jobs import BackgroundJob
from workbench.settings import Settings
from workbench.summaries.errors import SummaryCancelled

log = logging.getLogger(__name__)

PROGRESS_INTERVAL_S = 0.1  # streamed output arrives per token; the status bar needs far less
POLL_S = 0.05  # how quickly a cancel request stops the child
STOP_WAIT_S = 5.0


class SummaryProcessFailed(WorkbenchError):
    """The job failed in its process; the message is the reason as the engine gave it (a Reason
    when it had one)."""


def generate_in_process(
    root: Path,
    job: BackgroundJob,
    settings: Settings,
    *,
    cancel: threading.Event,
    on_progress: Callable[[str], None],
) -> str:
    """The job's validated section, generated in a child process; raises SummaryCancelled when
    `cancel` is set (the child is stopped) and SummaryProcessFailed with the reason otherwise."""
    context = multiprocessing.get_context("spawn")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(
        target=_run_job,
        args=(root, job, settings, sender),
        name=f"summary {job.label}",
        daemon=True,
    )
    child.start()
    sender.close()  # the child holds the only writing end: EOF means it is gone
    answered = False
    try:
        while True:
            if cancel.is_set():
                raise SummaryCancelled(job.what)
            if not receiver.poll(POLL_S):
                continue
            try:
                kind, payload = receiver.recv()
            except EOFError:
                child.join(STOP_WAIT_S)
                raise SummaryProcessFailed(
                    f"the summary process ended without an answer (exit code {child.exitcode})"
                ) from None
            if kind == "progress":
                on_progress(payload)
                continue
            answered = True
            if kind == "generated":
                return payload
            elif kind == "cancelled":
                raise SummaryCancelled(job.what)
            else:
                raise SummaryProcessFailed(payload)
    finally:
        receiver.close()
        _stop(child, patience=STOP_WAIT_S if answered else 0)


def _stop(child: multiprocessing.Process, patience: float) -> None:
    """Let a child that answered exit on its own; terminate one still working (cancelled)."""
    child.join(patience)
    if child.is_alive():
        child.terminate()
        child.join(STOP_WAIT_S)
    if child.is_alive():
        log.warning("summary process %s did not stop; killing it", child.pid)
        child.kill()
        child.join()
    child.close()


def _run_job(root: Path, job: BackgroundJob, settings: Settings, sender: Connection) -> None:
    """In the child: generate the section and send every outcome, a crash included."""
    from workbench.book.project import Project
    from workbench.jobs import generate_job
    from workbench.summaries.backend import backend_for
    from workbench.upkeep.jobs import UpkeepJob
    from workbench.upkeep.run import backend_named

    last = 0.0

    def report(text: str) -> None:
        nonlocal last
        now = time.monotonic()
        if now - last >= PROGRESS_INTERVAL_S:
            last = now
            sender.send(("progress", text))

    try:
        project = Project.open(root)
        if isinstance(job, UpkeepJob):
            backend = backend_named(project, None, settings)
        else:
            backend = backend_for(project, settings=settings)
        section = generate_job(project, job, backend, on_progress=report)
    except SummaryCancelled:
        sender.send(("cancelled", ""))
    except WorkbenchError as error:  # its Reason, pickled by code: the app says it in its language
        sender.send(("failed", error.message))
    except Exception as error:  # a bug must reach the author as a reason, not a silent exit
        log.exception("summary job %s crashed", job.label)
        sender.send(("failed", f"{type(error).__name__}: {error}"))
    else:
        sender.send(("generated", section))
    finally:
        sender.close()
