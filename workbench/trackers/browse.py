"""What the tracker browser shows, computed without Qt: both tracker files as read (editable,
or read-only with their errors), a webnovel-writer project's memory (read-only: that tool
owns it), and the ledger at a chapter — every entry with its state, its last sighting, and
the reasons it is relevant to the chapter in the editor.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

from workbench.book.project import Project
from workbench.book.webnovel import is_webnovel
from workbench.errors import WorkbenchError
from workbench.trackers.cast import load_cast
from workbench.trackers.document import TrackerDocument
from workbench.trackers.dormancy import Sighting, sightings
from workbench.trackers.errors import TrackerParseError
from workbench.trackers.kinds import (
    BUILTIN_DISPLAY,
    FORESHADOWING,
    FORESHADOWING_KIND,
    TrackerKind,
    tracker_files,
)
from workbench.trackers.ledger import EntryState, state_at
from workbench.trackers.model import Foreshadowing, RelationshipChange, TrackedItem, Trackers
from workbench.trackers.parsed import ParsedTracker, TrackerTable
from workbench.trackers.relevance import relevant_for
from workbench.trackers.webnovel import memory_foreshadowing, memory_relationships

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class TrackerFile:
    """One tracker file as read: a document to edit, or (with errors) read-only rows."""

    key: str  # "plot" | "relationship" | a declared kind's key
    path: Path
    source: str  # project-relative path
    sha256: str
    parsed: ParsedTracker
    document: TrackerDocument | None  # None: the file has errors and must not be rewritten
    errors: tuple[tuple[int, str], ...] = ()

    @property
    def editable(self) -> bool:
        """Only a file that parsed completely may be edited."""
        return self.document is not None

    def cells(self, line: int) -> dict[str, str]:
        """The raw cell values of the tracker row on `line`, keyed by field (or header text
        for extra columns)."""
        for table in self.parsed.tables:
            for row in table.table.rows:
                if row.line == line:
                    return {
                        (name or header): cell.value
                        for name, header, cell in zip(
                            table.fields, table.headers, row.cells, strict=True
                        )
                    }
        return {}


def load_tracker_file(
    project: Project, key: str, known: TrackerFile | None = None
) -> TrackerFile | None:
    """The tracker file of `key`, or None when the project has none; `known` (the file as
    read before) is returned as it is when the bytes did not change, without parsing again."""
    spec = next((spec for spec in tracker_files(project) if spec.key == key), None)
    if spec is None or not spec.path.is_file():
        return None
    path = spec.path
    loaded = project.read(path)
    if known is not None and known.path == path and known.sha256 == loaded.sha256:
        return known
    source = project.relative(path)
    try:
        document = TrackerDocument(path, loaded.text, loaded.sha256, source, spec.kinds)
    except TrackerParseError as error:
        partial = error.partial or ParsedTracker((), (), ())
        return TrackerFile(key, path, source, loaded.sha256, partial, None, tuple(error.errors))
    return TrackerFile(key, path, source, loaded.sha256, document.parsed, document)


def foreshadowing_columns(tracker: TrackerFile | None) -> list[str]:
    """The ledger's columns: the standard fields in their usual order, then every extra
    column of the file's foreshadowing tables, by header, in the order they appear."""
    columns: list[str] = list(FORESHADOWING_KIND.columns)
    tables: tuple[TrackerTable, ...] = tracker.parsed.tables if tracker else ()
    for table in tables:
        if table.kind != FORESHADOWING:
            continue
        for name, header in zip(table.fields, table.headers, strict=True):
            if name is None and header not in columns and header not in BUILTIN_DISPLAY.values():
                columns.append(header)
    return columns


@dataclass(frozen=True)
class LedgerRow:
    """One entry of the ledger at the browser's chapter."""

    entry: Foreshadowing
    state: EntryState
    cells: dict[str, str]  # raw cell text by field / extra header
    sighting: Sighting | None = None  # for entries open at the chapter
    reasons: tuple[str, ...] = ()  # why it is relevant to the chapter in the editor
    editable: bool = True  # False: it lives in webnovel-writer's memory, which that tool owns

    @property
    def dormant(self) -> bool:
        """Open, and unseen in the text for more than K chapters."""
        return self.sighting is not None and self.sighting.dormant


