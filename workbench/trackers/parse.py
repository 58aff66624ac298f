"""A tracker file's text -> its tracker tables and entries, or every problem with its line."""

from __future__ import annotations

import re
from pathlib import Path

from workbench.errors import FileProblem
from workbench.trackers.columns import parse_chapter, parse_list, parse_status, plain
from workbench.trackers.errors import TrackerParseError
from workbench.trackers.kinds import (
    BUILTIN_KINDS,
    FORESHADOWING,
    RELATIONSHIP,
    TrackerKind,
    classify,
)
from workbench.trackers.model import Foreshadowing, RelationshipChange, TrackedItem
from workbench.trackers.parsed import ParsedTracker, TrackerTable
from workbench.trackers.table_store import TableStore
from workbench.trackers.tables import Row, find_tables_and_strays

# Parsing costs about a third of a millisecond a row; past this a tracker would take many
# seconds on every feed, so it is refused with a message instead.
MAX_TABLE_ROWS = 10_000
# A tracker's table has a dozen columns; each cell costs a few objects in every reader, so a
# table of 380,000 columns took gigabytes. Counted in pipes, before any table is parsed.
MAX_TABLE_COLUMNS = 64
MAX_TABLE_CELLS = 200_000  # 10,000 rows of 20 columns
_TABLE_LINE = re.compile(r"^[ \t]*\|.*", re.MULTILINE)


def parse_tracker(
    text: str,
    path: Path | str,
    source: str = "",
    store: TableStore | None = None,
    kinds: tuple[TrackerKind, ...] = BUILTIN_KINDS,
) -> ParsedTracker:
    """Parse every table of a file that is one of `kinds` (markdown-it's answer kept in
    `store`, when given); raises TrackerParseError listing each problem."""
    _check_size(text, path)
    errors: list[tuple[int, str]] = []
    tables: list[TrackerTable] = []
    foreshadowing: list[Foreshadowing] = []
    relationships: list[RelationshipChange] = []
    items: list[TrackedItem] = []
    first_line_of_id: dict[str, int] = {}
    first_line_of_name: dict[str, int] = {}
    found, strays = find_tables_and_strays(text, store)
    for first, last in strays:
        errors.append(
            (
                first,
                f"lines {first}-{last} look like table rows but are not a table (the |---| "
                "row under the header is missing or has another number of columns); none is read",
            )
        )
    for table in found:
        headers = table.header.values()
        classified = classify(headers, kinds)
        if classified is None:
            continue
        kind, fields, problems = classified
        errors += [(table.header.line, problem) for problem in problems]
        if problems:
            continue
        tracker_table = TrackerTable(kind.key, table, tuple(fields), tuple(headers))
        tables.append(tracker_table)
        for row in table.rows:
            if len(row.cells) != len(headers):
                errors.append((row.line, _cell_count_problem(row, len(headers))))
                continue
            cells = dict(zip(fields, row.values(), strict=True))
            extra = _extra(headers, fields, row)
            if kind.custom:
                item = _tracked_item(kind, cells, extra, row.line, source, errors)
                if item is None:
                    continue
                earlier = first_line_of_name.get(item.name)
                if earlier is not None:
                    where = f"{kind.display[kind.name_field]} {item.name}"
                    errors.append((row.line, f"{where} is already used on line {earlier}"))
                    continue
                first_line_of_name[item.name] = row.line
                items.append(item)
            elif kind.key == FORESHADOWING:
                entry = _foreshadowing(cells, extra, row.line, source, errors)
                if entry is None:
                    continue
                earlier = first_line_of_id.get(entry.id)
                if earlier is not None:
                    errors.append((row.line, f"ID {entry.id} is already used on line {earlier}"))
                    continue
                first_line_of_id[entry.id] = row.line
                foreshadowing.append(entry)
            elif kind.key == RELATIONSHIP:
                change = _relationship(cells, extra, row.line, source, errors)
                if change is not None:
                    relationships.append(change)
    parsed = ParsedTracker(tuple(tables), tuple(foreshadowing), tuple(relationships), tuple(items))
    if errors:
        raise TrackerParseError(path, errors, parsed)
    return parsed


