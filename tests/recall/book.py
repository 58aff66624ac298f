"""Small books for the recall tests, written to a temporary folder."""

from __future__ import annotations

from pathlib import Path

CAST = "# 角色\n\n## 林风\n\n别名：小风\n\n## 苏瑶\n\n别名：瑶儿\n\n## 赵乾\n\n别名：赵长老\n"


def write(root: Path, relative: str, text: str) -> Path:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def write_book(root: Path, chapters: dict[int, str], plans: dict[int, str] | None = None) -> Path:
    """A project of these chapters (number -> body) and plans, with a three-person cast."""
    write(root, "characters/characters.md", CAST)
    (root / "chapters").mkdir(exist_ok=True)
    for number, body in chapters.items():
        write(root, f"chapters/ch{number:03d}.md", f"# 第{number}章\n\n{body}\n")
    for number, body in (plans or {}).items():
        write(root, f"outline/chapters/ch{number:03d}.md", body + "\n")
    return root
