"""Finding and masking the API key in whatever an endpoint sends back.

An endpoint that echoes its request (a debugging proxy, a careless error page) may quote the
key plainly, inside `Bearer …`, URL- or JSON-escaped, base64-encoded, upper-cased or cut
short. All of these are found: the key's escaped forms whole, and any run of at least
FRAGMENT characters of the key itself, in any letter case. A key shorter than FRAGMENT (a
local server's placeholder such as `ollama`) is matched only as a whole word, case and all,
so ordinary prose that happens to contain it is not rejected.

The key in a disguise a person (or a model) still reads as the key is found too: the text is
folded the way a reader sees it — accents and other combining marks dropped, Unicode NFKC
(full-width and other compatibility letters become plain ones), case folded, and everything
that is not a letter or digit removed: spaces, separators such as `-` or `**`, and every
default-ignorable code point (zero-width characters, bidi controls, variation selectors, tag
characters, Hangul fillers) and the braille blank. The folded text is searched for runs of
the key folded the same way, and of its encodings (reversed, ROT13, hex, base32, base64 and
their compositions: llm/key_forms.py) — all at once, through one Aho–Corasick automaton
(pyahocorasick), so the search stays linear in the text however many forms there are.
Folding runs in C (str.translate over a table of the characters the text holds); the
character-by-character walk back to the original positions runs only when the key is there.
"""

from __future__ import annotations

import base64
import json
import re
import unicodedata
import urllib.parse
from bisect import bisect_right
from functools import lru_cache

import ahocorasick

from workbench.llm.key_forms import encoded_forms

FRAGMENT = 8
MASK = "***"
# Characters a reader does not see that are letters all the same (Hangul fillers); every other
# default-ignorable code point (Unicode's DerivedCoreProperties) is no letter or digit and goes
# with the rest, as does the braille blank, a symbol that prints as nothing.
_INVISIBLE_LETTERS = frozenset({0x115F, 0x1160, 0x3164, 0xFFA0})
_COMBINING = frozenset({"Mn", "Me"})


class KeyMask:
    """Masks one key (every form of it) in text; `found` tells whether any form is there."""

    def __init__(self, key: str) -> None:
        self.key = key
        self._lowered = key.lower()
        self._pattern: re.Pattern[str] | None = None
        self._fragments: dict[str, int] = {}
        self.longest = 0  # the longest stretch of text one occurrence can span
        self._folded: _Runs | None = None  # the key's runs, folded as a reader sees them
        if not key:
            return
        if len(key) < FRAGMENT:
            self._pattern = re.compile(rf"(?<![A-Za-z0-9]){re.escape(key)}(?![A-Za-z0-9])")
            self.longest = len(key)
            return
        self._fragments = {
            self._lowered[i : i + FRAGMENT]: i for i in range(len(key) - FRAGMENT + 1)
        }
        forms = sorted(_escaped_forms(key), key=len, reverse=True)
        self.longest = max(len(form) for form in forms)
        alternatives = [re.escape(form) for form in forms] + [
            re.escape(fragment) for fragment in self._fragments
        ]
        self._pattern = re.compile("|".join(alternatives), re.IGNORECASE)
        folded_key = fold(key)
        if len(folded_key) >= FRAGMENT:
            self._folded = _Runs([fold(form) for form in encoded_forms(key)], len(folded_key))

    def spans(self, text: str) -> list[tuple[int, int]]:
        """Where the key occurs in `text`, as (start, end) spans in order: its plain and
        escaped forms, and its disguises (see the module's doc), merged."""
        found = self._plain_spans(text)
        if self._folded is not None and self._folded.occurs_in(fold(text)):
            found = _merged(found + _disguised_spans(text, self._folded))
        return found

    def _plain_spans(self, text: str) -> list[tuple[int, int]]:
        if self._pattern is None:
            return []
        found: list[tuple[int, int]] = []
        position = 0
        while match := self._pattern.search(text, position):
            start, end = match.span()
            index = self._fragments.get(match.group().lower())
            if index is not None:  # a run of the key: take it as far as it goes
                while (
                    end < len(text)
                    and index + end - start < len(self.key)
                    and text[end].lower() == self._lowered[index + end - start]
                ):
                    end += 1
            found.append((start, end))
            position = end
        return found

    def found(self, text: str) -> bool:
        """Whether any form of the key is in `text`."""
        return bool(self.spans(text))

    def mask(self, text: str) -> str:
        """`text` with every occurrence of the key replaced by `***`."""
        spans = self.spans(text)
        if not spans:
            return text
        pieces, last = [], 0
        for start, end in spans:
            pieces += [text[last:start], MASK]
            last = end
        pieces.append(text[last:])
        return "".join(pieces)


