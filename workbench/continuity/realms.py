"""Power-level slips: a character's realm named in a chapter below the highest one reached
before it (by the state tracker's 修为 or earlier chapters), with nothing in the paragraph
that says why (跌落, 废去, 压制, 封印, 当年 …); and a jump of more than one realm within one
chapter, asked as a question.

A realm is the character's when their name (or alias) comes before it in the same clause:
林风已是金丹修为. A realm word used for something else is not theirs: 筑基丹 (a pill),
筑基修士 / 金丹的威压 (someone else), 冲击元婴 / 未入筑基 (not reached).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from functools import lru_cache

from workbench.continuity import words
from workbench.continuity.findings import REALM_JUMP, REALM_REGRESSION, Finding
from workbench.continuity.prose import NameMatcher, paragraphs
from workbench.continuity.records import RealmRecord

_NOT_THEIRS_AFTER = (
    "丹",
    "修士",
    "弟子",
    "高手",
    "强者",
    "长老",
    "之",
    "的",
    "者",
    "妖",
    "兽",
    "以上",
    "以下",
    "灵",
)
_NOT_REACHED_BEFORE = (
    "冲击",
    "冲",
    "欲",
    "想",
    "望",
    "离",
    "距",
    "向",
    "迈向",
    "直逼",
    "触及",
    "未",
    "不",
    "没",
    "非",
    "无",
    "名",
    "位",
    "个",
    "些",
    "众",
    "如",
    "似",
    "比",
    "敌",
    "对",
)


@dataclass(frozen=True)
class Mention:
    """A character's realm named in a chapter."""

    character: str
    realm: int
    fell: bool  # the paragraph says why it is lower
    line: int
    start: int  # offsets in the chapter's text
    end: int


@lru_cache(maxsize=8)
def _realm_regex(order: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(map(re.escape, sorted(order, key=len, reverse=True))))


def mentions(text: str, order: tuple[str, ...], names: NameMatcher) -> list[Mention]:
    """Every realm attributed to a character in the text, in order."""
    if not order:
        return []
    regex = _realm_regex(order)
    rank = {realm: index for index, realm in enumerate(order)}
    found = []
    for paragraph in paragraphs(text):
        line = paragraph.text
        if regex.search(line) is None:
            continue
        named = list(names.find(line))
        breaks = [m.start() for m in words.CLAUSE_BREAK.finditer(line)]
        fell = words.FALL.search(line) is not None
        for match in regex.finditer(line):
            start, end = match.span()
            after, before = line[end : end + 2], line[max(0, start - 2) : start]
            if after.startswith(_NOT_THEIRS_AFTER) or before.endswith(_NOT_REACHED_BEFORE):
                continue
            owner = _owner(start, named, breaks)
            if owner is None:
                continue
            found.append(
                Mention(
                    owner[1],
                    rank[match.group()],
                    fell,
                    paragraph.line,
                    paragraph.start + owner[0],
                    paragraph.start + end,
                )
            )
    return found


def _owner(
    at: int, named: list[tuple[int, int, str, str]], breaks: list[int]
) -> tuple[int, str] | None:
    """(start, character) of the last name before `at` in the same clause (`breaks`: where
    the line's clause breaks are); found by bisection, so a paragraph of any length and
    names is read in linear time."""
    last = bisect_right(named, at, key=lambda name: name[1]) - 1
    if last < 0:
        return None
    start, end, _form, name = named[last]
    if bisect_left(breaks, end) < bisect_left(breaks, at):
        return None  # a clause break between the name and `at`
    return start, name


@dataclass(frozen=True)
class Level:
    """A character's realm as of some point, and where it was recorded."""

    realm: int
    where: str  # "第4章第12行" or a tracker ref


def levels_before(
    chapter: int,
    records: tuple[RealmRecord, ...],
    earlier: list[tuple[int, str, list[Mention]]],
) -> dict[str, Level]:
    """Each character's realm at the start of chapter N: the highest reached in the chapters
    before it (a fall the text explains lowers it), state-tracker rows after a chapter's text."""
    events: list[tuple[int, int, str, int, bool, str]] = []
    for number, where, found in earlier:
        if number < chapter:
            for m in found:
                events.append((number, 0, m.character, m.realm, m.fell, f"{where}:{m.line}"))
    for record in records:
        if record.chapter < chapter:
            events.append((record.chapter, 1, record.name, record.realm, record.fell, record.ref))
    levels: dict[str, Level] = {}
    for _number, _order, character, realm, fell, where in sorted(events, key=lambda e: e[:2]):
        current = levels.get(character)
        if current is None or realm > current.realm or (fell and realm < current.realm):
            levels[character] = Level(realm, where)
    return levels


def realm_findings(
    text: str,
    chapter: int,
    order: tuple[str, ...],
    found: list[Mention],
    levels: dict[str, Level],
) -> list[Finding]:
    """Regressions and multi-realm jumps in chapter N."""
    findings = []
    levels = dict(levels)
    start_of_chapter = dict(levels)
    for m in found:
        snippet = text[m.start : m.end]
        current = levels.get(m.character)
        if current is not None and m.realm < current.realm and not m.fell:
            findings.append(
                Finding(
                    REALM_REGRESSION,
                    chapter,
                    m.line,
                    snippet,
                    f"{m.character}此前已到{order[current.realm]}（{current.where}），此处却是"
                    f"{order[m.realm]}；若是跌落、压制或封印，请在本段写明",
                    (current.where,),
                    m.start,
                    m.end,
                )
            )
            continue
        base = start_of_chapter.get(m.character)
        if base is not None and m.realm - base.realm > 1:
            skipped = "、".join(order[base.realm + 1 : m.realm])
            findings.append(
                Finding(
                    REALM_JUMP,
                    chapter,
                    m.line,
                    snippet,
                    f"疑问：{m.character}本章从{order[base.realm]}（{base.where}）到了"
                    f"{order[m.realm]}，跳过了{skipped}；是有意为之吗？",
                    (base.where,),
                    m.start,
                    m.end,
                )
            )
            start_of_chapter[m.character] = Level(m.realm, f"第{chapter}章第{m.line}行")
        if current is None or m.realm > current.realm or m.fell:
            levels[m.character] = Level(m.realm, f"第{chapter}章第{m.line}行")
            start_of_chapter.setdefault(m.character, levels[m.character])
    return findings
