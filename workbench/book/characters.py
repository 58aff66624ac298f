"""Who the character files describe: names, 别名 aliases, and the headings that name no one.

A protagonist file names its person by YAML front matter `name:`, a `姓名：` line or its
heading (`# 林风`, `# 主角：孙悟空`, `# 主角 · 林风`, `# 林风（主角）`, or a `## 萧炎` under a
title that is only a label, `# 主角卡`); a role word or a placeholder (主角, 主人公, 男主,
protagonist, （主角姓名）) is never a name. In a cast list each `##` section is a character
unless its content says otherwise: a section with neither a name line nor a character field
(别名, 身份, 性格 …) under a heading such as 势力, 地点 or 说明 describes no one, and a
section whose own text has no field but whose `###` parts do is a group of the characters
in those parts. A setting card (webnovel-writer's 女主卡.md, 反派设计.md, a 角色库 card) is
about the people its 姓名/名称 lines name: its headings (基本信息, 核心标签, 小反派 …) are
parts of the card, never names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from workbench.book.layout import Role
from workbench.book.plans import split_front_matter
from workbench.book.sections import Section, sections
from workbench.errors import FileProblem

if TYPE_CHECKING:
    from pathlib import Path

    from workbench.book.project import Project

_FIELD = r"^[ \t]*(?:[-*+][ \t]+)?(?:\*\*)?{key}(?:\*\*)?[ \t]*(?:\*\*)?[：:](?:\*\*)?[ \t]*(.*)$"
_ALIAS_LINE = re.compile(_FIELD.format(key="(?:别名|别称|外号|alias(?:es)?)"), re.M | re.I)
_NAME_LINE = re.compile(_FIELD.format(key="(?:姓名|名字|name)"), re.M | re.I)
_CHARACTER_FIELD = re.compile(
    _FIELD.format(
        key="(?:别名|别称|外号|称号|身份|性格|年龄|性别|外貌|出身|修为|境界|阵营|目的|"
        "当前状态|现状|与主角(?:的关系)?|alias(?:es)?|role|personality|age)"
    ),
    re.M | re.I,
)
_PARENTHETICAL = re.compile(r"[（(][^（）()]*[)）]")
_NUMBERING = re.compile(r"^\s*(?:\d+|[一二三四五六七八九十]+)\s*[.、．)）]\s*")
_TITLE_SEPARATORS = re.compile(r"[\s—–\-:：|/／,，、·・•]+")
_LIST_SEPARATORS = re.compile(r"[、，,;；/／|\s]+")
_NOT_ALIASES = {"", "无", "-", "—", "暂无", "none"}
# A role, a file label or a placeholder where a name should be: 主角, 主角档案, 男主, XXX.
_ROLE_WORD = re.compile(
    r"^(?:主角|主人公|男主角?|女主角?|男一|女一|protagonist|hero(?:ine)?|main\s*character|"
    r"角色|人物|配角|反派|主要角色|姓名|名字|name|x+|某某|待定|未定)"
    r"(?:档案|设定|设计|资料|信息|简介|介绍|卡|组|人设|示例|小传|列表|表)?$",
    re.I,
)
# Headings of sections about something other than a person (with no character field).
NOT_A_PERSON = (
    "势力", "组织", "门派", "宗门", "帮派", "阵营", "地点", "地图", "地理", "场景", "设定",
    "世界观", "说明", "备注", "注意", "目录", "概述", "总览", "索引", "关系", "时间线",
    "大事记", "道具", "物品", "法宝", "功法", "境界", "力量体系", "附录", "其他", "更新",
)  # fmt: skip

# The parts a protagonist card is divided into: a `##` heading with one of these is no name.
_CARD_PARTS = (
    *NOT_A_PERSON, "信息", "标签", "性格", "背景", "能力", "金手指", "目标", "动机", "欲望",
    "成长", "外貌", "经历", "弱点", "缺陷", "出场", "记录", "简介", "档案", "特点", "身份",
    "人设", "核心", "概要", "状态", "关系", "技能", "天赋", "来历", "设定", "描述",
)  # fmt: skip
_LONGEST_NAME = 6


@dataclass(frozen=True)
class Character:
    """A character and every name the text may call them by."""

    name: str
    aliases: tuple[str, ...] = ()
    protagonist: bool = False
    source: str = ""


@dataclass(frozen=True)
class SkippedHeading:
    """A heading of a character file that was not taken as a character, and why."""

    source: str
    line: int
    title: str
    why: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.title}: {self.why}"


@dataclass(frozen=True)
class CharacterFile:
    """What one character file gave: its characters and the headings that named no one."""

    characters: tuple[Character, ...]
    skipped: tuple[SkippedHeading, ...] = ()


def is_role_word(name: str) -> bool:
    """Whether a would-be name is a role or a placeholder (主角, 男主, （主角姓名）, XXX)."""
    bare = _PARENTHETICAL.sub("", name).strip()
    return not bare or bool(_ROLE_WORD.match(bare))


def clean_name(text: str) -> str:
    """The name in a heading or name line: numbering, markup, （notes） and role words dropped;
    '' when nothing but a role word or placeholder is left."""
    text = _NUMBERING.sub("", _PARENTHETICAL.sub(" ", text.replace("*", "").replace("`", "")))
    parts = [part for part in _TITLE_SEPARATORS.split(text) if part]
    return next((part for part in parts if not is_role_word(part)), "")


def aliases_in(text: str) -> tuple[str, ...]:
    """Every alias on the text's 别名/别称/外号 lines, placeholders left out."""
    found: list[str] = []
    for match in _ALIAS_LINE.finditer(text):
        value = _PARENTHETICAL.sub(" ", match.group(1).replace("*", ""))
        found += [
            a
            for a in _LIST_SEPARATORS.split(value)
            if a.casefold() not in _NOT_ALIASES and not is_role_word(a)
        ]
    return tuple(dict.fromkeys(found))