class StreamMask:
    """Masks a stream piece by piece: text that could still turn out to be the start of the
    key is held back until the next piece (or the end) shows what it is."""

    def __init__(self, mask: KeyMask) -> None:
        self.mask = mask
        self._held = ""

    def feed(self, piece: str) -> str:
        """The masked text that is safe to pass on now."""
        buffer = self._held + piece
        cut = min(max(0, len(buffer) - self.mask.longest), self._reader_cut(buffer))
        for start, end in self.mask.spans(buffer):
            if start < cut < end:  # an occurrence across the cut is held back whole
                cut = start
                break
        self._held = buffer[cut:]
        return self.mask.mask(buffer[:cut])

    def _reader_cut(self, buffer: str) -> int:
        """Where the end of `buffer` that holds fewer visible characters than the folded key
        (or than a run of one of its encodings, when longer) begins: invisibles and spaces
        between the key's letters do not make it pass early. An encoding longer than that is
        held back whole all the same: its span reaches the end of the buffer while it goes on,
        so the cut moves back to where it starts."""
        runs = self.mask._folded
        if runs is None:
            return len(buffer)
        seen, position = 0, len(buffer)
        while position > 0 and seen < runs.held:
            position -= 1
            seen += len(_fold_character(buffer[position]))
        return position

    def flush(self) -> str:
        """What was held back, masked, once the stream has ended."""
        rest, self._held = self._held, ""
        return self.mask.mask(rest)


def fold(text: str) -> str:
    """`text` as a reader sees it: only its letters and digits, accents dropped, NFKC, case
    folded."""
    return text.translate(_fold_table(frozenset(text)))


def _fold_table(characters: frozenset[str]) -> dict[int, str]:
    table: dict[int, str] = {}
    for character in characters:
        folded = _fold_character(character)
        if folded != character:
            table[ord(character)] = folded
    return table


@lru_cache(maxsize=65536)
def _fold_character(character: str) -> str:
    if ord(character) in _INVISIBLE_LETTERS:
        return ""
    bare = "".join(
        part
        for part in unicodedata.normalize("NFKD", character)
        if unicodedata.category(part) not in _COMBINING
    )
    folded = unicodedata.normalize("NFKC", bare).casefold()
    return "".join(c for c in folded if c.isalnum() and ord(c) not in _INVISIBLE_LETTERS)


class _Runs:
    """The runs of the folded key's forms: FRAGMENT characters of the key itself, and as
    many of an encoding as encode that much of the key (16 hex digits for 8 characters)."""

    def __init__(self, forms: list[str], key_length: int) -> None:
        self.forms = [form for form in forms if form]
        self.held = key_length  # visible characters a stream holds back (see StreamMask)
        self.automaton = ahocorasick.Automaton()
        for number, form in enumerate(self.forms):
            size = max(FRAGMENT, -(-FRAGMENT * len(form) // key_length))
            self.held = max(self.held, size)
            for index in range(len(form) - size + 1):
                run = form[index : index + size]
                if run not in self.automaton:
                    self.automaton.add_word(run, (number, index, size))
        self.automaton.make_automaton()

    def occurs_in(self, text: str) -> bool:
        """Whether any run of any form is in `text` (folded)."""
        return next(self.automaton.iter(text), None) is not None

    def spans(self, text: str) -> list[tuple[int, int]]:
        """Each run of a form in `text`, taken as far as that form goes."""
        found: list[tuple[int, int]] = []
        covered = 0
        for last, (number, index, size) in self.automaton.iter(text):
            if last < covered:  # inside a span already taken as far as it goes
                continue
            form, start, end = self.forms[number], last - size + 1, last + 1
            while end < len(text) and index + end - start < len(form):
                if text[end] != form[index + end - start]:
                    break
                end += 1
            found.append((start, end))
            covered = end
        return found


def _disguised_spans(text: str, runs: _Runs) -> list[tuple[int, int]]:
    """The spans of `text` whose folded form holds a run of the key: the text folded one
    character at a time, each folded character remembering the original it came from."""
    starts: list[int] = []  # folded offset where each original character's folding begins
    pieces: list[str] = []
    offset = 0
    for character in text:
        starts.append(offset)
        folded = _fold_character(character)
        pieces.append(folded)
        offset += len(folded)
    found = []
    for start, end in runs.spans("".join(pieces)):
        first = bisect_right(starts, start) - 1
        last = bisect_right(starts, end - 1) - 1
        found.append((first, last + 1))
    return found


def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def _escaped_forms(key: str) -> set[str]:
    forms = {
        key,
        urllib.parse.quote(key, safe=""),
        urllib.parse.quote(key),
        json.dumps(key)[1:-1],
        json.dumps(key)[1:-1].replace("/", "\\/"),
    }
    # Base64 of text containing the key, at each of the three byte alignments: the part of
    # the encoding that depends on the key alone.
    raw = key.encode()
    for pad in range(3):
        encoded = base64.b64encode(b"\0" * pad + raw).decode()
        lead = -(-pad * 4 // 3)
        stable = encoded[lead : len(encoded) - 4]
        if len(stable) >= FRAGMENT:
            forms.add(stable)
    return {form for form in forms if form}
