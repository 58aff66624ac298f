"""A webnovel-writer project's memory (`.webnovel/`), read-only.

Facts about that tool's layout, and where each was read (github.com/lingfengQAQ/webnovel-writer):
- `.webnovel/state.json` keys `progress.volumes_planned[{volume, chapters_range: "1-50"}]`,
  `protagonist_state{name, power{realm, layer, bottleneck}, location{current, last_chapter},
  golden_finger{name, level, cooldown}}`: init_project.py (`_ensure_state_schema`), update_state.py.
- `plot_threads.foreshadowing[{content, status 未回收/已回收, planted_chapter, target_chapter,
  tier 核心/支线/装饰, resolved_chapter}]`: update_state.py (`add_foreshadowing`,
  `resolve_foreshadowing`).
- The volume of chapter N: the `volumes_planned` entry whose range holds N (latest start
  wins, then the lower volume), else 50 chapters a volume: chapter_outline_loader.py
  (`volume_num_for_chapter_from_state`) and chapter_paths.py (`volume_num_for_chapter`).
- The volume's plan file `大纲/第V卷-详细大纲.md` (or `第V卷 - 详细大纲.md`, `第V卷 详细大纲.md`),
  its `### 第N章：标题` section cut at 1500 characters: chapter_outline_loader.py
  (`_find_volume_outline_file`, `_extract_outline_section`, `load_chapter_outline`).
- `.webnovel/summaries/ch0007.md`, one per chapter, the chapters N-3..N-1 fed for chapter N:
  data_modules/context_manager.py (`_load_summary_text`, `_load_recent_summaries`, window 3).
- `index.db` tables `entities(id, type, canonical_name, tier, is_protagonist, …)`,
  `aliases(alias, entity_id, entity_type)`, `relationships(from_entity, to_entity, type,
  description, chapter)` — one row per (from, to, type), UNIQUE, its chapter and description
  moved to the latest commit — and, from v5.5, `relationship_events(from_entity, to_entity,
  type, action create/update/decay/remove, description, chapter, evidence …)`, one row per
  commit: data_modules/index_manager.py (`_init_db`).

Nothing here writes: index.db is read from a private copy (book/memory_index.py), the JSON and
summaries are only read, all of it through the gate and bounded.
"""

from __future__ import annotations

import logging
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from workbench.book import gate, memory_index
from workbench.book.bounded_json import parse_json
from workbench.book.layout import Layout, Role
from workbench.book.textio import TextFile
from workbench.errors import FileProblem

if TYPE_CHECKING:
    import sqlite3

log = logging.getLogger(__name__)

KIND = "webnovel-writer"
MEMORY_DIR = ".webnovel"
STATE_FILE = f"{MEMORY_DIR}/state.json"
INDEX_FILE = f"{MEMORY_DIR}/index.db"
SUMMARIES_DIR = f"{MEMORY_DIR}/summaries"
SCRATCHPAD_FILE = f"{MEMORY_DIR}/memory_scratchpad.json"  # read by book/webnovel_meta.py
CHAPTERS_PER_VOLUME = 50
RECENT_SUMMARIES = 3
VOLUME_OUTLINE_NAMES = ("第{v}卷-详细大纲.md", "第{v}卷 - 详细大纲.md", "第{v}卷 详细大纲.md")
CHARACTER_TYPE = "角色"
_RANGE = re.compile(r"^\s*(\d+)\s*-\s*(\d+)\s*$")


class ProjectView(Protocol):
    """What this module reads of a book.project.Project (which asks it for a volume's outline,
    so it cannot import that module)."""

    root: Path
    layout: Layout

    def role_path(self, role: Role) -> Path: ...
    def relative(self, path: Path) -> str: ...
    def read(self, path: Path) -> TextFile: ...
    def character_files(self) -> list[Path]: ...


def is_webnovel(project: ProjectView) -> bool:
    """Whether the project is in webnovel-writer's layout."""
    return project.layout.kind == KIND


