"""Who is new in a range of chapters, found without a model.

A name is looked for only where a name stands: before what a person does (X道, X冷笑, X领着 —
a listed speech or action word, or any word jieba tags as a verb), after a naming word
(名唤X, 人称X, 自称X) or a copula (乃是X), after an address (对X, 拜见X). At each such place
the runs of jieba's words ending (or starting) there are tried, longest first, and the first
shaped like a name is taken: a surname and a given name (韩立), a title or epithet with what
qualifies it (血魔老祖, 墨大夫, 二长老, 灰鼠精), or, after a naming word, whatever stands
there (悟尘). A run that holds a predicate (皱眉, 跪地), a pronoun or particle, a bare role
(龙王, 长老), a place (万妖谷) or a listed non-name (闻言, 冷笑) is no name. What is left must
be introduced, or act and recur; a word of jieba's dictionary (松树 as much as 孙权: the
dictionary tags both as names) must speak; one mostly after a pronoun (他闻言), a classifier
(一片叶子) or where places stand (回许昌) is left out. The rest is ranked by how much the
range does with it. The word lists are data (name_patterns.py) a project extends in
workbench.toml.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from workbench.lexicon import Lexicon
from workbench.upkeep.name_patterns import (
    COMPOUND_SURNAMES,
    DEFAULT_PATTERNS,
    FAMILIAR,
    FUNCTION_TAGS,
    NATURE_ENDS,
    NOT_INSIDE_TAGS,
    NOT_QUALIFIERS,
    NOT_SECOND,
    NOUN_BEFORE,
    PERSON_TAGS,
    PLACE_AFTER,
    PLACE_BEFORE,
    PLACE_SHARE,
    PLACE_TAGS,
    PREDICATE_TAGS,
    PRONOUNS,
    RANKS,
    SHORT_TITLE_QUALIFIER,
    SURNAMES,
    NamePatterns,
)
from workbench.upkeep.text import Chapter, Sentence

MIN_MENTIONS = 2  # a name that acts but is named once is a passer-by
MAX_RUN = 6  # characters: 镇南大将军 is five
MAX_WORDS = 4  # jieba words in one run
PREDICATE_SHARE = 0.5  # a run this often right after a pronoun (他闻言) is what someone does


@dataclass
class Candidate:
    """A would-be new character in a range, with what speaks for it."""

    name: str
    known_word: bool  # a word of jieba's dictionary (松树 and 孙权 alike): it must speak
    named: int = 0  # times a naming word introduced it
    acting: int = 0  # times it stood right before what a person does, or was addressed
    speaking: int = 0  # times it stood before speech (X道, X曰, X冷笑道)
    mentions: int = 0  # whole-name occurrences in the range
    after_pronoun: int = 0  # occurrences right after 他/她/我 …
    after_noun_marker: int = 0  # occurrences right after 一片, 那条 … (a thing, not a person)
    at_place: int = 0  # occurrences as a place stands: 回许昌, 许昌城
    first: tuple[int, int] = (0, 0)  # (chapter, sentence index) of its first mention
    appearances: list[tuple[int, Sentence]] = field(default_factory=list)

    @property
    def score(self) -> float:
        """How much the range does with this person."""
        return self.mentions + 2 * self.acting + 2 * self.speaking + 5 * self.named


@dataclass(frozen=True)
class AliasHint:
    """The text gives a known character another name: 刘备，字玄德 / 周德全，人称周胖子."""

    character: str
    alias: str
    chapter: int
    sentence: Sentence


@dataclass(frozen=True)
class _Word:
    text: str
    tag: str
    start: int
    end: int


_COURTESY = re.compile(r"([\u4e00-\u9fff]{2,3})[，,]字([\u4e00-\u9fff]{2})(?=[，,。；;])")
_CALLED = re.compile(
    r"([\u4e00-\u9fff]{2,4})[，,]?(?:人称|号称|外号|绰号|人唤|号)([\u4e00-\u9fff]{2,4}?)(?=[，,。；;”」])"
)
_HAN = re.compile(r"^[\u4e00-\u9fff]+$")
_STOP_AFTER = re.compile(r"^(?:[^\u4e00-\u9fff]|$|的|是|也|在|乃|便|又|却|，)")


def has_surname(word: str) -> bool:
    """Whether the word begins with a Chinese surname (single or compound)."""
    return word[:1] in SURNAMES or word[:2] in COMPOUND_SURNAMES


def surname_of(word: str) -> str:
    """The word's surname (compound first), '' when it has none."""
    if word[:2] in COMPOUND_SURNAMES:
        return word[:2]
    return word[:1] if word[:1] in SURNAMES else ""


