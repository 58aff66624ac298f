"""Running upkeep for a range of chapters: one backend call per five-chapter range, the
answers merged into the review queue. Nothing here writes to a tracker or the cast."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass

from workbench.backends import ENDPOINT
from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.errors import WorkbenchError
from workbench.llm import LlmCancelled
from workbench.reasons import Reason
from workbench.trackers.cast import load_cast
from workbench.trackers.columns import parse_chapter
from workbench.trackers.relevance import load_trackers
from workbench.trackers.tables import find_tables
from workbench.upkeep.backend import UpkeepAnswer, UpkeepBackend, UpkeepRequest
from workbench.upkeep.errors import UpkeepCancelled, UpkeepFailed
from workbench.upkeep.name_patterns import load_name_patterns
from workbench.upkeep.proposals import Kind, Proposal, Review, ranges_of
from workbench.upkeep.realms import realm_names
from workbench.upkeep.stale import outgrown
from workbench.upkeep.store import Queue, load_queue, update_queue
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
    outgrown: int = 0  # pending ones left out: the book has them now (upkeep/stale.py)

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


@dataclass(frozen=True)
class RangeAnswer:
    """A backend's answer for one five-chapter range, with the chapters it read (by hash)."""

    first: int
    last: int
    hashes: dict[int, str]  # chapter -> sha256 of the text the backend read
    answer: UpkeepAnswer

    def to_json(self) -> dict:
        """As the summary process hands it back to the app."""
        return {
            "first": self.first,
            "last": self.last,
            "hashes": {str(n): h for n, h in self.hashes.items()},
            "proposals": [p.to_json() for p in self.answer.proposals],
            "dropped_ungrounded": self.answer.dropped_ungrounded,
        }

    @classmethod
    def from_json(cls, data: dict) -> RangeAnswer:
        """The inverse of to_json."""
        proposals = tuple(Proposal.from_json(item) for item in data["proposals"])
        hashes = {int(n): str(h) for n, h in data["hashes"].items()}
        answer = UpkeepAnswer(proposals, int(data["dropped_ungrounded"]))
        return cls(int(data["first"]), int(data["last"]), hashes, answer)


def propose_ranges(
    project: Project,
    first: int,
    last: int,
    backend: UpkeepBackend,
    *,
    cancel: threading.Event | None = None,
    on_progress: Callable[[str], None] | None = None,
) -> list[RangeAnswer]:
    """Ask the backend for each five-chapter range of first..last; nothing is recorded.
    UpkeepFailed names the first range whose answer could not be used."""
    numbers = set(range_chapters(project, first, last))
    cast = load_cast(project)
    trackers = load_trackers(project)
    state_columns, states = _state_tracker(project)
    world = project.read_role(Role.WORLD)
    realms = realm_names(world.text if world else None)
    names = load_name_patterns(project)
    listed = _listed_elsewhere(load_queue(project), numbers)
    answers = []
    for start, end in ranges_of(max(first, 1), last):
        wanted = [n for n in range(start, end + 1) if n in numbers]
        if not wanted:
            continue
        if cancel is not None and cancel.is_set():
            raise UpkeepCancelled(start, end, Reason("upkeep_failed.cancelled"))
        if on_progress is not None:
            on_progress(Reason("progress.job", f"Ch{start}-{end}", backend.name))
        texts = {n: project.read(project.chapter(n).path) for n in wanted}
        chapters = tuple(Chapter.of(n, texts[n].text) for n in wanted)
        request = UpkeepRequest(
            start, end, chapters, cast, trackers, state_columns, states, realms, names,
            frozenset(listed),
        )  # fmt: skip
        try:
            answer = backend.propose(request, cancel=cancel)
        except UpkeepFailed:
            raise
        except LlmCancelled as error:
            raise UpkeepCancelled(start, end, Reason("upkeep_failed.cancelled")) from error
        except WorkbenchError as error:  # the endpoint failed: the reason, nothing recorded
            raise UpkeepFailed(start, end, error.message) from error
        hashes = {n: loaded.sha256 for n, loaded in texts.items()}
        listed |= {p.subject for p in answer.proposals if p.kind is Kind.CHARACTER}
        answers.append(RangeAnswer(start, end, hashes, answer))
        log.info("upkeep Ch%d-%d: %d proposals", start, end, len(answer.proposals))
    return answers


