"""What of the trackers is relevant to chapter N: the on-demand layer (PRODUCT.md §2).

A foreshadowing entry is a candidate when planted by N and open at N, and relevant when
overdue, due within five chapters, or named in chapter N's plan (its text when there is no
plan) by a keyword or by a character who carries signal. The protagonist carries none; a
character named in more than half the chapters before N carries a weak one: an entry named
only by such characters is weakly relevant (`weak`), fed after the strong items while there
is room and dropped first. A relationship row is relevant when it is its pair's latest row
by N and both characters are present (named there, or the protagonist).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from workbench.book.chapter_stats import ChapterStats
from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.book.webnovel import is_webnovel, memory_files
from workbench.reasons import Reason
from workbench.trackers.as_of import trackers_as_of
from workbench.trackers.cache import project_cache
from workbench.trackers.cast import Cast, Scanner, load_cast
from workbench.trackers.kinds import FORESHADOWING, RELATIONSHIP, TrackerKind, tracker_files
from workbench.trackers.model import (
    DUE_WINDOW,
    Foreshadowing,
    RelationshipChange,
    TrackedItem,
    Trackers,
)
from workbench.trackers.parse import parse_tracker
from workbench.trackers.parsed import ParsedTracker
from workbench.trackers.presence import Presence, chapter_presence
from workbench.trackers.webnovel import memory_foreshadowing, memory_relationships


@dataclass(frozen=True)
class RelevantItem:
    """One tracker item for a feed's on-demand layer, with why it is there."""

    kind: str  # "foreshadowing" | "relationship" | a declared kind's key
    key: str  # "F001", "林风—苏瑶", or a declared row's name
    text: str  # the item as one Markdown line, ready to put in a feed
    chapter: int  # planted chapter (foreshadowing) or change chapter (relationship)
    reasons: tuple[Reason, ...]  # e.g. ("逾期：计划回收 9 < 12", "点名：玉佩")
    tier: str  # 核心/支线/装饰 for foreshadowing, "" for relationships
    mentions: int  # chapters ≤ N naming its characters/keywords (the ranker's frequency)
    source: str  # project-relative path of the tracker file
    line: int  # 1-based line in that file
    weak: bool = False  # named only by frequent characters (弱相关)


def load_trackers(project: Project) -> Trackers:
    """Every tracker file parsed (cached by content hash) — the two built-in files and each
    kind the project declared —, plus a webnovel-writer project's memory (state.json
    foreshadowing, index.db relationships); a missing file adds nothing.

    Raises TrackerParseError for a file that does not parse.
    """
    memory = project_cache(project)
    cache = memory.parsed
    trackers = Trackers()
    for spec in tracker_files(project):
        loaded = project.read_if_present(spec.path)
        if loaded is None:
            continue
        key = str(loaded.path)
        cached = cache.get(key)
        if cached is not None and cached[0] == loaded.sha256:
            parsed: ParsedTracker = cached[1]
        else:
            source = project.relative(loaded.path)
            parsed = parse_tracker(loaded.text, loaded.path, source, memory.tables, spec.kinds)
            cache[key] = (loaded.sha256, parsed)
        trackers.foreshadowing += parsed.foreshadowing
        trackers.relationships += parsed.relationships
        trackers.items += parsed.items
    if is_webnovel(project):
        trackers.foreshadowing += memory_foreshadowing(project, load_cast(project))
        trackers.relationships += memory_relationships(project)
    return trackers


@dataclass(frozen=True)
class _Scope:
    """Where chapter N names things: the plan (body + front matter) or the chapter text."""

    text: str
    front_matter: tuple[str, ...]  # canonical names from the plan's `characters`
    forms: dict[str, str]  # canonical name -> the form that named it in the text
    where: str  # the code saying where: "presence.plan" (本章规划) or "presence.text" (本章正文)


def _scope(project: Project, chapter: int, cast: Cast, names: Scanner) -> _Scope:
    plan = project.plan(chapter)
    if plan is not None:
        text, front, where = (
            plan.body,
            tuple(cast.canonical(c) for c in plan.characters),
            "presence.plan",
        )
    elif project.chapter(chapter) is not None:
        text, front, where = project.chapter_text(chapter), (), "presence.text"
    else:
        text, front, where = "", (), ""  # nothing names anyone: no reason will need it
    forms: dict[str, str] = {}
    for form in sorted(names.scan(text)):
        forms.setdefault(cast.canonical(form), form)
    return _Scope(text, front, forms, where)


