"""Who and what each chapter's text names: the cast (under any alias) and the trackers'
keywords, chapter by chapter. Relevance and the dormant-thread rule both read it, through
the same cached scanners, so a chapter's text is scanned once per content for both.

The book's presence is kept per open project with the chapter stats it was made from; the
next call rescans only the chapters whose stats changed since and moves their terms in the
term -> chapters index (a save costs that chapter, not the book). A view of unsaved buffers
lays its buffers' scans over the book's.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right, insort
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from workbench.book.chapter_stats import ChapterStats, Stat
from workbench.book.project import Project
from workbench.trackers.cache import project_cache
from workbench.trackers.cast import Cast, Scanner, listed_chapters, load_cast, scan_chapters
from workbench.trackers.model import Trackers

Found = Mapping[int, frozenset[str]]
ANY, ALL = "any", "all"  # chapters naming any of some terms, or all of them
MAX_MEMO = 1024  # remembered term sets per presence (one or two per tracker entry)


@dataclass(frozen=True)
class Presence:
    """Chapter number -> the canonical names and the keywords its text contains, and the
    same inverted (term -> the chapters naming it, in order): what relevance counts per
    entry and per relationship, without walking every chapter for each."""

    cast: Cast
    names: Scanner
    characters: Found
    keywords: Found
    numbers: list[int]  # every chapter's number, in order
    chapters_naming: dict[str, list[int]]  # canonical name -> chapters
    chapters_with: dict[str, list[int]]  # keyword -> chapters
    memo: dict[tuple, list[int]] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def of(cls, cast: Cast, names: Scanner, characters: Found, keywords: Found) -> Presence:
        """The presence of these scans, its index built from scratch."""
        return cls(
            cast,
            names,
            characters,
            keywords,
            sorted(characters),
            _inverted(characters),
            _inverted(keywords),
        )

    def replacing(
        self, characters: Mapping[int, frozenset[str] | None], keywords: Found
    ) -> Presence:
        """This presence with some chapters' scans replaced (a chapter whose `characters`
        are None is gone); the index is updated by those chapters' terms only, and shares
        every list it does not change with this one."""
        gone = {number for number, found in characters.items() if found is None}
        numbers = self.numbers
        added = [number for number in characters if number not in self.characters]
        if added or gone & self.characters.keys():
            numbers = sorted((set(numbers) | set(added)) - gone)
        new_characters = _replaced(self.characters, characters)
        new_keywords = _replaced(self.keywords, {n: keywords.get(n) for n in characters})
        naming, names_moved = _moved(
            self.chapters_naming, self.characters, new_characters, characters
        )
        with_, keywords_moved = _moved(self.chapters_with, self.keywords, new_keywords, characters)
        memo = {}
        if numbers is self.numbers:
            memo = {
                key: found
                for key, found in self.memo.items()
                if not (key[1] & names_moved or key[2] & keywords_moved)
            }
        return Presence(
            self.cast,
            self.names,
            new_characters,
            new_keywords,
            numbers,
            naming,
            with_,
            memo,
        )

    def frequent_before(self, chapter: int) -> set[str]:
        """Names named in more than half of the chapters before N (a weak signal at most)."""
        earlier = bisect_left(self.numbers, chapter)
        return {
            name
            for name, numbers in self.chapters_naming.items()
            if bisect_left(numbers, chapter) > earlier / 2
        }

    def mentions(self, names: frozenset[str], keywords: frozenset[str], chapter: int) -> int:
        """How many chapters up to N name one of these characters or keywords."""
        return bisect_right(self._chapters(ANY, names, keywords), chapter)

    def last_naming(
        self, names: frozenset[str], keywords: frozenset[str], chapter: int
    ) -> int | None:
        """The last chapter up to N that names one of these characters or keywords."""
        chapters = self._chapters(ANY, names, keywords)
        at = bisect_right(chapters, chapter)
        return chapters[at - 1] if at else None

    def naming_any(self, names: frozenset[str], keywords: frozenset[str]) -> list[int]:
        """Every chapter naming one of these characters or keywords, in order."""
        return self._chapters(ANY, names, keywords)

    def together(self, names: frozenset[str], chapter: int) -> int:
        """How many chapters up to N name every one of these characters (all, for none)."""
        return bisect_right(self._chapters(ALL, names, frozenset()), chapter)

    def _chapters(self, how: str, names: frozenset[str], keywords: frozenset[str]) -> list[int]:
        """The chapters naming any (or all) of these terms, in order: remembered, as every
        feed asks the same for each tracker entry, and carried over by `replacing` for as
        long as none of the terms' chapters change."""
        key = (how, names, keywords)
        found = self.memo.get(key)
        if found is None:
            lists = [self.chapters_naming.get(name, ()) for name in names]
            lists += [self.chapters_with.get(keyword, ()) for keyword in keywords]
            if how == ANY:
                found = sorted(set().union(*lists))
            else:
                found = sorted(set(self.numbers).intersection(*lists))
            if len(self.memo) >= MAX_MEMO:
                self.memo.clear()
            self.memo[key] = found
        return found