@dataclass
class Ledger:
    """The ledger at one chapter, plus anything that could not be worked out, said plainly."""

    chapter: int
    editor_chapter: int | None
    rows: list[LedgerRow] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def memory_trackers(project: Project) -> Trackers:
    """A webnovel-writer project's memory as tracker rows (state.json's foreshadowing, the
    scratchpad's open loops, index.db's relationships), as every feed reads it; empty for
    any other project. A FileProblem names the memory file that cannot be read."""
    if not is_webnovel(project):
        return Trackers()
    return Trackers(
        memory_foreshadowing(project, load_cast(project)), memory_relationships(project)
    )


def memory_cells(entry: Foreshadowing) -> dict[str, str]:
    """A memory entry's cells, as a tracker row would write them (it has no table row)."""
    status = str(entry.status)
    if entry.resolved_at is not None:
        status += f"@{entry.resolved_at}"
    return {
        "id": entry.id,
        "content": entry.content,
        "planted": f"第{entry.planted}章" if entry.planted else "",
        "payoff": f"第{entry.payoff}章" if entry.payoff else "",
        "status": status,
        "tier": entry.tier,
        "characters": "、".join(entry.characters),
        "keywords": "、".join(entry.keywords),
    }


def build_ledger(
    project: Project,
    plot: TrackerFile | None,
    relationships: TrackerFile | None,
    chapter: int,
    editor_chapter: int | None,
    memory: Trackers | None = None,
) -> Ledger:
    """Every foreshadowing entry with its state at `chapter`, its last sighting, and its
    relevance reasons for `editor_chapter` (the same reasons the feed gives): the plot
    tracker's rows, then `memory`'s (read-only)."""
    ledger = Ledger(chapter, editor_chapter)
    memory = memory or Trackers()
    if plot is None and not memory.foreshadowing:
        return ledger
    trackers = Trackers(
        [*(plot.parsed.foreshadowing if plot else ()), *memory.foreshadowing],
        [*relationship_rows(relationships), *memory.relationships],
    )
    try:
        seen = sightings(project, trackers, chapter)
    except WorkbenchError as error:
        seen = {}
        ledger.notes.append(str(error))
    reasons: dict[str, tuple[str, ...]] = {}
    broken = [t.source for t in (plot, relationships) if t is not None and not t.editable]
    if editor_chapter is not None and not broken:
        try:
            for item in relevant_for(project, editor_chapter):
                if item.kind == FORESHADOWING:
                    reasons[item.key] = item.reasons
        except WorkbenchError as error:
            ledger.notes.append(str(error))
    rows = [
        (entry, plot.cells(entry.line), True)
        for entry in (plot.parsed.foreshadowing if plot else ())
    ]
    rows += [(entry, memory_cells(entry), False) for entry in memory.foreshadowing]
    for entry, cells, editable in rows:
        ledger.rows.append(
            LedgerRow(
                entry=entry,
                state=state_at(entry, chapter),
                cells=cells,
                sighting=seen.get(entry.id),
                reasons=reasons.get(entry.id, ()),
                editable=editable,
            )
        )
    return ledger


def relationship_rows(tracker: TrackerFile | None) -> tuple[RelationshipChange, ...]:
    """The relationship rows as read (the rows that parsed, for a file with errors)."""
    return tracker.parsed.relationships if tracker else ()


def declared_columns(tracker: TrackerFile | None, kind: TrackerKind) -> list[str]:
    """A declared kind's columns as declared, then any extra column its tables have."""
    columns = list(kind.columns)
    for table in tracker.parsed.tables if tracker else ():
        columns += [h for f, h in zip(table.fields, table.headers, strict=True) if f is None]
    return list(dict.fromkeys(columns))


def declared_rows(
    project: Project, tracker: TrackerFile | None, kind: TrackerKind, editor_chapter: int | None
) -> tuple[list[tuple[TrackedItem, tuple[str, ...]]], list[str]]:
    """A declared kind's rows as read, each with why it is relevant to the chapter in the
    editor (the reasons its feed block gives), and anything that could not be worked out."""
    if tracker is None:
        return [], []
    reasons: dict[str, tuple[str, ...]] = {}
    notes: list[str] = []
    if editor_chapter is not None and tracker.editable:
        try:
            for item in relevant_for(project, editor_chapter):
                if item.kind == kind.key:
                    reasons[item.key] = item.reasons
        except WorkbenchError as error:
            notes.append(str(error))
    return [(row, reasons.get(row.name, ())) for row in tracker.parsed.items], notes
