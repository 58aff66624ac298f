"""Tracker kinds as data: what each kind's table holds and how the rest of Workbench names it.

A kind is one record — its key, the file it lives in, its columns (each field with the header
names it may go by) and the ones a row needs, how messages name its fields, its tab in the
tracker browser, its on-demand block in a feed, its label in `check` — and every place that
handles "each tracker" loops over `project_kinds(project)`. The two built-in kinds keep their
own models and relevance rules (trackers/model.py, trackers/relevance.py); a project adds a
kind of its own in workbench.toml (`[trackers.kinds.KEY]`, see trackers/config.py), whose rows
are TrackedItem: named by a column, relevant when chapter N's plan (or text) names them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from workbench.book import webnovel
from workbench.book.gate import STATE_DIR
from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.errors import FileProblem
from workbench.reasons import Reason
from workbench.trackers.cache import project_cache
from workbench.trackers.columns import normalise_header
from workbench.trackers.config import KindConfig, load_tracker_config

FORESHADOWING = "foreshadowing"
RELATIONSHIP = "relationship"


@dataclass(frozen=True)
class TrackerKind:
    """One kind of tracker table."""

    key: str  # "foreshadowing", "relationship", or the project's own key ("items")
    file_key: str  # which tracker file holds it: "plot", "relationship", or the kind's key
    columns: dict[str, tuple[str, ...]]  # field -> header synonyms (normalised)
    required: tuple[str, ...]  # fields a table of this kind must have
    display: dict[str, str]  # field -> how a header names it in messages and new tables
    title: str  # the kind as the author reads it: 伏笔, 人物关系, 法宝
    block_id: str  # its on-demand block in a feed
    block_title: Reason
    empty: str  # the block's text when nothing is relevant
    check_label: str  # what `check` calls its file
    role: Role | None = None  # the built-in kinds' file role; None: `file`
    file: str = ""  # project-relative path of a declared kind's file
    name_field: str = ""  # declared kinds: the field that names a row …
    keywords_field: str = ""  # … more words naming it, where it enters, when it changed
    planted_field: str = ""
    changed_field: str = ""
    custom: bool = False

    def path(self, project: Project) -> Path:
        """Where this kind's file is in the project."""
        if self.role is not None:
            return project.role_path(self.role)
        return project.contained(self.file, entry=f"[trackers.kinds.{self.key}] file")


FORESHADOWING_KIND = TrackerKind(
    key=FORESHADOWING,
    file_key="plot",
    columns={
        "id": ("id", "编号", "伏笔编号", "序号"),
        "content": ("内容", "描述", "content", "伏笔", "伏笔内容", "description"),
        "planted": ("埋设章节", "埋设", "planted", "埋设章", "埋设于"),
        "payoff": ("计划回收", "回收章节", "payoff", "计划回收章节", "预计回收", "回收"),
        "status": ("状态", "status"),
        "tier": ("重要度", "层级", "tier", "重要性", "级别"),
        "characters": ("相关角色", "角色", "characters", "人物", "相关人物"),
        "keywords": ("关键词", "keywords", "关键字"),
    },
    required=("id", "planted"),
    display={
        "id": "ID",
        "content": "内容",
        "planted": "埋设章节",
        "payoff": "计划回收",
        "status": "状态",
        "tier": "重要度",
        "characters": "相关角色",
        "keywords": "关键词",
    },
    title="伏笔",
    block_id="on_demand.foreshadowing",
    block_title=Reason("title.foreshadowing"),
    empty="（本章没有相关伏笔）",
    check_label="the foreshadowing ledger",
    role=Role.PLOT_TRACKER,
)
RELATIONSHIP_KIND = TrackerKind(
    key=RELATIONSHIP,
    file_key="relationship",
    columns={
        "chapter": ("章节", "chapter", "章"),
        "a": ("角色a", "a", "charactera"),
        "b": ("角色b", "b", "characterb"),
        "relation": ("关系", "relation", "relationship"),
        "change": ("变化", "change"),
        "note": ("说明", "note", "备注", "notes"),
    },
    required=("chapter", "a", "b"),
    display={
        "chapter": "章节",
        "a": "角色A",
        "b": "角色B",
        "relation": "关系",
        "change": "变化",
        "note": "说明",
    },
    title="人物关系",
    block_id="on_demand.relationships",
    block_title=Reason("title.relationships"),
    empty="（本章没有相关关系变动）",
    check_label="relationship changes",
    role=Role.RELATIONSHIP_TRACKER,
)
# Either built-in kind may stand in either built-in file (a relationship table in
# plot-tracker.md is read as one); a declared kind is read only in its own file.
BUILTIN_KINDS = (FORESHADOWING_KIND, RELATIONSHIP_KIND)
BUILTIN_DISPLAY = {f: name for kind in BUILTIN_KINDS for f, name in kind.display.items()}


def declared_kind(key: str, config: KindConfig) -> TrackerKind:
    """The TrackerKind of one `[trackers.kinds.KEY]` table; its fields are its headers."""
    return TrackerKind(
        key=key,
        file_key=key,
        columns={column: (normalise_header(column),) for column in config.columns},
        required=config.columns,
        display={column: column for column in config.columns},
        title=config.title.strip(),
        block_id=f"on_demand.{key}",
        block_title=Reason("title.tracker_kind", config.title.strip()),
        empty=f"（本章没有相关{config.title.strip()}）",
        check_label=f"the {key} tracker",
        file=config.file,
        name_field=config.name_column,
        keywords_field=config.keywords_column,
        planted_field=config.planted_column,
        changed_field=config.changed_column,
        custom=True,
    )


