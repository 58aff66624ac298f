"""What the recall index stores for a text, and how a query term is asked of it.

Chinese prose is indexed as overlapping two-character tokens (刘备曰 → 刘备 备曰), Latin
letters and digits as words, through SQLite FTS5's plain `unicode61` tokenizer. A term is
asked as the phrase of its tokens, so a hit is the exact term and every term of two or more
characters is found wherever it stands. Measured on 三国演义 against the alternatives
(commit message): FTS5's trigram tokenizer cannot match a two-character term at all (most
Chinese names and words), and jieba's segmentation, even in search mode, splits a name where
the next character binds to it (玄德曰, 子龙), losing a quarter of their passages.
"""

from __future__ import annotations

import re

_HAN_CLASS = "\u3400-\u9fff\uf900-\ufaff\U00020000-\U0002fa1f"
# A run of Han characters, or of other letters and digits (a Han character ends it).
_RUNS = re.compile(f"[{_HAN_CLASS}]+|(?:(?![{_HAN_CLASS}])[^\\W_])+")
_HAN = re.compile(f"[{_HAN_CLASS}]")
TOKENS_VERSION = "bigram-2"  # stored in the index: a change of this module rebuilds it


def index_tokens(text: str) -> str:
    """The text as the index stores it: space-separated tokens."""
    out: list[str] = []
    for run in _RUNS.findall(text):
        if _HAN.match(run):
            if len(run) == 1:
                out.append(run)
            else:
                out.extend(run[i : i + 2] for i in range(len(run) - 1))
        else:
            out.append(run.lower())
    return " ".join(out)


def phrase(term: str) -> str | None:
    """The FTS5 query for a term: the phrase of its tokens; None when it has no token or is
    one Chinese character (which would match nearly every passage as a bigram prefix)."""
    tokens = index_tokens(term)
    if not tokens or (len(term.strip()) < 2 and _HAN.match(term.strip() or " ")):
        return None
    return '"' + tokens.replace('"', "") + '"'