def _stat(path: Path) -> tuple[int, int] | None:
    try:
        stat = path.stat()
    except OSError:
        return None
    return stat.st_mtime_ns, stat.st_size


def _listing(folder: Path) -> tuple:
    try:
        return tuple(sorted((p.name, _stat(p)) for p in folder.iterdir()))
    except OSError:
        return ()


def _fingerprint(project: Project, chapter: int, stats: ChapterStats) -> tuple:
    """Every file relevance reads — trackers, cast, plans, outline, chapters (the version of
    their `stats`) — by (mtime, size), the same test Project.read uses to notice a change,
    and by hash the unsaved buffers a view reads instead."""
    files = [spec.path for spec in tracker_files(project)] + [project.role_path(Role.OUTLINE)]
    files += project.character_files()
    files += memory_files(project)
    return (
        chapter,
        tuple((str(path), _stat(path)) for path in files),
        stats.version,
        _listing(project.root / project.layout.plans_dir),
        _listing(project.root / project.layout.characters_dir),
        project.buffer_hashes(),
    )


def relevant_for(project: Project, chapter: int) -> list[RelevantItem]:
    """The foreshadowing entries and relationship rows relevant to chapter N, with reasons.

    A feed is rebuilt on every keystroke in the app, so the answer is remembered until one
    of the files it was made from changes.
    """
    cache = project_cache(project)
    stats = project.chapter_stats()  # taken once: the fingerprint's and the scans'
    fingerprint = _fingerprint(project, chapter, stats)
    if cache.relevance is not None and cache.relevance[0] == fingerprint:
        return list(cache.relevance[1])
    items = _relevant_items(project, chapter, stats)
    cache.relevance = (fingerprint, items)
    return list(items)


def _relevant_items(project: Project, chapter: int, stats: ChapterStats) -> list[RelevantItem]:
    everything = load_trackers(project)
    presence = chapter_presence(project, everything, stats)
    # The book as of N: an entry paid off after N is open here, a later row is not there.
    trackers = trackers_as_of(everything, chapter)
    cast = presence.cast
    frequent = presence.frequent_before(chapter)
    protagonist = cast.protagonist
    frequent.discard(protagonist)
    scope = _scope(project, chapter, cast, presence.names)
    items: list[RelevantItem] = []
    for entry in trackers.candidates(chapter):
        item = _foreshadowing_item(entry, chapter, presence, (protagonist, frequent), scope)
        if item is not None:
            items.append(item)
    present = {name: Reason(scope.where, form) for name, form in scope.forms.items()}
    for name in scope.front_matter:
        present.setdefault(name, Reason("presence.plan_cast", name))
    if protagonist:
        present[protagonist] = Reason("presence.protagonist")
    for row in trackers.latest_rows(chapter, cast.canonical):
        a, b = cast.canonical(row.a), cast.canonical(row.b)
        if a in present and b in present:
            mentions = _pair_mentions(presence, (a, b), protagonist, chapter)
            items.append(_relationship_item(row, a, b, present, mentions))
    declared = {spec.key: spec.kinds[0] for spec in tracker_files(project) if spec.kinds[0].custom}
    for tracked in trackers.items:
        if tracked.candidate_at(chapter):
            item = _tracked_item(tracked, declared[tracked.kind], chapter, presence, scope)
            if item is not None:
                items.append(item)
    return items


