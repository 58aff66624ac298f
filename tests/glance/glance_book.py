"""A small book whose mentions and threads are counted by hand in the tests that use it."""

from __future__ import annotations

from pathlib import Path

CHARACTERS = """# 角色

## 沈青棠

别名：沈师姐、青棠

## 西海龙王

别名：敖广

## 龙王

## 韩素
"""

PLOT = """# 伏笔

| ID | 内容 | 埋设章节 | 计划回收 | 状态 | 重要度 | 相关角色 | 关键词 |
|---|---|---|---|---|---|---|---|
| F001 | 玉佩发热 | 3 | 8 | 已回收@11 | 核心 | | 玉佩 |
| F002 | 断剑 | 2 | 4 | 未回收 | 支线 | | 断剑 |
| F003 | 旧约 | 4 | 20 | 废弃 | 装饰 | | 旧约 |
"""

# Chapter -> text. Counted by hand:
#   沈青棠 (with 沈师姐, 青棠): ch1 2 (沈青棠, 沈师姐), ch2 1 (青棠), ch3 0, ch4 3, ch5 0, ch6 1
#   西海龙王 (with 敖广): ch2 1, ch4 2 (西海龙王, 敖广); 龙王 alone: ch5 1 (the 龙王 inside
#   西海龙王 never counts for 龙王); 韩素: never.
#   玉佩 (F001): ch3 (planting), ch5, ch11; 断剑 (F002): ch2 only.
CHAPTERS = {
    1: "# 第1章\n\n沈青棠推门而入。沈师姐笑了。\n",
    2: "# 第2章\n\n青棠见到西海龙王。断剑在地。\n",
    3: "# 第3章\n\n玉佩发热，夜里无人。\n",
    4: "# 第4章\n\n沈青棠、沈师姐、青棠三声。西海龙王与敖广同来。\n",
    5: "# 第5章\n\n龙王出水。玉佩又亮。\n",
    6: "# 第6章\n\n沈青棠独坐。\n",
    7: "# 第7章\n\n风。\n",
    8: "# 第8章\n\n雨。\n",
    9: "# 第9章\n\n雪。\n",
    10: "# 第10章\n\n霜。\n",
    11: "# 第11章\n\n玉佩归还原主。\n",
    12: "# 第12章\n\n尾声。\n",
}


def write_glance_book(root: Path) -> Path:
    """Write the book into `root` and return it."""
    files = {
        "characters/characters.md": CHARACTERS,
        "references/plot-tracker.md": PLOT,
        **{f"chapters/ch{number:03d}.md": text for number, text in CHAPTERS.items()},
    }
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root
