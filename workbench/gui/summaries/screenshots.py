"""`make screenshots`, the summary-jobs part: asking before 24 paid summaries, and the queue
view with jobs done, failed, cancelled, running and queued (real jobs on the sample copy)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QMessageBox, QWidget

from workbench.gui.prompts import queue_question
from workbench.summaries.jobs import SummaryJob

WAIT_S = 60.0


def render_summaries(
    window, out_dir: Path, save: Callable[[QWidget, Path], Path], settle: Callable[..., None]
) -> list[Path]:
    """The confirmation for a 120-chapter book on a model endpoint, and the queue view."""
    labels = [SummaryJob(start, start + 4).label for start in range(1, 120, 5)]
    title, text = queue_question(
        window.tr("Saving chapter %1").replace("%1", "120"), labels, 1_005_152
    )
    box = QMessageBox(QMessageBox.Icon.Question, title, text, parent=window)
    box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
    box.show()
    written = [save(box, out_dir / "summary-confirm.png")]
    box.close()

    queue = window.summaries
    queue.submit(SummaryJob(6, 10))
    queue.submit(SummaryJob(40, 45))  # no such chapters: fails with the engine's reason
    queue.cancel(queue.submit(SummaryJob(11, 12)))
    deadline = time.monotonic() + WAIT_S
    while not queue.is_idle() and time.monotonic() < deadline:
        settle(200)
    queue.submit(SummaryJob(1, 5))
    queue.submit(SummaryJob(11, 12))
    settle(600)
    dialog = window.summary_policy.open_jobs()
    dialog.resize(760, 360)
    written.append(save(dialog, out_dir / "summary-jobs.png"))
    dialog.close()
    queue.cancel_all()
    return written
