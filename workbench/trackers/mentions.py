"""Who appears where, counted: each cast member's mentions (name or any alias) in each
chapter — the presence heatmap's numbers.

Counting follows presence's rule for names: an occurrence inside an occurrence of a longer
known name (龙王 inside 西海龙王) does not count for the shorter one. Counts are kept per
chapter content, so after a save only that chapter is counted again.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from workbench.book.project import Project
from workbench.trackers.cache import project_cache
from workbench.trackers.cast import Cast, listed_chapters, load_cast
from workbench.trackers.relevance import load_trackers

MAX_BINS = 120  # columns a heatmap draws at most: a 1000-chapter book is binned by 9


@dataclass(frozen=True)
class CharacterRow:
    """One cast member's mentions chapter by chapter, with what the view sorts by."""

    name: str
    aliases: tuple[str, ...]
    counts: tuple[int, ...]  # one per chapter of MentionTable.chapters
    first: int | None  # chapter number of the first mention
    last: int | None
    total: int
    chapters_named: int  # chapters with at least one mention
    weak: bool  # named in more than half of the chapters: a weak signal (PRODUCT.md §2)


@dataclass(frozen=True)
class MentionTable:
    """Rows = cast members, columns = chapters (in order)."""

    chapters: tuple[int, ...]
    rows: tuple[CharacterRow, ...]
    counter: NameCounter | None = None  # what counted them: finds a name's first mention

    def row(self, name: str) -> CharacterRow | None:
        return next((row for row in self.rows if row.name == name), None)

    def count(self, name: str, chapter: int) -> int:
        """Mentions of a character (any alias) in chapter N; 0 for an unknown one."""
        row = self.row(name)
        if row is None or chapter not in self.chapters:
            return 0
        return row.counts[self.chapters.index(chapter)]


class NameCounter:
    """Counts occurrences of a fixed set of names in texts, longest name first at each place."""

    def __init__(self, forms: Mapping[str, str]) -> None:
        self.forms = dict(forms)  # name or alias -> canonical name
        terms = sorted(filter(None, self.forms), key=lambda t: (-len(t), t))
        self.key = tuple(sorted(self.forms.items()))
        self._regex = re.compile("|".join(map(re.escape, terms))) if terms else None

    def count(self, text: str) -> Counter[str]:
        """Canonical name -> occurrences of it under any of its forms."""
        found: Counter[str] = Counter()
        if self._regex is None:
            return found
        search = self._regex.search
        position = end_so_far = 0
        # As Scanner: step past each match's start, so an overlapping (not nested) one counts.
        while match := search(text, position):
            start, end = match.span()
            if end > end_so_far:
                found[self.forms[match.group()]] += 1
                end_so_far = end
            position = start + 1
        return found

    def first_at(self, text: str, name: str) -> int | None:
        """The offset of the first occurrence that counts for this character, if any."""
        if self._regex is None:
            return None
        position = end_so_far = 0
        while match := self._regex.search(text, position):
            start, end = match.span()
            if end > end_so_far:
                if self.forms[match.group()] == name:
                    return start
                end_so_far = end
            position = start + 1
        return None


def mention_table(project: Project, cast: Cast | None = None) -> MentionTable:
    """Every cast member's mentions in every chapter, counted once per chapter content; the
    cast, by default, as relevance knows it: the character files plus the names the
    trackers give (相关角色, 角色A/B) that no character file describes."""
    cast = cast or load_cast(project).including(load_trackers(project).characters())
    counter = NameCounter(cast.forms())
    memo = project_cache(project).mention_counts
    if memo.get("key") != counter.key:
        memo.clear()
        memo["key"] = counter.key
    chapters = listed_chapters(project)
    per_chapter: list[Counter[str]] = []
    current: set[str] = set()
    for path in chapters.values():
        loaded = project.read(path)
        counted = memo.get(loaded.sha256)
        if counted is None:
            counted = memo[loaded.sha256] = counter.count(loaded.text)
        per_chapter.append(counted)
        current.add(loaded.sha256)
    for stale in memo.keys() - current - {"key"}:  # texts no chapter holds any more
        del memo[stale]
    numbers = tuple(chapters)
    half = len(numbers) / 2
    rows = []
    for character in cast.characters:
        counts = tuple(counted.get(character.name, 0) for counted in per_chapter)
        named = [number for number, count in zip(numbers, counts, strict=True) if count]
        rows.append(
            CharacterRow(
                character.name,
                character.aliases,
                counts,
                named[0] if named else None,
                named[-1] if named else None,
                sum(counts),
                len(named),
                len(named) > half,
            )
        )
    return MentionTable(numbers, tuple(rows), counter)


def bin_width(chapters: int, max_bins: int = MAX_BINS) -> int:
    """Chapters per drawn column, so at most `max_bins` columns: 1 up to 120 chapters."""
    return max(1, math.ceil(chapters / max_bins))


def binned(counts: tuple[int, ...], width: int) -> tuple[int, ...]:
    """The counts summed in consecutive groups of `width` chapters (the last may be short)."""
    return tuple(sum(counts[start : start + width]) for start in range(0, len(counts), width))


SORT_KEYS = {
    "first": lambda row: (row.first is None, row.first or 0, row.name),
    "last": lambda row: (row.last is None, -(row.last or 0), row.name),
    "total": lambda row: (-row.total, row.name),
    "name": lambda row: (row.name,),
}


def sorted_rows(table: MentionTable, by: str) -> list[CharacterRow]:
    """Rows by first appearance (earliest first), last appearance (latest first), total
    mentions (most first) or name."""
    return sorted(table.rows, key=SORT_KEYS[by])


def dormant_characters(table: MentionTable, chapter: int, after: int) -> set[str]:
    """Characters last mentioned more than `after` chapters before N (never named: not)."""
    return {row.name for row in table.rows if row.last is not None and chapter - row.last > after}
