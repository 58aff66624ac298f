"""webnovel-writer's memory as tracker entries and cast, so relevance has one set of rules.

state.json's `plot_threads.foreshadowing` becomes Foreshadowing entries (tier, planted and
target chapters, status as that tool writes them, see book/webnovel.py); index.db's
relationships become RelationshipChange rows. (Its 角色 entities join the cast in
trackers/cast.py, which reads the character cards.)
"""

from __future__ import annotations

from workbench.book import webnovel
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
    entries, offset = [], 0
    for index, item in enumerate(items, start=1):
        if not isinstance(item, dict) or not str(item.get("content") or "").strip():
            continue
        content = str(item["content"]).strip()
        line, offset = _line_of(text, content, offset)
        status = _status(item.get("status"))
        named = sorted({cast.canonical(form) for form in names.scan(content)})
        entries.append(
            Foreshadowing(
                id=str(item.get("id") or f"{ID_PREFIX}{index:03d}"),
                content=content,
                planted=webnovel.positive_int(item.get("planted_chapter")),
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


def memory_relationships(project: Project) -> list[RelationshipChange]:
    """index.db's relationships, one change row each, at the chapter it was recorded."""
    return [
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
        for row in webnovel.read_index(project).relationships
    ]