def memory_files(project: ProjectView) -> list[Path]:
    """The files of that tool whose change changes what Workbench reads (memory and volume
    plans), for cache fingerprints."""
    if not is_webnovel(project):
        return []
    folder = project.root / SUMMARIES_DIR
    summaries = sorted(folder.glob("ch*.md")) if folder.is_dir() else []
    outlines = project.role_path(Role.OUTLINE).parent
    plans = sorted(outlines.glob("第*卷*详细大纲.md")) if outlines.is_dir() else []
    memory = [project.root / STATE_FILE, project.root / INDEX_FILE, project.root / SCRATCHPAD_FILE]
    return [*memory, *summaries, *plans]


def stand_ins(project: ProjectView) -> dict[Role, str]:
    """The Workbench files this project's memory stands in for, and where that memory is."""
    if not is_webnovel(project):
        return {}
    state = read_state(project)
    threads = state.get("plot_threads")
    found: dict[Role, str] = {}
    if isinstance(threads, dict) and isinstance(threads.get("foreshadowing"), list):
        found[Role.PLOT_TRACKER] = f"{STATE_FILE} (plot_threads.foreshadowing)"
    if has_index(project):
        found[Role.RELATIONSHIP_TRACKER] = f"{INDEX_FILE} (relationships)"
    if protagonist_state_text(state):
        found[Role.STATE_TRACKER] = f"{STATE_FILE} (protagonist_state)"
    summaries = project.root / project.layout.chapter_summaries_dir
    if summaries.is_dir() and any(summaries.glob("ch*.md")):
        found[Role.ROLLING_SUMMARY] = f"{project.layout.chapter_summaries_dir}/ (per chapter)"
    cards = [p for p in project.character_files() if p != project.role_path(Role.PROTAGONIST)]
    if cards:
        found[Role.CHARACTERS] = "、".join(project.relative(p) for p in cards)
    return found


def read_state(project: ProjectView) -> dict:
    """state.json as a mapping ({} when absent); bad JSON is a FileProblem naming the file."""
    path = project.root / STATE_FILE
    if not is_webnovel(project) or not os.path.lexists(path):
        return {}  # (anything else in its place is read, and refused saying what it is)
    state = parse_json(project.read(path).text, path)
    if not isinstance(state, dict):
        raise FileProblem(path, "must hold a JSON object")
    return state


def positive_int(value: object) -> int | None:
    """A chapter number from a JSON value (int or digit string), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if value > 0 else None
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip()) or None
    return None


def volume_of(state: dict, chapter: int) -> int:
    """The volume chapter N belongs to, as webnovel-writer decides it."""
    progress = state.get("progress")
    planned = progress.get("volumes_planned") if isinstance(progress, dict) else None
    best: tuple[int, int] | None = None
    for item in planned if isinstance(planned, list) else []:
        if not isinstance(item, dict):
            continue
        volume = positive_int(item.get("volume"))
        match = _RANGE.match(str(item.get("chapters_range") or ""))
        if volume is None or not match:
            continue
        start, end = int(match.group(1)), int(match.group(2))
        if start <= chapter <= end and (best is None or (-start, volume) < (-best[0], best[1])):
            best = (start, volume)
    if best is not None:
        return best[1]
    return (max(chapter, 1) - 1) // CHAPTERS_PER_VOLUME + 1


def volume_outline(project: ProjectView, chapter: int) -> Path | None:
    """The 详细大纲 file of chapter N's volume, if it exists."""
    volume = volume_of(read_state(project), chapter)
    folder = project.role_path(Role.OUTLINE).parent
    for name in VOLUME_OUTLINE_NAMES:
        path = folder / name.format(v=volume)
        if path.is_file():
            return path
    return None


def summary_path(project: ProjectView, chapter: int) -> Path:
    """Where chapter N's summary is kept (that tool's naming, in either layout)."""
    return project.root / project.layout.chapter_summaries_dir / f"ch{chapter:04d}.md"