def protagonist_in_file(text: str, source: str) -> CharacterFile:
    """The one person a protagonist file is about: front matter `name:`, a 姓名 line, else
    the first heading; a file naming only a role reports why in `skipped`."""
    try:
        meta, body = split_front_matter(text, source)
    except FileProblem:
        meta, body = {}, text  # `workbench check` reports the broken front matter
    aliases = aliases_in(body)
    extra = meta.get("aliases") or meta.get("别名") or []
    extra = [extra] if isinstance(extra, str) else extra
    aliases = tuple(dict.fromkeys([*map(str, extra), *aliases]))
    candidates = [str(meta.get(key) or "") for key in ("name", "姓名")]
    name_line = _NAME_LINE.search(body)
    candidates.append(name_line.group(1) if name_line else "")
    headings = sections(body)
    candidates.append(headings[0].title if headings else "")
    candidates.append(_heading_under_label(headings))
    name = next((clean for text in candidates if (clean := clean_name(text))), "")
    if name:
        return CharacterFile((Character(name, aliases, True, source),))
    shown = headings[0].title.strip() if headings else "（没有标题）"
    line = headings[0].line if headings else 1
    why = "names no protagonist: a role word or placeholder is not a name"
    return CharacterFile((), (SkippedHeading(source, line, shown, why),))


def _heading_under_label(headings: list[Section]) -> str:
    """The first `##` heading under a title that is only a label (`# 主角卡` / `## 萧炎`), when
    it reads as a name rather than a part of the card (基本信息, 性格, 金手指 …)."""
    if not headings or headings[0].level != 1 or clean_name(headings[0].title):
        return ""
    second = next((s for s in headings[1:] if s.level == 2), None)
    if second is None:
        return ""
    name = clean_name(second.title)
    if not name or len(name) > _LONGEST_NAME or any(w in name for w in _CARD_PARTS):
        return ""
    return name


def characters_in_file(text: str, source: str) -> CharacterFile:
    """The characters a cast file describes: one per `##` section (or per `###` part of a
    group section), or the whole file as one character when it has no `##` sections."""
    level_two = [section for section in sections(text) if section.level == 2]
    if not level_two:
        single = protagonist_in_file(text, source)
        return CharacterFile(
            tuple(Character(c.name, c.aliases, False, source) for c in single.characters)
        )
    found: list[Character] = []
    skipped: list[SkippedHeading] = []
    for section in level_two:
        body = section.body(text)
        own = _own_text(text, section)
        fields = bool(_NAME_LINE.search(own) or _CHARACTER_FIELD.search(own))
        parts = [s for s in sections(body) if s.level == 3]
        members = [] if fields else [m for p in parts if (m := _member(p, body, source))]
        if members:
            found += members
            why = f"a group: its {len(members)} characters are in its ### parts"
        elif character := _section_character(section.title, own, body, source):
            found.append(character)
            continue
        else:
            why = "no 姓名 line or character field (别名/身份/性格 …), and names no person"
        skipped.append(SkippedHeading(source, section.line, section.title.strip(), why))
    return CharacterFile(tuple(found), tuple(skipped))


