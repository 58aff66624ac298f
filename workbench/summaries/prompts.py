"""What a model is asked: the seed's rolling-summary template, and the fixed-layer guide."""

from __future__ import annotations

from workbench.book.fixed_context import CAPS, FixedPart
from workbench.book.rolling_summary import SUMMARY_CAP
from workbench.llm import Message
from workbench.summaries.rolling import SummaryJob, heading

# The seed's template (context-feeding-strategy.md, 滚动摘要 Prompt 模板), with N, X and Y filled.
ROLLING_TEMPLATE = """你是小说压缩专家。请将以下前{count}章内容压缩为≤{cap}字的故事摘要。

【压缩原则】
- 避免机械复述情节，优先提炼：转折意义、情绪峰值、悬念张力
- 用提纲+叙述结合的方式，语言高度概括
- 严格控制在{cap}字以内

【输出格式】
{heading}

### 主题进展与情感主弧
（当前段落的主题走向、核心情感弧线变化）

### 核心角色当前心理状态与关系变化关键节点
（重点角色此刻的心理状态、关键关系转折点）

### 已埋设但未回收的重要伏笔清单
（按编号列出，带一句话描述伏笔内容和埋设章节）

### 当前世界/势力/主角状态概要
（世界局势、主要势力状态、主角当前处境/修为/位置）"""

# Not in the seed: one line that keeps chat models from wrapping the section in small talk.
OUTPUT_ONLY = "只输出上述格式的这一节（以“{heading}”开头），不要输出其他任何文字。"


def rolling_messages(job: SummaryJob, material: str) -> list[Message]:
    """The chat for one rolling-summary job: the template, then the feed as input."""
    filled = ROLLING_TEMPLATE.format(
        count=job.end - job.start + 1, cap=SUMMARY_CAP, heading=heading(job)
    )
    return [
        {"role": "system", "content": filled + "\n\n" + OUTPUT_ONLY.format(heading=heading(job))},
        {"role": "user", "content": material},
    ]


# The seed's 固定层内容生成指南, one instruction per part.
FIXED_GUIDES = {
    FixedPart.WORLD: (
        "请从以下世界观设定中提取世界观摘要（≤{cap}字），包括：\n"
        "- 世界框架（名称/时代/地理概览）\n"
        "- 力量体系（等级/规则/代价）\n"
        "- 势力格局（主要势力及关系）\n"
        "- 核心悬念（1-2句话）"
    ),
    FixedPart.CHARACTERS: (
        "请从以下角色设定中提取角色圣经摘要（≤{cap}字），包括：\n"
        "- 主角：性格核心+当前状态+核心关系\n"
        "- 重要配角（每人2-3句话）：性格+与主角关系+当前状态\n"
        "- 反派：目的+当前态势"
    ),
    FixedPart.OUTLINE: (
        "以下全书大纲超过{cap}字。请生成压缩版大纲摘要（≤{cap}字），保留主线、卷/幕结构、"
        "关键转折与结局走向。"
    ),
}
FIXED_OUTPUT = "直接输出摘要正文（可用 ### 小标题与列表），不要输出一级或二级标题，不要其他文字。"


def fixed_messages(part: FixedPart, source: str) -> list[Message]:
    """The chat for one part of the fixed layer."""
    guide = FIXED_GUIDES[part].format(cap=CAPS[part])
    return [
        {"role": "system", "content": "你是小说设定整理专家。" + guide + "\n\n" + FIXED_OUTPUT},
        {"role": "user", "content": source},
    ]
