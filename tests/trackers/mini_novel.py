"""A small hand-made novel whose tracker relevance is worked out by hand in the tests."""

from __future__ import annotations

from pathlib import Path

PROTAGONIST = """# 林风

别名：小风、林师兄

青云宗外门弟子，身负血仇。
"""

CHARACTERS = """# 角色

## 苏瑶（女主）

- **别名**：瑶儿
- 青云宗内门弟子。

## 赵师兄

外门大师兄，几乎每章都在。

## 西海龙王

别名：敖广

## 龙王

别名：无

泾河龙王，与西海龙王不是一人。

## 墨尘

神秘剑修。
"""

CHAPTERS = {
    1: "# 第1章 入门\n\n林风拜入青云宗，赵师兄领路，苏瑶远远看了一眼。\n",
    2: "# 第2章 试剑\n\n林风与赵师兄试剑。\n",
    3: "# 第3章 玉佩\n\n雷雨夜，林风的玉佩发热。赵师兄不解。\n",
    4: "# 第4章 龙宫\n\n林风误入龙宫，西海龙王现身。\n",
    5: "# 第5章 并肩\n\n瑶儿与林风并肩抵御妖兽，赵师兄赶来。\n",
    6: "# 第6章 剑修\n\n墨尘指点林风，宗门大比将至。\n",
}

PLAN_7 = """---
type: plot
characters: [苏瑶]
---
瑶儿随林风前往东海，赵师兄同行。西海龙王现身，索要玉佩。
"""

PLOT_TRACKER = """# 伏笔追踪

以下为全部伏笔。

| ID | 内容 | 埋设章节 | 计划回收 | 状态 | 重要度 | 相关角色 | 关键词 |
|---|---|---|---|---|---|---|---|
| F001 | 玉佩在雷雨夜发热 | 3 | 20 | 未回收 | 核心 | 林风 | 玉佩, 雷 |
| F002 | 赵师兄的秘密 | 2 | 30 | 未回收 | 支线 | 赵师兄 | |
| F003 | 林风的身世 | 1 | 40 | 未回收 | 核心 | 林风 | 身世 |
| F004 | 泾河龙王的约定 | 4 | 50 | 未回收 | 支线 | 龙王 | |
| F005 | 西海龙王的旧债 | 4 | 50 | 未回收 | 装饰 | 敖广 | |
| F006 | 苏瑶的断剑 | 1 | 60 | 未回收 | 支线 | 苏瑶 | |
| F007 | 墨尘的旧伤 | 2 | 5 | 未回收 | 支线 | 墨尘 | |
| F008 | 宗门大比的内幕 | 3 | 10 | 未回收 | 核心 | | 大比 |
| F009 | 已经回收的伏笔 | 1 | 6 | 已回收@6 | 装饰 | 林风 | 玉佩 |
| F010 | 墨尘的来历 | 2 | 8 | 已回收@9 | 支线 | 墨尘 | |
| F011 | 废弃的伏笔 | 1 | 3 | 废弃 | 装饰 | 苏瑶 | 玉佩 |
| F012 | 东海的秘密 | 8 | 12 | 未回收 | 核心 | | 东海 |
| F013 | 潮汐之谜 | 2 | 13 | 未回收 | 支线 | | 潮汐 |
"""

RELATIONSHIP_TRACKER = """# 关系追踪

| 章节 | 角色A | 角色B | 关系 | 变化 | 说明 |
|---|---|---|---|---|---|
| 1 | 林风 | 苏瑶 | 同门 | 陌生→相识 | 入门初见 |
| 2 | 林风 | 龙王 | 敌对 | 结怨 | |
| 3 | 墨尘 | 苏瑶 | 旧识 | | |
| 3 | 墨尘 | 林风 | 师徒 | 陌生→指点 | |
| 4 | 林风 | 西海龙王 | 敌对 | 结怨 | 误入龙宫 |
| 5 | 瑶儿 | 林风 | 同门 | 相识→信任 | 共同抵御妖兽 |
| 6 | 赵师兄 | 林风 | 师兄弟 | 信任 | |
| 9 | 林风 | 苏瑶 | 道侣 | 信任→相许 | |
"""


def write_mini_novel(root: Path) -> Path:
    """Write the small novel under `root` and return its folder."""
    files = {
        "characters/protagonist.md": PROTAGONIST,
        "characters/characters.md": CHARACTERS,
        "outline/chapters/ch007.md": PLAN_7,
        "references/plot-tracker.md": PLOT_TRACKER,
        "references/relationship-tracker.md": RELATIONSHIP_TRACKER,
        **{f"chapters/ch{n:03d}.md": text for n, text in CHAPTERS.items()},
    }
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root