def _own_text(text: str, section: Section) -> str:
    """A section's text before its first subsection."""
    body = section.body(text)
    first_sub = next((s for s in sections(body) if s.level > section.level), None)
    return body[: first_sub.start] if first_sub else body


def _section_character(title: str, own: str, body: str, source: str) -> Character | None:
    name_line = _NAME_LINE.search(own)
    if name_line and (name := clean_name(name_line.group(1))):
        return Character(name, aliases_in(body), False, source)
    has_field = bool(_CHARACTER_FIELD.search(own))
    name = clean_name(title)
    if not name or (not has_field and any(word in title for word in NOT_A_PERSON)):
        return None
    return Character(name, aliases_in(body), False, source)


def _member(part: Section, text: str, source: str) -> Character | None:
    body = part.body(text)
    if not (_NAME_LINE.search(body) or _CHARACTER_FIELD.search(body)):
        return None
    return _section_character(part.title, body, body, source)


# A setting card names its person by one of these (webnovel-writer's templates use 名称 in
# 反派设计.md and 姓名 in 女主卡.md / 主角卡.md).
_CARD_NAME_LINE = re.compile(_FIELD.format(key="(?:姓名|名字|名称|name)"), re.M | re.I)


@dataclass(frozen=True)
class CardEntry:
    """One person a setting card describes, and the part of the card that is theirs."""

    character: Character
    text: str


def card_entries(text: str, source: str) -> tuple[list[CardEntry], list[SkippedHeading]]:
    """The people a setting card describes (webnovel-writer's 女主卡, 反派设计, 主角组, a
    角色库 card). A card's `##` headings are the parts of a card (基本信息, 核心标签, 动机与目标
    …) or tiers (小反派), never names: a section is a person only by its 姓名/名字/名称 line.
    One person named: the whole card is theirs. No one named: the card is its title's person
    (`# 赵无极`), unless the title is a label (女主卡, 反派设计) — then it describes no one."""
    level_two = [section for section in sections(text) if section.level == 2]
    named: list[tuple[Character, str]] = []
    skipped: list[SkippedHeading] = []
    for section in level_two:
        whole = section.whole(text)
        line = _CARD_NAME_LINE.search(section.body(text))
        name = clean_name(line.group(1)) if line else ""
        if name:
            named.append((Character(name, aliases_in(whole), False, source), whole))
        else:
            why = "a part of a character card, not a person (no 姓名/名称 line names one)"
            skipped.append(SkippedHeading(source, section.line, section.title.strip(), why))
    if len(named) == 1:
        person = named[0][0]
        return [CardEntry(Character(person.name, aliases_in(text), False, source), text)], skipped
    if named:
        return [CardEntry(character, body) for character, body in named], skipped
    line = _CARD_NAME_LINE.search(text)
    titles = [s for s in sections(text) if s.level == 1]
    candidates = [line.group(1) if line else "", titles[0].title if titles else ""]
    name = next((clean for raw in candidates if (clean := clean_name(raw))), "")
    if not name:
        return [], skipped
    return [CardEntry(Character(name, aliases_in(text), False, source), text)], skipped


def characters_in_card(text: str, source: str) -> CharacterFile:
    """The characters of a setting card (see card_entries) and the headings that are none."""
    entries, skipped = card_entries(text, source)
    return CharacterFile(tuple(entry.character for entry in entries), tuple(skipped))


def is_card(project: Project, path: Path) -> bool:
    """Whether a character file is a setting card: webnovel-writer's 女主卡, 反派设计, 主角组
    and 角色库 cards (every character file of that layout but 主角卡 and the cast list)."""
    return project.layout.kind == "webnovel-writer" and path not in (
        project.role_path(Role.PROTAGONIST),
        project.role_path(Role.CHARACTERS),
    )
