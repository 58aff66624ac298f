"""Cutting text to a 字 cap at a sentence boundary, with a visible marker."""

from __future__ import annotations

import re
from functools import lru_cache

from workbench.book.plans import TRUNCATION_MARK
from workbench.book.sections import sections
from workbench.feed.model import zi

# A cut may follow a sentence end (runs of 。！？ and closing quotes, an ellipsis) or a line.
_BOUNDARY = re.compile(r"[。！？!?]+[」』”’）)]*|…+[」』”’）)]*|[」』]+|\n+")
MARK_ZI = zi(TRUNCATION_MARK)
FEED_HEADING_LEVEL = 3  # block headings are `##`; headings inside a block nest below them


@lru_cache(maxsize=1024)
def trim_to(text: str, cap: int) -> str | None:
    """`text` if it fits `cap` 字, else its longest prefix ending at a sentence boundary plus
    `…(已截断)` that fits; None when not even one sentence fits."""
    if zi(text) <= cap:
        return text
    room = cap - MARK_ZI
    if room <= 0:
        return None
    ends = [match.end() for match in _BOUNDARY.finditer(text, 0, _reach(text, room))]
    # zi() of a prefix grows with its length, so bisect over the boundaries' prefix counts.
    low, high = 0, len(ends)
    while low < high:
        middle = (low + high) // 2
        if zi(text[: ends[middle]]) <= room:
            low = middle + 1
        else:
            high = middle
    for index in range(low - 1, -1, -1):
        kept = text[: ends[index]].rstrip()
        if kept and zi(kept) <= room:
            return kept + TRUNCATION_MARK
    return None


def _reach(text: str, room: int) -> int:
    """A length whose prefix counts more than `room` 字 (the cut lies before it), found by
    doubling from `room`: a 字 is a character, so no shorter prefix can. A chapter typed into
    is trimmed again after every pause; boundaries and counts past the reach are never needed."""
    reach = 2 * room
    while reach < len(text):
        if zi(text[:reach]) > room:
            return reach
        reach *= 2
    return len(text)


@lru_cache(maxsize=512)
def demote_headings(text: str, level: int = FEED_HEADING_LEVEL) -> str:
    """Shift the text's Markdown headings so the highest sits at `level`, nesting under the
    feed's block headings. Headings in code fences are left alone."""
    found = sections(text)
    if not found:
        return text
    shift = level - min(section.level for section in found)
    if shift <= 0:
        return text
    pieces, previous = [], 0
    for section in found:
        pieces.append(text[previous : section.start])
        pieces.append("#" * min(shift, 6 - section.level))  # Markdown stops at level 6
        previous = section.start
    pieces.append(text[previous:])
    return "".join(pieces)


def first_sentences(text: str, cap: int) -> str:
    """The opening of `text` within `cap` 字, cut at a sentence boundary (a skeleton excerpt)."""
    trimmed = trim_to(text, cap)
    return trimmed if trimmed is not None else ""