def _check_size(text: str, path: Path | str) -> None:
    """A FileProblem naming the file when its tables have more rows, columns or cells than
    any tracker needs (escaped pipes count too: an upper bound)."""
    pipes = [line.count("|") for line in _TABLE_LINE.findall(text)]
    if len(pipes) > MAX_TABLE_ROWS:
        raise FileProblem(
            path,
            f"{len(pipes)} table rows, more than the {MAX_TABLE_ROWS} rows a tracker file may "
            "have; move settled entries to a file of their own",
        )
    widest = max(pipes, default=1) - 1
    if widest > MAX_TABLE_COLUMNS:
        raise FileProblem(
            path,
            f"a table row of {widest:,} columns, more than the {MAX_TABLE_COLUMNS} a tracker "
            "table may have; not read",
        )
    cells = sum(pipes) - len(pipes)
    if cells > MAX_TABLE_CELLS:
        raise FileProblem(
            path,
            f"{cells:,} table cells, more than the {MAX_TABLE_CELLS:,} a tracker file may have; "
            "move settled entries to a file of their own",
        )


def _cell_count_problem(row: Row, expected: int) -> str:
    if len(row.cells) == 1 and "|" not in row.cells[0].value:
        return "a line without | continues the table above; put a blank line before prose"
    return f"the row has {len(row.cells)} cells but the header has {expected}"


def _extra(headers: list[str], fields: list[str | None], row: Row) -> dict[str, str]:
    return {
        header or f"column {index + 1}": cell.value
        for index, (header, field, cell) in enumerate(zip(headers, fields, row.cells, strict=True))
        if field is None
    }


def _checked(errors: list[tuple[int, str]], line: int, header: str, parse, value: str):
    """parse(value), or None with the problem recorded against the row's line."""
    try:
        return parse(value)
    except ValueError as error:
        errors.append((line, f"{header}: {error}"))
        return None


def _foreshadowing(
    cells: dict, extra: dict[str, str], line: int, source: str, errors: list[tuple[int, str]]
) -> Foreshadowing | None:
    problems_before = len(errors)
    entry_id = plain(cells.get("id", ""))
    if not entry_id:
        errors.append((line, "the row has no ID"))
    planted = _checked(errors, line, "埋设章节", parse_chapter, cells.get("planted", ""))
    payoff = _checked(errors, line, "计划回收", parse_chapter, cells.get("payoff", ""))
    status = _checked(errors, line, "状态", parse_status, cells.get("status", ""))
    if len(errors) > problems_before or status is None:
        return None
    return Foreshadowing(
        id=entry_id,
        content=cells.get("content", "").strip(),
        planted=planted,
        payoff=payoff,
        status=status[0],
        resolved_at=status[1],
        tier=plain(cells.get("tier", "")),
        characters=parse_list(cells.get("characters", "")),
        keywords=parse_list(cells.get("keywords", "")),
        line=line,
        extra=extra,
        source=source,
    )


def _relationship(
    cells: dict, extra: dict[str, str], line: int, source: str, errors: list[tuple[int, str]]
) -> RelationshipChange | None:
    problems_before = len(errors)
    chapter = _checked(errors, line, "章节", parse_chapter, cells.get("chapter", ""))
    a, b = plain(cells.get("a", "")), plain(cells.get("b", ""))
    if chapter is None and len(errors) == problems_before:
        errors.append((line, "章节: the row has no chapter"))
    if not a or not b:
        errors.append((line, "the row needs both 角色A and 角色B"))
    if len(errors) > problems_before or chapter is None:
        return None
    return RelationshipChange(
        chapter=chapter,
        a=a,
        b=b,
        relation=cells.get("relation", "").strip(),
        change=cells.get("change", "").strip(),
        note=cells.get("note", "").strip(),
        line=line,
        extra=extra,
        source=source,
    )


def _tracked_item(
    kind: TrackerKind,
    cells: dict,
    extra: dict[str, str],
    line: int,
    source: str,
    errors: list[tuple[int, str]],
) -> TrackedItem | None:
    """A row of a declared kind: its name, keywords and chapters read, every cell kept."""
    problems_before = len(errors)
    name = plain(cells.get(kind.name_field, ""))
    if not name:
        errors.append((line, f"the row has no {kind.name_field}"))
    chapters = {}
    for field in (kind.planted_field, kind.changed_field):
        if field:
            chapters[field] = _checked(errors, line, field, parse_chapter, cells.get(field, ""))
    if len(errors) > problems_before:
        return None
    keywords = parse_list(cells.get(kind.keywords_field, "")) if kind.keywords_field else ()
    return TrackedItem(
        kind=kind.key,
        name=name,
        keywords=keywords,
        planted=chapters.get(kind.planted_field),
        changed=chapters.get(kind.changed_field),
        cells={
            **{field: value.strip() for field, value in cells.items() if field},
            **{header: value.strip() for header, value in extra.items()},
        },
        line=line,
        source=source,
    )
