"""Which lines of a file created from a template are still the template's own, and the file's
text without them.

A line is the template's when, stripped, it is one of the lines of the template the app ships
(`workbench/templates/project/`); a file holding nothing but such lines and （placeholder）
lines holds nothing of the author's. Comparing with the shipped text,
rather than looking for a marker, keeps working when the author reorders, re-indents or
deletes some of it, and whatever the author writes is theirs even beside template lines.

Without the template, a file keeps the author's lines and the structure they stand in: a
template heading stays when its section holds a line of the author's, a template table's
header and rule stay when the table holds a row of the author's. Example rows, example
entries (苏瑶, 反派示例), instruction blockquotes and placeholders go.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from workbench.book.sections import sections

# A line that is only a （placeholder）, optionally after a list marker and a `label：`.
PLACEHOLDER_LINE = re.compile(r"^(?:[-*+>][ \t]*)?(?:[^：:（(]{1,20}[：:][ \t]*)?（[^）]*）[。.]?$")
_HEADING = re.compile(r"^#{1,6}[ \t]")
_TABLE_RULE = re.compile(r"^\|?[ \t]*:?-{3,}")
_BLANK_RUNS = re.compile(r"\n{3,}")


@dataclass(frozen=True)
class TemplateReading:
    """A file read against its template: the author's text, and the sections (by title) that
    still hold template lines other than the headings and table headers kept as structure."""

    text: str
    template_sections: tuple[str, ...]
    has_template: bool

    @property
    def partly_template(self) -> bool:
        """The author wrote something, and template text is left beside it."""
        return bool(self.text) and bool(self.template_sections)


@lru_cache(maxsize=512)
def read_against(text: str, template: frozenset[str]) -> TemplateReading:
    """The text without its template lines (see the module's doc), and where template text is."""
    lines = text.splitlines()
    stripped = [line.strip() for line in lines]
    theirs = [bool(s) and s in template for s in stripped]
    authored = [bool(s) and not t for s, t in zip(stripped, theirs, strict=True)]
    if not any(theirs):
        return TemplateReading(text, (), False)
    # A （placeholder） of the author's own counts as template only where nothing else is
    # written: beside real lines it may be a note worth keeping (（本书声音：短句……）).
    pairs = zip(stripped, authored, strict=True)
    if all(not own or PLACEHOLDER_LINE.match(line) for line, own in pairs):
        return TemplateReading("", (), True)
    keep = [not t for t in theirs]
    starts = _line_starts(text)
    headings = [
        (_line_of(starts, s.start), _line_of(starts, max(s.end - 1, s.start)), s.title)
        for s in sections(text)
    ]
    _keep_structure(headings, stripped, theirs, authored, keep)
    titles = _titles_by_line(headings, len(lines))
    left_out = [
        titles[index]
        for index, is_theirs in enumerate(theirs)
        if is_theirs and not keep[index] and not _HEADING.match(stripped[index])
    ]
    where = list(dict.fromkeys(left_out))
    kept = "\n".join(line for line, wanted in zip(lines, keep, strict=True) if wanted)
    kept = _BLANK_RUNS.sub("\n\n", kept).strip("\n") + "\n"
    return TemplateReading(kept, tuple(where), True)


def _keep_structure(
    headings: list[tuple[int, int, str]],
    stripped: list[str],
    theirs: list[bool],
    authored: list[bool],
    keep: list[bool],
) -> None:
    """Keep a template heading whose section holds an author's line, and a template table's
    header and rule when the table holds an author's row."""
    authored_before = [0]  # authored lines before each line: a section's count in O(1)
    for own in authored:
        authored_before.append(authored_before[-1] + own)
    for first, last, _ in headings:
        if theirs[first] and authored_before[last + 1] > authored_before[first + 1]:
            keep[first] = True
    index = 0
    while index < len(stripped):
        if not stripped[index].startswith("|"):
            index += 1
            continue
        end = index
        while end < len(stripped) and stripped[end].startswith("|"):
            end += 1
        if any(authored[index:end]):
            for row in range(index, min(index + 2, end)):
                is_header = row == index and row + 1 < end and _TABLE_RULE.match(stripped[row + 1])
                if theirs[row] and (is_header or _TABLE_RULE.match(stripped[row])):
                    keep[row] = True
        index = end


def _line_starts(text: str) -> list[int]:
    starts, offset = [], 0
    for line in text.splitlines(keepends=True):
        starts.append(offset)
        offset += len(line)
    return starts


def _line_of(starts: list[int], offset: int) -> int:
    low, high = 0, len(starts) - 1
    while low < high:
        middle = (low + high + 1) // 2
        if starts[middle] <= offset:
            low = middle
        else:
            high = middle - 1
    return low


def _titles_by_line(headings: list[tuple[int, int, str]], count: int) -> list[str]:
    """The title of the innermost section each line is in ('' before the first heading): the
    last heading at or above the line, since a section runs at least to the next heading."""
    titles, title = [""] * count, ""
    heading_at = {first: title.strip() for first, _, title in headings}
    for index in range(count):
        title = heading_at.get(index, title)
        titles[index] = title
    return titles
