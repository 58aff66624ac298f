"""A copy of a Workbench project cut to the book as it stood at chapter N, written with plain
line edits (not through Workbench's own tracker code, which is what is under test).

Kept: chapters 1..N, every plan and setting file. Removed or undone: a foreshadowing row
planted after N, a pay-off recorded after N (已回收@R with R > N becomes 未回收), a
relationship row or state row of a later chapter, a rolling-summary section ending after N, a
state-tracker section that says it is as of a later chapter (截至第K章).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

_CHAPTER_FILE = re.compile(r"^(?:ch|第)?0*(\d+)")
_RESOLVED_AT = re.compile(r"已回收\s*@\s*(\d+)")
_RANGE_HEADING = re.compile(r"^##\s*滚动摘要\s*Ch(\d+)\s*-\s*(\d+)", re.I)
_AS_OF = re.compile(r"截至第\s*(\d+)\s*章")


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _cut_table(text: str, keep) -> str:
    """Each table's rows passed through keep(header, cells) -> new cells or None."""
    out, header = [], None
    for line in text.splitlines(keepends=True):
        if not line.lstrip().startswith("|"):
            header = None
            out.append(line)
            continue
        cells = _cells(line)
        if header is None:
            header = cells
            out.append(line)
            continue
        if all(set(cell) <= set("-: ") for cell in cells):
            out.append(line)
            continue
        kept = keep(header, cells)
        if kept is not None:
            out.append("| " + " | ".join(kept) + " |\n")
    return "".join(out)


def _number(cell: str) -> int | None:
    match = re.search(r"\d+", cell)
    return int(match.group()) if match else None


def _plot_row(chapter: int):
    def keep(header: list[str], cells: list[str]) -> list[str] | None:
        planted = _number(cells[header.index("埋设章节")])
        if planted is not None and planted > chapter:
            return None
        status = header.index("状态")
        resolved = _RESOLVED_AT.search(cells[status])
        if resolved and int(resolved.group(1)) > chapter:
            cells = [*cells]
            cells[status] = "未回收"
        return cells

    return keep


def _by_chapter_column(chapter: int):
    def keep(header: list[str], cells: list[str]) -> list[str] | None:
        stamped = _number(cells[header.index("章节")]) if "章节" in header else None
        return None if stamped is not None and stamped > chapter else cells

    return keep


def _cut_sections(text: str, drop) -> str:
    """Without the `##` sections drop(heading, body) says are after N."""
    parts = re.split(r"(?m)^(?=## )", text)
    return "".join(part for part in parts if not (part.startswith("## ") and drop(part)))


def _stamped_after(section: str, chapter: int) -> bool:
    """A section whose heading or first lines say it is as of a chapter after N."""
    opening = "\n".join([line for line in section.splitlines() if line.strip()][:3])
    return any(int(k) > chapter for k in _AS_OF.findall(opening))


def cut_workbench_project(source: Path, target: Path, chapter: int) -> Path:
    """A copy of the default-layout project `source` as it stood at chapter N."""
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(".workbench"))
    for path in (target / "chapters").iterdir():
        match = _CHAPTER_FILE.match(path.stem)
        if match and int(match.group(1)) > chapter:
            path.unlink()
    edits = {
        "references/plot-tracker.md": lambda t: _cut_table(t, _plot_row(chapter)),
        "references/relationship-tracker.md": lambda t: _cut_table(t, _by_chapter_column(chapter)),
        "references/state-tracker.md": lambda t: _cut_sections(
            _cut_table(t, _by_chapter_column(chapter)), lambda part: _stamped_after(part, chapter)
        ),
        "references/rolling-summary.md": lambda t: _cut_sections(
            t,
            lambda part: bool(m := _RANGE_HEADING.match(part)) and int(m.group(2)) > chapter,
        ),
    }
    for name, edit in edits.items():
        path = target / name
        if path.is_file():
            path.write_text(edit(path.read_text(encoding="utf-8")), encoding="utf-8")
    return target
