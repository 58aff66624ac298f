"""jieba's TF-IDF keywords, computed without importing `jieba.analyse`.

`jieba.analyse` imports its TextRank, and with it `jieba.posseg`'s tag tables, and builds the
whole IDF table (270,000 words) as a dict: ≈ 45 MB of the summary process's peak for a table
of which one range of chapters uses a few thousand words. This reads the same IDF file,
keeps only the words of the text, cuts the text with jieba's dictionary restricted to it
(`lexicon`), and gives the same keywords, weights and order as
`jieba.analyse.extract_tags(text, topK, withWeight=True)` (tests/summaries compares them).
"""

from __future__ import annotations

import importlib.util
from array import array
from functools import lru_cache
from operator import itemgetter
from pathlib import Path

# jieba.analyse.tfidf.KeywordExtractor.STOP_WORDS
STOP_WORDS = frozenset(
    ("the", "of", "is", "and", "to", "in", "that", "we", "for", "an", "are", "by", "be", "as",
     "on", "with", "can", "if", "from", "which", "you", "it", "this", "then", "at", "have",
     "all", "not", "one", "has", "or")
)  # fmt: skip


def idf_file() -> Path:
    """jieba's IDF table, found without importing `jieba.analyse`."""
    spec = importlib.util.find_spec("jieba")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("jieba is not installed")
    return Path(next(iter(spec.submodule_search_locations))) / "analyse" / "idf.txt"


def extract_tags(text: str, top: int) -> list[tuple[str, float]]:
    """The `top` words of the text by TF-IDF weight, heaviest first (ties in text order)."""
    from workbench.lexicon import lexicon_for

    frequency: dict[str, float] = {}
    for word in lexicon_for(text).cut(text):
        if len(word.strip()) < 2 or word.lower() in STOP_WORDS:
            continue
        frequency[word] = frequency.get(word, 0.0) + 1.0
    idf = _idf_of(frozenset(frequency))
    unknown = _median_idf()
    total = sum(frequency.values())
    for word in frequency:
        frequency[word] *= idf.get(word, unknown) / total
    return sorted(frequency.items(), key=itemgetter(1), reverse=True)[:top]


def _idf_of(words: frozenset[str]) -> dict[str, float]:
    found: dict[str, float] = {}
    with idf_file().open(encoding="utf-8") as lines:
        for line in lines:
            word, value = line.strip().split(" ")
            if word in words:
                found[word] = float(value)
    return found


@lru_cache(maxsize=1)
def _median_idf() -> float:
    """The IDF of a word the table lacks: the median of the table, as jieba takes it."""
    values = array("d")
    with idf_file().open(encoding="utf-8") as lines:
        for line in lines:
            values.append(float(line.strip().split(" ")[1]))
    return sorted(values)[len(values) // 2]
