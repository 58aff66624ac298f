"""The engine's reasons in the UI language. The engine writes them in Chinese, the seeds'
vocabulary, for the feed itself and the CLI (缺少 Ch56-95 的滚动摘要, 逾期：计划回收 9 < 12);
the Chinese UI shows them as written, the English UI translates them piece by piece here.
A reason no pattern knows is shown as the engine wrote it."""

from __future__ import annotations

import re

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from workbench.gui.i18n import Language

SEPARATORS = {"；": "; "}  # between reasons (outside brackets), as English writes it
OPEN, CLOSE = "（(「“", "）)」”"


def _tr(text: str) -> str:
    return QCoreApplication.translate("EngineWords", text)


def _patterns() -> list[tuple[re.Pattern[str], str]]:
    """(the engine's wording, the English with %1 … for its parts); a part written %R is
    translated again (a reason inside a reason)."""
    pairs = [
        (
            r"缺少 Ch(\d+)-(\d+) 的滚动摘要",
            QT_TRANSLATE_NOOP("EngineWords", "no rolling summary for Ch%1-%2"),
        ),
        (
            r"第(\d+)章的规划仍是模板（(.+)）",
            QT_TRANSLATE_NOOP("EngineWords", "the plan of chapter %1 is still the template (%2)"),
        ),
        (
            r"([^（）]+?)仍是模板（(.+)），只有占位文字",
            QT_TRANSLATE_NOOP("EngineWords", "%1: still the template (%2), placeholders only"),
        ),
        (
            r"([^（）]+?)仍是模板（(.+)）",
            QT_TRANSLATE_NOOP("EngineWords", "%1: still the template (%2)"),
        ),
        (
            r"([^（）]+?)还没有写（(.+)）",
            QT_TRANSLATE_NOOP("EngineWords", "%1: not written yet (%2)"),
        ),
        (
            r"已过期：(.+)在这段摘要生成后改过",
            QT_TRANSLATE_NOOP("EngineWords", "out of date: %1 changed after this summary"),
        ),
        (
            r"逾期：计划回收 (\d+) < (\d+)",
            QT_TRANSLATE_NOOP("EngineWords", "overdue: payoff planned for %1 < %2"),
        ),
        (
            r"临近回收：计划回收 (\d+)（(.+)）",
            QT_TRANSLATE_NOOP("EngineWords", "due soon: payoff planned for %1 (%2)"),
        ),
        (
            r"点名：(.+)（规划出场）",
            QT_TRANSLATE_NOOP("EngineWords", "named: %1 (in the plan's cast)"),
        ),
        (r"点名：(.+)", QT_TRANSLATE_NOOP("EngineWords", "named: %1")),
        (r"近期变化：第(\d+)章", QT_TRANSLATE_NOOP("EngineWords", "changed recently: chapter %1")),
        (
            r"沉寂：最后见于第(\d+)章",
            QT_TRANSLATE_NOOP("EngineWords", "dormant: last seen in chapter %1"),
        ),
        (r"(.+?)：第(\d+)章", QT_TRANSLATE_NOOP("EngineWords", "%1: chapter %2")),
        (r"第(\d+)章：(.+)", QT_TRANSLATE_NOOP("EngineWords", "chapter %1: %R2")),
        (r"置顶项失效：(.+)", QT_TRANSLATE_NOOP("EngineWords", "pin broken: %R1")),
        (r"置顶项 (\S+) 未放入：(.+)", QT_TRANSLATE_NOOP("EngineWords", "pin %1 not placed: %R2")),
        (
            r"追踪表无法解析：(.+)",
            QT_TRANSLATE_NOOP("EngineWords", "the tracker cannot be parsed: %1"),
        ),
        (r"(\S+) 没有「(.+)」一节", QT_TRANSLATE_NOOP("EngineWords", "%1 has no section “%2”")),
        (r"伏笔追踪表中没有 (\S+)", QT_TRANSLATE_NOOP("EngineWords", "the plot tracker has no %1")),
        (
            r"关系追踪表中没有 (\S+) 与 (\S+) 的记录",
            QT_TRANSLATE_NOOP("EngineWords", "the relationship tracker has no row for %1 and %2"),
        ),
        (
            r"章节原文不能置顶（章节原文只按配方窗口喂入）",
            QT_TRANSLATE_NOOP("EngineWords", "chapter text cannot be pinned"),
        ),
        (r"([^（）]+?) 已截断（(.+)）", QT_TRANSLATE_NOOP("EngineWords", "%1 trimmed (%R2)")),
        (r"(\S+) 是空的", QT_TRANSLATE_NOOP("EngineWords", "%1 is empty")),
        (r"(\S+) 不存在", QT_TRANSLATE_NOOP("EngineWords", "%1 does not exist")),
        (r"第(\d+)章没有规划", QT_TRANSLATE_NOOP("EngineWords", "chapter %1 has no plan")),
        (
            r"(\S+) 不存在或为空",
            QT_TRANSLATE_NOOP("EngineWords", "%1 does not exist or is empty"),
        ),
        (
            r"第(\d+)章附近没有滚动摘要",
            QT_TRANSLATE_NOOP("EngineWords", "no rolling summary near chapter %1"),
        ),
        (
            r"大纲超过 (\d+) 字，且 (\S+) 没有全书大纲摘要",
            QT_TRANSLATE_NOOP(
                "EngineWords", "the outline is over %1 zi and %2 has no book outline summary"
            ),
        ),
        (
            r"滚动摘要（到第(\d+)章）",
            QT_TRANSLATE_NOOP("EngineWords", "rolling summary (to chapter %1)"),
        ),
        (r"本章规划 · 第(\d+)章", QT_TRANSLATE_NOOP("EngineWords", "plan · chapter %1")),
        (r"本章原文 · 第(\d+)章", QT_TRANSLATE_NOOP("EngineWords", "this chapter · chapter %1")),
        (r"前文原文 · 第(\d+)章", QT_TRANSLATE_NOOP("EngineWords", "earlier text · chapter %1")),
        (r"本章摘要 · 第(\d+)章", QT_TRANSLATE_NOOP("EngineWords", "summary · chapter %1")),
        (r"战斗段落 · 第(\d+)章", QT_TRANSLATE_NOOP("EngineWords", "battle passage · chapter %1")),
        (r"置顶 · (.+)", QT_TRANSLATE_NOOP("EngineWords", "pinned · %1")),
        (r"本 Agent 不需要", QT_TRANSLATE_NOOP("EngineWords", "not needed by this agent")),
        (
            r"写 (.+)，再运行 workbench fixed-context (.+)",
            QT_TRANSLATE_NOOP("EngineWords", "write %1, then run workbench fixed-context %2"),
        ),
        (
            r"新建 (\S+)（只有表头也可以）",
            QT_TRANSLATE_NOOP("EngineWords", "create %1 (a header row is enough)"),
        ),
        (r"修正 (\S+) 后重试", QT_TRANSLATE_NOOP("EngineWords", "correct %1 and try again")),
        (
            r"在置顶列表中取消置顶 (\S+)，或恢复它指向的内容",
            QT_TRANSLATE_NOOP("EngineWords", "unpin %1, or restore what it points to"),
        ),
        (r"逾期", QT_TRANSLATE_NOOP("EngineWords", "overdue")),
        (r"临近回收", QT_TRANSLATE_NOOP("EngineWords", "due soon")),
        (r"置顶", QT_TRANSLATE_NOOP("EngineWords", "pinned")),
    ]
    return [(re.compile(pattern), _tr(english)) for pattern, english in pairs]


