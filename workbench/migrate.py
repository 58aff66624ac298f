"""`workbench migrate`: a one-way copy of a webnovel-writer project into Workbench's layout.

Read through the same mapping the app uses to open such a project in place (book/webnovel.py,
trackers/webnovel.py, feed/webnovel.py), so the migrated project's feeds hold what the original
project's feeds hold. The source folder is only read; the target must be new (or empty).
It sits above the trackers: it reads the book and the trackers and writes a new book.
"""

from __future__ import annotations

import logging
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from workbench.book import gate, gate_folders, webnovel
from workbench.book.characters import aliases_in
from workbench.book.fixed_context import FixedPart, render_fixed_context, source_hashes
from workbench.book.layout import DEFAULT_PATHS, Role, default_layout
from workbench.book.naming import chapter_number_from_name
from workbench.book.plans import outline_section
from workbench.book.project import Project
from workbench.book.sections import sections
from workbench.book.style_anchor import anchor_needed, fix_hint
from workbench.book.textio import UTF8, TextFile
from workbench.book.webnovel_meta import chapter_meta_lines, read_scratchpad, with_chapter_meta
from workbench.errors import FileProblem, WorkbenchError
from workbench.feed.power import character_sections
from workbench.feed.trim import demote_headings
from workbench.feed.webnovel import setting_text
from workbench.trackers import load_cast, load_trackers
from workbench.trackers.cast import Character
from workbench.trackers.model import Foreshadowing, RelationshipChange

log = logging.getLogger(__name__)

REPORT_FILE = "meta/migration-report.md"
PLOT_HEADER = ("ID", "内容", "埋设章节", "计划回收", "状态", "重要度", "相关角色", "关键词")
RELATIONSHIP_HEADER = ("章节", "角色A", "角色B", "关系", "变化", "说明")
_CHAPTER_SECTION = re.compile(r"^#{1,6}[ \t]*第[ \t]*(\d+)[ \t]*章", re.MULTILINE)
# What of that tool's memory Workbench has no place for; named in the report.
NOT_CARRIED_STATE = {
    "review_checkpoints": "审查检查点",
    "relationships": "state.json 里的旧关系字典（关系以 index.db 为准）",
    "entity_state": "各实体的当前状态（主角的已迁入主角状态表）",
    "disambiguation_pending": "待消歧的提及",
    "world_settings": "世界设定的结构化副本（以 设定集/ 的文件为准）",
    "project_info": "项目信息（书名、题材、目标字数等）",
}
NOT_CARRIED_FILES = {
    ".story-system/": "Story System 的合同、章节提交与事件（chapter-commit 的事实源）",
    ".webnovel/vectors.db": "向量检索库",
    ".webnovel/backups/": "备份",
    ".webnovel/archive/": "归档",
    ".webnovel/projection_log.jsonl": "投影日志",
    "审查报告/": "审查报告",
}


class MigrationProblem(WorkbenchError):
    """The migration cannot start (nothing has been written)."""


@dataclass
class MigrationReport:
    """What was carried over, where to, and what was not."""

    source: Path
    target: Path
    carried: list[str] = field(default_factory=list)
    not_carried: list[str] = field(default_factory=list)
    written: list[Path] = field(default_factory=list)

    def markdown(self) -> str:
        """The report as `meta/migration-report.md` holds it."""
        lines = [f"# 迁移记录：{self.source.name}", "", f"来源：`{self.source}`（未改动）", ""]
        lines += ["## 已迁移", "", *(f"- {item}" for item in self.carried), ""]
        lines += ["## 未迁移", "", *(f"- {item}" for item in self.not_carried or ["（无）"]), ""]
        return "\n".join(lines)


