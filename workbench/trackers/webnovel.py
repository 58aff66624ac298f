"""webnovel-writer's memory as tracker entries and cast, so relevance has one set of rules.

state.json's `plot_threads.foreshadowing` becomes Foreshadowing entries (tier, planted and
target chapters, status as that tool writes them, see book/webnovel.py); index.db's
relationships become RelationshipChange rows. (Its 角色 entities join the cast in
trackers/cast.py, which reads the character cards.)
"""

from __future__ import annotations

from workbench.book import webnovel
from workbench.book.characters import is_role_word
from workbench.book.project import Project
from workbench.trackers.cast import Cast, Scanner
from workbench.trackers.columns import Status
from workbench.trackers.model import Foreshadowing, RelationshipChange

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


def _line_of(text: str, needle: str, start: int = 0) -> tuple[int, int]:
    """(1-based line of the needle's first occurrence at or after start, its offset)."""
    found = text.find(needle, start) if needle else -1
    if found < 0:
        return 0, start
    return text.count("\n", 0, found) + 1, found + len(needle)


def memory_foreshadowing(project: Project, cast: Cast) -> list[Foreshadowing]:
    """state.json's foreshadowing, each with the cast members its content names."""
    state = webnovel.read_state(project)
    threads = state.get("plot_threads")
    items = threads.get("foreshadowing") if isinstance(threads, dict) else None
    if not isinstance(items, list):
        return []
    path = project.root / webnovel.STATE_FILE
    text = project.read(path).text if path.is_file() else ""
    names = Scanner(cast.forms())
    # Who an entry concerns is read from its content with the cast known when it was
    # planted: a character the tool first met later is not one of them (book as of N).
    appeared = {e.name: e.first_appearance for e in webnovel.read_index(project).entities}
    entries, offset = [], 0
    for index, item in enumerate(items, start=1):
        if not isinstance(item, dict) or not str(item.get("content") or "").strip():
            continue
        content = str(item["content"]).strip()
        line, offset = _line_of(text, content, offset)
        status = _status(item.get("status"))
        planted = webnovel.positive_int(item.get("planted_chapter"))
        named = sorted(
            name
            for name in {cast.canonical(form) for form in names.scan(content)}
            if planted is None or appeared.get(name, 0) <= planted
        )
        entries.append(
            Foreshadowing(
                id=str(item.get("id") or f"{ID_PREFIX}{index:03d}"),
                content=content,
                planted=planted,
                payoff=webnovel.positive_int(item.get("target_chapter")),
                status=status,
                resolved_at=webnovel.positive_int(item.get("resolved_chapter")),
                tier=str(item.get("tier") or "").strip(),
                characters=tuple(named),
                keywords=(),
                line=line,
                source=webnovel.STATE_FILE,
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
    """(chapter, what shows it) of the earliest chapter summary up to the row's chapter that
    names both characters and the relation; when the pair has no other relation, else the
    earliest summary naming both. None when no summary shows either."""
    forms_a, forms_b = names.get(row.a, (row.a,)), names.get(row.b, (row.b,))
    together: tuple[int, str] | None = None
    for number in range(1, row.chapter + 1):
        path = webnovel.summary_path(project, number)
        if not path.is_file():
            continue
        text = project.read(path).text
        if not (any(f in text for f in forms_a) and any(f in text for f in forms_b)):
            continue
        if row.type and row.type in text:
            return number, f"第{number}章摘要提到{row.a}、{row.b}与「{row.type}」"
        if together is None:
            together = (number, f"第{number}章摘要最早同时提到{row.a}、{row.b}")
    return together if alone else None
