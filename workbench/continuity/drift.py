"""Name drift: a name that is one character away from a cast name or alias (沈青裳 for
沈青棠, 沙悟静 for 沙悟净), is no one in the cast and no word in jieba's dictionary.

Only names of three or more characters are compared here: one character away from a
two-character name is most often another person or a word (刘岱 for 刘备, 高飞 for 张飞), so
those drift only by sound (sound_drift.py).
A candidate overlapping a name the cast has (刘玄 inside 刘玄德) is that name; one whose
differing character starts or ends a dictionary word with its neighbours (诸葛丞相, 沈青说道)
is that word; a compound surname and another given name (诸葛瑾 beside 诸葛亮) is a relative,
and a title with another surname (韩执事 beside the alias 周执事) another person.
The scan is linear in the text: each position where a cast name's first or second character
stands is looked up once per name length and differing position.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

import ahocorasick

from workbench.continuity.dictionary import is_word
from workbench.continuity.findings import NAME_DRIFT, Finding
from workbench.continuity.prose import NameMatcher, paragraphs

MIN_LENGTH = 3
# Longer forms are titles and descriptions, not names one slip away: each length costs every
# position of the text a look-up per character, so the index stops here.
MAX_LENGTH = 10
_COMPOUND_SURNAMES = (
    "诸葛", "司马", "夏侯", "公孙", "欧阳", "上官", "皇甫", "太史", "东方", "令狐", "慕容",
    "长孙", "宇文", "尉迟", "独孤", "南宫", "西门", "司徒", "司空", "申屠", "轩辕", "端木",
    "澹台", "百里", "呼延", "淳于", "钟离", "闻人", "万俟", "赫连", "第五",
)  # fmt: skip
COMPOUND_SURNAMES = frozenset(_COMPOUND_SURNAMES)
# A differing character that is one of these is grammar, not a name (沈青的, 沈青也).
NOT_IN_NAMES = frozenset(
    "之的了是在也而与和及乃者其于以为所曰道说笑问叫谓等将把被就都又还只这那此彼却"
)
_CJK = re.compile(r"^[\u4e00-\u9fff]+$")


@dataclass(frozen=True)
class Candidate:
    """A drifted name in a text: the name it resembles and each (line, start) it is at."""

    text: str
    resembles: str  # the cast form it is one character away from
    character: str
    places: tuple[tuple[int, int], ...]  # (1-based line, offset in the chapter text)
    blank: int  # where it differs from `resembles`
    sound: str = ""  # the reading it shares with `resembles`, for a drift by sound

    @property
    def stem(self) -> tuple[str, bool, str] | None:
        """The part shared with the cast name when the difference is at an end, whether it
        comes first, and the cast name's own character beside it (张翼, True, 德 of 张翼X
        beside 张翼德): a name of its own when the book writes it before (or after) many
        different characters."""
        if self.blank == len(self.text) - 1:
            return self.text[:-1], True, self.resembles[-1]
        if self.blank == 0:
            return self.text[1:], False, self.resembles[0]
        return None


@dataclass(frozen=True)
class DriftIndex:
    """Every cast form of MIN_LENGTH or more, by its text with one character blanked."""

    keys: dict[tuple[int, int], dict[str, str]]  # (length, blank) -> key -> form
    lengths: tuple[int, ...]
    starts: re.Pattern[str] | None  # a first or (one before) a second character of a form
    characters: dict[str, str]  # form -> character


@lru_cache(maxsize=8)
def drift_index(forms: tuple[tuple[str, str], ...]) -> DriftIndex:
    """The index of these (form, character) pairs."""
    keys: dict[tuple[int, int], dict[str, str]] = defaultdict(dict)
    firsts, seconds = set(), set()
    for form, _ in forms:
        if not MIN_LENGTH <= len(form) <= MAX_LENGTH or not _CJK.match(form):
            continue
        firsts.add(form[0])
        seconds.add(form[1])
        for blank in range(len(form)):
            keys[(len(form), blank)].setdefault(form[:blank] + form[blank + 1 :], form)
    pattern = None
    if firsts:
        pattern = re.compile(f"[{''.join(sorted(firsts))}]|(?=.[{''.join(sorted(seconds))}])", re.S)
    lengths = tuple(sorted({length for length, _ in keys}))
    return DriftIndex(dict(keys), lengths, pattern, dict(forms))


@lru_cache(maxsize=4096)
def _kin_or_title(form: str, blank: int) -> bool:
    """Whether another character at `blank` makes another person: a relative (诸葛瑾 beside
    诸葛亮), or the same title with another surname (韩执事 beside 周执事, 周公瑾's 周公)."""
    if blank == 2 and len(form) == 3 and form[:2] in COMPOUND_SURNAMES:
        return True
    rest = form[:blank] + form[blank + 1 :]
    return blank in (0, len(form) - 1) and is_word(rest)


def candidates(text: str, names: NameMatcher, intended: frozenset[str]) -> list[Candidate]:
    """The drifted names in a chapter's text, in order of first occurrence."""
    index = drift_index(names.forms)
    if index.starts is None:
        return []
    found: dict[str, list[tuple[int, int]]] = {}
    resembles: dict[str, str] = {}
    for paragraph in paragraphs(text):
        line = paragraph.text
        covered = bytearray(len(line) + 1)
        for start, end, _form, _name in names.find(line):
            covered[start:end] = b"\1" * (end - start)
        seen_at: set[int] = set()
        for match in index.starts.finditer(line):
            at = match.start()
            if at in seen_at:
                continue
            seen_at.add(at)
            hit = _drift_at(line, at, index, covered)
            if hit is None or hit[0] in intended:
                continue
            found.setdefault(hit[0], []).append((paragraph.line, paragraph.start + at))
            resembles.setdefault(hit[0], hit[1:])
    return [
        Candidate(
            text,
            resembles[text][0],
            index.characters[resembles[text][0]],
            tuple(places),
            resembles[text][1],
        )
        for text, places in found.items()
    ]


STANDALONE_NEIGHBOURS = 3  # different characters next to a stem that make it a name


def standing_alone(
    stems: set[tuple[str, bool, str]], texts: Iterable[str]
) -> set[tuple[str, bool, str]]:
    """The stems (Candidate.stem) the book writes next to at least STANDALONE_NEIGHBOURS
    different characters other than the cast name's own: 张翼围, 张翼至, 张翼亦 make 张翼 a
    person, not 张翼德 misspelt. One pass over the texts for every stem at once."""
    pending = set(stems)
    if not pending:
        return set()
    automaton = ahocorasick.Automaton()
    by_stem: dict[str, list[tuple[str, bool, str]]] = defaultdict(list)
    for stem in pending:
        by_stem[stem[0]].append(stem)
        automaton.add_word(stem[0], stem[0])
    automaton.make_automaton()
    seen: dict[tuple[str, bool, str], set[str]] = defaultdict(set)
    for text in texts:
        # As `stem(.)` / `(.)stem` matched, one after another: a match with its neighbour
        # starts where the one before it ended.
        free_from: dict[tuple[str, bool, str], int] = {}
        for last, found in automaton.iter(text):
            start = last + 1 - len(found)
            for stem in by_stem[found]:
                begin, at = (start, last + 1) if stem[1] else (start - 1, start - 1)
                if begin < free_from.get(stem, 0) or not 0 <= at < len(text):
                    continue
                char = text[at]
                if char == "\n":
                    continue
                free_from[stem] = begin + len(found) + 1
                if stem in pending and char != stem[2] and "\u4e00" <= char <= "\u9fff":
                    seen[stem].add(char)
                    if len(seen[stem]) >= STANDALONE_NEIGHBOURS:
                        pending.discard(stem)
        if not pending:
            break
    return stems - pending


def _drift_at(
    line: str, at: int, index: DriftIndex, covered: bytearray
) -> tuple[str, str, int] | None:
    for length in index.lengths:
        piece = line[at : at + length]
        if len(piece) < length:
            return None
        if any(covered[at : at + length]):
            continue
        for blank in range(length):
            form = index.keys.get((length, blank), {}).get(piece[:blank] + piece[blank + 1 :])
            if form is None or form == piece or _kin_or_title(form, blank):
                continue
            if _plausible(line, at, piece, blank):
                return piece, form, blank
    return None


def _plausible(line: str, at: int, piece: str, blank: int) -> bool:
    """Whether the piece reads as a name rather than a word or a relative."""
    if piece[blank] in NOT_IN_NAMES or not _CJK.match(piece) or is_word(piece):
        return False
    # 孙峻谋杀 (beside 孙仲谋): the piece ends inside a word, so it is no name.
    end = at + len(piece)
    if is_word(line[end - 1 : end + 1]) or (at > 0 and is_word(line[at - 1 : at + 1])):
        return False
    # 沈青说道, 马救起 (马 + 救起 beside 马孟起): the differing character is in a word
    # with its neighbours.
    position = at + blank
    for k in (2, 3):
        for start in range(max(0, position - k + 1), position + 1):
            if start + k <= len(line) and is_word(line[start : start + k]):
                return False
    return True


def drift_findings(
    chapter: int, where: str, found: list[Candidate], sources: dict[str, str]
) -> list[Finding]:
    """One finding per drifted name, at its first line, naming every line it is on."""
    findings = []
    for candidate in found:
        lines = tuple(dict.fromkeys(line for line, _ in candidate.places))
        shown = "、".join(map(str, lines))
        first_line, first_at = candidate.places[0]
        alias = (
            "" if candidate.resembles == candidate.character else f"（{candidate.character}的别名）"
        )
        source = sources.get(candidate.character, "")
        how = "只差一个字"
        if candidate.sound:
            alike = "读音相近" if "~" in candidate.sound else "读音相同"
            how = f"{alike}（{candidate.sound}），又处在人名的位置上"
        findings.append(
            Finding(
                NAME_DRIFT,
                chapter,
                first_line,
                candidate.text,
                f"「{candidate.text}」与「{candidate.resembles}」{alias}{how}，既不在人物表里，"
                f"也不是词典里的词；见第{shown}行。若是另一个人，标为有意的名字",
                tuple(filter(None, (source, *(f"{where}:{line}" for line in lines)))),
                first_at,
                first_at + len(candidate.text),
                lines,
            )
        )
    return findings