def _listed_elsewhere(queue: Queue, asked: set[int]) -> set[str]:
    """Names of new characters the author has before him already: waiting for review in
    chapters this run does not ask about (the asked ones' are replaced), or rejected."""
    return {
        p.subject
        for p in queue.proposals
        if p.kind is Kind.CHARACTER
        and (p.review is Review.REJECTED or (p.review is Review.PENDING and p.chapter not in asked))
    }


def record_answers(project: Project, answers: list[RangeAnswer], backend: str) -> list[Proposal]:
    """Merge the answers into the review queue (written once); returns what they added."""

    def merge(queue: Queue) -> list[Proposal]:
        added = []
        for answer in answers:
            added += queue.merge(answer.answer.proposals, answer.hashes.keys(), backend)
            queue.ran(answer.first, answer.last, backend, answer.hashes)
        return added

    return update_queue(project, merge)


def run_upkeep(
    project: Project,
    first: int,
    last: int,
    backend: UpkeepBackend,
    *,
    cancel: threading.Event | None = None,
    on_progress: Callable[[str], None] | None = None,
) -> UpkeepResult:
    """Propose for first..last, record the answers and return what is pending for those
    chapters. A broken queue file stops the run before any (paid) call."""
    load_queue(project)
    answers = propose_ranges(project, first, last, backend, cancel=cancel, on_progress=on_progress)
    record_answers(project, answers, backend.name)
    numbers = set(range_chapters(project, first, last))
    pending = [p for p in load_queue(project).pending() if p.chapter in numbers]
    hidden = outgrown(project, pending)
    shown = tuple(p for p in pending if p.id not in hidden)
    dropped = sum(a.answer.dropped_ungrounded for a in answers)
    return UpkeepResult(first, last, backend.name, shown, dropped, len(hidden))


def _state_tracker(project: Project) -> tuple[tuple[str, ...], tuple[tuple[int, str, str], ...]]:
    """The state tracker's first table: its columns and its cells as (章节, column, value);
    ((), ()) when there is none."""
    loaded = project.read_role(Role.STATE_TRACKER)
    tables = find_tables(loaded.text) if loaded is not None else []
    if not tables:
        return (), ()
    headers = tuple(cell.value for cell in tables[0].header.cells)
    chapter_at = next(
        (i for i, h in enumerate(headers) if h.strip() in ("章节", "章", "chapter")), None
    )
    cells: list[tuple[int, str, str]] = []
    for row in tables[0].rows if chapter_at is not None else ():
        values = row.values()
        try:
            chapter = parse_chapter(values[chapter_at]) if chapter_at < len(values) else None
        except ValueError:
            continue  # a row the author keeps for something else
        if chapter is None:
            continue
        cells += [(chapter, headers[i], v) for i, v in enumerate(values) if i < len(headers)]
    return headers, tuple(cells)


def backend_named(project: Project, name: str | None, settings=None) -> UpkeepBackend:
    """The upkeep backend for `name`, else the project's / user's summary backend choice."""
    from workbench.backend_choice import backend_name

    chosen = backend_name(project, name, settings)
    if chosen == ENDPOINT.name:
        from workbench.backend_choice import endpoint_config
        from workbench.settings import load_settings
        from workbench.upkeep.model import ModelUpkeep

        return ModelUpkeep(endpoint_config(settings or load_settings()), project)
    from workbench.upkeep.offline import OfflineUpkeep

    return OfflineUpkeep()
