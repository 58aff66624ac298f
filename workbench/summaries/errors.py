"""Why a summary was not written."""

from __future__ import annotations

from workbench.errors import WorkbenchError
from workbench.reasons import Reason


class SummaryRejected(WorkbenchError):
    """Nothing was written for `what` (e.g. "滚动摘要 Ch6-10"); `reason` says why."""

    def __init__(self, what: str, reason: str) -> None:
        self.what = what
        self.reason = reason
        super().__init__(Reason("summary.not_written", what, reason))


class SummaryCancelled(SummaryRejected):
    """The job was cancelled before it produced a summary."""

    def __init__(self, what: str) -> None:
        super().__init__(what, Reason("summary.cancelled"))