def engine_text(text: str) -> str:
    """`text` from the engine as the author reads it in the UI language."""
    if not Language.in_source_language() or not text:
        return text
    return _translated(text)


def _translated(text: str) -> str:
    return "".join(
        SEPARATORS.get(piece, piece) if piece in SEPARATORS else _one(piece)
        for piece in _pieces(text)
    )


def engine_texts(texts) -> list[str]:  # type: ignore[no-untyped-def]
    """Each of `texts` as `engine_text` shows it."""
    return [engine_text(text) for text in texts]


def _pieces(text: str) -> list[str]:
    """`text` cut at the separators between reasons, never inside brackets or quotes; the
    separators kept as pieces of their own."""
    pieces, current, depth = [], "", 0
    for char in text:
        depth += (char in OPEN) - (char in CLOSE)
        if depth <= 0 and char in SEPARATORS:
            pieces += [current, char]
            current, depth = "", 0
        else:
            current += char
    return [*pieces, current]


def _one(piece: str) -> str:
    for pattern, english in _patterns():
        found = pattern.fullmatch(piece.strip())
        if found is None:
            continue
        for number, value in enumerate(found.groups(), start=1):
            english = english.replace(f"%R{number}", _translated(value))
            english = english.replace(f"%{number}", _words(value))
        return english
    named = dict(_nouns()).get(piece.strip())
    if named is not None:
        return named
    title, reason = _with_reason(piece)
    if reason is not None:  # a block named, then why in brackets: 世界观摘要（… 不存在）
        return f"{_one(title)} ({_translated(reason)})"
    return _words(piece)


