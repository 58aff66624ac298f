"""Book-wide search over the passage index: every passage that holds all the words asked (a
phrase of two characters or more; words separated by spaces), in book order, each with the
line where the first word stands, for the app's 全书搜索 to list and jump to."""

from __future__ import annotations

from dataclasses import dataclass

from workbench.book.naming import MAX_CHAPTER
from workbench.book.project import Project
from workbench.errors import FileProblem
from workbench.recall.index import PassageIndex
from workbench.recall.passages import Passage
from workbench.recall.recall import with_index
from workbench.recall.tokens import phrase

MAX_HITS = 500
MAX_WORDS = 8


@dataclass(frozen=True)
class SearchHit:
    """One passage that holds every word asked, and the line to open it at."""

    passage: Passage
    line: int  # the line of the chapter where the first word stands
    words: tuple[str, ...]  # the words asked, to highlight


def search(project: Project, text: str, limit: int = MAX_HITS) -> list[SearchHit]:
    """The passages holding every word of `text`, in book order ([] when no word of two
    characters or more is asked)."""
    words = tuple(dict.fromkeys(w for w in text.split() if phrase(w)))[:MAX_WORDS]
    if not words:
        return []
    query = " AND ".join(f"({phrase(word)})" for word in words)

    def work(index: PassageIndex) -> list[SearchHit]:
        places = index.matching(query, MAX_CHAPTER + 1)
        order = sorted(places, key=places.__getitem__)[: max(1, min(limit, MAX_HITS))]
        stored = index.passages(order)
        passages = [stored[passage_id].passage for passage_id in order]
        return [SearchHit(p, _line_of(project, p, words[0]), words) for p in passages]

    return with_index(project, work)


def _line_of(project: Project, passage: Passage, word: str) -> int:
    """The first line of the passage's chapter, within its lines, that holds the word."""
    ref = project.chapter(passage.chapter)
    try:
        lines = project.read(ref.path).text.splitlines() if ref else []
    except FileProblem:
        lines = []
    for number in range(passage.start_line, min(passage.end_line, len(lines)) + 1):
        if word in lines[number - 1]:
            return number
    return passage.start_line
