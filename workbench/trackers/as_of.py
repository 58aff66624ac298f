"""The book as of chapter N (PRODUCT.md §10): what a feed for chapter N may know.

Nothing stamped after N reaches a feed for N: a foreshadowing entry planted after N does not
exist yet, a pay-off recorded after N has not happened (the entry is 未回收 there, whatever the
tracker says today), and a relationship row or state row of a later chapter is not there. An
entry or row with no chapter at all is not stamped and stays. The continuity guard asks the
same question, so both read it from here.
"""

from __future__ import annotations

import dataclasses
import json
import re
from typing import TYPE_CHECKING

from workbench.book import webnovel
from workbench.reasons import Reason
from workbench.trackers.columns import Status
from workbench.trackers.model import Foreshadowing, RelationshipChange, Trackers

if TYPE_CHECKING:
    from workbench.book.project import Project


def entry_as_of(entry: Foreshadowing, chapter: int) -> Foreshadowing | None:
    """The entry as the book stood at chapter N: None when planted after N; open when its
    pay-off was recorded after N (已回收@R with R > N)."""
    if entry.planted is not None and entry.planted > chapter:
        return None
    paid_later = entry.resolved_at is not None and entry.resolved_at > chapter
    if entry.status is Status.RESOLVED and paid_later:
        return dataclasses.replace(entry, status=Status.OPEN, resolved_at=None)
    return entry


def rows_as_of(rows: list[RelationshipChange], chapter: int) -> list[RelationshipChange]:
    """The relationship rows of chapter N and before."""
    return [row for row in rows if row.chapter <= chapter]


def trackers_as_of(trackers: Trackers, chapter: int) -> Trackers:
    """Every tracker as the book stood at chapter N (a declared kind's row exists from its
    planted chapter on)."""
    entries = [entry_as_of(entry, chapter) for entry in trackers.foreshadowing]
    return Trackers(
        foreshadowing=[entry for entry in entries if entry is not None],
        relationships=rows_as_of(trackers.relationships, chapter),
        items=[item for item in trackers.items if item.candidate_at(chapter)],
    )


_CHAPTER_HEADERS = ("章节", "章", "chapter", "ch")
_AS_OF_WORDS = re.compile(r"截至第\s*(\d+)\s*章|as of chapter\s*(\d+)", re.I)
_NUMBER = re.compile(r"\d+")


def state_text_as_of(text: str, chapter: int) -> str:
    """The state tracker as it stood at chapter N: a table row of a later 章节 left out, and
    a `##` section whose opening says it is as of a later chapter (截至第K章) left out."""
    return _without_later_sections(_without_later_rows(text, chapter), chapter)


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _without_later_rows(text: str, chapter: int) -> str:
    out: list[str] = []
    column: int | None = None
    in_table = False
    for line in text.splitlines(keepends=True):
        if not line.lstrip().startswith("|"):
            in_table = False
            out.append(line)
            continue
        cells = _cells(line)
        if not in_table:
            in_table = True
            headers = [cell.casefold() for cell in cells]
            column = next((i for i, h in enumerate(headers) if h in _CHAPTER_HEADERS), None)
            out.append(line)
            continue
        if column is not None and column < len(cells):
            found = _NUMBER.search(cells[column])
            if found and int(found.group()) > chapter:
                continue
        out.append(line)
    return "".join(out)


def _without_later_sections(text: str, chapter: int) -> str:
    parts = re.split(r"(?m)^(?=#{2,6}[ \t])", text)
    return "".join(part for part in parts if not _stamped_after(part, chapter))


def _stamped_after(part: str, chapter: int) -> bool:
    if not part.startswith("#"):
        return False
    opening = "\n".join([line for line in part.splitlines() if line.strip()][:3])
    stamps = [int(a or b) for a, b in _AS_OF_WORDS.findall(opening)]
    return any(stamp > chapter for stamp in stamps)


# state_changes fields -> where protagonist_state keeps them (update_state.py's names).
_STATE_FIELDS = {
    "location": ("location", "current"),
    "location.current": ("location", "current"),
    "位置": ("location", "current"),
    "realm": ("power", "realm"),
    "power.realm": ("power", "realm"),
    "境界": ("power", "realm"),
    "修为": ("power", "realm"),
    "layer": ("power", "layer"),
    "power.layer": ("power", "layer"),
}


def protagonist_state_as_of(project: Project, chapter: int) -> tuple[dict, str]:
    """webnovel-writer's `protagonist_state` as it stood at chapter N, with '' — or {} and
    why it cannot be known. state.json holds the state after its last commit
    (`progress.current_chapter`); index.db's state_changes of later chapters are undone,
    newest first. A later change of a field this cannot place, or a later state with no
    history at all, leaves nothing to feed for N."""
    state = webnovel.read_state(project)
    ps = state.get("protagonist_state")
    if not isinstance(ps, dict) or not webnovel.protagonist_state_text(state):
        return {}, ""
    progress = state.get("progress")
    current = (
        webnovel.positive_int(progress.get("current_chapter"))
        if isinstance(progress, dict)
        else None
    )
    history = webnovel.read_index(project).state_changes
    name = str(ps.get("name") or "")
    own = [change for change in history if change.entity == name]
    later = [change for change in own if change.chapter > chapter]
    if not later and (current is None or current <= chapter):
        return ps, ""
    if not history:
        return {}, Reason("note.state_unrecorded", webnovel.STATE_FILE, current, chapter)
    restored = json.loads(json.dumps(ps))
    for change in reversed(later):
        where = _STATE_FIELDS.get(change.field)
        if where is None:
            return {}, Reason("note.state_field", change.chapter, change.field, chapter)
        group = restored.setdefault(where[0], {})
        if isinstance(group, dict):
            group[where[1]] = change.old
    location = restored.get("location")
    if isinstance(location, dict):
        moves = [
            change.chapter
            for change in own
            if change.chapter <= chapter and _STATE_FIELDS.get(change.field, ("",))[0] == "location"
        ]
        location["last_chapter"] = moves[-1] if moves else 0
    return restored, ""