class _Finder:
    """One range's candidates, built sentence by sentence."""

    def __init__(self, lexicon: Lexicon, patterns: NamePatterns) -> None:
        self.lexicon = lexicon
        self.patterns = patterns
        self.named: Counter[str] = Counter()
        self.acting: Counter[str] = Counter()
        self.speaking: Counter[str] = Counter()  # acting by speech: X道, X曰
        self.same_person: list[tuple[str, str]] = []  # 二长老名叫韩守拙: (二长老, 韩守拙)
        self._regexes: dict[tuple[str, ...], re.Pattern[str]] = {}

    def read(self, text: str) -> None:
        """Every place in one sentence where a name stands."""
        words = self._words(text)
        starts = {word.start: index for index, word in enumerate(words)}
        for index, word in enumerate(words):
            if index and self._lead(text, word.start, self.patterns.speech):
                before = self._backward(text, words, index)
                self.acting[before] += 1
                self.speaking[before] += 1
            elif index and (
                word.tag.startswith("v") or self._lead(text, word.start, self.patterns.acting)
            ):
                self.acting[self._backward(text, words, index)] += 1
            lead = self._lead(text, word.start, self.patterns.naming)
            copula = "" if lead else self._lead(text, word.start, self.patterns.copulas)
            if (lead or copula) and word.start + len(lead or copula) in starts:
                at = starts[word.start + len(lead or copula)]
                after = self._forward(text, words, at, named=bool(lead))
                if after:  # 乃是X says what X is, not that X is a name: it counts as acting
                    (self.named if lead else self.acting)[after] += 1
                    before = self._backward(text, words, index)
                    if before and before != after:
                        self.same_person.append((before, after))
            lead = self._lead(text, word.start, self.patterns.addressing)
            if lead and word.start + len(lead) in starts:
                after = self._forward(text, words, starts[word.start + len(lead)], named=False)
                if after:
                    self.acting[after] += 1

    def _words(self, text: str) -> list[_Word]:
        words, at = [], 0
        for word, tag in self.lexicon.tagged(text):
            words.append(_Word(word, tag, at, at + len(word)))
            at += len(word)
        return words

    def _lead(self, text: str, at: int, leads: tuple[str, ...]) -> str:
        """The longest of `leads` that the text holds at `at`, '' when none."""
        regex = self._regexes.get(leads)
        if regex is None:  # the lists are sorted longest first: the alternation takes that
            regex = self._regexes[leads] = re.compile("|".join(map(re.escape, leads)))
        match = regex.match(text, at)
        return match.group() if match else ""

    def _backward(self, text: str, words: list[_Word], index: int) -> str:
        """The longest run shaped like a name that ends where words[index] starts."""
        end = words[index].start
        for first in range(max(0, index - MAX_WORDS), index):
            run = words[first:index]
            if end - run[0].start <= MAX_RUN and self.shaped(text, run):
                return text[run[0].start : end]
        return ""

    def _forward(self, text: str, words: list[_Word], index: int, *, named: bool) -> str:
        """The longest run shaped like a name that starts at words[index] and stands alone
        (punctuation, 的/是 or an action after it)."""
        for last in range(min(len(words), index + MAX_WORDS), index, -1):
            run = words[index:last]
            end = run[-1].end
            if end - run[0].start > MAX_RUN:
                continue
            alone = _STOP_AFTER.match(text[end:]) or self._lead(text, end, self.patterns.acting)
            if alone and self.shaped(text, run, named=named):
                return text[run[0].start : end]
        return ""

    def shaped(self, text: str, run: list[_Word], *, named: bool = False) -> bool:
        """Whether the run of words could be a person's name."""
        name = text[run[0].start : run[-1].end]
        patterns = self.patterns
        if not (2 <= len(name) <= MAX_RUN and _HAN.match(name)):
            return False
        if name in patterns.not_names or name in patterns.generic_roles:
            return False
        first = run[0]
        if name[0] in NOT_QUALIFIERS or name[0] in PRONOUNS or first.tag in FUNCTION_TAGS:
            return False
        if first.text in patterns.speech or first.text in patterns.acting:
            return False  # 说曹公: the verb before a name
        for word in run:
            if word.text in patterns.naming or word.text in patterns.not_names:
                return False
            if word is not first and word.tag in NOT_INSIDE_TAGS:
                return False
        if len(run) == 1 and first.tag in PLACE_TAGS:
            return False
        title = next((t for t in patterns.titles if name.endswith(t)), "")
        if title:
            return self._titled(name, title, run)
        ends_in_role = any(name.endswith(role) for role in patterns.generic_roles)
        if ends_in_role or name[-1] in patterns.place_ends:
            return False  # 白衣女子, 万妖谷
        if name[-1] in NATURE_ENDS and not has_surname(name):
            return False  # 落霞林, but 周德海
        if any(len(w.text) > 1 and w.tag in PREDICATE_TAGS for w in run[1:]):
            return False  # 悟尘跺脚: a name and what he does
        if has_surname(name) and len(name) <= 4:
            if len(run) > 1 and _word_of_its_own(self.lexicon, first):
                return named  # 后人有诗: the surname's character belongs to another word
            given = name[len(surname_of(name)) :]
            return bool(given) and given[0] not in NOT_SECOND
        return named

    def _titled(self, name: str, title: str, run: list[_Word]) -> bool:
        """A title with something that makes it one person's: 赤练仙子, 墨大夫, 二长老."""
        qualifier = name[: -len(title)]
        is_surname = surname_of(qualifier) == qualifier
        if len(title) == 1 and len(qualifier) < SHORT_TITLE_QUALIFIER and not is_surname:
            return False  # 鼠精, but 灰鼠精 and 顾总
        if len(qualifier) == 1 and not is_surname and qualifier not in RANKS:
            return False  # 门执事 of 外门执事, but 墨大夫 and 二长老
        if qualifier in self.patterns.generic_roles:
            return False  # 师父大人
        inner = [w for w in run if w.end <= len(qualifier) + run[0].start]
        return not any(len(w.text) > 1 and w.tag in PREDICATE_TAGS for w in inner[1:])


