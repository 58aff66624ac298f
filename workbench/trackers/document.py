"""A tracker file open for editing: add, update, resolve, abandon, reorder, save.

Edits work on lines and cell spans of the original text, so saving changes only the bytes of
the cells and rows touched. Every edit re-parses the result; an edit that would leave the
file unparseable is refused, and a file that did not parse is never opened for editing.
"""

from __future__ import annotations

import logging
from pathlib import Path

from workbench.book import gate
from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.book.textio import content_hash
from workbench.errors import FileProblem
from workbench.trackers.columns import Status
from workbench.trackers.errors import TrackerEditError, TrackerParseError
from workbench.trackers.kinds import BUILTIN_KINDS, TrackerKind, tracker_files
from workbench.trackers.model import Foreshadowing, RelationshipChange
from workbench.trackers.parse import parse_tracker
from workbench.trackers.parsed import ParsedTracker, TrackerTable, column_index
from workbench.trackers.style import (
    aligned_widths,
    fit_cell,
    new_row,
    replace_cell,
    standard_table,
)
from workbench.trackers.tables import Line, Row, join_lines, split_lines

log = logging.getLogger(__name__)


class TrackerDocument:
    """One tracker file, parsed, with edits pending until save()."""

    def __init__(
        self,
        path: Path,
        text: str,
        sha256: str,
        source: str = "",
        kinds: tuple[TrackerKind, ...] = BUILTIN_KINDS,
    ) -> None:
        self.path = path
        self.source = source or path.name
        self.sha256 = sha256  # of the bytes on disk this document was read from
        self.saved_text = text
        self.text = text
        self.kinds = kinds  # what a table of this file may be
        self.parsed: ParsedTracker = self._parse(text)

    @classmethod
    def load(cls, project: Project, role: Role) -> TrackerDocument | None:
        """The role's tracker file parsed, or None when it does not exist."""
        path = project.role_path(role)
        if not path.is_file():
            return None
        loaded = project.read(path)
        return cls(path, loaded.text, loaded.sha256, project.relative(path))

    # --- reading -----------------------------------------------------------------------

    @property
    def foreshadowing(self) -> tuple[Foreshadowing, ...]:
        """Foreshadowing entries, as the text now stands."""
        return self.parsed.foreshadowing

    @property
    def relationships(self) -> tuple[RelationshipChange, ...]:
        """Relationship rows, as the text now stands."""
        return self.parsed.relationships

    @property
    def modified(self) -> bool:
        """Whether there are edits not yet saved."""
        return self.text != self.saved_text

    def changed_on_disk(self, root: Path) -> bool:
        """Whether the file's bytes are no longer those this document was read from (read
        through the gate, inside the project folder `root`)."""
        on_disk = None
        if self.path.is_file():
            on_disk = content_hash(gate.read_bytes(self.path, root=root))
        return on_disk != self.sha256

    # --- edits -------------------------------------------------------------------------

    def update(self, entry_id: str, column: str, value: str) -> None:
        """Set one cell of a foreshadowing entry (column by field or header name)."""
        self.set_cell(self._entry(entry_id).line, column, value)

    def resolve(self, entry_id: str, chapter: int) -> None:
        """Mark an entry 已回收@N."""
        self.update(entry_id, "status", f"{Status.RESOLVED}@{chapter}")

    def abandon(self, entry_id: str) -> None:
        """Mark an entry 废弃."""
        self.update(entry_id, "status", Status.ABANDONED)

    def set_cell(self, line: int, column: str, value: str) -> None:
        """Set the cell in `column` of the tracker row on `line` (1-based)."""
        tracker_table, row = self._row(line)
        index = tracker_table.column(column)
        if index is None:
            raise TrackerEditError(f"{self.source}: line {line}: the table has no {column} column")
        lines = split_lines(self.text)
        widths = aligned_widths(tracker_table.table, [item.text for item in lines], row.index)
        old = lines[row.index].text
        cell = row.cells[index]
        try:
            raw = fit_cell(old, cell, value, widths[index])
        except ValueError as error:
            raise TrackerEditError(f"{self.source}: line {line}: {error}") from error
        lines[row.index] = Line(replace_cell(old, cell, raw), lines[row.index].end)
        self._apply(join_lines(lines), expect=(row.index, index, value.strip(" \t")))

    def add(self, kind: str, values: dict[str, str], table: int = -1) -> int:
        """Append a row to the file's `table`-th table of this kind, its last by default
        (creating one at the end of the file if there is none); values are keyed by field or
        header name. Returns its line."""
        known = next((k for k in self.kinds if k.key == kind), None)
        if known is None:
            raise TrackerEditError(f"{self.source}: unknown tracker kind {kind!r}")
        tables = [table for table in self.parsed.tables if table.kind == kind]
        lines = split_lines(self.text)
        break_ = _line_break(lines)
        if tables:
            target = tables[table]
            cells = _row_values(self.source, target.fields, target.headers, values)
            template = target.table.rows[-1] if target.table.rows else target.table.header
            widths = aligned_widths(target.table, [item.text for item in lines])
            row_text = new_row(template, lines[template.index].text, cells, widths)
            at = target.table.last_index
            if lines[at].end:
                lines.insert(at + 1, Line(row_text, lines[at].end))
            else:
                # The table ends the file without a line break; the new row goes after one.
                lines[at] = Line(lines[at].text, break_)
                lines.insert(at + 1, Line(row_text, ""))
            text = join_lines(lines)
        else:
            fields = tuple(known.columns)
            headers = tuple(known.display[field] for field in fields)
            cells = _row_values(self.source, fields, headers, values)
            text = self.text
            if text and not text.endswith(("\n", "\r")):
                text += break_
            if text.strip() and not text.endswith(break_ * 2):
                text += break_  # a blank line between the prose and the new table
            text += break_.join(standard_table(list(headers), cells)) + break_
        self._apply(text)
        of_kind = [found for found in self.parsed.tables if found.kind == kind]
        return (of_kind[table] if tables else of_kind[-1]).table.rows[-1].line

    def add_column(self, line: int, header: str) -> None:
        """Give the table holding the row on `line` a last column `header`, empty in every
        row (each line of the table gains one cell at its end; nothing else changes)."""
        tracker_table, _row = self._row(line)
        table = tracker_table.table
        lines = split_lines(self.text)
        for index in range(table.header.index, table.last_index + 1):
            text = lines[index].text.rstrip(" \t")
            if index == table.header.index:
                cell = f" {header} |"
            elif index == table.header.index + 1:
                cell = "---|"
            else:
                cell = "  |"
            if not text.endswith("|"):
                text += " |"
            lines[index] = Line(text + cell, lines[index].end)
        self._apply(join_lines(lines))

    def reorder(self, order: list[int]) -> None:
        """Put the rows of one table in a new order, given as their current lines (1-based)."""
        table = self._row(order[0])[0].table if order else None
        if table is None:
            return
        current = [row.line for row in table.rows]
        if sorted(order) != current:
            raise TrackerEditError(
                f"{self.source}: reorder needs each row of the table on lines "
                f"{current[0]}-{current[-1]} exactly once"
            )
        lines = split_lines(self.text)
        texts = {line: lines[line - 1].text for line in current}
        # Row texts move; line breaks stay where they were, so a last row without one stays so.
        for position, line in zip(current, order, strict=True):
            lines[position - 1] = Line(texts[line], lines[position - 1].end)
        self._apply(join_lines(lines))

    def move(self, entry_id: str, delta: int) -> None:
        """Move an entry `delta` rows down (up when negative) within its own table."""
        tracker_table, row = self._row(self._entry(entry_id).line)
        order = [item.line for item in tracker_table.table.rows]
        position = order.index(row.line)
        target = position + delta
        if not 0 <= target < len(order):
            where = "first" if delta < 0 else "last"
            raise TrackerEditError(f"{self.source}: {entry_id} is already {where} in its table")
        order.insert(target, order.pop(position))
        self.reorder(order)

    # --- saving ------------------------------------------------------------------------

    def save(self, project: Project) -> None:
        """Write the edits through project.write, unless the file changed on disk meanwhile."""
        if not self.modified:
            return
        if self.changed_on_disk(project.root):
            raise FileProblem(
                self.path, "changed on disk since it was read; reload it before editing"
            )
        # Checked again under the file's lock, just before the rename.
        written = project.write(self.path, self.text, expect=self.sha256)
        self.sha256 = written.sha256
        self.saved_text = self.text
        log.info("saved %s", self.source)

    def discard(self) -> None:
        """Drop the edits not yet saved: the document is again what was read or saved."""
        if self.modified:
            self.text = self.saved_text
            self.parsed = self._parse(self.text)

    # --- helpers -----------------------------------------------------------------------

    def _parse(self, text: str) -> ParsedTracker:
        return parse_tracker(text, self.path, self.source, kinds=self.kinds)

    def _entry(self, entry_id: str) -> Foreshadowing:
        for entry in self.parsed.foreshadowing:
            if entry.id == entry_id:
                return entry
        raise TrackerEditError(f"{self.source}: no foreshadowing entry {entry_id}")

    def _row(self, line: int) -> tuple[TrackerTable, Row]:
        for tracker_table in self.parsed.tables:
            for row in tracker_table.table.rows:
                if row.line == line:
                    return tracker_table, row
        raise TrackerEditError(f"{self.source}: line {line} is not a tracker row")

    def _apply(self, text: str, expect: tuple[int, int, str] | None = None) -> None:
        """Adopt the edited text if it parses (and the edited cell reads back as intended)."""
        try:
            parsed = self._parse(text)
        except TrackerParseError as error:
            raise TrackerEditError(f"refused: the edit would break the table: {error}") from error
        if expect is not None:
            index, column, value = expect
            row = next((r for t in parsed.tables for r in t.table.rows if r.index == index), None)
            if row is None or row.cells[column].value != value:
                raise TrackerEditError(
                    f"{self.source}: line {index + 1}: {value!r} cannot be written into a cell "
                    "so that it reads back unchanged"
                )
        self.text, self.parsed = text, parsed


def _line_break(lines: list[Line]) -> str:
    """The file's first line break, or \\n for a one-line file."""
    return next((line.end for line in lines if line.end), "\n")


def _row_values(
    source: str, fields: tuple[str | None, ...], headers: tuple[str, ...], values: dict[str, str]
) -> list[str]:
    """Cell values in column order from a mapping keyed by field or header name."""
    cells = [""] * len(fields)
    for name, value in values.items():
        index = column_index(fields, headers, name)
        if index is None:
            raise TrackerEditError(f"{source}: the table has no {name} column")
        cells[index] = str(value)
    return cells


def load_documents(project: Project) -> dict[str, TrackerDocument]:
    """Every tracker file that exists, keyed 'plot' / 'relationship' / a declared kind's key."""
    documents = {}
    for spec in tracker_files(project):
        if spec.path.is_file():
            loaded = project.read(spec.path)
            source = project.relative(spec.path)
            documents[spec.key] = TrackerDocument(
                spec.path, loaded.text, loaded.sha256, source, spec.kinds
            )
    return documents
