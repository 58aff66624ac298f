"""A background job as the author reads it: the queue names jobs by label ("Ch6-10",
"upkeep Ch6-10", "fixed-context.md"), which is the engine's key, not UI text."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from workbench.summaries.fixed import FixedContextJob
from workbench.upkeep.jobs import LABEL_PREFIX, is_upkeep_label


def job_title(label: str) -> str:
    """What the job makes, in the UI language: 滚动摘要 Ch6-10, 记忆提议 Ch6-10, 固定层."""
    if is_upkeep_label(label):
        return QCoreApplication.translate("JobWords", "memory upkeep %1").replace(
            "%1", label.removeprefix(LABEL_PREFIX)
        )
    if label == FixedContextJob().label:
        return QCoreApplication.translate("JobWords", "fixed context")
    return QCoreApplication.translate("JobWords", "rolling summary %1").replace("%1", label)
