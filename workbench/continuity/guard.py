"""The guard: every rule run on one chapter against the book as of that chapter.

`BookGuard.of(project)` reads what the rules need once (cast, trackers, fates, realms);
each chapter's own scan (its realm mentions, its 本章回收 lines) is kept by content hash, so
checking chapter N again after an edit rescans N only, and the book's earlier chapters are
lookups. A project view with unsaved buffers is checked as it reads.
"""

from __future__ import annotations

import logging
import threading
from bisect import bisect_left
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

from workbench.book.naming import chapter_number_from_name
from workbench.book.project import Project
from workbench.continuity.config import load_continuity_config
from workbench.continuity.dead import dead_acting
from workbench.continuity.drift import Candidate, candidates, drift_findings, standing_alone
from workbench.continuity.findings import Finding, load_dismissed
from workbench.continuity.payoffs import Payoff, declared, payoff_findings, tracker_payoffs
from workbench.continuity.prose import NameMatcher, name_matcher
from workbench.continuity.realm_order import realm_order
from workbench.continuity.realms import Mention, levels_before, mentions, realm_findings
from workbench.continuity.records import BookRecords, read_records
from workbench.continuity.sound_drift import sound_candidates
from workbench.trackers.cast import listed_chapters, load_cast
from workbench.trackers.relevance import load_trackers

log = logging.getLogger(__name__)

MAX_SCANS = 4096  # chapter scans kept (a few small lists each), by content


@dataclass(frozen=True)
class ChapterScan:
    """What a chapter's text contributes to later chapters' checks."""

    mentions: list[Mention]
    payoffs: list[Payoff]


_scans: OrderedDict[tuple, ChapterScan] = OrderedDict()
_scans_lock = threading.Lock()


@dataclass
class BookGuard:
    """The book's records, ready to check any chapter against."""

    project: Project
    names: NameMatcher
    order: tuple[str, ...]
    records: BookRecords
    entries: dict
    tracker_paid: list[Payoff]
    intended: frozenset[str]
    dismissed: frozenset[tuple[str, int, str]]
    sources: dict[str, str]

    @classmethod
    def of(cls, project: Project) -> BookGuard:
        """The guard of a project (or of a view with unsaved buffers); raises
        TrackerParseError or FileProblem for a tracker or workbench.toml that cannot be read."""
        trackers = load_trackers(project)
        cast = load_cast(project).including(trackers.characters())
        order = realm_order(project)
        return cls(
            project,
            name_matcher(cast),
            order,
            read_records(project, cast, trackers, order),
            {entry.id: entry for entry in trackers.foreshadowing},
            tracker_payoffs(trackers.foreshadowing),
            frozenset(load_continuity_config(project).intended_names),
            load_dismissed(project),
            {c.name: c.source for c in cast.characters if c.source},
        )

    def check(self, number: int, *, dismissed: bool = False) -> list[Finding]:
        """Chapter N's findings, in text order; dismissed ones left out unless asked for."""
        return self._check(number, _Book(self), dismissed)

    def check_all(self, numbers: list[int] | None = None) -> list[Finding]:
        """The findings of these chapters (every chapter by default), chapter by chapter;
        each chapter's scan is taken once for the whole run."""
        book = _Book(self)
        wanted = set(numbers) if numbers is not None else None
        chosen = [n for n in book.numbers if wanted is None or n in wanted]
        return [finding for number in chosen for finding in self._check(number, book, False)]

    def _check(self, number: int, book: _Book, dismissed: bool) -> list[Finding]:
        path = book.chapters.get(number)
        if path is None:
            return []
        text = self.project.read(path).text
        where = self.project.relative(path)
        before = book.numbers[: bisect_left(book.numbers, number)]
        earlier = [(n, book.where(n), found) for n in before if (found := book.scan(n).mentions)]
        paid = self.tracker_paid + [p for n in (*before, number) for p in book.scan(n).payoffs]
        paid += [payoff for payoff in book.plan_payoffs() if payoff.chapter <= number]
        found = dead_acting(text, number, self.records.fates, self.names)
        drifted = candidates(text, self.names, self.intended)
        alone = self._names_of_their_own(drifted, book.chapters, number)
        drifted = [candidate for candidate in drifted if candidate.stem not in alone]
        one_off = {candidate.text for candidate in drifted}
        drifted += [
            candidate
            for candidate in sound_candidates(text, self.names, self.intended)
            if candidate.text not in one_off
        ]
        found += drift_findings(number, where, drifted, self.sources)
        levels = levels_before(number, self.records.realms, earlier)
        found += realm_findings(text, number, self.order, book.scan(number).mentions, levels)
        found += payoff_findings(number, paid, self.entries)
        found.sort(key=lambda f: (f.line == 0, f.line, f.start, f.rule))
        if not dismissed:
            found = [f for f in found if f.key not in self.dismissed]
        return found

    def _names_of_their_own(
        self, drifted: list[Candidate], chapters: dict[int, Path], number: int
    ) -> set[tuple[str, bool, str]]:
        """The candidates' stems the book up to N writes as names of their own."""
        stems = {candidate.stem for candidate in drifted if candidate.stem is not None}
        if not stems:
            return set()
        texts = (self.project.read(p).text for n, p in sorted(chapters.items()) if n <= number)
        return standing_alone(stems, texts)

    def _scan(self, path: Path) -> ChapterScan:
        loaded = self.project.read(path)
        key = (self.names.forms, self.order, loaded.sha256, str(path))
        with _scans_lock:
            scan = _scans.get(key)
            if scan is not None:
                _scans.move_to_end(key)
                return scan
        number = self.project.chapter_for_path(path)
        where = self.project.relative(path)
        scan = ChapterScan(
            mentions(loaded.text, self.order, self.names),
            declared(loaded.text, number or 0, where, in_chapter=True)
            if "本章回收" in loaded.text
            else [],
        )
        with _scans_lock:
            _scans[key] = scan
            while len(_scans) > MAX_SCANS:
                _scans.popitem(last=False)
        return scan

    def _plan_payoffs(self) -> list[Payoff]:
        """本章回收 lines of every chapter plan."""
        found: list[Payoff] = []
        folder = self.project.root / self.project.layout.plans_dir
        if not folder.is_dir():
            return found
        for path in sorted(folder.iterdir()):
            chapter = _plan_number(path)
            if chapter is None or not path.is_file():
                continue
            text = self.project.read(path).text
            if "本章回收" in text:
                found += declared(text, chapter, self.project.relative(path), in_chapter=False)
        return found


class _Book:
    """The chapters of one check (or one run over the book): listed once, each scanned once."""

    def __init__(self, guard: BookGuard) -> None:
        self.guard = guard
        self.chapters = listed_chapters(guard.project)
        self.numbers = sorted(self.chapters)
        self._scans: dict[int, ChapterScan] = {}
        self._plans: list[Payoff] | None = None

    def scan(self, number: int) -> ChapterScan:
        found = self._scans.get(number)
        if found is None:
            found = self._scans[number] = self.guard._scan(self.chapters[number])
        return found

    def where(self, number: int) -> str:
        return self.guard.project.relative(self.chapters[number])

    def plan_payoffs(self) -> list[Payoff]:
        if self._plans is None:
            self._plans = self.guard._plan_payoffs()
        return self._plans


def _plan_number(path: Path) -> int | None:
    parsed = chapter_number_from_name(path.stem)
    return parsed[0] if parsed else None