def protagonist_state_text(state: dict) -> str:
    """`protagonist_state` as a small Markdown list (the state tracker); '' when empty."""
    ps = state.get("protagonist_state")
    if not isinstance(ps, dict):
        return ""
    lines = []
    if ps.get("name"):
        lines.append(f"- 姓名：{ps['name']}")
    power = ps.get("power")
    if isinstance(power, dict):
        parts = [str(power.get("realm") or "")]
        if power.get("layer"):
            parts.append(f"{power['layer']}层")
        if power.get("bottleneck"):
            parts.append(f"瓶颈：{power['bottleneck']}")
        if any(parts):
            lines.append("- 修为：" + " ".join(p for p in parts if p))
    elif ps.get("realm"):
        lines.append(f"- 修为：{ps['realm']}")
    location = ps.get("location")
    where = location.get("current") if isinstance(location, dict) else location
    if where:
        since = location.get("last_chapter") if isinstance(location, dict) else None
        lines.append(f"- 位置：{where}" + (f"（第{since}章）" if since else ""))
    finger = ps.get("golden_finger")
    if isinstance(finger, dict) and finger.get("name"):
        level = f" Lv.{finger['level']}" if finger.get("level") else ""
        lines.append(f"- 金手指：{finger['name']}{level}")
    attributes = ps.get("attributes")
    for key, value in (attributes if isinstance(attributes, dict) else {}).items():
        lines.append(f"- {key}：{value}")
    if not lines:
        return ""
    return "# 主角状态\n\n" + "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Entity:
    """One row of index.db's entities table."""

    id: str
    type: str
    name: str
    tier: str
    protagonist: bool
    aliases: tuple[str, ...]
    first_appearance: int = 0  # the chapter the tool first saw them in (0: not recorded)


@dataclass(frozen=True)
class Relationship:
    """One row of index.db's relationships table, entity ids resolved to names."""

    row_id: int
    a: str
    b: str
    type: str
    description: str
    chapter: int


@dataclass(frozen=True)
class RelationshipEvent:
    """One row of index.db's relationship_events (v5.5): a relation created, updated,
    decayed or removed at a chapter; that table keeps every commit, where relationships
    keeps only the last one of each (from, to, type)."""

    row_id: int
    a: str
    b: str
    type: str
    action: str
    description: str
    chapter: int


@dataclass(frozen=True)
class StateChange:
    """One row of index.db's state_changes: a field of an entity changed at a chapter."""

    entity: str  # the entity's name
    field: str
    old: str
    new: str
    chapter: int


@dataclass(frozen=True)
class IndexData:
    """What Workbench reads from index.db."""

    entities: tuple[Entity, ...] = ()
    relationships: tuple[Relationship, ...] = ()
    events: tuple[RelationshipEvent, ...] = ()
    state_changes: tuple[StateChange, ...] = ()
    skipped: tuple[str, ...] = ()  # rows left out, and why (check lists them)


_INDEX_CACHE: dict[Path, tuple[tuple[int, int], IndexData]] = {}


def memory_protagonist(project: ProjectView) -> tuple[str, str]:
    """(name, where) of the protagonist as the tool's memory names him: state.json's
    `protagonist_state.name`, else the index.db entity flagged `is_protagonist`; ("", "")
    when neither does."""
    state = read_state(project)
    ps = state.get("protagonist_state")
    name = str(ps.get("name") or "").strip() if isinstance(ps, dict) else ""
    if name:
        return name, f"{STATE_FILE} (protagonist_state.name)"
    entities = read_index(project).entities
    flagged = (e.name for e in entities if e.protagonist and e.type == CHARACTER_TYPE)
    if name := next(flagged, ""):
        return name, f"{INDEX_FILE} (is_protagonist)"
    return "", ""


def has_index(project: ProjectView) -> bool:
    """Whether the project has an index.db (a symlink or anything else in its place counts:
    reading it then says what is wrong)."""
    return is_webnovel(project) and os.path.lexists(project.root / INDEX_FILE)


def read_index(project: ProjectView) -> IndexData:
    """Entities, aliases and relationships from index.db, read from a bounded private copy
    (book/memory_index.py); cached by the stats of the database and its -wal. A FileProblem
    naming the file when it leads out of the project, is no file or breaks a bound."""
    path = project.root / INDEX_FILE
    if not has_index(project):
        return IndexData()
    wal = path.with_name(path.name + "-wal")
    key = (_stat_key(project, path), _stat_key(project, wal))
    cached = _INDEX_CACHE.get(path)
    if cached and cached[0] == key:
        return cached[1]
    with memory_index.open_index(path, root=project.root) as connection:
        data = _query_index(connection, path)
    _INDEX_CACHE[path] = (key, data)
    return data


