"""Extractive building blocks for the offline backend: sentences, keywords, names.

jieba ships its dictionary (no download); what a text needs of it is loaded for that text
(`lexicon`), and only by the functions that need it, so commands that never summarise never
import jieba. Every result here is deterministic: ties are broken by position in the text.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from workbench.book.counting import count_zi
from workbench.summaries import tfidf

MIN_SENTENCE = 8
MAX_SENTENCE = 150
# Words that open a turn or an emotional peak — what the seed asks a summary to keep.
TURN_WORDS = (
    "忽然", "突然", "不料", "竟", "却说", "大惊", "大怒", "大喜", "哭", "泣", "誓", "死",
    "杀", "败", "胜", "降", "反", "背叛", "决定", "终于", "原来", "秘密", "真相",
)  # fmt: skip
HOOK_MARKS = ("？", "?", "悬念", "钩子", "反转", "冲突", "谜", "为何", "究竟", "何人")
# jieba tags these as person names, but they name a rank, a group or a role, not a character.
_ROLE_WORDS = (
    "诸侯", "太后", "黄巾", "将军", "大将军", "丞相", "太守", "天子", "皇帝", "陛下", "主公",
    "先生", "夫人", "公子", "小姐", "师父", "师兄", "师姐", "师弟", "师妹", "老者", "少年",
    "众人", "长老", "宗主", "掌门", "大人", "老夫", "贤弟", "兄长", "刺史",
)  # fmt: skip
NOT_NAMES = frozenset(_ROLE_WORDS)
# Frequent in any narrative, so they say nothing about this one (jieba's IDF keeps a few).
FILLER_WORDS = frozenset(
    ("什么", "一个", "没有", "自己", "知道", "他们", "我们", "你们", "这个", "那个", "不是",
     "就是", "起来", "出来", "一声", "一下", "时候", "怎么", "这样", "那样", "已经")
)  # fmt: skip
_CJK = re.compile(r"[\u4e00-\u9fff]")
SPEECH_SUFFIX = re.compile(r"[曰道云]$")

_SENTENCE = re.compile(r".+?(?:[。！？!?…]+[”’」』）)]*|$)")
_SKIP_LINE = re.compile(r"^\s*(?:#|\||>|[-*+]\s*\||<!--|---)")
_SPACE = re.compile(r"\s+")
_BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)、])\s+")
_EMPHASIS = re.compile(r"\*\*|__|`")


@dataclass(frozen=True)
class Sentence:
    """One sentence of a chapter, with where it came from."""

    chapter: int
    position: int  # order within the whole input
    text: str


def split_sentences(text: str, chapter: int = 0, start: int = 0) -> list[Sentence]:
    """The prose sentences of a text: headings, tables and markup lines skipped, quotes
    balanced, very short or very long sentences left out."""
    result = []
    for line in text.splitlines():
        if _SKIP_LINE.match(line):
            continue
        line = _EMPHASIS.sub("", _BULLET.sub("", line.replace("\u3000", "")))
        line = _SPACE.sub(" ", line).strip()
        for match in _SENTENCE.finditer(line):
            sentence = _balance_quotes(match.group(0))
            if MIN_SENTENCE <= len(sentence) <= MAX_SENTENCE:
                result.append(Sentence(chapter, start + len(result), sentence))
    return result


def _balance_quotes(sentence: str) -> str:
    for opening, closing in (("“", "”"), ("「", "」"), ("‘", "’"), ("（", "）")):
        if sentence.count(opening) != sentence.count(closing):
            sentence = sentence.replace(opening, "").replace(closing, "")
    return sentence.strip("：:，, ")


def keywords(text: str, count: int = 40) -> dict[str, float]:
    """TF-IDF keywords of the text with their weights (jieba's, see `tfidf`)."""
    pairs = tfidf.extract_tags(text, count * 2)
    kept = [(w, weight) for w, weight in pairs if _CJK.search(w) and w not in FILLER_WORDS]
    return {word: float(weight) for word, weight in kept[:count]}


def score(sentence: str, weights: dict[str, float]) -> float:
    """Keyword weight per length, plus a little for turns and open questions."""
    weight = sum(w for word, w in weights.items() if word in sentence)
    turns = sum(1 for word in TURN_WORDS if word in sentence)
    hooks = sum(1 for mark in HOOK_MARKS if mark in sentence)
    return weight / math.sqrt(max(len(sentence), 20)) + 0.05 * min(turns, 3) + 0.05 * hooks


def ranked(sentences: Iterable[Sentence], weights: dict[str, float]) -> list[Sentence]:
    """Sentences best first; equal scores keep text order."""
    return sorted(sentences, key=lambda s: (-score(s.text, weights), s.position))


def person_names(text: str, count: int = 8) -> list[tuple[str, int]]:
    """The most named people in a text, for books without a cast list: words jieba tags as
    person names (`nr`) at least twice, ranked by how often they occur; a name inside
    another chosen one (玄德 in 刘玄德) counts as the same person."""
    from workbench.lexicon import lexicon_for

    tagged: Counter[str] = Counter()
    for word, tag in lexicon_for(text).tagged(text):
        if tag != "nr":
            continue
        word = SPEECH_SUFFIX.sub("", word) if len(word) > 2 else word
        if 2 <= len(word) <= 4 and word not in NOT_NAMES:
            tagged[word] += 1
    candidates = [(word, text.count(word)) for word, times in tagged.items() if times >= 2]
    candidates.sort(key=lambda item: (-item[1], text.find(item[0])))
    chosen: list[tuple[str, int]] = []
    for word, times in candidates:
        if not any(word in other or other in word for other, _ in chosen):
            chosen.append((word, times))
        if len(chosen) == count:
            break
    return chosen


def cast_mentions(text: str, cast: dict[str, tuple[str, ...]]) -> list[tuple[str, int]]:
    """How often each cast member is named (any alias), most named first; a name inside a
    longer cast name (龙王 in 西海龙王) is not counted for the shorter one."""
    all_names = sorted({n for name, aliases in cast.items() for n in (name, *aliases)}, key=len)
    counts = []
    for name, aliases in cast.items():
        total = 0
        for alias in {name, *aliases}:
            longer = [n for n in all_names if len(n) > len(alias) and alias in n]
            total += text.count(alias) - sum(text.count(n) * n.count(alias) for n in longer)
        if total > 0:
            counts.append((name, total))
    order = list(cast)
    return sorted(counts, key=lambda item: (-item[1], order.index(item[0])))


def fit(lines: list[str], budget: int) -> list[str]:
    """The lines, in order, that fit in the budget (字); a line too long for what is left is
    skipped so a shorter later one can still fit."""
    kept, used = [], 0
    for line in lines:
        size = count_zi(line)
        if used + size > budget:
            continue
        kept.append(line)
        used += size
    return kept
