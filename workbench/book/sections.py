"""Markdown sections by ATX heading: what the book's files are organised in.

Headings inside fenced code blocks are not headings. Offsets index the original text, so a
caller can replace one section and leave every other byte alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

_HEADING = re.compile(r"^(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$")
_FENCE = re.compile(r"^[ \t]{0,3}(`{3,}|~{3,})")


@dataclass(frozen=True)
class Section:
    """One heading and everything up to the next heading of the same or a higher level."""

    level: int
    title: str
    start: int  # offset of the heading line
    body_start: int  # offset just after the heading line
    end: int  # offset where the next same-or-higher heading starts (or len(text))
    line: int  # 1-based line number of the heading

    def body(self, text: str) -> str:
        """The section's text without its heading line, trimmed of blank edges."""
        return text[self.body_start : self.end].strip("\n")

    def whole(self, text: str) -> str:
        """The section's text including its heading line."""
        return text[self.start : self.end]


def sections(text: str) -> list[Section]:
    """Every heading-delimited section of the text, in order."""
    headings: list[tuple[int, str, int, int, int]] = []
    offset = 0
    fence: str | None = None
    for number, line in enumerate(text.splitlines(keepends=True), start=1):
        stripped = line.rstrip("\r\n")
        fence_match = _FENCE.match(stripped)
        if fence_match:
            marker = fence_match.group(1)[0]
            fence = None if fence == marker else (fence or marker)
        elif fence is None:
            match = _HEADING.match(stripped)
            if match:
                headings.append(
                    (len(match.group(1)), match.group(2), offset, offset + len(line), number)
                )
        offset += len(line)
    result = []
    for index, (level, title, start, body_start, line_no) in enumerate(headings):
        end = len(text)
        for later in headings[index + 1 :]:
            if later[0] <= level:
                end = later[2]
                break
        result.append(Section(level, title, start, body_start, end, line_no))
    return result


def find_section(
    text: str, matches: Callable[[str], bool], level: int | None = None
) -> Section | None:
    """The first section whose title satisfies `matches` (at `level`, if given)."""
    for section in sections(text):
        if (level is None or section.level == level) and matches(section.title):
            return section
    return None


def section_at(text: str, offset: int) -> Section | None:
    """The innermost section whose heading is at or before `offset` and which runs past it."""
    inside = [s for s in sections(text) if s.start <= offset < max(s.end, s.start + 1)]
    return max(inside, key=lambda s: s.level, default=None)


def locate(text: str, heading: str = "", find: str = "") -> int | None:
    """Where to show a source: the heading titled `heading` (else the first starting with
    it, as 第13章 finds `### 第13章 余烬`), else the first occurrence of `find`."""
    if heading:
        want = heading.strip()
        found = find_section(text, lambda title: title.strip() == want) or find_section(
            text, lambda title: title.strip().startswith(want)
        )
        if found is not None:
            return found.start
    if find:
        at = text.find(find)
        if at >= 0:
            return at
    return None