def project_kinds(project: Project) -> tuple[TrackerKind, ...]:
    """The built-in kinds, then the project's own in workbench.toml order; a declaration that
    does not hold is a FileProblem naming workbench.toml. Remembered by the file's content:
    a feed asks on every rebuild."""
    config = project.role_path(Role.CONFIG)
    version = project.read(config).sha256 if config.is_file() else ""
    memory = project_cache(project)
    if memory.kinds is not None and memory.kinds[0] == version:
        return memory.kinds[1]
    kinds = _project_kinds(project)
    memory.kinds = (version, kinds)
    return kinds


def _project_kinds(project: Project) -> tuple[TrackerKind, ...]:
    declared = load_tracker_config(project).kinds
    taken = {kind.key for kind in BUILTIN_KINDS} | {kind.file_key for kind in BUILTIN_KINDS}
    for key in declared:
        if key in taken:
            raise FileProblem(
                project.role_path(Role.CONFIG),
                f"[trackers.kinds.{key}]: {key!r} is a built-in tracker; name yours otherwise",
            )
    kinds = tuple(declared_kind(key, config) for key, config in declared.items())
    _own_files(project, kinds)
    return BUILTIN_KINDS + kinds


def _own_files(project: Project, kinds: tuple[TrackerKind, ...]) -> None:
    """A declared kind's file is its own: never a chapter, a file the book already uses for
    something else (a built-in tracker, the outline, the cast), another kind's file, or a
    file in Workbench's or webnovel-writer's folders. Its rows are read into feeds and
    edited in the tracker browser; pointed at a chapter, that would feed and edit prose."""
    if not kinds:
        return
    others = {project.contained(project.role_path(role)): f"the {role} file" for role in Role}
    folder = project.contained(project.root / project.layout.chapters_dir)
    chapters = {project.contained(ref.path) for ref in project.chapters}
    private = [project.contained(name) for name in (STATE_DIR, webnovel.MEMORY_DIR)]
    for kind in kinds:
        path = kind.path(project)
        used = others.get(path)
        in_folder = folder != project.contained(".") and path.is_relative_to(folder)
        if used is None and (in_folder or path in chapters):
            used = "a chapter"
        if used is None and any(path.is_relative_to(folder) for folder in private):
            used = "a file Workbench or webnovel-writer keeps for itself"
        if used is not None:
            raise FileProblem(
                project.role_path(Role.CONFIG),
                f"[trackers.kinds.{kind.key}] file {kind.file!r} is {used}; "
                "a tracker of your own needs a file of its own",
            )
        others[path] = f"the file of [trackers.kinds.{kind.key}]"


def declared_kinds(project: Project) -> tuple[TrackerKind, ...]:
    """Only the project's own kinds."""
    return tuple(kind for kind in project_kinds(project) if kind.custom)


@dataclass(frozen=True)
class TrackerFileSpec:
    """One tracker file: its key, where it is, and the kinds a table in it may be."""

    key: str  # "plot", "relationship", or a declared kind's key
    path: Path
    kinds: tuple[TrackerKind, ...]


def builtin_files(project: Project) -> list[TrackerFileSpec]:
    """The two built-in tracker files (existing or not)."""
    return [TrackerFileSpec(k.file_key, k.path(project), BUILTIN_KINDS) for k in BUILTIN_KINDS]


def tracker_files(project: Project) -> list[TrackerFileSpec]:
    """Every tracker file of the project (existing or not), built-in ones first."""
    files = builtin_files(project)
    files += [
        TrackerFileSpec(kind.key, kind.path(project), (kind,)) for kind in declared_kinds(project)
    ]
    return files


def classify(
    headers: list[str], kinds: tuple[TrackerKind, ...] = BUILTIN_KINDS
) -> tuple[TrackerKind, list[str | None], list[str]] | None:
    """(kind, field per column or None for extra columns, problems) or None for prose tables:
    the first of `kinds` whose required columns the header has, else one it mostly has."""
    names = [normalise_header(header) for header in headers]
    complete: tuple[TrackerKind, list[str | None]] | None = None
    partial: tuple[TrackerKind, list[str | None]] | None = None
    for kind in kinds:
        lookup = {s: field for field, synonyms in kind.columns.items() for s in synonyms}
        fields = [lookup.get(name) for name in names]
        found = {field for field in fields if field}
        if all(field in found for field in kind.required):
            complete = complete or (kind, fields)
        elif len(found) >= 3:
            # Most of a tracker's columns but not its key ones: a typo, not prose.
            partial = partial or (kind, fields)
    best = complete or partial
    if best is None:
        return None
    kind, fields = best
    problems = [
        f"the header looks like a {kind.key} table but has no {kind.display[field]} column"
        for field in kind.required
        if field not in fields
    ]
    seen: set[str] = set()
    for field in fields:
        if field and field in seen:
            problems.append(f"the header has two {kind.display[field]} columns")
        if field:
            seen.add(field)
    return kind, fields, problems
