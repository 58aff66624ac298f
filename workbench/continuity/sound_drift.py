"""Name drift by sound in two-character names: the surname kept and the given name typed as
another character that sounds alike (吴庸 for 吴用, 萧焱 for 萧炎, 刘倍 for 刘备), the slip a
pinyin input method makes. One character away from a two-character name is most often
another person or a word, so a candidate must also:

- sound like the cast name's character (sounds.sound_alike: the same toneless reading, or one
  of the pairs input methods merge);
- stand where a name stands: acting (吴庸笑道, 刘倍大怒曰), after 对/向/与/见 … or a naming
  cue (唤作萧焱), or addressed (“萧焱，你来了”);
- be no word in jieba's dictionary (关于 beside 关羽), start or end no word with its
  neighbours (东吴庸 holds 东吴), and be no cast name or alias (曹丕 beside 曹操).

Two-character names are the cast's names of two characters and their two-character aliases
with the same surname (关公 for 关羽); courtesy names (孔明, 子龙) have no surname to keep.
The scan is linear: one look at each place a cast surname stands.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from functools import lru_cache

from workbench.continuity import words
from workbench.continuity.dictionary import is_word
from workbench.continuity.drift import NOT_IN_NAMES, Candidate
from workbench.continuity.prose import NameMatcher, paragraphs
from workbench.continuity.sounds import merged, readings, sound_alike

_CJK = re.compile(r"[\u4e00-\u9fff]")
_ACTS = frozenset(words.ACT_CHARS)
_BEFORE = frozenset(words.BEFORE_A_NAME)
_QUOTES = frozenset(words.OPEN_QUOTES)
_PAUSES = frozenset(words.ADDRESS_PAUSES)


@dataclass(frozen=True)
class SoundIndex:
    """The two-character names by surname and by how the given name's character reads:
    surname -> reading -> (that character, the form), toneless and with the merged pairs
    folded; and what each piece seen in the text was found to sound like."""

    given: dict[str, frozenset[str]]  # surname -> the given names' characters
    by_reading: dict[str, dict[str, tuple[str, str]]]
    by_merged: dict[str, dict[str, tuple[str, str]]]
    surnames: re.Pattern[str] | None
    alike: dict[str, tuple[str, str] | None] = field(default_factory=dict)  # piece -> hit

    def drifted(self, piece: str) -> tuple[str, str] | None:
        """The cast form the piece sounds like and the reading they share; None when no
        form of its surname sounds like it. A few lookups, however many names there are."""
        if piece not in self.alike:
            if len(self.alike) >= MAX_REMEMBERED:
                self.alike.clear()
            self.alike[piece] = self._sounds_like(piece)
        return self.alike[piece]

    def _sounds_like(self, piece: str) -> tuple[str, str] | None:
        surname, char = piece
        if char in self.given[surname] or char in NOT_IN_NAMES or not _CJK.match(char):
            return None
        ours = sorted(readings(char))
        for table, fold in ((self.by_reading[surname], str), (self.by_merged[surname], merged)):
            hit = next((table[fold(r)] for r in ours if fold(r) in table), None)
            if hit is not None:
                own, form = hit
                return form, sound_alike(char, own) or ""
        return None


MAX_REMEMBERED = 100_000  # pieces remembered per index, a few MB at most


@lru_cache(maxsize=8)
def sound_index(forms: tuple[tuple[str, str], ...]) -> SoundIndex:
    """The index of these (form, character) pairs."""
    given: dict[str, set[str]] = defaultdict(set)
    by_reading: dict[str, dict[str, tuple[str, str]]] = defaultdict(dict)
    by_merged: dict[str, dict[str, tuple[str, str]]] = defaultdict(dict)
    for form, character in forms:
        if len(form) == 2 and form[0] == character[0] and all(map(_CJK.match, form)):
            surname, own = form
            given[surname].add(own)
            for reading in sorted(readings(own)):
                by_reading[surname].setdefault(reading, (own, form))
                by_merged[surname].setdefault(merged(reading), (own, form))
    pattern = re.compile(f"[{''.join(sorted(given))}]") if given else None
    return SoundIndex(
        {surname: frozenset(chars) for surname, chars in given.items()},
        dict(by_reading),
        dict(by_merged),
        pattern,
    )


def sound_candidates(text: str, names: NameMatcher, intended: frozenset[str]) -> list[Candidate]:
    """The two-character names drifted by sound in a chapter's text, in order of first
    occurrence."""
    index = sound_index(names.forms)
    if index.surnames is None:
        return []
    found: dict[str, list[tuple[int, int]]] = {}
    resembles: dict[str, tuple[str, str]] = {}
    for paragraph in paragraphs(text):
        line = paragraph.text
        named: list[tuple[int, int]] | None = None  # the cast's names, found when needed
        for match in index.surnames.finditer(line):
            at = match.start()
            piece = line[at : at + 2]
            hit = index.drifted(piece) if len(piece) == 2 else None
            if hit is None or piece in intended:
                continue
            if named is None:
                named = [(start, end) for start, end, _, _ in names.find(line)]
            # 马懿 of 司马懿: a piece inside or across a cast name is that name
            if any(start < at + 2 and at < end for start, end in named):
                continue
            if is_word(piece) or not _stands_as_name(line, at):
                continue
            found.setdefault(piece, []).append((paragraph.line, paragraph.start + at))
            resembles.setdefault(piece, hit)
    characters = names.characters
    return [
        Candidate(piece, form, characters[form], tuple(places), 1, sound)
        for piece, places in found.items()
        for form, sound in (resembles[piece],)
    ]


def _stands_as_name(line: str, at: int) -> bool:
    """Whether the two characters at `at` stand where a name stands, starting and ending no
    word with their neighbours (东吴庸, 张非常)."""
    end = at + 2
    before, after = line[at - 1 : at] if at else "", line[end : end + 1]
    if before and is_word(before + line[at]):
        return False
    # 刘倍道: a speech verb right after the name may make a word with it (倍道), and is still
    # the act
    if after not in _ACTS and is_word(line[at + 1 : at + 3]):
        return False
    return (
        words.act_after(line, end) is not None
        or before in _BEFORE
        or line.endswith(words.NAMING_CUES, 0, at)
        or (before in _QUOTES and after in _PAUSES)
    )
