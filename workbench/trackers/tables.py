"""Markdown tables found by markdown-it, and the exact span of every cell in its line.

markdown-it decides which lines form a table (header, delimiter, body rows); this module then
locates each cell's characters in the original line, so an edit can replace one cell and
leave every other byte of the file as it was. Its answer for a text can be kept in a
TableStore, so that a later process with the same text needs no markdown-it.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from workbench.trackers.table_store import Structure, TableStore

if TYPE_CHECKING:
    from markdown_it import MarkdownIt

# markdown-it treats \r\n, \r and \n as line breaks; str.splitlines would also split on
# \x0c, \u2028 and friends, and line numbers would drift from markdown-it's.
LINE_BREAK = re.compile(r"\r\n|\r|\n")
_WHITESPACE = " \t"


@dataclass(frozen=True)
class Line:
    """One line of a file: its text and the line break that ended it ('' for the last)."""

    text: str
    end: str


@dataclass(frozen=True)
class Cell:
    """A cell's place in its line: the raw span between pipes and the trimmed content in it."""

    start: int  # first character after the opening pipe (or the line's indentation)
    end: int  # the closing pipe, or where the row's content ends
    content_start: int
    content_end: int
    value: str  # the content with escaped pipes unescaped

    def raw(self, line: str) -> str:
        """The cell's characters including its padding."""
        return line[self.start : self.end]


@dataclass(frozen=True)
class Row:
    """One table row: its 0-based line index and its cells."""

    index: int
    cells: tuple[Cell, ...]

    @property
    def line(self) -> int:
        """1-based line number, as editors and error messages count."""
        return self.index + 1

    def values(self) -> list[str]:
        """The cells' unescaped contents."""
        return [cell.value for cell in self.cells]


@dataclass(frozen=True)
class Table:
    """A top-level Markdown table: header row, delimiter line and body rows."""

    header: Row
    delimiter: int  # 0-based line index of the |---| line
    rows: tuple[Row, ...]

    @property
    def last_index(self) -> int:
        """0-based index of the table's last line."""
        return self.rows[-1].index if self.rows else self.delimiter


def split_lines(text: str) -> list[Line]:
    """The text as lines with their own line breaks; joining them gives the text back."""
    lines: list[Line] = []
    start = 0
    for match in LINE_BREAK.finditer(text):
        lines.append(Line(text[start : match.start()], match.group()))
        start = match.end()
    lines.append(Line(text[start:], ""))
    return lines


def join_lines(lines: list[Line]) -> str:
    """The inverse of split_lines."""
    return "".join(line.text + line.end for line in lines)


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    from markdown_it import MarkdownIt  # only for a text no earlier process has seen

    # Only block structure matters here; skipping inline parsing halves the cost.
    return MarkdownIt("commonmark").enable("table").disable("inline")


def find_tables(text: str) -> list[Table]:
    """Every top-level table in the text, with each row's cells located in its line.

    Tables nested in block quotes or list items are left alone: their lines carry `>` or
    list indentation that belongs to the enclosing block, not to the table.
    """
    return find_tables_and_strays(text)[0]


def find_tables_and_strays(
    text: str, store: TableStore | None = None
) -> tuple[list[Table], list[tuple[int, int]]]:
    """The tables (as `find_tables`) and the stray rows: top-level paragraphs of two or more
    lines that all start with `|`, as (first, last) 1-based lines. Such a paragraph is a
    table whose `|---|` row is missing or does not match its header, so none of it is read.
    With a store, markdown-it's answer for this text is taken from it, or recorded in it."""
    lines = split_lines(text)
    sha = hashlib.sha256(text.encode("utf-8")).hexdigest() if store is not None else ""
    structure = store.get(sha) if store is not None else None
    if structure is None or not _fits(structure, lines):
        structure = _structure(lines, text)
        if store is not None:
            store.put(sha, structure)
    strays, found = structure
    tables = []
    for header_index, row_indices in found:
        header = Row(header_index, tuple(split_cells(lines[header_index].text)))
        rows = tuple(Row(i, tuple(split_cells(lines[i].text))) for i in row_indices)
        tables.append(Table(header, header_index + 1, rows))
    return tables, list(strays)


