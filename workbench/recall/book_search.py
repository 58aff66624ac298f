"""Book-wide search over the recall index: every passage of the book that holds all the words
the author typed, in the book's order, each with the line where the first of them stands.

The same index the on-demand recall reads (recall/index.py), so a search costs one FTS5 query
and no scan of the chapters; the index is brought up to date first, as for a recall.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from workbench.book.project import Project
from workbench.errors import WorkbenchError
from workbench.recall.index import PassageIndex
from workbench.recall.passages import Passage
from workbench.recall.recall import with_index
from workbench.recall.tokens import phrase

MAX_HITS = 500  # a search for a name the whole book uses lists its first 500 passages
EVERY_CHAPTER = 1 << 62  # `matching` takes chapters before a number: this is all of them


@dataclass(frozen=True)
class SearchHit:
    """One passage that holds every word searched for."""

    chapter: int
    line: int  # where the first word searched for stands (1-based, in the chapter's file)
    start_line: int
    end_line: int
    text: str
    words: tuple[str, ...]  # the words searched for, as typed

    def spans(self) -> list[tuple[int, int]]:
        """(start, end) of every occurrence of the words in `text`, for highlighting."""
        found = []
        for word in self.words:
            start = self.text.find(word)
            while start >= 0:
                found.append((start, start + len(word)))
                start = self.text.find(word, start + len(word))
        return sorted(found)


@dataclass(frozen=True)
class SearchResult:
    """What a search found: its hits in book order, and whether there were more than shown."""

    words: tuple[str, ...]
    hits: tuple[SearchHit, ...]
    more: bool


def too_short(text: str) -> list[str]:
    """The words of a search that cannot be looked up: a single Chinese character (which
    nearly every passage holds as part of a pair) or no letter at all."""
    return [word for word in text.split() if phrase(word) is None]


def search_words(text: str) -> tuple[str, ...]:
    """The words of a search, separated by spaces; a WorkbenchError when there are none or
    one of them is too short to look up."""
    words = tuple(dict.fromkeys(text.split()))
    if not words:
        raise WorkbenchError("nothing to search for")
    short = too_short(text)
    if short:
        raise WorkbenchError(
            f"search for two characters or more: {'、'.join(short)} is too short to look up"
        )
    return words


def search_book(project: Project, text: str, *, limit: int = MAX_HITS) -> SearchResult:
    """Every passage that holds all the words of `text`, in the book's order."""
    words = search_words(text)
    query = " AND ".join(phrase(word) or "" for word in words)

    def work(index: PassageIndex) -> SearchResult:
        stored = index.passages(index.matching(query, EVERY_CHAPTER))
        ordered = sorted(
            (found.passage for found in stored.values()),
            key=lambda passage: (passage.chapter, passage.start_line),
        )
        return SearchResult(
            words, tuple(_hits(project, ordered[:limit], words)), more=len(ordered) > limit
        )

    return with_index(project, work)


def _hits(project: Project, passages: list[Passage], words: tuple[str, ...]) -> Iterator[SearchHit]:
    """The passages as hits, each at the first of its lines that holds one of the words (a
    passage keeps its paragraphs, not the blank lines between them, so the chapter is read:
    once for all its hits)."""
    lines: dict[int, list[str]] = {}
    for passage in passages:
        if passage.chapter not in lines:
            ref = project.chapter(passage.chapter)
            lines[passage.chapter] = project.read(ref.path).text.splitlines() if ref else []
        chapter = lines[passage.chapter]
        line = next(
            (
                number
                for number in range(passage.start_line, passage.end_line + 1)
                if number <= len(chapter) and any(word in chapter[number - 1] for word in words)
            ),
            passage.start_line,  # a phrase the index matched across a line break
        )
        yield SearchHit(
            passage.chapter, line, passage.start_line, passage.end_line, passage.text, words
        )
