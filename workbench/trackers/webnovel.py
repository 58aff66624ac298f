"""webnovel-writer's memory as tracker entries and cast, so relevance has one set of rules.

state.json's `plot_threads.foreshadowing` becomes Foreshadowing entries (tier, planted and
target chapters, status as that tool writes them, see book/webnovel.py), and so do the open
loops of memory_scratchpad.json that state.json does not hold (WM…); index.db's
relationships become RelationshipChange rows. (Its 角色 entities join the cast in
trackers/cast.py, which reads the character cards.)
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from workbench.book import webnovel
from workbench.book.characters import is_role_word
from workbench.book.project import Project
from workbench.book.webnovel_meta import read_scratchpad
from workbench.errors import FileProblem
from workbench.trackers.cast import Cast, Scanner
from workbench.trackers.columns import Status
from workbench.trackers.model import Foreshadowing, RelationshipChange
from workbench.trackers.parse import MAX_TABLE_ROWS

# How far past the previous entry the next one's content is looked for in state.json: the
# entries of the list stand one after another, each a few hundred bytes.
_LINE_WINDOW = 16 * 1024

ID_PREFIX = "WF"
_STATUS = {
    Status.RESOLVED: ("已回收", "已完成", "已解决", "完成", "resolved", "done", "complete"),
    Status.ABANDONED: ("废弃", "已废弃", "abandoned", "dropped"),
}


def _status(raw: object) -> Status:
    text = str(raw or "").strip()
    for status, words in _STATUS.items():
        if text in words or text.lower() in words:
            return status
    return Status.OPEN


class _LineFinder:
    """The line of each entry's content in a JSON file (state.json's foreshadowing, the
    scratchpad's loops), entries taken in order: each search starts where the last one ended
    and looks a bounded window ahead, and lines are counted only over the text passed since,
    so 10,000 entries cost one pass over the file (counting from the start for each was
    quadratic: 250,000 entries took minutes)."""

    def __init__(self, text: str, key: str = "") -> None:
        self.text = text
        start = text.find(f'"{key}"') if key else 0
        self.offset = max(start, 0)
        self.counted, self.line = 0, 1

    def line_of(self, content: str) -> int:
        """The 1-based line of `content` (as written, or JSON-escaped), 0 when not found."""
        end = self.offset + _LINE_WINDOW
        escaped = (json.dumps(content, ensure_ascii=False)[1:-1], json.dumps(content)[1:-1])
        for needle in dict.fromkeys((content, *escaped)):
            found = self.text.find(needle, self.offset, end + len(needle))
            if found >= 0:
                self.line += self.text.count("\n", self.counted, found)
                self.counted, self.offset = found, found + len(needle)
                return self.line
        return 0


def memory_foreshadowing(project: Project, cast: Cast) -> list[Foreshadowing]:
    """state.json's foreshadowing, then memory_scratchpad.json's open loops that state.json
    does not hold, each with the cast members its content names."""
    entries = _state_foreshadowing(project, cast)
    known = {entry.content for entry in entries}
    return entries + _open_loops(project, cast, known)


def _namer(project: Project, cast: Cast) -> Callable[[str, int | None], tuple[str, ...]]:
    """Who an entry concerns, read from its content with the cast known when it was planted:
    a character the tool first met later is not one of them (the book as of N)."""
    appeared = {e.name: e.first_appearance for e in webnovel.read_index(project).entities}
    scanner = Scanner(cast.forms())

    def named(content: str, planted: int | None) -> tuple[str, ...]:
        names = {cast.canonical(form) for form in scanner.scan(content)}
        return tuple(sorted(n for n in names if planted is None or appeared.get(n, 0) <= planted))

    return named


def _too_many(path: Path, rows: list, what: str) -> None:
    if len(rows) > MAX_TABLE_ROWS:
        raise FileProblem(
            path,
            f"{what} holds {len(rows)} entries, more than the {MAX_TABLE_ROWS} a tracker may "
            "have; not read",
        )


def _state_foreshadowing(project: Project, cast: Cast) -> list[Foreshadowing]:
    state = webnovel.read_state(project)
    threads = state.get("plot_threads")
    items = threads.get("foreshadowing") if isinstance(threads, dict) else None
    if not isinstance(items, list):
        return []
    path = project.root / webnovel.STATE_FILE
    _too_many(path, items, "plot_threads.foreshadowing")
    lines = _LineFinder(project.read(path).text if path.is_file() else "", "foreshadowing")
    named = _namer(project, cast)
    entries = []
    for index, item in enumerate(items, start=1):
        if not isinstance(item, dict) or not str(item.get("content") or "").strip():
            continue
        content = str(item["content"]).strip()
        line = lines.line_of(content)
        status = _status(item.get("status"))
        planted = webnovel.positive_int(item.get("planted_chapter"))
        entries.append(
            Foreshadowing(
                id=str(item.get("id") or f"{ID_PREFIX}{index:03d}"),
                content=content,
                planted=planted,
                payoff=webnovel.positive_int(item.get("target_chapter")),
                status=status,
                resolved_at=webnovel.positive_int(item.get("resolved_chapter")),
                tier=str(item.get("tier") or "").strip(),
                characters=named(content, planted),
                keywords=(),
                line=line,
                source=webnovel.STATE_FILE,
            )
        )
    return entries


SCRATCHPAD_ID_PREFIX = "WM"
# The categories of scratchpad rows that are promises to the reader still to keep.
_OPEN_LOOP = ("open_loop", "open_loops", "reader_promise", "悬念", "伏笔")
_CLOSED = ("closed", "resolved", "done", "completed", "已回收", "已解决", "已完成")


def _loop_rows(pad: dict) -> list[dict]:
    """The open-loop rows: rows of category open_loop (or reader_promise) in any bucket, or
    every row of a bucket named for them, in the file's order."""
    rows = []
    for bucket, items in pad.items():
        for item in items if isinstance(items, list) else []:
            if not isinstance(item, dict):
                continue
            category = str(item.get("category") or item.get("type") or "")
            if category in _OPEN_LOOP or (not category and bucket in _OPEN_LOOP):
                rows.append(item)
    return rows


