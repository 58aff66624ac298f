"""jieba's word segmentation and part-of-speech tags for one text, loading only the part of
jieba's model that the text can use.

`jieba.initialize()` builds a prefix dictionary of all 349,000 words (≈ 63 MB in the summary
process) and `import jieba.posseg` a second table of their tags plus its HMM tables (≈ 74 MB),
for a range of chapters that uses a few thousand words and characters. Segmentation only
ever looks up substrings of the text it cuts, so a dictionary cut down to the words that
occur in the text (with their prefixes, and the whole dictionary's total frequency) segments
it exactly as the full one does; the tagger's HMM looks up only the text's characters. A
`Lexicon` is built from jieba's own files in one pass over its dictionary; cutting and tagging
are jieba's own code (`jieba.Tokenizer`, `jieba.posseg.POSTokenizer`) run over the cut-down
tables, so they give jieba's answer (tests/summaries compares them with the full model).
"""

from __future__ import annotations

import importlib
import logging
import os
import pickle
import sys
import types
from collections.abc import Iterator
from functools import cache, lru_cache
from pathlib import Path

import jieba

log = logging.getLogger(__name__)

NGRAM = 4  # dictionary words up to this length are checked against the text's n-grams
# The modules holding jieba.posseg's per-character tables, the bulk of what importing it loads.
_POSSEG_TABLES = ("jieba.posseg.char_state_tab", "jieba.posseg.prob_emit")

Tagged = tuple[str, str]  # (word, part of speech), as jieba.posseg's pairs


def _package() -> Path:
    return Path(jieba.__file__).parent


class Lexicon:
    """jieba's dictionary and tagging model restricted to `text`: `cut` and `tagged` answer
    as `jieba.cut` and `jieba.posseg.cut` do, for `text` and any part of it."""

    def __init__(self, text: str) -> None:
        self.text = text
        jieba.setLogLevel(logging.WARNING)
        frequencies, self.tags, total = _words_in(text)
        self.tokenizer = jieba.Tokenizer()
        self.tokenizer.FREQ = frequencies
        self.tokenizer.total = total
        self.tokenizer.initialized = True  # or jieba would load its whole dictionary
        self._hmm: tuple[dict, dict] | None = None

    def cut(self, text: str) -> Iterator[str]:
        """The words of `text`, as `jieba.cut(text)` (accurate mode, HMM for new words)."""
        return self.tokenizer.cut(text)

    def tagged(self, text: str) -> Iterator[Tagged]:
        """The words of `text` with their tags, as `jieba.posseg.cut(text)`."""
        posseg = _posseg_without_tables()
        if self._hmm is None:
            self._hmm = _hmm_for(set(self.text))
        # The tagger reads its HMM tables from module globals; this copy of the module is
        # ours alone, and the tagging runs to the end before another lexicon can swap them.
        posseg.char_state_tab_P, posseg.emit_P = self._hmm
        # POSTokenizer's __init__ would read the whole dictionary again for the tags.
        tagger = posseg.POSTokenizer.__new__(posseg.POSTokenizer)
        tagger.tokenizer = self.tokenizer
        tagger.word_tag_tab = self.tags
        return iter([(pair.word, pair.flag) for pair in tagger.cut(text)])


@lru_cache(maxsize=1)
def lexicon_for(text: str) -> Lexicon:
    """The lexicon of `text` (the summariser cuts and tags the same range in turn)."""
    return Lexicon(text)


def _words_in(text: str) -> tuple[dict[str, int], dict[str, str], int]:
    """From jieba's dictionary: the frequency of every word occurring in `text` and of each
    of its prefixes (0 unless a word itself, as jieba's prefix dictionary has them), their
    tags, and the total frequency of the whole dictionary."""
    grams = {text[i : i + n] for n in range(1, NGRAM + 1) for i in range(len(text) - n + 1)}
    frequencies: dict[str, int] = {}
    tags: dict[str, str] = {}
    total = 0
    with (_package() / "dict.txt").open(encoding="utf-8") as lines:
        for line in lines:
            word, count, tag = line.strip().split(" ")
            total += int(count)
            if len(word) <= NGRAM:
                if word not in grams:
                    continue
            elif word[:NGRAM] not in grams or word not in text:
                continue
            frequencies[word] = int(count)
            tags[word] = tag
    for word in list(frequencies):
        for end in range(1, len(word)):
            frequencies.setdefault(word[:end], 0)
    return frequencies, tags, total


def _hmm_for(chars: set[str]) -> tuple[dict, dict]:
    """jieba.posseg's per-character tables (the states each character can take, and each
    state's emission probabilities) cut down to `chars`, from jieba's own pickles of its model
    (the files `jieba.posseg.load_model` reads)."""
    folder = _package() / "posseg"
    with (folder / "char_state_tab.p").open("rb") as file:
        states = pickle.load(file)
    states = {char: states[char] for char in chars if char in states}
    with (folder / "prob_emit.p").open("rb") as file:
        emissions = pickle.load(file)
    emissions = {
        state: {char: p for char in chars if (p := probabilities.get(char)) is not None}
        for state, probabilities in emissions.items()
    }
    return states, emissions


@cache
def _posseg_without_tables() -> types.ModuleType:
    """A private copy of `jieba.posseg`, imported with empty per-character tables (each
    lexicon puts its own in). Whatever `jieba.posseg` this process had, or imports later,
    is left as it was: the copy never stays in `sys.modules`."""
    names = ("jieba.posseg", *_POSSEG_TABLES)
    saved = {name: sys.modules.pop(name) for name in names if name in sys.modules}
    attribute = vars(jieba).get("posseg")
    dictionary = jieba.dt.dictionary
    try:
        for name in _POSSEG_TABLES:
            empty = types.ModuleType(name)
            empty.P = {}
            sys.modules[name] = empty
        # The module builds a default tagger over jieba's default tokenizer, which reads
        # every word's tag from that tokenizer's dictionary file: give it an empty one.
        jieba.dt.dictionary = os.devnull
        return importlib.import_module("jieba.posseg")
    finally:
        jieba.dt.dictionary = dictionary
        for name in names:
            sys.modules.pop(name, None)
        sys.modules.update(saved)
        if attribute is not None:
            jieba.posseg = attribute
        elif "posseg" in vars(jieba):
            del jieba.posseg
