"""Recall as of chapter N: the earlier passages chapter N's query points at, and why.

Only passages of chapters before N are searched, and never those of the chapters the recipe
already feeds raw (`window`); every number a score uses (how many passages there are, how
many name a term) is counted over those passages alone, so what chapter N recalls is the
same whether the later chapters exist or not.

A passage's score is the sum, over the query's terms it contains, of the term's weight times
its rarity, ln(1 + passages / (1 + passages naming it)). A character named in the query who
has not appeared for DORMANT_AFTER chapters or more has their last appearance recalled first,
with the reason 久未出场. Passages whose lines overlap one better ranked are left out.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TypeVar

from workbench.book.project import Project
from workbench.reasons import Reason, listing
from workbench.recall.index import PassageIndex, Place, index_lock
from workbench.recall.index_file import Poisoned, index_path
from workbench.recall.passages import Passage
from workbench.recall.query import KEYWORD_COUNT, Query, Term, chapter_query, salient_words
from workbench.recall.tokens import phrase

log = logging.getLogger(__name__)

DORMANT_AFTER = 20
COMMON_SHARE = 0.35  # a term in more of the passages than this share …
COMMON_MIN = 300  # … and than this many is left out of the search
DEFAULT_LIMIT = 5
MAX_LIMIT = 200
T = TypeVar("T")


@dataclass(frozen=True)
class Recalled:
    """One recalled passage with its score, the parts of the score and the reasons."""

    passage: Passage
    score: float
    reasons: tuple[str, ...]
    parts: dict[str, float] = field(default_factory=dict)  # term key -> weight × rarity
    dormant: bool = False

    def to_json(self) -> dict[str, object]:
        """The passage as `workbench recall --format json` shows it."""
        passage = self.passage
        return {
            "chapter": passage.chapter,
            "start_line": passage.start_line,
            "end_line": passage.end_line,
            "text": passage.text,
            "score": round(self.score, 4),
            "reasons": list(self.reasons),
        }


@dataclass(frozen=True)
class Recall:
    """What chapter N recalls: the query and the passages, best first."""

    chapter: int
    query: Query
    passages: tuple[Recalled, ...]
    window: tuple[int, ...] = ()

    def to_json(self) -> dict[str, object]:
        """`{"chapter", "query", "passages"}` as the CLI prints it."""
        return {
            "chapter": self.chapter,
            "query": self.query.to_json(),
            "passages": [recalled.to_json() for recalled in self.passages],
        }


def with_index(project: Project, work: Callable[[PassageIndex], T]) -> T:
    """Run `work` on the project's index brought up to date; an index found poisoned on the
    way is thrown away, rebuilt and the work done again."""
    with index_lock(index_path(project)):
        index = PassageIndex(project)
        try:
            try:
                index.sync()
                return work(index)
            except Poisoned as why:
                log.warning("recall index %s: %s; it is rebuilt", index.path, why)
                index.rebuild()
                index.sync()
                return work(index)
        finally:
            index.close()


def recall(
    project: Project,
    chapter: int,
    *,
    window: Iterable[int] = (),
    limit: int = DEFAULT_LIMIT,
    text: str | None = None,
) -> Recall:
    """The passages chapter N recalls (the query from `text` when given, else its plan)."""
    excluded = tuple(sorted(set(window)))
    limit = max(1, min(limit, MAX_LIMIT))

    def work(index: PassageIndex) -> Recall:
        words = partial(index.words_for, cut=salient_words)
        query = chapter_query(project, chapter, text, words)
        searched, found = _ranked(index, query, chapter, excluded, limit)
        return Recall(chapter, searched, tuple(found), excluded)

    return with_index(project, work)


def _term_query(term: Term) -> str:
    """One FTS5 query for every form of a term."""
    return " OR ".join(dict.fromkeys(filter(None, map(phrase, term.forms))))


def _ranked(
    index: PassageIndex, query: Query, chapter: int, excluded: tuple[int, ...], limit: int
) -> tuple[Query, list[Recalled]]:
    """The query as searched (its words cut to the KEYWORD_COUNT best) and the passages."""
    population = index.passage_count(chapter, excluded)
    common = max(COMMON_MIN, population * COMMON_SHARE)
    scored: list[tuple[Term, str, float]] = []
    for term in query.terms:
        asked = _term_query(term)
        found = index.passage_count(chapter, excluded, asked) if asked else 0
        # A term in most passages of a long book says little about which to recall.
        if 0 < found <= common:
            scored.append((term, asked, term.weight * math.log(1 + population / (1 + found))))
    words = sorted((s for s in scored if s[0].kind == "keyword"), key=lambda s: -s[2])
    dropped = {id(s[0]) for s in words[KEYWORD_COUNT:]}
    scored = [s for s in scored if id(s[0]) not in dropped]
    kept = tuple(term for term, _, _ in scored)
    dormant: dict[int, Term] = {}
    places: dict[int, Place] = {}
    for term, asked, _share in scored:
        if term.kind == "character":
            last = _last_appearance(index, asked, chapter, excluded)
            if last is not None and last[0] not in dormant:
                dormant[last[0]] = term
                places[last[0]] = last[1]
    # Enough of the best to leave `limit` once those overlapping a better one are left out.
    best = index.best([(asked, share) for _, asked, share in scored], chapter, excluded, 4 * limit)
    places.update(best)
    order = list(dormant) + [pid for pid, _ in best if pid not in dormant]
    picked: list[int] = []
    for passage_id in order:
        if not any(_overlaps(places[passage_id], places[other]) for other in picked):
            picked.append(passage_id)
            if len(picked) == limit:
                break
    stored = index.passages(picked)
    chosen: list[Recalled] = []
    for passage_id in picked:
        passage = stored[passage_id].passage
        parts = {
            term.key: round(share, 4)
            for term, _, share in scored
            if any(form in passage.text for form in term.forms)
        }
        terms = [term for term in kept if term.key in parts]
        reasons: list[Reason] = [_reason(term, passage.text) for term in terms]
        if passage_id in dormant:
            term = dormant[passage_id]
            gap = chapter - passage.chapter
            reasons.insert(0, Reason("recall.dormant", term.key, passage.chapter, gap))
        score = sum(share for term, _, share in scored if term.key in parts)
        chosen.append(Recalled(passage, score, tuple(reasons), parts, passage_id in dormant))
    return replace(query, terms=kept), chosen


def _last_appearance(
    index: PassageIndex, asked: str, chapter: int, excluded: tuple[int, ...]
) -> tuple[int, Place] | None:
    """The passage of a character's last appearance before N when that was DORMANT_AFTER
    chapters ago or more (the raw window counts as an appearance: it is not searched)."""
    last = index.last_matching(asked, chapter, excluded)
    if last is None or chapter - last[1].chapter < DORMANT_AFTER:
        return None
    if excluded:
        seen = index.last_matching(asked, chapter)
        if seen is not None and seen[1].chapter > last[1].chapter:
            return None  # seen since, in a chapter the recipe feeds raw
    return last


def _reason(term: Term, text: str) -> Reason:
    """Which term the passage names; for a character, under which other names."""
    others = [form for form in term.forms if form != term.key and form in text]
    if term.kind == "character" and others:
        return Reason("recall.character_as", term.key, listing(others))
    return Reason(f"recall.{term.kind}", term.key)


def _overlaps(a: Place, b: Place) -> bool:
    return a.chapter == b.chapter and a.start_line <= b.end_line and b.start_line <= a.end_line
