"""A chapter cut into passages: the unit the recall index holds and a feed quotes.

A passage is whole paragraphs (a paragraph is a line of text; blank lines separate nothing
more), about 200–600 字, never more than 800: paragraphs are gathered until the next would
take the passage past 600, a heading starts a passage (once the one before holds 200 字) and
always goes with the paragraph after it, and a paragraph
longer than 700 字 is cut at sentence ends (at 700 字 sharp where a sentence runs longer),
which leaves room for the heading that may lead its first piece.
Cutting is one pass over the text, so a 16 MB chapter or a chapter of one 2 MB line costs
time in proportion to its size and nothing more.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from workbench.book.counting import count_zi

TARGET_ZI = 600  # gather paragraphs up to this …
MIN_ZI = 200  # … and take one more when the passage is still shorter than this
MAX_ZI = 800  # no passage is longer
HEADING_MAX_ZI = 100  # a longer "heading" is prose with a # and is cut like prose
# A long paragraph is cut to pieces that leave room for the heading that may lead them.
PIECE_MAX_ZI = MAX_ZI - HEADING_MAX_ZI
_SENTENCE_END = re.compile(r"[。！？!?…]+[」』”’）)]*")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s")


@dataclass(frozen=True)
class Passage:
    """Lines `start_line`..`end_line` (1-based, inclusive) of chapter `chapter`, or a piece
    of one long line (then both are that line)."""

    chapter: int
    start_line: int
    end_line: int
    text: str
    zi: int


@dataclass(frozen=True)
class _Piece:
    line: int
    text: str
    zi: int
    heading: bool


def cut_passages(chapter: int, text: str) -> list[Passage]:
    """The chapter's passages, in order."""
    passages: list[Passage] = []
    held: list[_Piece] = []
    held_zi = 0
    for piece in _pieces(text):
        joins_heading = bool(held) and held[-1].heading
        fits = held_zi + piece.zi <= TARGET_ZI or (
            held_zi < MIN_ZI and held_zi + piece.zi <= MAX_ZI
        )
        if joins_heading and held_zi + piece.zi > MAX_ZI and len(held) > 1:
            # The heading goes on with its paragraph; what came before it is a passage.
            passages.append(_passage(chapter, held[:-1]))
            held, held_zi = held[-1:], held[-1].zi
        elif held and not joins_heading and (not fits or (piece.heading and held_zi >= MIN_ZI)):
            passages.append(_passage(chapter, held))
            held, held_zi = [], 0
        held.append(piece)
        held_zi += piece.zi
    if held:
        passages.append(_passage(chapter, held))
    return passages


def _passage(chapter: int, pieces: list[_Piece]) -> Passage:
    text = "\n".join(piece.text for piece in pieces)
    return Passage(chapter, pieces[0].line, pieces[-1].line, text, sum(p.zi for p in pieces))


def _pieces(text: str) -> Iterator[_Piece]:
    """Each non-blank line, a line over PIECE_MAX_ZI 字 in sentence-bounded pieces."""
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        line = line.rstrip()
        size = count_zi(line)
        heading = bool(_HEADING.match(line)) and size <= HEADING_MAX_ZI
        if size <= PIECE_MAX_ZI or heading:
            yield _Piece(number, line, size, heading)
            continue
        for part in _split_long(line):
            yield _Piece(number, part, count_zi(part), False)


def _split_long(line: str) -> Iterator[str]:
    """A long line in pieces of at most PIECE_MAX_ZI characters (so as many 字 at most),
    each ending at the last sentence end past MIN_ZI of it when there is one."""
    start = 0
    while len(line) - start > PIECE_MAX_ZI:
        window_end = start + PIECE_MAX_ZI
        cut = window_end
        for match in _SENTENCE_END.finditer(line, start + MIN_ZI, window_end):
            cut = match.end()
        yield line[start:cut]
        start = cut
    if start < len(line):
        yield line[start:]
