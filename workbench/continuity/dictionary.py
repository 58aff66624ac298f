"""Is this a word? jieba's dictionary (shipped with jieba, offline), held compactly.

A set of its 349,000 words would cost ≈ 40 MB in the app; grouped by first character as one
string per group ("\\0rest\\0rest\\0…") it is ≈ 3 MB and a lookup is a substring search in
one short string.
"""

from __future__ import annotations

import threading
from importlib.util import find_spec
from pathlib import Path

_lock = threading.Lock()
_groups: dict[str, str] | None = None


def _load() -> dict[str, str]:
    grouped: dict[str, list[str]] = {}
    # Found without importing jieba (≈ 30 ms): only its dictionary file is read here.
    path = Path(find_spec("jieba").origin).parent / "dict.txt"
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            word = line.split(" ", 1)[0]
            if len(word) > 1:
                grouped.setdefault(word[0], []).append(word[1:])
    return {first: "\0" + "\0".join(rests) + "\0" for first, rests in grouped.items()}


def is_word(text: str) -> bool:
    """Whether jieba's dictionary has this word (of two or more characters)."""
    global _groups
    if _groups is None:
        with _lock:
            if _groups is None:
                _groups = _load()
    if len(text) < 2:
        return False
    group = _groups.get(text[0])
    return group is not None and f"\0{text[1:]}\0" in group