def _structure(lines: list[Line], text: str) -> Structure:
    """Which lines markdown-it reads as stray rows and as tables (header, body rows)."""
    tables: list[tuple[int, tuple[int, ...]]] = []
    strays: list[tuple[int, int]] = []
    header: int | None = None
    rows: list[int] = []
    for token in _parser().parse(text):
        if token.type == "paragraph_open" and token.level == 0 and token.map:
            first, end = token.map
            piped = all(
                lines[i].text.lstrip(_WHITESPACE).startswith("|") for i in range(first, end)
            )
            if end - first >= 2 and piped:
                strays.append((first + 1, end))
        elif token.type == "table_open":
            header, rows = None, []
        elif token.type == "tr_open" and token.level == 2 and token.map:
            if header is None:
                header = token.map[0]
            else:
                rows.append(token.map[0])
        elif token.type == "table_close" and token.level == 0 and header is not None:
            tables.append((header, tuple(rows)))
            header = None
    return tuple(strays), tuple(tables)


def _fits(structure: Structure, lines: list[Line]) -> bool:
    # A stored structure names lines of the text it was recorded for; one that does not fit
    # this text (a damaged cache file) is not used: every table line it names exists and
    # holds a pipe, in order, and every stray paragraph lies within the text.
    strays, tables = structure
    count = len(lines)
    indices = [i for header, rows in tables for i in (header, *rows)]
    return (
        all(0 <= i < count and "|" in lines[i].text for i in indices)
        and indices == sorted(set(indices))
        and all(1 <= first <= last <= count for first, last in strays)
    )


def split_cells(line: str) -> list[Cell]:
    """Cells of one table row: pipes split cells unless escaped (`\\|`) or in a code span."""
    length = len(line)
    position = 0
    while position < length and line[position] in _WHITESPACE:
        position += 1
    if position < length and line[position] == "|":
        position += 1
    boundaries: list[tuple[int, int]] = []
    start = position
    while position < length:
        char = line[position]
        if char == "`" and not _escaped(line, position):
            position = _past_code_span(line, position)
            continue
        if char == "|" and not _escaped(line, position):
            boundaries.append((start, position))
            start = position + 1
        position += 1
    if line[start:].strip(_WHITESPACE) or not boundaries:
        # Content after the last pipe is a cell of a row written without a closing pipe.
        end = len(line.rstrip(_WHITESPACE)) if boundaries else length
        boundaries.append((start, max(start, end)))
    return [_cell(line, start, end) for start, end in boundaries]


def _escaped(line: str, position: int) -> bool:
    # As in markdown-it's table rule: a character right after a backslash is escaped.
    return position > 0 and line[position - 1] == "\\"


def _past_code_span(line: str, position: int) -> int:
    """Where scanning resumes after a backtick run: past its code span, or past the run."""
    run_end = position
    while run_end < len(line) and line[run_end] == "`":
        run_end += 1
    fence = line[position:run_end]
    search = run_end
    while True:
        close = line.find(fence, search)
        if close < 0:
            return run_end  # no closing run: the backticks are literal
        after = close + len(fence)
        if after >= len(line) or line[after] != "`":
            return after
        while after < len(line) and line[after] == "`":
            after += 1
        search = after


def _cell(line: str, start: int, end: int) -> Cell:
    content_start = start
    while content_start < end and line[content_start] in _WHITESPACE:
        content_start += 1
    content_end = end
    while content_end > content_start and line[content_end - 1] in _WHITESPACE:
        content_end -= 1
    value = line[content_start:content_end].replace("\\|", "|")
    return Cell(start, end, content_start, content_end, value)


def escape_cell(value: str) -> str:
    """A value as cell content: pipes escaped; a line break cannot live in a cell."""
    if LINE_BREAK.search(value):
        raise ValueError("a table cell cannot contain a line break")
    return value.strip(_WHITESPACE).replace("|", "\\|")