class _Writer:
    def __init__(self, source: Project, target: Path) -> None:
        self.source = source
        self.target = target
        self.report = MigrationReport(source.root, target)  # the final target set at the end
        self.final = target

    def write(self, relative: str, text: str) -> Path:
        path = self.target / relative
        gate.write_text(path, text, UTF8, root=self.target)
        self.report.written.append(path)
        return path

    def copy_source(self, source: Path, relative: str) -> bool:
        """Copy a file byte for byte (the author's text in its own encoding), through the
        gate: one that leads outside the project, is a pipe or a device, or is too large is
        not copied but named in the report. Whether it was copied."""
        path = self.target / relative
        try:
            gate.copy_file(source, path, source_root=self.source.root, target_root=self.target)
        except FileProblem as error:
            self.refused(source, error)
            return False
        self.report.written.append(path)
        return True

    def refused(self, source: Path, error: FileProblem) -> None:
        """Name in the report a source file that was not carried over, and why."""
        shown = self.source.relative(source)
        log.warning("%s: not migrated: %s", shown, error.problem)
        self.report.not_carried.append(f"{shown}：未迁移（{error.problem}）")

    def read(self, role: Role) -> TextFile | None:
        """A role's file of the source, None when it is not there or cannot be read (named
        in the report)."""
        try:
            return self.source.read_role(role)
        except FileProblem as error:
            self.refused(self.source.role_path(role), error)
            return None

    def carried(self, what: str) -> None:
        self.report.carried.append(what)


def migrate(source: Path | str, into: Path | str) -> MigrationReport:
    """Copy a webnovel-writer project into a new Workbench project; raise MigrationProblem
    (nothing written) when the source is not one or the target is not new."""
    project = Project.open(source)
    if not webnovel.is_webnovel(project):
        raise MigrationProblem(f"{project.root}: not a webnovel-writer project (no 正文/ folder)")
    target = Path(into).resolve()
    if target == project.root or project.root in target.parents:
        raise MigrationProblem(f"{target}: inside the project being migrated; choose a new folder")
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise MigrationProblem(f"{target}: exists and is not empty; migrate into a new folder")
    # The memory read first: an index.db or state.json that cannot be read stops the
    # migration before anything is written.
    webnovel.read_state(project)
    webnovel.read_index(project)
    # Built beside the target and renamed into place whole: a migration that fails halfway
    # (a file that cannot be read, a full disk) leaves no half-written folder that would make
    # the rerun refuse "not empty".
    with gate_folders.folder_built_beside(target) as building:
        writer = _Writer(project, building)
        writer.final = target  # where the built folder ends up (the report names it)
        _chapters(writer)
        _plans(writer)
        _settings(writer)
        _trackers(writer)
        _summaries(writer)
        _fixed_context(writer)
        _not_carried(writer)
        writer.write(REPORT_FILE, writer.report.markdown())
    report = writer.report
    report.target = target
    report.written = [target / path.relative_to(building) for path in report.written]
    log.info("migrated %s into %s: %d files", project.root, target, len(report.written))
    return report


def _chapters(writer: _Writer) -> None:
    project = writer.source
    seen: set[int] = set()
    for ref in project.chapters:
        if ref.number in seen:
            writer.report.not_carried.append(
                f"{project.relative(ref.path)}：第{ref.number}章重复，只迁移了第一个文件"
            )
            continue
        width = max(3, len(str(ref.number)))
        if writer.copy_source(ref.path, f"chapters/ch{ref.number:0{width}d}.md"):
            seen.add(ref.number)
    writer.carried(f"正文：{len(seen)} 章 → chapters/（逐字节复制）")


def _plan_numbers(project: Project) -> list[int]:
    numbers: set[int] = set()
    folder = project.role_path(Role.OUTLINE).parent
    for path in sorted(folder.glob("第*卷*详细大纲.md")) if folder.is_dir() else []:
        numbers |= {int(m.group(1)) for m in _CHAPTER_SECTION.finditer(project.read(path).text)}
    plans_dir = project.root / project.layout.plans_dir
    for path in sorted(plans_dir.iterdir()) if plans_dir.is_dir() else []:
        parsed = chapter_number_from_name(path.stem)
        if parsed is not None:
            numbers.add(parsed[0])
    return sorted(numbers)


