"""A feed block's title from its id, for a pin that names a block: the author pinned
"滚动摘要 Ch111-115", not `rolling.summary.111-115`. The ids are the feed's (feed/select.py);
an id this module does not know is shown as it is written in meta/pins.json."""

from __future__ import annotations

import re

from workbench.gui.engine_words import engine_text
from workbench.reasons import Reason

FIXED_TITLES = {
    "fixed.world": "title.world_summary",
    "fixed.characters": "title.cast_summary",
    "fixed.outline": "title.outline",
    "rolling.skeleton": "title.skeleton",
    "task.style_anchor": "title.style_anchor",
    "task.power": "title.power",
    "task.power_system": "title.power_system",
}
SUMMARY_RANGE = re.compile(r"rolling\.summary\.(\d+)-(\d+)")
PER_CHAPTER = {
    re.compile(r"rolling\.chapter\.(\d+)"): "title.earlier_chapter",
    re.compile(r"rolling\.chapter_summary\.(\d+)"): "title.chapter_summary",
}


def block_title(block_id: str) -> str | None:
    """The block's title in the UI language; None for an id the feed does not make."""
    if block_id in FIXED_TITLES:
        return engine_text(Reason(FIXED_TITLES[block_id]))
    if found := SUMMARY_RANGE.fullmatch(block_id):
        return engine_text(Reason("title.rolling_summary", f"Ch{found[1]}-{found[2]}"))
    for pattern, code in PER_CHAPTER.items():
        if found := pattern.fullmatch(block_id):
            return engine_text(Reason(code, int(found[1])))
    return None
