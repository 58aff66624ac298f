"""The protagonist's realm as the text reports it, found without a model: a sentence that
breaks through to a realm of the world's 力量体系 (破了炼气四层, 踏入筑基), with the
protagonist named in its paragraph or one of the three before (a scene's 他 is the hero's).
The offline backend proposes the last such realm of a range for the state tracker's 修为,
when the tracker does not say it yet."""

from __future__ import annotations

import re
from dataclasses import dataclass

from workbench.book.sections import sections
from workbench.upkeep.text import Chapter, Sentence


def _words(line: str) -> tuple[str, ...]:
    return tuple(line.split())


# Used when world.md names no realms of its own: the common xianxia ladder.
COMMON_REALMS = _words("炼气 练气 筑基 结丹 金丹 凝丹 元婴 化神 炼虚 合体 大乘 渡劫")
BREAKTHROUGH = _words("突破 破了 破入 冲开 冲破 晋入 晋升 踏入 迈入 跨入 跨过 达到 升至")
NEARBY = 3  # paragraphs before a breakthrough that may name who broke through
_LEVEL = r"(?:[一二三四五六七八九十]+层|初期|中期|后期|巅峰|大圆满|圆满)?"
# A realm is listed: `1. **炼气**（一至九层）…` or `- 筑基：…`.
_BOLD = re.compile(r"^\s*(?:\d+[.、]|[-*])\s*\*\*([\u4e00-\u9fff]{2,4})\*\*", re.M)
_LISTED = re.compile(r"^\s*(?:\d+[.、]|[-*])\s*([\u4e00-\u9fff]{2,4})", re.M)


@dataclass(frozen=True)
class RealmReached:
    """A realm the text says the protagonist broke through to."""

    chapter: int
    sentence: Sentence
    realm: str


def realm_names(world_text: str | None) -> tuple[str, ...]:
    """The realm names of the world's 力量体系 section (its bold terms or list items), or the
    common ladder when there is no such section."""
    if world_text:
        found = sections(world_text)
        # The 境界 part of the power system when it has one, else the whole section.
        ordered = sorted(found, key=lambda s: "境界" not in s.title)
        for section in ordered:
            if "力量体系" in section.title or "境界" in section.title:
                body = world_text[section.start : section.end]
                names = _BOLD.findall(body) or _LISTED.findall(body)
                if names:
                    return tuple(dict.fromkeys(names))
    return COMMON_REALMS


def realms_reached(
    chapters: tuple[Chapter, ...], names: tuple[str, ...], protagonist_forms: set[str]
) -> list[RealmReached]:
    """Every breakthrough sentence of the chapters, in order."""
    if not names or not protagonist_forms:
        return []
    realm = re.compile("(" + "|".join(map(re.escape, names)) + ")" + _LEVEL)
    found = []
    for chapter in chapters:
        paragraphs = chapter.paragraphs()
        for index, paragraph in paragraphs.items():
            before = [s for i in range(index - NEARBY, index) for s in paragraphs.get(i, [])]
            nearby = " ".join(s.text for s in before + paragraph)
            if not any(form in nearby for form in protagonist_forms):
                continue
            for sentence in paragraph:
                for match in realm.finditer(sentence.text):
                    before = sentence.text[max(0, match.start() - 6) : match.start()]
                    if any(word in before for word in BREAKTHROUGH):
                        found.append(RealmReached(chapter.number, sentence, match.group()))
    return found
