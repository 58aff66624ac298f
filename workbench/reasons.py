"""What the engine tells the author: why a block is missing, trimmed or dropped, why an entry
is relevant, what to do about it, and the names of the feed's parts, as a stable code and
its arguments.

A `Reason` is a `str` whose text is the engine's own wording (Chinese, the seeds' vocabulary;
English only for a job's progress, ENGLISH_CODES): the feed, the CLI and the JSON print it.
Its `code` and `args` let a UI say the same in another language without reading the words back
(`gui/engine_words.py` renders each code through Qt's translations). Arguments are the book's
own words (paths, names, keywords, section titles), numbers, or Reasons.
"""

from __future__ import annotations

from collections.abc import Iterable

# Lists: the arguments are the items, joined as the engine writes them.
LISTS = {
    "list": "、",  # items: 世界观、角色表
    "reasons": "；",  # reasons, one after the other
    "summary.problems": "；",  # a summary job's checklist lines that are not ✓
    "summary.sections": "、",  # `### 小节` headings
    "summary.sources": " 或 ",  # the files a fixed-context part may be summarised from
}

TEMPLATES = {
    # --- names of the feed's parts -----------------------------------------------------
    "title.world_summary": "世界观摘要",
    "title.cast_summary": "角色圣经摘要",
    "title.outline": "全书大纲",
    "title.outline_summary": "全书大纲摘要",
    "title.rolling_summary": "滚动摘要 {0}",
    "title.rolling_summary_to": "滚动摘要（到第{0}章）",
    "title.skeleton": "故事骨架",
    "title.this_chapter": "本章原文 · 第{0}章",
    "title.earlier_chapter": "前文原文 · 第{0}章",
    "title.plan": "本章规划 · 第{0}章",
    "title.passage": "战斗段落 · 第{0}章",
    "title.style_anchor": "文风锚点（全文）",
    "title.chapter_summary": "本章摘要 · 第{0}章",
    "title.power": "角色战力",
    "title.power_system": "力量体系",
    "title.pin": "置顶 · {0}",
    "title.foreshadowing": "本章相关伏笔",
    "title.relationships": "本章相关关系变动",
    "title.recall": "本章相关前文",
    "title.tracker_kind": "本章相关{0}",  # a kind the project declared: its own title
    # --- the book's sources, in reasons ---------------------------------------------------
    "source.world": "世界观",
    "source.protagonist": "主角档案",
    "source.characters": "角色表",
    "source.outline": "大纲",
    "source.style_anchor": "文风锚点",
    "chapter": "第{0}章",
    # --- why a block is missing -----------------------------------------------------------
    "missing.file": "{0} 不存在",
    "missing.file_or_empty": "{0} 不存在或为空",
    "missing.section": "{0} 没有 `## {1}` 一节",
    "missing.power_section": "{0} 没有 `{1}` 一节",
    "missing.outline_too_long": "大纲超过 {0} 字，且 {1} 没有全书大纲摘要",
    "missing.still_template": "{0}仍是模板（{1}）",
    "missing.not_written": "{0}还没有写（{1}）",
    "missing.anchor_template": "{0}仍是模板（{1}），只有占位文字",
    "missing.summary_range": "缺少 Ch{0}-{1} 的滚动摘要",
    "missing.summary_file": "{0} 不存在（应有到第{1}章的摘要）",
    "missing.skeleton": "第{0}章附近没有滚动摘要",
    "missing.chapter_file": "没有第{0}章的文件",
    "missing.chapter_file_gap": "没有第{0}章的文件（章节编号有缺口）",
    "missing.plan_template": "第{0}章的规划仍是模板（{1}）",
    "missing.plan": "第{0}章没有规划",
    "missing.passage": "没有选定段落",
    "missing.power": "{0} 不存在，且选段/规划中没有已知角色",
    "missing.tracker_unparsable": "追踪表无法解析：{0}",
    "missing.recall": "前文索引无法使用：{0}",
    # --- a block trimmed or dropped --------------------------------------------------------
    "trimmed.plan": "大纲中的本章一节超过 1500 字，已截断",
    "budget.over_cap": "超过上限 {0} 字（原 {1} 字）",
    "budget.cap_cut": "{0}，在句末截断",
    "budget.cap_no_sentence": "{0}，且找不到可截断的句末",
    "budget.group_left": "组内剩余 {0} 字",
    "budget.no_item_fits": "{0}，没有条目放得下",
    "budget.items_cut": "{0}，删去排序靠后的条目",
    "budget.weak_shed": "预算不足，先删去弱相关条目",
    "budget.trimmed": "预算不足：组内剩余 {0} 字，在句末截断",
    "budget.dropped": "预算不足：组内剩余 {0} 字，放不下 {1} 字",
    # --- the ledger's decisions that cut something -------------------------------------------
    "ledger.weak_item_dropped": "弱相关条目 {0}（{1} 字）先删去：{2}",
    "ledger.item_dropped": "条目 {0}（{1} 字）放不下：{2}",
    "ledger.weak_item_shed": "弱相关条目 {0}（{1} 字）先删去：组内需要 {2} 字，只有 {3} 字",
    "ledger.capped": "{0} → {1} 字",
    "ledger.trimmed": "{0} → {1} 字",
    "ledger.items_kept": "保留 {0} 条，{1} 字",
    # --- the checklist's lines ---------------------------------------------------------------
    "checklist.fixed": "固定层齐备",
    "checklist.rolling": "滚动层齐备",
    "checklist.on_demand": "按需层齐备",
    "checklist.style_anchor": "附带 {0} 全文",
    "checklist.task": "本章任务材料齐备",
    "checklist.pins": "置顶内容齐备",
    # --- what the checklist says of a block ---------------------------------------------------
    "block.why": "{0}（{1}）",
    "block.trimmed": "{0} 已截断（{1}）",
    "block.note": "{0}：{1}",
    "note.summary_stale": "已过期：{0}在这段摘要生成后改过",
    "note.partly_template": "部分仍为模板：{0} 的 {1} 还有模板文字（未喂入）",
    "note.protagonist_unstated": "主角状态未喂入：{0}",
    "note.state_unrecorded": (
        "{0} 记的是第{1}章的主角状态，index.db 没有 state_changes，推不回第{2}章"
    ),
    "note.state_field": "index.db 的 state_changes 在第{0}章改了「{1}」，推不回第{2}章",
    "note.protagonist_no_file": "主角没有名字：{0} 不存在，主角的关系行不会进入本块",
    "note.protagonist_unnamed": (
        "主角没有名字：{0} 的标题只是称谓或占位（主角、男主、（主角姓名）），"
        "主角的关系行不会进入本块"
    ),
    # --- the one step that fixes it -------------------------------------------------------------
    "fix.write": "写 {0}",
    "fix.write_then_fixed_context": "写 {0}，再运行 workbench fixed-context {1}",
    "fix.write_plan": "写 {0}，或在{1}写一节 `### 第{2}章`",
    "fix.write_plan_volume": "写 {0}，或在 {1} 写一节 `### 第{2}章`",
    "fix.create_tracker": "新建 {0}（只有表头也可以）",
    "fix.correct_and_retry": "修正 {0} 后重试",
    "fix.power": "写 {0}（主角位置、修为、物品）",
    "fix.power_section": "在 {0} 写一节 `## {1}`",
    "fix.protagonist_file": "写 {0}，标题写主角的名字",
    "fix.protagonist_name": "把 {0} 的标题改成主角的名字，或加一行“姓名：”写上名字",
    "fix.anchor_write": "写 {0}（禁用词、正面样例、视角与风格关键词）",
    "fix.anchor_passage": (
        "从你自己的正文选一段（{0}–{1} 字）创建 {2}："
        "在应用里点「从正文选段创建文风锚点」，或 `{3}` 列出段落后加 --passage START:END；"
        "正面样例用你选的那段，其余各节留给你写"
    ),
    "fix.unpin": "在置顶列表中取消置顶 {0}，或恢复它指向的内容",
    # --- pins -----------------------------------------------------------------------------------
    "pin.empty_ref": "空的置顶项",
    "pin.not_pinned": "没有置顶",
    "pin.no_block": "没有写明哪个块",
    "pin.outside": "{0} 在项目文件夹之外",
    "pin.chapter_text": "章节原文不能置顶（章节原文只按配方窗口喂入）",
    "pin.no_section": "{0} 没有「{1}」一节",
    "pin.no_entry": "伏笔追踪表中没有 {0}",
    "pin.no_pair": "关系追踪表中没有 {0} 与 {1} 的记录",
    "pin.empty_file": "{0} 是空的",
    "pin.broken": "置顶项失效：{0}",
    "pin.no_layer": "置顶项 {0} 未放入：本 Agent 没有按需层，或追踪表缺失",
    "pin.no_row": "置顶项 {0} 未放入：追踪表中没有第{1}章及以前的记录",
    "pin.outside_refused": "置顶项 {0} 在项目文件夹之外，拒绝读取",
    "pin.chapter_refused": "置顶项 {0} 是章节原文，不能置顶（章节原文只按配方窗口喂入）",
    "pin.block_absent": "置顶块 {0} 不在 {1} 第{2}章的上下文中",
    # --- why a tracker entry is relevant to chapter N (PRODUCT.md §2) ---------------------------
    "relevance.overdue": "逾期：计划回收 {0} < {1}",
    "relevance.due": "临近回收：计划回收 {0}（{1}–{2}）",
    "relevance.named": "点名：{0}",
    "relevance.named_as": "点名：{0}（{1}）",
    "relevance.named_in_plan": "点名：{0}（规划出场）",
    "relevance.weak": "弱相关：常见角色 {0}",
    "relevance.changed": "近期变化：第{0}章",
    "relevance.pinned": "置顶",
    "recall.character": "人物：{0}",
    "recall.character_as": "人物：{0}（{1}）",
    "recall.tracker": "追踪词：{0}",
    "recall.keyword": "关键词：{0}",
    "recall.dormant": "久未出场：{0}（上次出场第{1}章，已隔{2}章）",
    "relevance.present": "{0}：{1}",  # a relationship row: each of the pair, and where
    "presence.plan": "本章规划提及：{0}",
    "presence.text": "本章正文提及：{0}",
    "presence.plan_cast": "本章规划出场：{0}",
    "presence.protagonist": "主角，始终在场",
    # --- what accepting an upkeep proposal writes (the CLI's list, the review queue) ---------
    "upkeep.character": "{0}（{1} 次）",
    "upkeep.alias": "{0} 别名 {1}",
    "upkeep.relationship": "{0}—{1} {2}（{3}）",
    "upkeep.planted": "{0}（计划回收 {1}，{2}）",
    "upkeep.paid": "{0} 已回收@{1}",
    "upkeep.sighting": "{0} 再现于第{1}章",
    "upkeep.state": "{0} {1}：{2}",
    # --- why a summary job wrote nothing ----------------------------------------------------
    "summary.not_written": "{0} 未写入：{1}",
    "summary.cancelled": "已取消",
    "summary.no_chapters": "第{0}章到第{1}章之间没有章节",
    "summary.feed_not_ready": "{0} 的喂入未齐备 — {1}",
    "summary.checklist_line": "{0}：{1}",
    "summary.over_cap": "{0} 字，超过上限 {1} 字",
    "summary.part_over_cap": "{0}有 {1} 字，超过上限 {2} 字",
    "summary.part_empty": "{0}是空的",
    "summary.part_failed": "{0}：{1}",
    "summary.part_source_missing": (
        "{0}需要 {1}，它不存在、为空或仍只是模板文字（占位文字不做摘要）"
    ),
    # ... because the model's output breaks the template
    "summary.no_heading": "输出中没有 `{0}` 标题",
    "summary.text_before_heading": "输出在节标题之前还有文字",
    "summary.several_sections": "应只有一节，输出有 {0} 节：{1}",
    "summary.heading_not_level_2": "标题 {0} 不是 `{1}`（二级标题）",
    "summary.heading_range": "标题写的是 Ch{0}-{1}，应为 {2}",
    "summary.missing_sections": "缺少小节 {0}",
    "summary.unexpected_sections": "多出小节 {0}",
    "summary.sections_out_of_order": "四个 `###` 小节不是模板的顺序（或有重复）",
    "summary.empty_section": "小节 `### {0}` 是空的",
    # ... because rolling-summary.md has a heading its readers skip
    "summary.skipped_heading": "{0} 第{1}行：{2}；请先改好这个标题",
    "summary.heading_no_range": "`## {0}` 没有写明 Ch6-10 这样的范围",
    "summary.heading_level_one": "`# {0}` 是一级标题；一节应写成 `## {0}`",
    # --- why an upkeep job recorded nothing (a model's answer that cannot be used) ----------
    "upkeep_failed.not_written": "第{0}-{1}章的记忆更新未写入：{2}",
    "upkeep_failed.cancelled": "已取消",
    "upkeep_failed.too_deep": "模型的回答嵌套了 {0} 层（最多 {1} 层）",
    "upkeep_failed.not_json": "模型的回答不是 JSON（{0}）",
    "upkeep_failed.schema": "回答不符合格式：{0}",
    "upkeep_failed.unknown_entry": "回答提到 {0}，伏笔追踪表中没有它",
    "upkeep_failed.paid_not_open": (
        "回答说第{0}章回收了 {1}，但它在那一章并未开放（{2}）；与第{3}-{4}章的伏笔追踪表矛盾"
    ),
    "upkeep_failed.sighted_not_open": (
        "回答说第{0}章再现了 {1}，但它在那一章并未开放（{2}）；与第{3}-{4}章的伏笔追踪表矛盾"
    ),
    # --- a summary or upkeep job's progress: English, as the summariser logs it --------------
    "progress.job": "{0}: {1}",
    "progress.fixed_context": "fixed context",
    "progress.summarising": "summarising {0} chapters with the {1} backend",
    "progress.asking": "asking {0} at {1}",
    "progress.received": "received {0} characters",
    "progress.extracting_sentences": "extracting key sentences",
    "progress.extracting": "extracting {0}",
    "progress.done": "done",
}
# Codes whose engine text is English (the log's), not the seeds' Chinese.
ENGLISH_CODES = frozenset(code for code in TEMPLATES if code.startswith("progress."))
# Why a summary or upkeep job wrote nothing: the GUI words these in a context of their own.
FAILURE_CODES = frozenset(
    code for code in (*TEMPLATES, *LISTS) if code.startswith(("summary.", "upkeep_failed."))
)


class Reason(str):
    """The engine's text for `code` with `args` filled in, remembering both."""

    code: str
    args: tuple[object, ...]

    def __new__(cls, code: str, *args: object) -> Reason:
        """Render `code` (a key of TEMPLATES or LISTS); a wrong code or argument count
        raises, never prints half a sentence."""
        if code in LISTS:
            text = LISTS[code].join(str(arg) for arg in args)
        else:
            text = TEMPLATES[code].format(*args)
        reason = super().__new__(cls, text)
        reason.code, reason.args = code, args
        return reason

    def __reduce__(self) -> tuple[type[Reason], tuple[object, ...]]:
        """Pickled (to the summary process and back) by code and arguments."""
        return (Reason, (self.code, *self.args))


def listing(items: Iterable[object]) -> Reason:
    """Items as the engine lists them (世界观、角色表)."""
    return Reason("list", *items)


def reasons(*parts: object) -> Reason:
    """Reasons one after the other (…；…)."""
    return Reason("reasons", *parts)


def chapters(numbers: Iterable[int]) -> Reason:
    """第3章、第5章."""
    return listing(Reason("chapter", number) for number in numbers)