def _plans(writer: _Writer) -> None:
    project = writer.source
    count = 0
    for number in _plan_numbers(project):
        plan = project.plan(number)
        if plan is None:
            continue
        if plan.from_outline:
            # The whole section (the feed cuts it at 1500 again if it is longer).
            text = project.read(plan.source).text
            body = outline_section(text, number) or plan.body
        else:
            body = project.read(plan.source).text
        writer.write(f"outline/chapters/ch{number:03d}.md", body.rstrip("\n") + "\n")
        count += 1
    writer.carried(f"章纲：{count} 章的规划（各卷详细大纲的「第N章」一节）→ outline/chapters/")


def _settings(writer: _Writer) -> None:
    project = writer.source
    outline = writer.read(Role.OUTLINE)
    if outline is not None and writer.copy_source(outline.path, DEFAULT_PATHS[Role.OUTLINE]):
        writer.carried(f"{project.relative(outline.path)} → {DEFAULT_PATHS[Role.OUTLINE]}")
    world = writer.read(Role.WORLD)
    power_path = project.root / project.layout.power_system_file
    power = None
    try:
        power = project.read(power_path) if os.path.lexists(power_path) else None
    except FileProblem as error:
        writer.refused(power_path, error)
    world_text = world.text.rstrip("\n") + "\n" if world else "# 世界观\n"
    if power is not None:
        world_text += "\n## 力量体系\n\n" + _body_under(power.text, level=3).strip("\n") + "\n"
    writer.write(DEFAULT_PATHS[Role.WORLD], world_text)
    parts = [project.relative(p.path) for p in (world, power) if p is not None]
    writer.carried(f"{'、'.join(parts)} → {DEFAULT_PATHS[Role.WORLD]}（力量体系为其中一节）")
    _characters(writer)
    known = {project.role_path(Role.WORLD), power_path, *project.character_files()}
    for path in sorted((project.root / "设定集").glob("*.md")):
        if path not in known and writer.copy_source(path, f"worldbuilding/{path.name}"):
            writer.carried(f"{project.relative(path)} → worldbuilding/{path.name}")
    for path in sorted(project.role_path(Role.OUTLINE).parent.glob("*.md")):
        wanted = path != project.role_path(Role.OUTLINE) and "详细大纲" not in path.name
        if wanted and writer.copy_source(path, f"outline/{path.name}"):
            writer.carried(f"{project.relative(path)} → outline/{path.name}")


def _body_under(text: str, level: int) -> str:
    """The text without its first heading, its other headings moved to start at `level`."""
    found = sections(text)
    if found and found[0].level == min(s.level for s in found):
        text = text[found[0].start :].split("\n", 1)[1] if "\n" in text else ""
    return demote_headings(text, level)


def _characters(writer: _Writer) -> None:
    project = writer.source
    cast = load_cast(project)
    protagonist = next((c for c in cast.characters if c.protagonist), None)
    protagonist_file = project.role_path(Role.PROTAGONIST)
    if protagonist_file.is_file():
        text = project.read(protagonist_file).text.rstrip("\n") + "\n"
    else:
        text = f"# {protagonist.name if protagonist else '主角'}\n"
    if protagonist is not None:
        text += _aliases_line(protagonist, text, before="\n")
    writer.write(DEFAULT_PATHS[Role.PROTAGONIST], text)
    # Each person with their own part of a card (one 反派设计 holds three villains).
    own: dict[str, str] = {}
    for entry in character_sections(project):
        if entry.source != project.relative(protagonist_file):
            own.setdefault(entry.name, entry.text)
    sections_out = ["# 角色\n"]
    for character in cast.characters:
        if character is protagonist:
            continue
        card = own.get(character.name)
        body = _body_under(card, level=3).strip("\n") if card else ""
        alias = _aliases_line(character, body)
        sections_out.append(f"## {character.name}\n\n" + alias + (body + "\n" if body else ""))
    writer.write(DEFAULT_PATHS[Role.CHARACTERS], "\n".join(sections_out))
    names = "、".join(c.name for c in cast.characters)
    writer.carried(
        f"角色卡与 index.db 的角色（含别名）：{names} → characters/protagonist.md、characters.md"
    )


def _aliases_line(character: Character, written: str, before: str = "") -> str:
    """A 别名 line for the aliases the written text does not give yet (index.db's, say),
    '' when it gives them all."""
    missing = [alias for alias in character.aliases if alias not in aliases_in(written)]
    return f"{before}- 别名：{'、'.join(missing)}\n" if missing else ""


