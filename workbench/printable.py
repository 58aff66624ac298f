"""Text made safe to write into a Markdown file or print on a terminal: a model's answer or a
hand-edited file may hold terminal escape sequences (which recolour, retitle or clear the
author's terminal), NUL and other control characters, and bidi overrides such as RLO (which
make a line read in an order other than the one it is stored in)."""

from __future__ import annotations

import re

# ESC [ … final byte (CSI, colours and cursor moves); ESC ] … BEL or ESC \ (OSC, titles and
# links); ESC and one more character (the rest).
_ESCAPE_SEQUENCE = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b.?")
_BIDI_CONTROLS = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
# C0 controls but tab and line breaks, DEL, C1 controls, and the bidi controls: removed.
_UNSAFE = {code: None for code in (*range(0x20), 0x7F, *range(0x80, 0xA0))} | {
    ord(character): None for character in _BIDI_CONTROLS
}
for _kept in "\t\n\r":
    _UNSAFE.pop(ord(_kept))


def printable(text: str, *, one_line: bool = False) -> str:
    """`text` without escape sequences, control characters and bidi controls; `one_line`:
    tabs and line breaks become spaces too (a table cell, a name)."""
    text = _ESCAPE_SEQUENCE.sub("", text).translate(_UNSAFE)
    if one_line:
        text = re.sub(r"[\t\r\n]+", " ", text)
    return text