def _stat_key(project: ProjectView, path: Path) -> tuple[int, int] | None:
    try:
        stat = gate.check_regular(path, root=project.root, entry=project.relative(path))
    except FileNotFoundError:
        return None
    return (stat.st_mtime_ns, stat.st_size)


def _tables(connection: sqlite3.Connection) -> set[str]:
    rows = connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
    return {row[0] for row in rows}


def _columns(connection: sqlite3.Connection) -> set[str]:
    return {row[1] for row in connection.execute("PRAGMA table_info(entities)")}


def _query_index(connection: sqlite3.Connection, path: Path) -> IndexData:
    tables = _tables(connection)
    if "entities" not in tables:
        return IndexData()

    def rows(table: str, query: str) -> list[tuple]:
        return memory_index.bounded_rows(connection, path, table, query)

    aliases: dict[str, list[str]] = {}
    if "aliases" in tables:
        for alias, entity_id in rows(
            "aliases", "SELECT alias, entity_id FROM aliases ORDER BY rowid"
        ):
            if alias:
                aliases.setdefault(str(entity_id), []).append(str(alias))
    entities = []
    names: dict[str, str] = {}
    first = (
        ", COALESCE(first_appearance, 0)" if "first_appearance" in _columns(connection) else ", 0"
    )
    for entity_id, kind, name, tier, protagonist, appeared in rows(
        "entities",
        f"SELECT id, type, canonical_name, tier, is_protagonist{first} FROM entities"
        " WHERE COALESCE(is_archived, 0) = 0 ORDER BY rowid",
    ):
        names[str(entity_id)] = str(name)
        own = tuple(a for a in dict.fromkeys(aliases.get(str(entity_id), ())) if a != name)
        entities.append(
            Entity(
                str(entity_id),
                str(kind),
                str(name),
                str(tier or ""),
                bool(protagonist),
                own,
                positive_int(appeared) or 0,
            )
        )
    relationships, skipped = [], []
    if "relationships" in tables:
        for row_id, source, target, kind, description, chapter in rows(
            "relationships",
            "SELECT rowid, from_entity, to_entity, type, description, chapter FROM relationships"
            " ORDER BY rowid",
        ):
            number = positive_int(chapter)
            if number is None:  # NULL, text, a float: no chapter to place it at
                skipped.append(f"relationships row {row_id}: chapter {chapter!r} is no chapter")
                continue
            a, b = names.get(str(source), str(source)), names.get(str(target), str(target))
            relationships.append(
                Relationship(row_id, a, b, str(kind), str(description or ""), number)
            )
    relationships.sort(key=lambda row: (row.chapter, row.row_id))
    events = []
    if "relationship_events" in tables:
        for row_id, source, target, kind, action, description, chapter in rows(
            "relationship_events",
            "SELECT rowid, from_entity, to_entity, type, action, description, chapter"
            " FROM relationship_events ORDER BY rowid",
        ):
            number = positive_int(chapter)
            if number is None:
                skipped.append(
                    f"relationship_events row {row_id}: chapter {chapter!r} is no chapter"
                )
                continue
            a, b = names.get(str(source), str(source)), names.get(str(target), str(target))
            events.append(
                RelationshipEvent(
                    row_id, a, b, str(kind), str(action or ""), str(description or ""), number
                )
            )
    events.sort(key=lambda row: (row.chapter, row.row_id))
    changes = []
    if "state_changes" in tables:
        for row_id, entity_id, name, old, new, chapter in rows(
            "state_changes",
            "SELECT rowid, entity_id, field, old_value, new_value, chapter FROM state_changes"
            " ORDER BY chapter, rowid",
        ):
            number = positive_int(chapter)
            if number is None:
                skipped.append(f"state_changes row {row_id}: chapter {chapter!r} is no chapter")
                continue
            entity = names.get(str(entity_id), str(entity_id))
            changes.append(StateChange(entity, str(name), str(old or ""), str(new or ""), number))
    return IndexData(
        tuple(entities), tuple(relationships), tuple(events), tuple(changes), tuple(skipped)
    )