def _cell(value: object) -> str:
    return " ".join(str(value).split()).replace("|", "｜")


def _row(cells: tuple | list) -> str:
    return "| " + " | ".join(_cell(c) for c in cells) + " |"


def _table(title: str, header: tuple[str, ...], rows: list[list]) -> str:
    lines = [f"# {title}", "", _row(header), "|" + "---|" * len(header)]
    return "\n".join(lines + [_row(r) for r in rows]) + "\n"


def _foreshadowing_row(entry: Foreshadowing) -> list:
    status = str(entry.status) + (f"@{entry.resolved_at}" if entry.resolved_at else "")
    return [
        entry.id,
        entry.content,
        entry.planted or "",
        entry.payoff or "",
        status,
        entry.tier,
        ", ".join(entry.characters),
        ", ".join(entry.keywords),
    ]


def _relationship_row(row: RelationshipChange) -> list:
    return [row.chapter, row.a, row.b, row.relation, row.change, row.note]


def _trackers(writer: _Writer) -> None:
    project = writer.source
    trackers = load_trackers(project)
    plot = [_foreshadowing_row(e) for e in trackers.foreshadowing]
    relations = [_relationship_row(r) for r in trackers.relationships]
    writer.write(DEFAULT_PATHS[Role.PLOT_TRACKER], _table("伏笔追踪", PLOT_HEADER, plot))
    writer.write(
        DEFAULT_PATHS[Role.RELATIONSHIP_TRACKER],
        _table("关系变动", RELATIONSHIP_HEADER, relations),
    )
    loops = sum(1 for e in trackers.foreshadowing if e.source == webnovel.SCRATCHPAD_FILE)
    also = f"、memory_scratchpad.json 的未了悬念 {loops} 条" if loops else ""
    writer.carried(
        f"state.json 的伏笔 {len(plot) - loops} 条{also} → {DEFAULT_PATHS[Role.PLOT_TRACKER]}"
    )
    writer.carried(
        f"index.db 的关系 {len(relations)} 条 → {DEFAULT_PATHS[Role.RELATIONSHIP_TRACKER]}"
    )
    state = _state_tracker(project)
    if state:
        writer.write(DEFAULT_PATHS[Role.STATE_TRACKER], state)
        writer.carried(f"state.json 的 protagonist_state → {DEFAULT_PATHS[Role.STATE_TRACKER]}")
    else:
        writer.report.not_carried.append("state.json 没有 protagonist_state：主角状态表未生成")


def _state_tracker(project: Project) -> str:
    """protagonist_state as a state tracker the book as of N can be read from: index.db's
    state_changes as rows by 章节, then the state after the last commit under a heading
    stamped with its chapter (截至第K章), which a feed for an earlier chapter leaves out."""
    state = webnovel.read_state(project)
    text = webnovel.protagonist_state_text(state)
    if not text:
        return ""
    ps = state.get("protagonist_state") or {}
    progress = state.get("progress")
    current = (
        webnovel.positive_int(progress.get("current_chapter"))
        if isinstance(progress, dict)
        else None
    )
    changes = [c for c in webnovel.read_index(project).state_changes if c.entity == ps.get("name")]
    lines = ["# 主角状态", ""]
    if changes:
        lines += ["| 章节 | 项目 | 原值 | 新值 |", "|---|---|---|---|"]
        lines += [_row([c.chapter, c.field, c.old, c.new]) for c in changes]
        lines.append("")
    stamp = f"（截至第{current}章）" if current else ""
    body = text.split("\n", 2)[2] if text.count("\n") >= 2 else text
    return "\n".join([*lines, f"## 当前状态{stamp}", "", body.strip("\n"), ""])


