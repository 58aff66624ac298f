"""Errors of the tracker files."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from workbench.errors import FileProblem, WorkbenchError

if TYPE_CHECKING:
    from workbench.trackers.parsed import ParsedTracker

MAX_LISTED = 10


class TrackerParseError(FileProblem):
    """A tracker file that does not parse completely; `.errors` lists (line, message) and
    `.partial` holds the rows that did parse, for showing the file read-only."""

    def __init__(
        self,
        path: Path | str,
        errors: list[tuple[int, str]],
        partial: ParsedTracker | None = None,
    ) -> None:
        self.errors = sorted(errors)
        self.partial = partial
        listed = "; ".join(f"line {line}: {message}" for line, message in self.errors[:MAX_LISTED])
        more = len(self.errors) - MAX_LISTED
        if more > 0:
            listed += f"; and {more} more"
        count = len(self.errors)
        super().__init__(path, f"{count} problem{'s' if count != 1 else ''}: {listed}")


class TrackerEditError(WorkbenchError):
    """An edit that cannot be made (unknown entry or column, or a value a cell cannot hold)."""
