"""A project that declares a tracker of its own: 法宝 / 功法 / 丹药 as `[trackers.kinds.items]`."""

from __future__ import annotations

from pathlib import Path

ITEMS = "references/items-tracker.md"
DECLARATION = """
[trackers.kinds.items]
title = "法宝"
file = "references/items-tracker.md"
columns = ["名称", "类别", "持有者", "关键词", "获得章节", "变化章节", "说明"]
name_column = "名称"
keywords_column = "关键词"
planted_column = "获得章节"
changed_column = "变化章节"
"""
TABLE = """# 法宝与功法

持有与变化，按名称记。

| 名称 | 类别 | 持有者 | 关键词 | 获得章节 | 变化章节 | 说明 |
|------|------|--------|--------|----------|----------|------|
| 血色灯牌 | 信物 | 陆照 | 灯纹 | 12 | 12 | 厉无咎遗落，刻长明殿灯纹 |
| 无名灯 | 法宝 | 陆照 | 灯火 | 1 | 10 | 烧去记忆换力量 |
| 止水剑 | 功法 | 谢灵均 | 第七式 | 3 | 12 | 丢了第七式 |
| 寒渊钥 | 法宝 | 无 | 寒渊 | 30 |  | 尚未出场 |
| 青冥丹 | 丹药 | 沈青棠 | 青冥 | 5 |  | 本章不提 |
"""


def declare_items(root: Path) -> Path:
    """Declare the items tracker in the project's workbench.toml and write its file."""
    config = root / "workbench.toml"
    config.write_text(config.read_text("utf-8") + DECLARATION, "utf-8")
    path = root / ITEMS
    path.write_text(TABLE, "utf-8")
    return path
