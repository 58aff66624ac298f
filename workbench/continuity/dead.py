"""The dead or departed act: a character recorded dead (or gone) at chapter k who speaks or
acts in a later chapter — a name or alias followed by 道 / 说 / 笑 / 喝 / 问 / 走 …, directly
or after two characters (冷笑道, 大怒曰) — with nothing in the paragraph that excuses it
(回忆, 梦, 想起, 幻象, 复活, 转世, 魂 …)."""

from __future__ import annotations

from workbench.continuity import words
from workbench.continuity.findings import DEAD_ACTS, Finding
from workbench.continuity.prose import NameMatcher, paragraphs
from workbench.continuity.records import BACK, DEAD, GONE, Fate


def absent_at(fates: tuple[Fate, ...], chapter: int) -> dict[str, Fate]:
    """Who is dead or gone in chapter N by what is recorded before it: the record that says
    so, per character. A return (复活, 归来) recorded after it, up to N, undoes it."""
    absent: dict[str, Fate] = {}
    for fate in sorted(fates, key=lambda f: f.chapter):
        if fate.chapter > chapter:
            break
        if fate.kind == BACK:
            absent.pop(fate.name, None)
        elif fate.chapter < chapter:
            current = absent.get(fate.name)
            if current is None or (current.kind == GONE and fate.kind == DEAD):
                absent[fate.name] = fate
    return absent


def dead_acting(
    text: str, chapter: int, fates: tuple[Fate, ...], names: NameMatcher
) -> list[Finding]:
    """Each place in chapter N where someone dead or gone before it speaks or acts."""
    absent = absent_at(fates, chapter)
    if not absent:
        return []
    findings = []
    for paragraph in paragraphs(text):
        line = paragraph.text
        excused = words.EXCUSE.search(line) is not None
        for start, end, _form, name in names.find(line):
            fate = absent.get(name)
            if fate is None or excused:
                continue
            act = words.act_after(line, end)
            if act is None:
                continue
            what = "死亡" if fate.kind == DEAD else "离场"
            findings.append(
                Finding(
                    DEAD_ACTS,
                    chapter,
                    paragraph.line,
                    line[start:act],
                    f"{name}在第{fate.chapter}章已记为{what}（{fate.ref}：{_short(fate.words)}），"
                    f"第{chapter}章却「{line[start:act]}」；若是回忆、梦境或复活，请在本段写明",
                    (fate.ref,),
                    paragraph.start + start,
                    paragraph.start + act,
                )
            )
    return findings


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
