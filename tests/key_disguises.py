"""Disguises an endpoint may dress the key in, written here independently of the engine:
encodings (reversed, ROT13, hex, base32, base64, one after another) and what a reader looks
past (separators, accents, invisible characters, width, case), as hypothesis strategies."""

from __future__ import annotations

import base64
import codecs
import string
import unicodedata

from hypothesis import strategies as st

ENCODINGS = {
    "reversed": lambda text: text[::-1],
    "rot13": lambda text: codecs.encode(text, "rot13"),
    "hex": lambda text: text.encode().hex(),
    "base32": lambda text: base64.b32encode(text.encode()).decode(),
    "base64": lambda text: base64.b64encode(text.encode()).decode(),
}
SEPARATORS = ["-", "**", " ", "_", "·"]
INVISIBLES = (
    [chr(0xE0020 + n) for n in range(0, 0x5F, 7)]  # tag characters
    + [chr(0xE0100 + n) for n in range(0, 0xF0, 17)]  # variation selectors supplement
    + ["\u2800", "\u200b", "\u200d", "\u2060", "\ufeff", "\u00ad", "\ufe0f", "\u3164"]
)
ACCENTS = ["\u0301", "\u0300", "\u0308", "\u0327", "\u0335", "\u20dd"]

keys = st.text(string.ascii_letters + string.digits + "-_", min_size=20, max_size=64).map(
    lambda body: "sk-" + body
)
encodings = st.lists(st.sampled_from(sorted(ENCODINGS)), max_size=2)


def full_width(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


@st.composite
def disguised(draw, text: str) -> str:
    """`text` with what a reader looks past mixed in: some of it, at random places."""
    case = draw(st.sampled_from([str, str.upper, str.lower, str.swapcase]))
    text = case(text)
    if draw(st.booleans()):
        text = full_width(text)
    pieces = []
    for character in text:
        pieces.append(character)
        extra = draw(
            st.sampled_from(["", "", "", "separator", "invisible", "accent"]),
        )
        if extra == "separator":
            pieces.append(draw(st.sampled_from(SEPARATORS)))
        elif extra == "invisible":
            pieces.append(draw(st.sampled_from(INVISIBLES)))
        elif extra == "accent":
            pieces.append(draw(st.sampled_from(ACCENTS)))
    return "".join(pieces)


@st.composite
def echoes(draw) -> tuple[str, str, str]:
    """(key, its encoded form, that form disguised): what an endpoint sends back."""
    key = draw(keys)
    encoded = key
    for name in draw(encodings):
        encoded = ENCODINGS[name](encoded)
    return key, encoded, draw(disguised(encoded))


def reader_sees(text: str) -> str:
    """Only the letters and digits of `text`, accents and width and case gone."""
    bare = "".join(
        c
        for c in unicodedata.normalize("NFKD", text)
        if unicodedata.category(c) not in ("Mn", "Me")
    )
    folded = unicodedata.normalize("NFKC", bare).casefold()
    return "".join(c for c in folded if c.isalnum() and c not in "\u3164")


def carries(text: str, encoded: str, run: int = 16) -> bool:
    """Whether `text`, as a reader sees it, holds `run` characters of `encoded` in a row."""
    seen, form = reader_sees(text), reader_sees(encoded)
    size = min(run, len(form))
    return any(form[i : i + size] in seen for i in range(len(form) - size + 1))
