"""Running upkeep for a range of chapters: one backend call per five-chapter range, the
answers merged into the review queue. Nothing here writes to a tracker or the cast."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass

from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.errors import WorkbenchError
from workbench.trackers.cast import load_cast
from workbench.trackers.relevance import load_trackers
from workbench.upkeep.backend import UpkeepBackend, UpkeepRequest
from workbench.upkeep.errors import UpkeepFailed
from workbench.upkeep.proposals import Proposal, ranges_of
from workbench.upkeep.store import load_queue, save_queue
from workbench.upkeep.text import Chapter

log = logging.getLogger(__name__)

MAX_RANGE_CHAPTERS = 100_000  # as far as chapter numbers go (book.project)


@dataclass(frozen=True)
class UpkeepResult:
    """What one run proposed for chapters first..last, and what it dropped."""

    first: int
    last: int
    backend: str
    proposals: tuple[Proposal, ...]  # pending for these chapters after the run, new or not
    dropped_ungrounded: int

    def to_json(self) -> dict:
        """The shape `workbench upkeep --format json` prints."""
        return {
            "range": [self.first, self.last],
            "backend": self.backend,
            "proposals": [p.to_json() for p in self.proposals],
            "dropped_ungrounded": self.dropped_ungrounded,
        }


def range_chapters(project: Project, first: int, last: int) -> list[int]:
    """The existing chapters from first to last (chapter 0, a prologue, is in no range)."""
    return [ref.number for ref in project.chapters if max(first, 1) <= ref.number <= last]


def run_upkeep(
    project: Project,
    first: int,
    last: int,
    backend: UpkeepBackend,
    *,
    cancel: threading.Event | None = None,
    on_progress: Callable[[str], None] | None = None,
) -> UpkeepResult:
    """Ask the backend for each five-chapter range of first..last, record the answers in the
    queue and return what is pending for those chapters. UpkeepFailed names the range whose
    answer could not be used; ranges answered before it are kept."""
    numbers = set(range_chapters(project, first, last))
    queue = load_queue(project)  # a broken queue stops the run before any paid call
    cast = load_cast(project)
    trackers = load_trackers(project)
    state_columns = _state_columns(project)
    dropped = 0
    for start, end in ranges_of(max(first, 1), last):
        wanted = [n for n in range(start, end + 1) if n in numbers]
        if not wanted:
            continue
        if cancel is not None and cancel.is_set():
            break
        if on_progress is not None:
            on_progress(f"Ch{start}-{end}: {backend.name}")
        chapters = tuple(Chapter.of(n, project.chapter_text(n)) for n in wanted)
        request = UpkeepRequest(start, end, chapters, cast, trackers, state_columns)
        try:
            answer = backend.propose(request, cancel=cancel)
        except UpkeepFailed:
            raise
        except WorkbenchError as error:  # the endpoint failed: the reason, nothing recorded
            raise UpkeepFailed(start, end, str(error)) from error
        dropped += answer.dropped_ungrounded
        queue.merge(answer.proposals, wanted, backend.name)
        save_queue(project, queue)
        log.info("upkeep Ch%d-%d: %d proposals", start, end, len(answer.proposals))
    pending = tuple(p for p in queue.pending() if p.chapter in numbers)
    return UpkeepResult(first, last, backend.name, pending, dropped)


def _state_columns(project: Project) -> tuple[str, ...]:
    """The header of the state tracker's first table, or () when there is none."""
    loaded = project.read_role(Role.STATE_TRACKER)
    if loaded is None:
        return ()
    for line in loaded.text.splitlines():
        if line.strip().startswith("|") and line.count("|") >= 3:
            return tuple(cell.strip() for cell in line.strip().strip("|").split("|"))
    return ()


def backend_named(project: Project, name: str | None, settings=None) -> UpkeepBackend:
    """The upkeep backend for `name`, else the project's / user's summary backend choice."""
    from workbench.summaries.backend import backend_name

    chosen = backend_name(project, name, settings)
    if chosen == "openai":
        from workbench.llm import ClientConfig
        from workbench.settings import load_settings
        from workbench.upkeep.model import ModelUpkeep

        return ModelUpkeep(ClientConfig.from_settings(settings or load_settings()))
    from workbench.upkeep.offline import OfflineUpkeep

    return OfflineUpkeep()
