"""Which characters sound alike, read from pypinyin's table of readings (offline data).

Only the table is read (pinyin_dict.json, ≈ 42,000 characters, each with every reading):
importing pypinyin itself also loads its phrase table, ≈ 0.7 s and ≈ 55 MB, which the
guard's child process does not need.

Two characters sound alike when they share a reading once tones are dropped and the pairs
that input methods offer as 模糊音 are merged — flat and retroflex initials (z/zh, c/ch,
s/sh), n/l, and the front and back nasals (en/eng, in/ing). Tones go because a pinyin input
method never sees them: the author types `yong` and picks 庸 for 用 from the same list.
Those pairs go because so many speakers merge them that input methods let them be typed
alike, and the wrong pick lands in the text the same way. Other merges (f/h, an/ang) are
regional and would make most common names sound like several others.
"""

from __future__ import annotations

import json
import logging
import threading
import unicodedata
from functools import lru_cache
from importlib.util import find_spec
from pathlib import Path

log = logging.getLogger(__name__)

_TONE_MARKS = dict.fromkeys(map(ord, "\u0300\u0301\u0304\u030c"))
_INITIALS = (("zh", "z"), ("ch", "c"), ("sh", "s"), ("n", "l"))
_FINALS = (("eng", "en"), ("ing", "in"))

_lock = threading.Lock()
_table: dict[str, str] | None = None


def _load() -> dict[str, str]:
    spec = find_spec("pypinyin")  # found, not imported
    folder = next(iter(spec.submodule_search_locations or ()), None) if spec else None
    path = Path(folder or ".") / "pinyin_dict.json"
    if folder is None or not path.is_file():
        log.warning("pypinyin's pinyin_dict.json not found: no name drift by sound")
        return {}
    raw = json.loads(path.read_text(encoding="utf-8"))
    return {chr(int(code)): readings for code, readings in raw.items()}


def _readings_text(char: str) -> str:
    global _table
    if _table is None:
        with _lock:
            if _table is None:
                _table = _load()
    return _table.get(char, "")


def toneless(reading: str) -> str:
    """A reading without its tone mark (ü kept: 吕 lü is not 路 lu)."""
    bare = unicodedata.normalize("NFD", reading).translate(_TONE_MARKS)
    return unicodedata.normalize("NFC", bare)


def merged(syllable: str) -> str:
    """A toneless syllable with the merged pairs folded (zhong -> zon, ning -> lin)."""
    for long, short in _INITIALS:
        if syllable.startswith(long) and syllable not in ("n", "ng"):
            syllable = short + syllable[len(long) :]
            break
    for long, short in _FINALS:
        if syllable.endswith(long):
            return syllable[: -len(long)] + short
    return syllable


@lru_cache(maxsize=65536)
def readings(char: str) -> frozenset[str]:
    """Every toneless reading of a character (长: chang, zhang); empty for one the table
    does not have."""
    return frozenset(toneless(r) for r in _readings_text(char).split(",") if r)


@lru_cache(maxsize=65536)
def _merged_readings(char: str) -> frozenset[str]:
    return frozenset(map(merged, readings(char)))


def sound_alike(char: str, other: str) -> str | None:
    """The reading two characters share ("yong" for 庸 and 用; "zhong~zong" when only the
    merged pairs make them alike), or None."""
    same = readings(char) & readings(other)
    if same:
        return min(same)
    near = _merged_readings(char) & _merged_readings(other)
    if not near:
        return None
    ours = min(r for r in readings(char) if merged(r) in near)
    theirs = min(r for r in readings(other) if merged(r) in near)
    return f"{ours}~{theirs}"
