"""A rolling-summary section that follows the seed's template, for tests outside summaries/."""

from __future__ import annotations

TITLES = (
    "主题进展与情感主弧",
    "核心角色当前心理状态与关系变化关键节点",
    "已埋设但未回收的重要伏笔清单",
    "当前世界/势力/主角状态概要",
)


def summary_section(start: int, end: int, filler: str = "陆照守着长明殿的灯。") -> str:
    """`## 滚动摘要 ChX-ChY` with the four template sections, each one line."""
    lines = [f"## 滚动摘要 Ch{start}-Ch{end}", ""]
    for title in TITLES:
        lines += [f"### {title}", "", f"- {filler}", ""]
    return "\n".join(lines)
