"""jieba's word segmentation and part-of-speech tags for one text, loading only the part of
jieba's model that the text can use.

`jieba.initialize()` builds a prefix dictionary of all 349,000 words (≈ 63 MB in the summary
process) and `import jieba.posseg` a second table of their tags plus its HMM tables (≈ 74 MB),
for a range of chapters that uses a few thousand words and characters. Segmentation only
ever looks up substrings of the text it cuts, so a dictionary cut down to the words that
occur in the text (with their prefixes, and the whole dictionary's total frequency) segments
it exactly as the full one does; the tagger's HMM looks up only the text's characters. A
`Lexicon` is built from jieba's own files in one pass over its dictionary, and cutting or
tagging its text, or any part of it, gives jieba's answer (tests/summaries compares them).
The tagger below follows `jieba.posseg` (MIT licence) step for step; importing that module
would load its full tables.
"""

from __future__ import annotations

import logging
import pickle
import re
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

import jieba

log = logging.getLogger(__name__)

NGRAM = 4  # dictionary words up to this length are checked against the text's n-grams
MIN_FLOAT = -3.14e100  # jieba.posseg.viterbi's floor for an unseen emission
# jieba.posseg's block patterns.
_HAN_INTERNAL = re.compile("([\u4e00-\u9fd5a-zA-Z0-9+#&\\._]+)")
_SKIP_INTERNAL = re.compile("(\r\n|\\s)")
_HAN_DETAIL = re.compile("([\u4e00-\u9fd5]+)")
_SKIP_DETAIL = re.compile("([\\.0-9]+|[a-zA-Z0-9]+)")
_ENG = re.compile("[a-zA-Z0-9]+")
_NUM = re.compile("[\\.0-9]+")

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
        self._hmm: tuple[dict, dict, dict, dict] | None = None

    def cut(self, text: str) -> Iterator[str]:
        """The words of `text`, as `jieba.cut(text)` (accurate mode, HMM for new words)."""
        return self.tokenizer.cut(text)

    def tagged(self, text: str) -> Iterator[Tagged]:
        """The words of `text` with their tags, as `jieba.posseg.cut(text)`."""
        for block in _HAN_INTERNAL.split(text):
            if _HAN_INTERNAL.match(block):
                yield from self._tag_block(block)
                continue
            for piece in _SKIP_INTERNAL.split(block):
                if _SKIP_INTERNAL.match(piece):
                    yield piece, "x"
                    continue
                for char in piece:
                    yield char, _plain_tag(char, piece)

    def _tag_block(self, block: str) -> Iterator[Tagged]:
        # jieba.posseg.POSTokenizer.__cut_DAG: dictionary words by the best route, runs of
        # single characters the dictionary lacks through the tagging HMM.
        tokenizer, tags = self.tokenizer, self.tags
        route: dict[int, tuple[float, int]] = {}
        tokenizer.calc(block, tokenizer.get_DAG(block), route)
        run = ""
        at = 0
        while at < len(block):
            end = route[at][1] + 1
            word = block[at:end]
            if end - at == 1:
                run += word
            else:
                if run:
                    yield from self._tag_run(run)
                    run = ""
                yield word, tags.get(word, "x")
            at = end
        if run:
            yield from self._tag_run(run)

    def _tag_run(self, run: str) -> Iterator[Tagged]:
        if len(run) == 1:
            yield run, self.tags.get(run, "x")
        elif not self.tokenizer.FREQ.get(run):
            yield from self._tag_unknown(run)
        else:
            for char in run:
                yield char, self.tags.get(char, "x")

    def _tag_unknown(self, run: str) -> Iterator[Tagged]:
        # jieba.posseg.POSTokenizer.__cut_detail
        for block in _HAN_DETAIL.split(run):
            if _HAN_DETAIL.match(block):
                yield from self._tag_by_hmm(block)
                continue
            for piece in _SKIP_DETAIL.split(block):
                if piece:
                    yield piece, _plain_tag(piece, piece)

    def _tag_by_hmm(self, sentence: str) -> Iterator[Tagged]:
        # jieba.posseg.POSTokenizer.__cut
        if self._hmm is None:
            self._hmm = _hmm_for(set(self.text))
        path = _viterbi(sentence, *self._hmm)
        begin = following = 0
        for index, char in enumerate(sentence):
            position, tag = path[index]
            if position == "B":
                begin = index
            elif position == "E":
                yield sentence[begin : index + 1], tag
                following = index + 1
            elif position == "S":
                yield char, tag
                following = index + 1
        if following < len(sentence):
            yield sentence[following:], path[following][1]


def _plain_tag(unit: str, piece: str) -> str:
    """jieba.posseg's tag for text outside Chinese words: a number, Latin letters (judged by
    the whole `piece` the `unit` came from), or anything else."""
    if _NUM.match(unit):
        return "m"
    return "eng" if _ENG.match(piece) else "x"


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


def _hmm_for(chars: set[str]) -> tuple[dict, dict, dict, dict]:
    """jieba.posseg's HMM (states per character, start, transition and emission
    probabilities), with the per-character tables cut down to `chars`."""
    folder = _package() / "posseg"
    tables = []
    for name in ("char_state_tab", "prob_start", "prob_trans", "prob_emit"):
        # jieba's own pickles of its model (jieba.posseg.load_model reads the same files).
        with (folder / f"{name}.p").open("rb") as file:
            tables.append(pickle.load(file))
    states, start, transitions, emissions = tables
    states = {char: states[char] for char in chars if char in states}
    emissions = {
        state: {char: p for char in chars if (p := probabilities.get(char)) is not None}
        for state, probabilities in emissions.items()
    }
    return states, start, transitions, emissions


def _viterbi(
    observed: str, states: dict, start: dict, transitions: dict, emissions: dict
) -> list[tuple[str, str]]:
    """The most likely (position, tag) state per character: jieba.posseg.viterbi.viterbi."""
    every_state = transitions.keys()
    scores: list[dict] = [{}]
    back: list[dict] = [{}]
    for state in states.get(observed[0], every_state):
        scores[0][state] = start[state] + emissions[state].get(observed[0], MIN_FLOAT)
        back[0][state] = ""
    for t in range(1, len(observed)):
        scores.append({})
        back.append({})
        previous = [x for x in back[t - 1] if len(transitions[x]) > 0]
        expected = {y for x in previous for y in transitions[x]}
        candidates = set(states.get(observed[t], every_state)) & expected
        if not candidates:
            candidates = expected if expected else every_state
        for state in candidates:
            score, came_from = max(
                (
                    scores[t - 1][y0]
                    + transitions[y0].get(state, float("-inf"))
                    + emissions[state].get(observed[t], MIN_FLOAT),
                    y0,
                )
                for y0 in previous
            )
            scores[t][state] = score
            back[t][state] = came_from
    _score, state = max((scores[-1][y], y) for y in back[-1])
    path: list = [None] * len(observed)
    for index in range(len(observed) - 1, -1, -1):
        path[index] = state
        state = back[index][state]
    return path
