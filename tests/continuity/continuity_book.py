"""Hand-written books for the continuity rules: a folder with exactly the files a test needs."""

from __future__ import annotations

from pathlib import Path

PROTAGONIST = "# 林风\n\n别名：小风\n\n青云宗外门弟子。\n"
CHARACTERS = """# 角色

## 沈青棠

- 别名：沈师姐
- 药庐弟子。

## 赵无极

- 别名：赵长老
- 外门长老。
"""
STATE_HEADER = "# 状态\n\n| 章节 | 角色 | 修为 | 状态 |\n|---|---|---|---|\n"
PLOT_HEADER = (
    "# 伏笔\n\n| ID | 内容 | 埋设章节 | 计划回收 | 状态 | 重要度 | 相关角色 | 关键词 |\n"
    "|---|---|---|---|---|---|---|---|\n"
)
WORLD = "# 世界\n\n## 力量体系\n\n境界：炼气、筑基、金丹、元婴。\n"


def write_book(
    root: Path,
    chapters: dict[int, str],
    *,
    state_rows: str = "",
    plot_rows: str = "",
    world: str = WORLD,
    plans: dict[int, str] | None = None,
    toml: str = "",
) -> Path:
    """A project at `root` with a cast (林风, 沈青棠, 赵无极), these chapters and trackers."""
    files = {
        "characters/protagonist.md": PROTAGONIST,
        "characters/characters.md": CHARACTERS,
        "worldbuilding/world.md": world,
        "references/state-tracker.md": STATE_HEADER + state_rows,
        "references/plot-tracker.md": PLOT_HEADER + plot_rows,
        "workbench.toml": toml,
    }
    for number, text in chapters.items():
        files[f"chapters/ch{number:03d}.md"] = f"# 第{number}章\n\n{text}\n"
    for number, text in (plans or {}).items():
        files[f"outline/chapters/ch{number:03d}.md"] = text
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def filler(count: int) -> dict[int, str]:
    """Chapters 1..count in which nothing contradicts anything."""
    return {n: f"林风在山中修行，第{n}日。" for n in range(1, count + 1)}


CITY = Path(__file__).parent / "city"


def write_city_book(root: Path) -> Path:
    """梧桐巷 (tests/continuity/city/): an original modern urban book of 20 chapters with a
    hand-written cast of ten, every one with a two-character name, as a project at `root`."""
    chapters = CITY.joinpath("book.md").read_text(encoding="utf-8").split("\n# ")
    for number, chapter in enumerate(chapters, start=1):
        path = root / "chapters" / f"ch{number:03d}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("# " + chapter.removeprefix("# ").rstrip("\n") + "\n", encoding="utf-8")
    for name in ("protagonist.md", "characters.md"):
        target = root / "characters" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(CITY.joinpath(name).read_text(encoding="utf-8"), encoding="utf-8")
    return root
