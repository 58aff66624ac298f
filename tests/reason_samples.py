"""Each reason code with sample arguments and the text the engine wrote for it before
reasons had codes (the f-strings of feed/, trackers/, book/, the upkeep command and the
summary jobs as they stood at fc86498): tests/test_reasons.py holds the engine to it,
tests/gui/test_engine_words.py the Chinese UI."""

from __future__ import annotations

PATH = "references/fixed-context.md"
COMMAND = "workbench style-anchor /book --chapter 1"

# code: (arguments, the text as the engine wrote it before)
BEFORE: dict[str, tuple[tuple[object, ...], str]] = {
    "list": (("世界观", "角色表"), "世界观、角色表"),
    "reasons": (("缺少 Ch56-95 的滚动摘要", "点名：玉佩"), "缺少 Ch56-95 的滚动摘要；点名：玉佩"),
    "title.world_summary": ((), "世界观摘要"),
    "title.cast_summary": ((), "角色圣经摘要"),
    "title.outline": ((), "全书大纲"),
    "title.outline_summary": ((), "全书大纲摘要"),
    "title.rolling_summary": (("Ch51-55",), "滚动摘要 Ch51-55"),
    "title.rolling_summary_to": ((95,), "滚动摘要（到第95章）"),
    "title.skeleton": ((), "故事骨架"),
    "title.this_chapter": ((12,), "本章原文 · 第12章"),
    "title.earlier_chapter": ((11,), "前文原文 · 第11章"),
    "title.plan": ((12,), "本章规划 · 第12章"),
    "title.passage": ((12,), "战斗段落 · 第12章"),
    "title.style_anchor": ((), "文风锚点（全文）"),
    "title.chapter_summary": ((7,), "本章摘要 · 第7章"),
    "title.power": ((), "角色战力"),
    "title.power_system": ((), "力量体系"),
    "title.pin": (("力量体系",), "置顶 · 力量体系"),
    "title.foreshadowing": ((), "本章相关伏笔"),
    "title.relationships": ((), "本章相关关系变动"),
    "title.tracker_kind": (("法宝",), "本章相关法宝"),
    "source.world": ((), "世界观"),
    "source.protagonist": ((), "主角档案"),
    "source.characters": ((), "角色表"),
    "source.outline": ((), "大纲"),
    "source.style_anchor": ((), "文风锚点"),
    "chapter": ((3,), "第3章"),
    "missing.file": ((PATH,), f"{PATH} 不存在"),
    "missing.file_or_empty": (("meta/style-anchor.md",), "meta/style-anchor.md 不存在或为空"),
    "missing.section": ((PATH, "世界观摘要"), f"{PATH} 没有 `## 世界观摘要` 一节"),
    "missing.power_section": (
        ("worldbuilding/world.md", "力量体系"),
        "worldbuilding/world.md 没有 `力量体系` 一节",
    ),
    "missing.outline_too_long": (
        (3000, PATH),
        f"大纲超过 3000 字，且 {PATH} 没有全书大纲摘要",
    ),
    "missing.still_template": (
        ("大纲", "outline/outline.md"),
        "大纲仍是模板（outline/outline.md）",
    ),
    "missing.not_written": (
        ("世界观", "worldbuilding/world.md"),
        "世界观还没有写（worldbuilding/world.md）",
    ),
    "missing.anchor_template": (
        ("文风锚点", "meta/style-anchor.md"),
        "文风锚点仍是模板（meta/style-anchor.md），只有占位文字",
    ),
    "missing.summary_range": ((56, 95), "缺少 Ch56-95 的滚动摘要"),
    "missing.summary_file": (
        ("references/rolling-summary.md", 95),
        "references/rolling-summary.md 不存在（应有到第95章的摘要）",
    ),
    "missing.skeleton": (("80、60",), "第80、60章附近没有滚动摘要"),
    "missing.chapter_file": ((12,), "没有第12章的文件"),
    "missing.chapter_file_gap": ((11,), "没有第11章的文件（章节编号有缺口）"),
    "missing.plan_template": (
        (12, "outline/chapters/ch012.md"),
        "第12章的规划仍是模板（outline/chapters/ch012.md）",
    ),
    "missing.plan": ((12,), "第12章没有规划"),
    "missing.passage": ((), "没有选定段落"),
    "missing.power": (
        ("references/state-tracker.md",),
        "references/state-tracker.md 不存在，且选段/规划中没有已知角色",
    ),
    "missing.tracker_unparsable": (("bad table",), "追踪表无法解析：bad table"),
    "trimmed.plan": ((), "大纲中的本章一节超过 1500 字，已截断"),
    "budget.over_cap": ((2200, 2500), "超过上限 2200 字（原 2500 字）"),
    "budget.cap_cut": (
        ("超过上限 2200 字（原 2500 字）",),
        "超过上限 2200 字（原 2500 字），在句末截断",
    ),
    "budget.cap_no_sentence": (
        ("超过上限 2200 字（原 2500 字）",),
        "超过上限 2200 字（原 2500 字），且找不到可截断的句末",
    ),
    "budget.group_left": ((300,), "组内剩余 300 字"),
    "budget.no_item_fits": (("组内剩余 300 字",), "组内剩余 300 字，没有条目放得下"),
    "budget.items_cut": (("组内剩余 300 字",), "组内剩余 300 字，删去排序靠后的条目"),
    "budget.weak_shed": ((), "预算不足，先删去弱相关条目"),
    "budget.trimmed": ((300,), "预算不足：组内剩余 300 字，在句末截断"),
    "budget.dropped": ((0, 900), "预算不足：组内剩余 0 字，放不下 900 字"),
    "ledger.weak_item_dropped": (
        ("F003", 40, "组内剩余 30 字"),
        "弱相关条目 F003（40 字）先删去：组内剩余 30 字",
    ),
    "ledger.item_dropped": (
        ("F003", 40, "组内剩余 30 字"),
        "条目 F003（40 字）放不下：组内剩余 30 字",
    ),
    "ledger.weak_item_shed": (
        ("F003", 40, 900, 800),
        "弱相关条目 F003（40 字）先删去：组内需要 900 字，只有 800 字",
    ),
    "ledger.capped": (
        ("超过上限 2200 字（原 2500 字），在句末截断", 2190),
        "超过上限 2200 字（原 2500 字），在句末截断 → 2190 字",
    ),
    "ledger.trimmed": ((900, 300), "900 → 300 字"),
    "ledger.items_kept": ((3, 120), "保留 3 条，120 字"),
    "block.why": (("世界观摘要", f"{PATH} 不存在"), f"世界观摘要（{PATH} 不存在）"),
    "block.trimmed": (("故事骨架", "组内剩余 300 字"), "故事骨架 已截断（组内剩余 300 字）"),
    "block.note": (("滚动摘要 Ch6-10", "第7章、第9章"), "滚动摘要 Ch6-10：第7章、第9章"),
    "note.summary_stale": (("第7章、第9章",), "已过期：第7章、第9章在这段摘要生成后改过"),
    "note.partly_template": (
        ("worldbuilding/world.md", "力量体系、核心悬念"),
        "部分仍为模板：worldbuilding/world.md 的 力量体系、核心悬念 还有模板文字（未喂入）",
    ),
    "note.protagonist_unstated": (("why",), "主角状态未喂入：why"),
    "note.state_unrecorded": (
        (".webnovel/state.json", 30, 12),
        ".webnovel/state.json 记的是第30章的主角状态，index.db 没有 state_changes，推不回第12章",
    ),
    "note.state_field": (
        (20, "realm", 12),
        "index.db 的 state_changes 在第20章改了「realm」，推不回第12章",
    ),
    "note.protagonist_no_file": (
        ("characters/protagonist.md",),
        "主角没有名字：characters/protagonist.md 不存在，主角的关系行不会进入本块",
    ),
    "note.protagonist_unnamed": (
        ("characters/protagonist.md",),
        "主角没有名字：characters/protagonist.md 的标题只是称谓或占位（主角、男主、（主角姓名）），"
        "主角的关系行不会进入本块",
    ),
    "fix.write": (("outline/outline.md",), "写 outline/outline.md"),
    "fix.write_then_fixed_context": (
        ("worldbuilding/world.md", "/book"),
        "写 worldbuilding/world.md，再运行 workbench fixed-context /book",
    ),
    "fix.write_plan": (
        ("outline/chapters/ch012.md", "大纲", 12),
        "写 outline/chapters/ch012.md，或在大纲写一节 `### 第12章`",
    ),
    "fix.write_plan_volume": (
        ("大纲/chapters/ch012.md", "大纲/第1卷-详细大纲.md", 12),
        "写 大纲/chapters/ch012.md，或在 大纲/第1卷-详细大纲.md 写一节 `### 第12章`",
    ),
    "fix.create_tracker": (
        ("references/plot-tracker.md",),
        "新建 references/plot-tracker.md（只有表头也可以）",
    ),
    "fix.correct_and_retry": (
        ("references/plot-tracker.md",),
        "修正 references/plot-tracker.md 后重试",
    ),
    "fix.power": (
        ("references/state-tracker.md",),
        "写 references/state-tracker.md（主角位置、修为、物品）",
    ),
    "fix.power_section": (
        ("worldbuilding/world.md", "力量体系"),
        "在 worldbuilding/world.md 写一节 `## 力量体系`",
    ),
    "fix.protagonist_file": (
        ("characters/protagonist.md",),
        "写 characters/protagonist.md，标题写主角的名字",
    ),
    "fix.protagonist_name": (
        ("characters/protagonist.md",),
        "把 characters/protagonist.md 的标题改成主角的名字，或加一行“姓名：”写上名字",
    ),
    "fix.anchor_write": (
        ("meta/style-anchor.md",),
        "写 meta/style-anchor.md（禁用词、正面样例、视角与风格关键词）",
    ),
    "fix.anchor_passage": (
        (200, 800, "meta/style-anchor.md", COMMAND),
        "从你自己的正文选一段（200–800 字）创建 meta/style-anchor.md："
        f"在应用里点「从正文选段创建文风锚点」，或 `{COMMAND}` 列出段落后加 --passage START:END；"
        "正面样例用你选的那段，其余各节留给你写",
    ),
    "fix.unpin": (("F001",), "在置顶列表中取消置顶 F001，或恢复它指向的内容"),
    "pin.empty_ref": ((), "空的置顶项"),
    "pin.not_pinned": ((), "没有置顶"),
    "pin.no_block": ((), "没有写明哪个块"),
    "pin.outside": (("../x.md",), "../x.md 在项目文件夹之外"),
    "pin.chapter_text": ((), "章节原文不能置顶（章节原文只按配方窗口喂入）"),
    "pin.no_section": (
        ("worldbuilding/world.md", "门派"),
        "worldbuilding/world.md 没有「门派」一节",
    ),
    "pin.no_entry": (("F099",), "伏笔追踪表中没有 F099"),
    "pin.no_pair": (("林风", "苏瑶"), "关系追踪表中没有 林风 与 苏瑶 的记录"),
    "pin.empty_file": (("meta/notes.md",), "meta/notes.md 是空的"),
    "pin.broken": (("meta/notes.md 不存在",), "置顶项失效：meta/notes.md 不存在"),
    "pin.no_layer": (("F001",), "置顶项 F001 未放入：本 Agent 没有按需层，或追踪表缺失"),
    "pin.no_row": (("F001", 12), "置顶项 F001 未放入：追踪表中没有第12章及以前的记录"),
    "pin.outside_refused": (("../x.md",), "置顶项 ../x.md 在项目文件夹之外，拒绝读取"),
    "pin.chapter_refused": (
        ("chapters/ch001.md",),
        "置顶项 chapters/ch001.md 是章节原文，不能置顶（章节原文只按配方窗口喂入）",
    ),
    "pin.block_absent": (
        ("fixed.world", "BattleAgent", 12),
        "置顶块 fixed.world 不在 BattleAgent 第12章的上下文中",
    ),
    "relevance.overdue": ((9, 12), "逾期：计划回收 9 < 12"),
    "relevance.due": ((14, 12, 17), "临近回收：计划回收 14（12–17）"),
    "relevance.named": (("玉佩",), "点名：玉佩"),
    "relevance.named_as": (("小瑶", "苏瑶"), "点名：小瑶（苏瑶）"),
    "relevance.named_in_plan": (("苏瑶",), "点名：苏瑶（规划出场）"),
    "relevance.weak": (("苏瑶",), "弱相关：常见角色 苏瑶"),
    "relevance.changed": ((10,), "近期变化：第10章"),
    "relevance.pinned": ((), "置顶"),
    "relevance.present": (("苏瑶", "本章规划提及：小瑶"), "苏瑶：本章规划提及：小瑶"),
    "presence.plan": (("小瑶",), "本章规划提及：小瑶"),
    "presence.text": (("小瑶",), "本章正文提及：小瑶"),
    "presence.plan_cast": (("苏瑶",), "本章规划出场：苏瑶"),
    "presence.protagonist": ((), "主角，始终在场"),
    "upkeep.character": (("谢灵均", 7), "谢灵均（7 次）"),
    "upkeep.alias": (("谢灵均", "灵均"), "谢灵均 别名 灵均"),
    "upkeep.relationship": (("林风", "苏瑶", "同门", "陌生→信任"), "林风—苏瑶 同门（陌生→信任）"),
    "upkeep.planted": (("玉佩发热", "—", "核心"), "玉佩发热（计划回收 —，核心）"),
    "upkeep.paid": (("F003", 18), "F003 已回收@18"),
    "upkeep.sighting": (("F003", 18), "F003 再现于第18章"),
    "upkeep.state": (("林风", "修为", "筑基"), "林风 修为：筑基"),
    "checklist.fixed": ((), "固定层齐备"),
    "checklist.rolling": ((), "滚动层齐备"),
    "checklist.on_demand": ((), "按需层齐备"),
    "checklist.style_anchor": (("meta/style-anchor.md",), "附带 meta/style-anchor.md 全文"),
    "checklist.task": ((), "本章任务材料齐备"),
    "checklist.pins": ((), "置顶内容齐备"),
    # The summary and upkeep jobs' failures, English until they spoke the engine's Chinese.
    "summary.not_written": (("滚动摘要 Ch6-10", "已取消"), "滚动摘要 Ch6-10 未写入：已取消"),
    "summary.cancelled": ((), "已取消"),
    "summary.no_chapters": ((6, 10), "第6章到第10章之间没有章节"),
    "summary.feed_not_ready": (
        ("RollingSummarizer", "滚动层齐备：✗"),
        "RollingSummarizer 的喂入未齐备 — 滚动层齐备：✗",
    ),
    "summary.checklist_line": (("滚动层齐备", "✗"), "滚动层齐备：✗"),
    "summary.problems": (
        ("滚动层齐备：✗", "本章任务材料齐备：✗"),
        "滚动层齐备：✗；本章任务材料齐备：✗",
    ),
    "summary.over_cap": ((2300, 2200), "2300 字，超过上限 2200 字"),
    "summary.part_over_cap": (
        ("世界观摘要", 1600, 1500),
        "世界观摘要有 1600 字，超过上限 1500 字",
    ),
    "summary.part_empty": (("世界观摘要",), "世界观摘要是空的"),
    "summary.part_failed": (("世界观摘要", "HTTP 500"), "世界观摘要：HTTP 500"),
    "summary.part_source_missing": (
        ("世界观摘要", "设定集/世界观.md"),
        "世界观摘要需要 设定集/世界观.md，它不存在、为空或仍只是模板文字（占位文字不做摘要）",
    ),
    "summary.sources": (
        ("设定集/世界观.md", "设定集/力量体系.md"),
        "设定集/世界观.md 或 设定集/力量体系.md",
    ),
    "summary.no_heading": (("## 滚动摘要 Ch6-Ch10",), "输出中没有 `## 滚动摘要 Ch6-Ch10` 标题"),
    "summary.text_before_heading": ((), "输出在节标题之前还有文字"),
    "summary.several_sections": (
        (2, "'滚动摘要 Ch6-Ch10'、'滚动摘要 Ch11-Ch15'"),
        "应只有一节，输出有 2 节：'滚动摘要 Ch6-Ch10'、'滚动摘要 Ch11-Ch15'",
    ),
    "summary.heading_not_level_2": (
        ("'滚动摘要'", "## 滚动摘要 Ch6-Ch10"),
        "标题 '滚动摘要' 不是 `## 滚动摘要 Ch6-Ch10`（二级标题）",
    ),
    "summary.heading_range": ((1, 5, "Ch6-10"), "标题写的是 Ch1-5，应为 Ch6-10"),
    "summary.missing_sections": (("`### 伏笔`",), "缺少小节 `### 伏笔`"),
    "summary.unexpected_sections": (("`### 附录`",), "多出小节 `### 附录`"),
    "summary.sections": (("`### 伏笔`", "`### 附录`"), "`### 伏笔`、`### 附录`"),
    "summary.skipped_heading": (
        ("references/rolling-summary.md", 7, "`## 滚动摘要 Ch6-` 没有写明 Ch6-10 这样的范围"),
        "references/rolling-summary.md 第7行：`## 滚动摘要 Ch6-` 没有写明 Ch6-10 这样的范围；"
        "请先改好这个标题",
    ),
    "summary.heading_no_range": (
        ("滚动摘要 Ch6-",),
        "`## 滚动摘要 Ch6-` 没有写明 Ch6-10 这样的范围",
    ),
    "summary.heading_level_one": (
        ("滚动摘要 Ch6-10",),
        "`# 滚动摘要 Ch6-10` 是一级标题；一节应写成 `## 滚动摘要 Ch6-10`",
    ),
    "summary.sections_out_of_order": ((), "四个 `###` 小节不是模板的顺序（或有重复）"),
    "summary.empty_section": (("剧情",), "小节 `### 剧情` 是空的"),
    "upkeep_failed.not_written": ((6, 10, "已取消"), "第6-10章的记忆更新未写入：已取消"),
    "upkeep_failed.cancelled": ((), "已取消"),
    "upkeep_failed.too_deep": ((300, 64), "模型的回答嵌套了 300 层（最多 64 层）"),
    "upkeep_failed.not_json": (
        ("Expecting value: line 1 column 1 (char 0)",),
        "模型的回答不是 JSON（Expecting value: line 1 column 1 (char 0)）",
    ),
    "upkeep_failed.schema": (
        ("proposals.0.name: Field required",),
        "回答不符合格式：proposals.0.name: Field required",
    ),
    "upkeep_failed.unknown_entry": (("F009",), "回答提到 F009，伏笔追踪表中没有它"),
    "upkeep_failed.paid_not_open": (
        (8, "F002", "已回收@5", 6, 10),
        "回答说第8章回收了 F002，但它在那一章并未开放（已回收@5）；与第6-10章的伏笔追踪表矛盾",
    ),
    "upkeep_failed.sighted_not_open": (
        (8, "F002", "已回收@5", 6, 10),
        "回答说第8章再现了 F002，但它在那一章并未开放（已回收@5）；与第6-10章的伏笔追踪表矛盾",
    ),
    "progress.job": (("Ch6-10", "done"), "Ch6-10: done"),
    "progress.fixed_context": ((), "fixed context"),
    "progress.summarising": ((5, "offline"), "summarising 5 chapters with the offline backend"),
    "progress.asking": (
        ("qwen3", "http://127.0.0.1:8000/v1"),
        "asking qwen3 at http://127.0.0.1:8000/v1",
    ),
    "progress.received": ((2048,), "received 2048 characters"),
    "progress.extracting_sentences": ((), "extracting key sentences"),
    "progress.extracting": (("世界观摘要",), "extracting 世界观摘要"),
    "progress.done": ((), "done"),
}
