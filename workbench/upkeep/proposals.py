"""Upkeep proposals: what a backend suggests for a range of chapters, each with its chapter,
the line and the exact sentence of that chapter that grounds it, and where it stands.

A proposal's id is made of its kind, its subject (the name, the entry, the pair) and the
five-chapter range it belongs to, so the same suggestion made again for the same range has
the same id: that is how a rejection is remembered and a pending one is not listed twice.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from workbench.printable import printable

RANGE_SIZE = 5  # proposals are made per five-chapter range, as rolling summaries are
MAX_PER_KIND = 15  # per kind per five-chapter range (the offline backend's cap)


class Kind(StrEnum):
    """What a proposal changes."""

    CHARACTER = "character"  # a new cast member (characters/characters.md)
    ALIAS = "alias"  # a new 别名 of a cast member
    RELATIONSHIP = "relationship"  # a row of relationship-tracker.md
    PLANTED = "foreshadowing_planted"  # a new entry of plot-tracker.md
    PAID = "foreshadowing_paid"  # an open entry paid off: 状态 已回收@N
    SIGHTING = "foreshadowing_sighting"  # an open entry reinforced: 最近出现 N
    STATE = "state"  # a row of state-tracker.md


class Review(StrEnum):
    """Where a proposal stands with the author."""

    PENDING = "pending"
    ACCEPTED = "accepted"
    REJECTED = "rejected"


# The fields each kind carries besides the common ones, in the order they are shown.
FIELDS: dict[Kind, tuple[str, ...]] = {
    Kind.CHARACTER: ("name", "mentions", "appearances"),
    Kind.ALIAS: ("character", "alias"),
    Kind.RELATIONSHIP: ("a", "b", "relation", "change", "note"),
    Kind.PLANTED: ("content", "planted", "payoff", "tier", "characters", "keywords"),
    Kind.PAID: ("entry",),
    Kind.SIGHTING: ("entry",),
    Kind.STATE: ("character", "field", "value"),
}


@dataclass(frozen=True)
class Proposal:
    """One suggested change to the book's memory."""

    kind: Kind
    first: int  # the five-chapter range it was proposed for (11-15 for chapter 12)
    last: int
    chapter: int
    line: int  # 1-based line of the chapter file holding the evidence
    evidence: str  # the exact sentence of the chapter
    fields: dict[str, Any] = field(default_factory=dict)
    backend: str = "offline"
    review: Review = Review.PENDING
    id: str = ""  # see proposal_id; given by propose() and kept through edits

    @property
    def subject(self) -> str:
        """What the proposal is about: the name, the alias, the pair, the entry, the text."""
        return subject_of(self.kind, self.fields)

    @property
    def range_label(self) -> str:
        """`Ch11-15`, as the summary queue names ranges."""
        return f"Ch{self.first}-{self.last}"

    def with_review(self, review: Review) -> Proposal:
        """The same proposal, reviewed."""
        return replace(self, review=review)

    def with_fields(self, **values: Any) -> Proposal:
        """The same proposal with some fields edited (edit-then-accept); its id stays."""
        unknown = set(values) - set(FIELDS[self.kind])
        if unknown:
            raise ValueError(f"a {self.kind} proposal has no field {', '.join(sorted(unknown))}")
        return replace(self, fields={**self.fields, **_cleaned(values)})

    def to_json(self) -> dict[str, Any]:
        """The proposal as `workbench upkeep --format json` prints it and upkeep.json keeps it."""
        return {
            "id": self.id,
            "kind": str(self.kind),
            "range": [self.first, self.last],
            "chapter": self.chapter,
            "line": self.line,
            "evidence": self.evidence,
            **{name: self.fields.get(name) for name in FIELDS[self.kind]},
            "backend": self.backend,
            "status": str(self.review),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Proposal:
        """A proposal as to_json wrote it (KeyError / ValueError / TypeError if it is not)."""
        kind = Kind(data["kind"])
        first, last = (int(n) for n in data["range"])
        return cls(
            kind,
            first,
            last,
            int(data["chapter"]),
            int(data["line"]),
            printable(str(data["evidence"]), one_line=True),
            _cleaned({name: data.get(name) for name in FIELDS[kind]}),
            str(data.get("backend", "offline")),
            Review(data.get("status", Review.PENDING)),
            str(data["id"]),
        )


def subject_of(kind: Kind, values: dict[str, Any]) -> str:
    """What a proposal of `kind` with these fields is about (part of its id)."""
    if kind is Kind.CHARACTER:
        return str(values["name"])
    if kind is Kind.ALIAS:
        return f"{values['character']}={values['alias']}"
    if kind is Kind.RELATIONSHIP:
        return "—".join(sorted((str(values["a"]), str(values["b"]))))
    if kind in (Kind.PAID, Kind.SIGHTING):
        return str(values["entry"])
    if kind is Kind.STATE:
        return f"{values['character']}:{values['field']}"
    return "".join(str(values["content"]).split())


def proposal_id(kind: Kind, subject: str, first: int, last: int) -> str:
    """Stable across runs: the same kind, subject and range give the same id."""
    key = f"{kind}|{subject}|{first}-{last}"
    return "u" + hashlib.sha1(key.encode("utf-8")).hexdigest()[:8]


def propose(
    kind: Kind,
    chapter: int,
    line: int,
    evidence: str,
    backend: str,
    **values: Any,
) -> Proposal:
    """A pending proposal for the five-chapter range of its chapter, with its id."""
    first, last = block_of(chapter)
    fields = _cleaned({name: values.get(name) for name in FIELDS[kind]})
    evidence = printable(evidence, one_line=True)
    unknown = set(values) - set(FIELDS[kind])
    if unknown:
        raise ValueError(f"a {kind} proposal has no field {', '.join(sorted(unknown))}")
    subject = subject_of(kind, fields)
    identity = proposal_id(kind, subject, first, last)
    return Proposal(kind, first, last, chapter, line, evidence, fields, backend, id=identity)


def _cleaned(values: dict[str, Any]) -> dict[str, Any]:
    """Field values as they may go into a tracker and onto a terminal (see printable)."""

    def clean(value: Any) -> Any:
        if isinstance(value, str):
            return printable(value, one_line=True)
        if isinstance(value, (list, tuple)):
            return [clean(part) for part in value]
        return value

    return {name: clean(value) for name, value in values.items()}


def ranges_of(first: int, last: int) -> list[tuple[int, int]]:
    """The five-chapter ranges (1-5, 6-10, …) that chapters first..last fall in, each cut to
    first..last: 11-13 is one range, 8-17 is 8-10, 11-15, 16-17."""
    ranges = []
    start = first
    while start <= last:
        end = min(last, ((start - 1) // RANGE_SIZE + 1) * RANGE_SIZE)
        ranges.append((start, end))
        start = end + 1
    return ranges


def block_of(chapter: int) -> tuple[int, int]:
    """The whole five-chapter range a chapter falls in (11 -> 11-15)."""
    start = (chapter - 1) // RANGE_SIZE * RANGE_SIZE + 1
    return start, start + RANGE_SIZE - 1