def _with_reason(piece: str) -> tuple[str, str | None]:
    """(what, why) of `what（why）`, the last bracket balanced; (piece, None) otherwise."""
    if not piece.endswith("）"):
        return piece, None
    depth = 0
    for index in range(len(piece) - 1, -1, -1):
        depth += (piece[index] in CLOSE) - (piece[index] in OPEN)
        if depth == 0:
            if piece[index] != "（" or index == 0:
                return piece, None
            return piece[:index], piece[index + 1 : -1]
    return piece, None


def _nouns() -> list[tuple[str, str]]:
    """The engine's names for the book's files and the feed's parts, longest first."""
    return [
        ("世界观摘要", _tr(QT_TRANSLATE_NOOP("EngineWords", "world summary"))),
        ("角色圣经摘要", _tr(QT_TRANSLATE_NOOP("EngineWords", "cast bible summary"))),
        ("全书大纲", _tr(QT_TRANSLATE_NOOP("EngineWords", "book outline"))),
        ("故事骨架", _tr(QT_TRANSLATE_NOOP("EngineWords", "story skeleton"))),
        ("角色战力", _tr(QT_TRANSLATE_NOOP("EngineWords", "power levels"))),
        ("本章相关伏笔", _tr(QT_TRANSLATE_NOOP("EngineWords", "foreshadowing for the chapter"))),
        (
            "本章相关关系变动",
            _tr(QT_TRANSLATE_NOOP("EngineWords", "relationship changes for the chapter")),
        ),
        ("文风锚点（全文）", _tr(QT_TRANSLATE_NOOP("EngineWords", "style anchor (in full)"))),
        ("滚动摘要", _tr(QT_TRANSLATE_NOOP("EngineWords", "rolling summary"))),
        ("固定层", _tr(QT_TRANSLATE_NOOP("EngineWords", "fixed layer"))),
        ("主角档案", _tr(QT_TRANSLATE_NOOP("EngineWords", "protagonist file"))),
        ("角色表", _tr(QT_TRANSLATE_NOOP("EngineWords", "cast list"))),
        ("文风锚点", _tr(QT_TRANSLATE_NOOP("EngineWords", "style anchor"))),
        ("世界观", _tr(QT_TRANSLATE_NOOP("EngineWords", "world"))),
        ("大纲", _tr(QT_TRANSLATE_NOOP("EngineWords", "outline"))),
        ("、", ", "),
    ]


def _words(value: str) -> str:
    for chinese, english in _nouns():
        value = value.replace(chinese, english)
    return value