def _foreshadowing_item(
    entry: Foreshadowing,
    chapter: int,
    presence: Presence,
    carriers: tuple[str | None, set[str]],
    scope: _Scope,
) -> RelevantItem | None:
    cast = presence.cast
    protagonist, frequent = carriers
    reasons: list[Reason] = []
    # A reader tells overdue and due from the other reasons by the code, never the words (the
    # ledger's notes leave them out at the chapter whose state already says them).
    if entry.overdue_at(chapter):
        reasons.append(Reason("relevance.overdue", entry.payoff, chapter))
    elif entry.due_at(chapter):
        reasons.append(Reason("relevance.due", entry.payoff, chapter, chapter + DUE_WINDOW))
    named = [keyword for keyword in entry.keywords if keyword in scope.text]
    reasons += [Reason("relevance.named", keyword) for keyword in named]
    names = [name for name in map(cast.canonical, entry.characters) if name != protagonist]
    signal = [name for name in names if name not in frequent]
    for name in signal:
        if name in scope.forms:
            form = scope.forms[name]
            if form != name:
                reasons.append(Reason("relevance.named_as", form, name))
            else:
                reasons.append(Reason("relevance.named", form))
        elif name in scope.front_matter:
            reasons.append(Reason("relevance.named_in_plan", name))
    weak = not reasons
    if weak:
        signal = [
            n for n in names if n in frequent and (n in scope.forms or n in scope.front_matter)
        ]
        reasons = [Reason("relevance.weak", name) for name in signal]
    if not reasons:
        return None
    mentions = presence.mentions(frozenset(signal), frozenset(entry.keywords), chapter)
    return RelevantItem(
        kind=FORESHADOWING,
        key=entry.id,
        text=foreshadowing_line(entry),
        chapter=entry.planted or 0,
        reasons=tuple(dict.fromkeys(reasons)),
        tier=entry.tier,
        mentions=mentions,
        source=entry.source,
        line=entry.line,
        weak=weak,
    )


def _pair_mentions(
    presence: Presence, pair: tuple[str, str], protagonist: str | None, chapter: int
) -> int:
    """Chapters up to N naming both of the pair (the protagonist is in every chapter)."""
    return presence.together(frozenset(name for name in pair if name != protagonist), chapter)


def _relationship_item(
    row: RelationshipChange, a: str, b: str, present: dict[str, Reason], mentions: int
) -> RelevantItem:
    return RelevantItem(
        kind=RELATIONSHIP,
        key=row.key,
        text=relationship_line(row),
        chapter=row.chapter,
        reasons=(
            Reason("relevance.present", row.a, present[a]),
            Reason("relevance.present", row.b, present[b]),
        ),
        tier="",
        mentions=mentions,
        source=row.source,
        line=row.line,
    )


def _tracked_item(
    row: TrackedItem, kind: TrackerKind, chapter: int, presence: Presence, scope: _Scope
) -> RelevantItem | None:
    """A declared kind's row is relevant when chapter N's plan (or text) names it, by its
    name or a keyword; a change in the last few chapters is said too."""
    named = [term for term in (row.name, *row.keywords) if term and term in scope.text]
    if not named:
        return None
    reasons = [Reason("relevance.named", term) for term in named]
    if row.changed is not None and chapter - DUE_WINDOW <= row.changed <= chapter:
        reasons.append(Reason("relevance.changed", row.changed))
    terms = frozenset((row.name, *row.keywords))
    return RelevantItem(
        kind=kind.key,
        key=row.name,
        text=tracked_line(row, kind),
        chapter=row.changed or row.planted or 0,
        reasons=tuple(dict.fromkeys(reasons)),
        tier="",
        mentions=presence.mentions(frozenset(), terms, chapter),
        source=row.source,
        line=row.line,
    )


def foreshadowing_line(entry: Foreshadowing) -> str:
    """An entry as one Markdown list line for a feed."""
    parts = [f"- {entry.id}" + (f"【{entry.tier}】" if entry.tier else " ") + entry.content]
    if entry.planted is not None:
        parts.append(f"埋设：第{entry.planted}章")
    if entry.payoff is not None:
        parts.append(f"计划回收：第{entry.payoff}章")
    status = str(entry.status) + (f"@{entry.resolved_at}" if entry.resolved_at else "")
    parts.append(f"状态：{status}")
    if entry.characters:
        parts.append("相关角色：" + "、".join(entry.characters))
    if entry.keywords:
        parts.append("关键词：" + "、".join(entry.keywords))
    parts += [f"{header}：{value}" for header, value in entry.extra.items() if value]
    return "｜".join(parts)


def relationship_line(row: RelationshipChange) -> str:
    """A relationship row as one Markdown list line for a feed."""
    parts = [f"- 第{row.chapter}章 {row.key}"]
    labelled = (("关系", row.relation), ("变化", row.change), ("说明", row.note))
    parts += [f"{label}：{value}" for label, value in labelled if value]
    parts += [f"{header}：{value}" for header, value in row.extra.items() if value]
    return "｜".join(parts)


def tracked_line(row: TrackedItem, kind: TrackerKind) -> str:
    """A declared kind's row as one Markdown list line: its name, then each other cell."""
    cells = [f"{h}：{v}" for h, v in row.cells.items() if v and h != kind.name_field]
    return "｜".join([f"- {row.name}", *cells])
