"""Small projects for summary tests, built file by file."""

from __future__ import annotations

import hashlib
from pathlib import Path

SECTION_TITLES = (
    "主题进展与情感主弧",
    "核心角色当前心理状态与关系变化关键节点",
    "已埋设但未回收的重要伏笔清单",
    "当前世界/势力/主角状态概要",
)


def section_text(
    start: int, end: int, filler: str = "林风与苏瑶并肩御敌，关系由陌生转向信任。"
) -> str:
    """A rolling-summary section that follows the template."""
    lines = [f"## 滚动摘要 Ch{start}-Ch{end}", ""]
    for title in SECTION_TITLES:
        lines += [f"### {title}", "", f"- {filler}", ""]
    return "\n".join(lines)


def with_chapter_record(section: str, root: Path, chapters: range) -> str:
    """`section` as written back: under its heading, the sha256 of each chapter file it was
    made from (worked out here from the files' bytes, independently of the engine)."""
    heading, body = section.split("\n", 1)
    files = [(n, root / "chapters" / f"ch{n:03d}.md") for n in chapters]
    lines = [
        f"{n} sha256={hashlib.sha256(path.read_bytes()).hexdigest()}"
        for n, path in files
        if path.is_file()
    ]
    return "\n".join([heading, "<!-- workbench:chapters", *lines, "-->", body])


CHAPTER = (
    "林风在第{n}章醒来，青云宗的钟声响了九下。苏瑶提着剑站在门外，说宗主召见。"
    "林风握紧胸前的玉佩，玉佩又一次发热？他不知道这意味着什么。"
    "两人穿过山门，来到藏经阁前，长老早已等候多时。长老说，魔宗的人已经到了青云山下。"
)


def make_book(
    root: Path,
    chapters: int | list[int] = 10,
    *,
    act_end: tuple[int, ...] = (),
    summary: str | None = None,
) -> Path:
    """A small project: numbered chapters, optional act-end plans, optional summary file."""
    numbers = range(1, chapters + 1) if isinstance(chapters, int) else chapters
    (root / "chapters").mkdir(parents=True)
    (root / "workbench.toml").write_text("", encoding="utf-8")
    for n in numbers:
        text = f"# 第{n}章\n\n" + CHAPTER.format(n=n) + "\n"
        (root / "chapters" / f"ch{n:03d}.md").write_text(text, encoding="utf-8")
    if act_end:
        (root / "outline" / "chapters").mkdir(parents=True)
        for n in act_end:
            plan = f"---\ntype: plot\nact_end: true\n---\n第{n}章：一幕结束。\n"
            (root / "outline" / "chapters" / f"ch{n:03d}.md").write_text(plan, encoding="utf-8")
    if summary is not None:
        (root / "references").mkdir(parents=True)
        (root / "references" / "rolling-summary.md").write_bytes(summary.encode("utf-8"))
    return root
