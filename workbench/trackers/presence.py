"""Who and what each chapter's text names: the cast (under any alias) and the trackers'
keywords, chapter by chapter. Relevance and the dormant-thread rule both read it, through
the same cached scanners, so a chapter's text is scanned once per content for both.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import defaultdict
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from workbench.book.project import Project
from workbench.trackers.cast import Cast, Scanner, chapter_stats, load_cast, scan_chapters
from workbench.trackers.model import Trackers
from workbench.trackers.scan_store import Stat


@dataclass(frozen=True)
class Presence:
    """Chapter number -> the canonical names and the keywords its text contains."""

    cast: Cast
    names: Scanner
    characters: dict[int, frozenset[str]]
    keywords: dict[int, frozenset[str]]

    def frequent_before(self, chapter: int) -> set[str]:
        """Names named in more than half of the chapters before N (a weak signal at most)."""
        earlier = bisect_left(self._numbers, chapter)
        return {
            name
            for name, numbers in self._chapters_naming.items()
            if bisect_left(numbers, chapter) > earlier / 2
        }

    def chapters_up_to(self, chapter: int) -> set[int]:
        """The chapters numbered N or less."""
        return set(self._numbers[: bisect_right(self._numbers, chapter)])

    def naming(self, names: set[str], keywords: set[str], chapter: int) -> set[int]:
        """The chapters up to N that name one of these characters or keywords."""
        found: set[int] = set()
        for index, terms in ((self._chapters_naming, names), (self._chapters_with, keywords)):
            for term in terms:
                numbers = index.get(term, [])
                found.update(numbers[: bisect_right(numbers, chapter)])
        return found

    # Term -> the chapters naming it, in order: what relevance counts per entry and per
    # relationship, built once per scan rather than walking every chapter for each entry.
    @cached_property
    def _numbers(self) -> list[int]:
        return sorted(self.characters)

    @cached_property
    def _chapters_naming(self) -> dict[str, list[int]]:
        return _inverted(self.characters)

    @cached_property
    def _chapters_with(self) -> dict[str, list[int]]:
        return _inverted(self.keywords)


def _inverted(found_by_chapter: dict[int, frozenset[str]]) -> dict[str, list[int]]:
    index: dict[str, list[int]] = defaultdict(list)
    for number in sorted(found_by_chapter):
        for term in found_by_chapter[number]:
            index[term].append(number)
    return dict(index)


def chapter_presence(
    project: Project, trackers: Trackers, stats: dict[Path, Stat | None] | None = None
) -> Presence:
    """Scan every chapter for the cast (including names known only from the trackers) and
    for every keyword of the foreshadowing entries (`stats`: the chapters' file stats, when
    the caller took them already)."""
    cast = load_cast(project).including(trackers.characters())
    forms = cast.forms()
    names = Scanner(forms)
    stats = chapter_stats(project) if stats is None else stats
    characters = {
        number: frozenset(forms[form] for form in found)
        for number, found in scan_chapters(project, names, stats).items()
    }
    # All keywords, not one chapter's candidates', so the scan cache survives chapters.
    keywords = Scanner((k for e in trackers.foreshadowing for k in e.keywords), whole_names=False)
    return Presence(cast, names, characters, scan_chapters(project, keywords, stats))