def _open_loops(project: Project, cast: Cast, known: set[str]) -> list[Foreshadowing]:
    """memory_scratchpad.json's open loops (what webnovel-writer's chapter commits record for
    its writing skill) as foreshadowing entries; one state.json holds too is left to it."""
    path = project.root / webnovel.SCRATCHPAD_FILE
    rows = _loop_rows(read_scratchpad(project))
    _too_many(path, rows, "memory_scratchpad.json's open loops")
    lines = _LineFinder(project.read(path).text if rows else "")
    named = _namer(project, cast)
    entries = []
    for index, row in enumerate(rows, start=1):
        content = str(row.get("content") or row.get("text") or row.get("summary") or "").strip()
        if not content or content in known:
            continue
        line = lines.line_of(content)
        planted = webnovel.positive_int(row.get("source_chapter") or row.get("chapter"))
        closed = str(row.get("status") or "").strip().lower() in _CLOSED
        resolved = webnovel.positive_int(row.get("resolved_chapter") or row.get("closed_chapter"))
        entries.append(
            Foreshadowing(
                id=f"{SCRATCHPAD_ID_PREFIX}{index:03d}",
                content=content,
                planted=planted,
                payoff=webnovel.positive_int(row.get("target_chapter") or row.get("due_chapter")),
                status=Status.RESOLVED if closed else Status.OPEN,
                resolved_at=resolved if closed else None,
                tier=str(row.get("tier") or "").strip(),
                characters=named(content, planted),
                keywords=(),
                line=line,
                source=webnovel.SCRATCHPAD_FILE,
            )
        )
    return entries


# relationship_events' actions, as the 变化 a relationship tracker row would say.
_ACTIONS = {"create": "新建", "update": "更新", "decay": "减弱", "remove": "解除"}


def memory_relationships(project: Project) -> list[RelationshipChange]:
    """index.db's relationship history: every relationship_events row where that table has
    rows; else each relationships row, which holds only the relation's last commit, at the
    earliest chapter the chapter summaries show it (推定, said in the row), its description
    only from the chapter it was committed at (a feed before then must not know it)."""
    index = webnovel.read_index(project)
    if index.events:
        return [
            RelationshipChange(
                chapter=event.chapter,
                a=event.a,
                b=event.b,
                relation=event.type,
                change=_ACTIONS.get(event.action, event.action),
                note=event.description,
                line=event.row_id,
                source=f"{webnovel.INDEX_FILE} (relationship_events)",
            )
            for event in index.events
        ]
    rows: list[RelationshipChange] = []
    types = {}
    for row in index.relationships:
        types.setdefault(frozenset((row.a, row.b)), set()).add(row.type)
    names = _names_of(index)
    for row in index.relationships:
        alone = len(types[frozenset((row.a, row.b))]) == 1
        found = earliest_evidence(project, row, names, alone)
        if found is not None and found[0] < row.chapter:
            first, evidence = found
            rows.append(
                RelationshipChange(
                    chapter=first,
                    a=row.a,
                    b=row.b,
                    relation=row.type,
                    change=f"推定：至少自第{first}章",
                    note=f"{evidence}（index.db 每种关系只留最后一次记录，此行为推定）",
                    line=row.row_id,
                    source=webnovel.INDEX_FILE,
                )
            )
        rows.append(
            RelationshipChange(
                chapter=row.chapter,
                a=row.a,
                b=row.b,
                relation=row.type,
                change="",
                note=row.description,
                line=row.row_id,
                source=webnovel.INDEX_FILE,
            )
        )
    return sorted(rows, key=lambda r: r.chapter)


def _names_of(index: webnovel.IndexData) -> dict[str, tuple[str, ...]]:
    """Each entity's name -> every form the summaries may call it (role words left out)."""
    return {
        entity.name: (entity.name, *(a for a in entity.aliases if not is_role_word(a)))
        for entity in index.entities
    }


def earliest_evidence(
    project: Project,
    row: webnovel.Relationship,
    names: dict[str, tuple[str, ...]],
    alone: bool,
) -> tuple[int, str] | None:
    """(chapter, what shows it) of the earliest evidence of the relation up to the row's
    chapter: a chapter summary naming both characters and the relation; else, when the pair
    has no other relation (so naming both cannot mean another one), the first chapter whose
    summary or text names both. None when nothing shows it."""
    forms_a, forms_b = names.get(row.a, (row.a,)), names.get(row.b, (row.b,))

    def both(text: str) -> bool:
        return any(f in text for f in forms_a) and any(f in text for f in forms_b)

    together: tuple[int, str] | None = None
    for number in range(1, row.chapter + 1):
        path = webnovel.summary_path(project, number)
        text = project.read(path).text if path.is_file() else ""
        if not both(text):
            continue
        if row.type and row.type in text:
            return number, f"第{number}章摘要提到{row.a}、{row.b}与「{row.type}」"
        if together is None:
            together = (number, f"第{number}章摘要最早同时提到{row.a}、{row.b}")
    if not alone:
        return None
    last = together[0] if together else row.chapter + 1
    for ref in project.chapters:
        if ref.number >= last:
            break
        if both(project.read(ref.path).text):
            return ref.number, f"第{ref.number}章正文最早同时写到{row.a}、{row.b}"
    return together
