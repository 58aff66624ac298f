"""The review queue in `.workbench/upkeep.json`: every proposal made, with whether it is
pending, accepted or rejected. A proposal rejected (or accepted) is never proposed again for
its range; running a range again replaces that range's pending proposals from the same
backend with the new answer.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from workbench.book import gate
from workbench.book.bounded_json import parse_json
from workbench.book.project import Project
from workbench.book.textio import TextFile
from workbench.errors import FileProblem
from workbench.upkeep.proposals import Kind, Proposal, Review

log = logging.getLogger(__name__)

QUEUE_FILE = "upkeep.json"
T = TypeVar("T")
VERSION = 1


@dataclass
class Queue:
    """Every proposal of the project, in the order it was made."""

    proposals: list[Proposal] = field(default_factory=list)
    # "first-last:backend" -> the chapter hashes that range was last proposed from
    runs: dict[str, dict[int, str]] = field(default_factory=dict)

    def ran(self, first: int, last: int, backend: str, hashes: dict[int, str]) -> None:
        """Record that a range was proposed from these chapter texts."""
        self.runs[f"{first}-{last}:{backend}"] = dict(hashes)

    def up_to_date(self, first: int, last: int, backend: str, hashes: dict[int, str]) -> bool:
        """Whether the range was proposed from exactly these chapter texts already."""
        return self.runs.get(f"{first}-{last}:{backend}") == hashes

    def find(self, proposal_id: str) -> Proposal | None:
        """The proposal with this id."""
        return next((p for p in self.proposals if p.id == proposal_id), None)

    def pending(self) -> list[Proposal]:
        """The proposals waiting for the author, by range then kind."""
        waiting = [p for p in self.proposals if p.review is Review.PENDING]
        return sorted(waiting, key=lambda p: (p.first, list(Kind).index(p.kind), p.chapter))

    def merge(
        self, made: Iterable[Proposal], chapters: Iterable[int], backend: str
    ) -> list[Proposal]:
        """Take a backend's new answer for `chapters` (it replaces that backend's pending
        proposals there); returns what it added. Reviewed ids are not proposed again; a new
        character already pending in another range is not listed twice."""
        asked = set(chapters)
        reviewed = {p.id for p in self.proposals if p.review is not Review.PENDING}
        kept = [
            p
            for p in self.proposals
            if not (p.review is Review.PENDING and p.backend == backend and p.chapter in asked)
        ]
        waiting_names = {
            p.subject for p in kept if p.kind is Kind.CHARACTER and p.review is Review.PENDING
        }
        known = {p.id for p in kept}
        added: list[Proposal] = []
        for proposal in made:
            if proposal.id in reviewed or proposal.id in known:
                continue
            if proposal.kind is Kind.CHARACTER and proposal.subject in waiting_names:
                continue
            if proposal.kind is Kind.CHARACTER:
                waiting_names.add(proposal.subject)
            known.add(proposal.id)
            added.append(proposal)
        self.proposals = kept + added
        return added

    def mark(self, proposal: Proposal, review: Review) -> None:
        """Record the author's decision (an edited proposal is kept as accepted)."""
        self.proposals = [
            proposal.with_review(review) if p.id == proposal.id else p for p in self.proposals
        ]

    def was_rejected(self, proposal: Proposal) -> bool:
        """Whether the author rejected this proposal for its range."""
        return any(p.id == proposal.id and p.review is Review.REJECTED for p in self.proposals)


def queue_path(project: Project) -> Path:
    """Where the queue is kept."""
    return project.state_dir / QUEUE_FILE


def load_queue(project: Project) -> Queue:
    """The project's queue (empty when there is none); FileProblem when the file is broken,
    which is then never overwritten."""
    path = queue_path(project)
    if not path.is_file():
        return Queue()
    # Leading out of the project, a pipe, too large: the gate says so itself.
    raw = gate.read_bytes(path, root=project.root, limit=gate.MAX_JSON_BYTES, what="a review queue")
    return _parsed(path, raw)


def update_queue(project: Project, change: Callable[[Queue], T]) -> T:
    """Read-modify-write the queue under its file lock (the app, its summary jobs and the
    CLI may decide at the same time): `change` edits the queue as it is now; its result is
    returned once the queue is written."""
    path = queue_path(project)
    gate.make_folder(path.parent, root=project.root)
    result: list[T] = []

    def edit(current: TextFile | None) -> str:
        queue = _parsed(path, current.text) if current is not None else Queue()
        result.append(change(queue))
        return _serialised(queue)

    project.update(path, edit)
    return result[0]


def _parsed(path: Path, text: str | bytes) -> Queue:
    try:
        data = parse_json(text, path)
        if data.get("version") != VERSION:
            raise ValueError(f"version {data.get('version')!r}, expected {VERSION}")
        runs = {
            str(key): {int(n): str(h) for n, h in hashes.items()}
            for key, hashes in data.get("runs", {}).items()
        }
        return Queue([Proposal.from_json(item) for item in data["proposals"]], runs)
    # ArithmeticError: int() of a hand-edited Infinity
    except (FileProblem, ValueError, KeyError, TypeError, AttributeError, ArithmeticError) as error:
        why = error.problem if isinstance(error, FileProblem) else str(error)
        raise FileProblem(
            path,
            f"not a review queue Workbench can read ({why}); move it away to start a new one",
        ) from error


def _serialised(queue: Queue) -> str:
    data = {
        "version": VERSION,
        "proposals": [p.to_json() for p in queue.proposals],
        "runs": {key: {str(n): h for n, h in hashes.items()} for key, hashes in queue.runs.items()},
    }
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"