def _word_of_its_own(lexicon: Lexicon, word: _Word) -> bool:
    """A word of several characters the dictionary files as something other than a name."""
    tag = lexicon.tags.get(word.text)
    return len(word.text) > 1 and tag is not None and tag not in PERSON_TAGS


def gather(
    chapters: list[Chapter],
    lexicon: Lexicon,
    known: Iterable[str],
    patterns: NamePatterns = DEFAULT_PATTERNS,
) -> tuple[list[Candidate], list[AliasHint]]:
    """Candidates for new characters in the chapters, and the aliases the text gives the
    characters in `known`."""
    forms = set(known)
    finder = _Finder(lexicon, patterns)
    hints: list[AliasHint] = []
    for chapter in chapters:
        for sentence in chapter.sentences:
            finder.read(sentence.text)
            for match in _COURTESY.finditer(sentence.text):
                name, alias = _trim_to_known(match.group(1), forms), match.group(2)
                if name in forms and alias not in forms:
                    hints.append(AliasHint(name, alias, chapter.number, sentence))
            for match in _CALLED.finditer(sentence.text):
                name, alias = _trim_to_known(match.group(1), forms), match.group(2)
                if name in forms and alias not in forms:
                    hints.append(AliasHint(name, alias, chapter.number, sentence))
    candidates = {
        name: Candidate(
            name,
            name in lexicon.tags,
            named=finder.named[name],
            acting=finder.acting[name],
            speaking=finder.speaking[name],
        )
        for name in set(finder.acting) | set(finder.named)
        if name and _new(name, forms)
    }
    _count_mentions(list(candidates.values()), chapters, forms)
    candidates = {name: c for name, c in candidates.items() if _personal(c)}
    _merge_same_person(candidates, finder.same_person)
    names = set(candidates) | forms
    return [c for c in candidates.values() if not _another_name(c.name, names, patterns)], hints