def _summaries(writer: _Writer) -> None:
    project = writer.source
    folder = project.root / project.layout.chapter_summaries_dir
    target_dir = default_layout().chapter_summaries_dir
    files = sorted(folder.glob("ch*.md")) if folder.is_dir() else []
    state = webnovel.read_state(project)
    kept, with_meta = 0, 0
    for path in files:
        relative = f"{target_dir}/{path.name}"
        number = chapter_number_from_name(path.stem.removeprefix("ch"))
        lines = chapter_meta_lines(state, number[0]) if number else []
        if not lines:
            kept += writer.copy_source(path, relative)
            continue
        # The chapter's meta (hook, strand, disambiguation) goes with its summary, as the
        # feed of the original project gives it.
        try:
            loaded = project.read(path)
        except FileProblem as error:
            writer.refused(path, error)
            continue
        writer.write(relative, with_chapter_meta(loaded.text, lines))
        kept, with_meta = kept + 1, with_meta + 1
    # No rolled-up section yet: the per-chapter summaries stand in until they are generated.
    writer.write(DEFAULT_PATHS[Role.ROLLING_SUMMARY], "# 滚动摘要\n")
    writer.carried(f"每章摘要 {kept} 篇 → {target_dir}/（滚动摘要 ChX-ChY 生成前由它们充当滚动层）")
    if with_meta:
        writer.carried(
            f"state.json 的 chapter_meta（地点、章末钩子）、strand_tracker 的主导线与"
            f"disambiguation_warnings：{with_meta} 章 → 各章摘要末尾的「本章元信息」"
        )


def _fixed_context(writer: _Writer) -> None:
    """The setting files themselves, as the original project's feeds use them, recorded
    against the new files so `check` knows when they change."""
    project = writer.source
    parts = {}
    for part in (FixedPart.WORLD, FixedPart.CHARACTERS):
        found = setting_text(project, part)
        if found is not None:
            parts[part] = found[0]
    migrated = Project(writer.target, default_layout())
    text = render_fixed_context(parts, source_hashes(migrated), outline_compressed=False)
    writer.write(DEFAULT_PATHS[Role.FIXED_CONTEXT], text)
    writer.carried(
        "固定层：世界观与角色卡原文 → references/fixed-context.md"
        "（原项目喂入的就是原文；`workbench fixed-context` 可换成摘要）"
    )


def _not_carried(writer: _Writer) -> None:
    project = writer.source
    state = webnovel.read_state(project)
    for key, what in NOT_CARRIED_STATE.items():
        if state.get(key):
            writer.report.not_carried.append(f"state.json 的 `{key}`：{what}")
    strands = state.get("strand_tracker")
    if isinstance(strands, dict) and any(strands.get(k) for k in strands if k != "history"):
        writer.report.not_carried.append(
            "state.json 的 `strand_tracker` 汇总（current_dominant、chapters_since_switch 等；"
            "逐章主导线已随摘要迁入）"
        )
    facts = [
        row
        for rows in read_scratchpad(project).values()
        if isinstance(rows, list)
        for row in rows
        if isinstance(row, dict)
    ]
    loops = sum(
        1 for e in load_trackers(project).foreshadowing if e.source == webnovel.SCRATCHPAD_FILE
    )
    if facts:
        writer.report.not_carried.append(
            f"`{webnovel.SCRATCHPAD_FILE}`：{len(facts)} 条记忆中只迁入了未了悬念 {loops} 条"
            "（伏笔表），其余（世界规则、时间线等）未迁移"
        )
    index = webnovel.read_index(project)
    others = sorted({e.type for e in index.entities if e.type != webnovel.CHARACTER_TYPE})
    if others:
        writer.report.not_carried.append(
            f"index.db 中非角色的实体（{'、'.join(others)}）及 entities/aliases/relationships/"
            "relationship_events/state_changes 以外的表（chapters、scenes、appearances 等）"
        )
    for name, what in NOT_CARRIED_FILES.items():
        if (project.root / name.rstrip("/")).exists():
            writer.report.not_carried.append(f"`{name}`：{what}")
    built = Project.open(writer.target)
    if anchor_needed(project):
        writer.report.not_carried.append(
            "文风锚点：原项目没有（MainWriter 的喂入在有它之前不会就绪）。"
            # The step is taken in the new project (built in a folder beside it, renamed
            # into place at the end), whose chapters are written by now.
            + fix_hint(built).replace(str(built.root), str(writer.final))
        )
