"""How a table is written (padding, alignment, pipes), so edits and new rows match it."""

from __future__ import annotations

import unicodedata

from workbench.trackers.tables import Cell, Row, Table, escape_cell


def display_width(text: str) -> int:
    """Columns the text takes in a monospaced editor: CJK and full-width characters take two."""
    width = 0
    for char in text:
        if unicodedata.combining(char):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def aligned_widths(table: Table, lines: list[str], exclude: int | None = None) -> list[int | None]:
    """Per column, the common display width of its cells when the author padded them to one
    width (an aligned table), else None. The row being edited (`exclude`) is no evidence."""
    rows = [row for row in (table.header, *table.rows) if row.index != exclude]
    widths: list[int | None] = []
    for column in range(len(table.header.cells)):
        seen = {
            display_width(row.cells[column].raw(lines[row.index]))
            for row in rows
            if column < len(row.cells)
        }
        widths.append(seen.pop() if len(rows) > 1 and len(seen) == 1 else None)
    return widths


def fit_cell(line: str, cell: Cell, value: str, width: int | None) -> str:
    """The cell's new raw text: the value in the cell's own padding, padded to `width` if the
    column is aligned (when the value fits; otherwise it just sticks out, as authors do)."""
    content = escape_cell(value)
    if cell.content_start == cell.content_end:
        padding = line[cell.start : cell.end]
        lead, trail = padding[:1], (" " if padding else "")
    else:
        lead = line[cell.start : cell.content_start]
        trail = line[cell.content_end : cell.end]
    if not content:
        # An emptied cell keeps just its spacing: one space, or the column's width.
        return " " * (width if width is not None else min(1, len(lead + trail)))
    if width is not None:
        minimum = 1 if trail else 0
        trail = " " * max(minimum, width - display_width(lead + content))
    return lead + content + trail


def replace_cell(line: str, cell: Cell, new_raw: str) -> str:
    """The line with one cell's raw text replaced and every other character kept."""
    return line[: cell.start] + new_raw + line[cell.end :]


def new_row(template: Row, template_line: str, values: list[str], widths: list[int | None]) -> str:
    """A row in the template row's style: same indentation, pipes and per-column padding."""
    cells = template.cells
    prefix = template_line[: cells[0].start]
    suffix = template_line[cells[-1].end :]
    raws = [
        fit_cell(template_line, cell, value, width)
        for cell, value, width in zip(cells, values, widths, strict=True)
    ]
    return prefix + "|".join(raws) + suffix


def standard_table(headers: list[str], values: list[str]) -> list[str]:
    """A new table in the plainest style, for a file that has none of this kind yet."""
    return [
        "| " + " | ".join(escape_cell(header) for header in headers) + " |",
        "|" + "|".join("---" for _ in headers) + "|",
        "| " + " | ".join(escape_cell(value) for value in values) + " |",
    ]