def _another_name(name: str, names: set[str], patterns: NamePatterns) -> bool:
    """A title after a surname or a familiar 老/小 before one (厉师兄, 老陈), when someone
    of that surname is known or found: another name for that person, not a new one."""
    if name[:1] in FAMILIAR and len(name) == 2:
        surname = name[1]
    else:
        title = next((t for t in patterns.titles if name.endswith(t)), "")
        surname = name[: -len(title)] if title else ""
        if not surname or surname_of(surname) != surname:
            return False
    return any(other != name and surname_of(other) == surname for other in names)


def _merge_same_person(candidates: dict[str, Candidate], pairs: list[tuple[str, str]]) -> None:
    """二长老名叫韩守拙: one person; the name mentioned more keeps the other's counts."""
    for one, other in pairs:
        a, b = candidates.get(one), candidates.get(other)
        if a is None or b is None:
            continue
        keep, drop = (a, b) if a.score >= b.score else (b, a)
        keep.mentions += drop.mentions
        keep.acting += drop.acting
        keep.named += drop.named
        keep.first = min(keep.first, drop.first)
        del candidates[drop.name]


def _trim_to_known(text: str, forms: set[str]) -> str:
    """The known name a captured run of characters ends with (却说糜竺 -> 糜竺)."""
    return next((text[i:] for i in range(len(text)) if text[i:] in forms), text)


def _new(name: str, forms: set[str]) -> bool:
    """Not a known name, not part of one (灵均 of 谢灵均), not one with more after it (陆照顿)."""
    return name not in forms and not any(
        name in form or form in name for form in forms if len(form) >= 2
    )


def _personal(candidate: Candidate) -> bool:
    """Introduced by a naming word, or acting and named more than once (a word jieba's
    dictionary knows must speak); never mostly what follows a
    pronoun (他闻言) or a classifier (一片叶子)."""
    if candidate.mentions == 0:
        return False
    if candidate.after_pronoun >= PREDICATE_SHARE * candidate.mentions:
        return False
    if candidate.after_noun_marker >= PREDICATE_SHARE * candidate.mentions:
        return False
    if candidate.at_place >= PLACE_SHARE * candidate.mentions:
        return False
    if candidate.named:
        return True
    if candidate.known_word and not candidate.speaking:
        return False  # 松树横生: a word the dictionary knows, and it never speaks
    return candidate.acting >= 1 and candidate.mentions >= MIN_MENTIONS


def _count_mentions(candidates: list[Candidate], chapters: list[Chapter], forms: set[str]) -> None:
    """Whole-name occurrences: inside a longer candidate or known name they do not count."""
    by_name = {c.name: c for c in candidates}
    terms = sorted(set(by_name) | forms, key=lambda t: (-len(t), t))
    if not by_name:
        return
    regex = re.compile("|".join(map(re.escape, terms)))
    for chapter in chapters:
        for position, sentence in enumerate(chapter.sentences):
            text = sentence.text
            seen: set[str] = set()
            for match in regex.finditer(text):
                found = by_name.get(match.group())
                if found is None:
                    continue
                if not found.mentions:
                    found.first = (chapter.number, position)
                found.mentions += 1
                before = text[match.start() - 1] if match.start() else ""
                found.after_pronoun += before in PRONOUNS
                found.after_noun_marker += before in NOUN_BEFORE
                after = text[match.end() : match.end() + 1]
                found.at_place += before in PLACE_BEFORE or after in PLACE_AFTER
                if found.name not in seen and len(found.appearances) < 3:
                    found.appearances.append((chapter.number, sentence))
                seen.add(found.name)


def ranked(candidates: Iterable[Candidate]) -> Iterator[Candidate]:
    """Most telling first; ties go to the earlier first mention, then the name."""
    return iter(sorted(candidates, key=lambda c: (-c.score, c.first, c.name)))
