"""Errors of memory upkeep."""

from __future__ import annotations

from workbench.errors import WorkbenchError
from workbench.reasons import Reason


class UpkeepFailed(WorkbenchError):
    """A backend's answer for a range could not be used; nothing was recorded or written."""

    def __init__(self, first: int, last: int, reason: str) -> None:
        self.first, self.last, self.reason = first, last, reason
        super().__init__(Reason("upkeep_failed.not_written", first, last, reason))


class AcceptRefused(WorkbenchError):
    """A proposal that cannot be applied as it stands; nothing was written."""


class UpkeepCancelled(UpkeepFailed):
    """The run was cancelled; nothing was recorded."""