def _inverted(found_by_chapter: Found) -> dict[str, list[int]]:
    index: dict[str, list[int]] = defaultdict(list)
    for number in sorted(found_by_chapter):
        for term in found_by_chapter[number]:
            index[term].append(number)
    return dict(index)


def _replaced(found: Found, changes: Mapping[int, frozenset[str] | None]) -> Found:
    result = dict(found)
    for number, terms in changes.items():
        if terms is None:
            result.pop(number, None)
        else:
            result[number] = terms
    return result


def _moved(
    index: dict[str, list[int]], old: Found, new: Found, changed: Iterable[int]
) -> tuple[dict[str, list[int]], set[str]]:
    """The index with each changed chapter's number taken out of the terms it no longer
    names and put into the ones it now does (copying only those terms' lists), and those
    terms."""
    result = dict(index)
    moved: set[str] = set()
    copied: set[str] = set()  # lists of this result's own, not shared with `index`

    def own(term: str) -> list[int]:
        moved.add(term)
        if term not in copied or term not in result:
            copied.add(term)
            result[term] = list(result.get(term, ()))
        return result[term]

    for number in changed:
        before, after = old.get(number, frozenset()), new.get(number, frozenset())
        for term in before - after:
            chapters = own(term)
            del chapters[bisect_left(chapters, number)]
            if not chapters:
                del result[term]
        for term in after - before:
            insort(own(term), number)
    return result, moved


@dataclass(frozen=True)
class _Held:
    """The book's presence on disk, as of one chapter listing and one version of its stats."""

    key: tuple
    listing: int
    version: int
    chapters: dict[int, Path]
    numbers: dict[Path, int]  # the same, inverted
    stats: Mapping[Path, Stat | None]
    presence: Presence


def chapter_presence(
    project: Project, trackers: Trackers, stats: ChapterStats | None = None
) -> Presence:
    """Every chapter scanned for the cast (including names known only from the trackers) and
    for every keyword of the foreshadowing entries and every name and keyword of the
    declared kinds' rows (`stats`: the chapters' stats, when the caller took them already)."""
    cast = load_cast(project).including(trackers.characters())
    names = Scanner(cast.forms())
    # All keywords, not one chapter's candidates', so the scan cache survives chapters.
    terms = [k for e in trackers.foreshadowing for k in e.keywords]
    terms += [t for item in trackers.items for t in (item.name, *item.keywords)]
    keywords = Scanner(terms, whole_names=False)
    stats = project.chapter_stats() if stats is None else stats
    held = _book_presence(project, cast, names, keywords, stats)
    book = held.presence
    if book.cast is not cast or book.names is not names:
        book = replace(book, cast=cast, names=names)
    buffered = {Path(path) for path, _ in project.buffer_hashes()}
    if not buffered:
        return book
    chapters = {held.numbers[p]: p for p in buffered if p in held.numbers}
    if not chapters:
        return book
    found = scan_chapters(project, names, stats.stats, chapters)
    forms = cast.forms()
    return book.replacing(
        {number: frozenset(forms[form] for form in terms) for number, terms in found.items()},
        scan_chapters(project, keywords, stats.stats, chapters),
    )


def _book_presence(
    project: Project, cast: Cast, names: Scanner, keywords: Scanner, stats: ChapterStats
) -> _Held:
    """The presence of the chapters on disk: the one held, updated by what changed since."""
    cache = project_cache(project)
    forms = cast.forms()
    key = (names.key, keywords.key, tuple(forms.items()))
    listing = project.listing_version
    held = cache.presence
    if held is None or held.key != key:
        chapters = listed_chapters(project)
        numbers = {path: number for number, path in chapters.items()}
        changed: dict[int, Path | None] = dict(chapters)
    else:
        if held.listing == listing:
            if held.version == stats.version:
                return held
            chapters, numbers, changed = held.chapters, held.numbers, {}
        else:  # chapters created, renamed or deleted: compare the listings
            chapters = listed_chapters(project)
            numbers = {path: number for number, path in chapters.items()}
            changed = {n: p for n, p in chapters.items() if held.chapters.get(n) != p}
            changed.update(dict.fromkeys(held.chapters.keys() - chapters.keys()))
        paths = project.stat_keeper.changes_since(held.version)
        if paths is None:  # too many versions ago: compare the stats
            paths = frozenset(p for p in chapters.values() if held.stats.get(p) != stats.stats[p])
        changed.update((numbers[path], path) for path in paths if path in numbers)
    disk = project.base  # the files as they are, whatever buffers a view reads instead
    scanned = {number: path for number, path in changed.items() if path is not None}
    fresh = held is not None and held.key == key  # these chapters changed: read them
    found = scan_chapters(disk, names, stats.stats, scanned, reread=fresh)
    canonical: dict[int, frozenset[str] | None] = {
        number: frozenset(forms[form] for form in terms) for number, terms in found.items()
    }
    canonical.update((number, None) for number, path in changed.items() if path is None)
    found_keywords = scan_chapters(disk, keywords, stats.stats, scanned, reread=fresh)
    if held is not None and held.key == key:
        presence = held.presence.replacing(canonical, found_keywords)
    else:
        presence = Presence.of(cast, names, canonical, found_keywords)
    held = _Held(key, listing, stats.version, chapters, numbers, stats.stats, presence)
    cache.presence = held
    return held
