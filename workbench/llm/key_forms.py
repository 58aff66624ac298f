"""The encodings an endpoint may echo the key in: reversed, ROT13, hex, base32 and base64,
and each of these applied to the output of another (the hex of the reversed key, base64 of
its ROT13 …). secrets.KeyMask searches text for runs of every one of them, after folding
both the way a reader sees text (separators, invisibles, accents, width and case gone).

base32 and base64 encode groups of bytes: the key inside longer encoded text comes out
differently at each alignment, so each alignment's part that depends on the key alone is a
form of its own (the encoding's last group, which depends on what follows, is left out).
"""

from __future__ import annotations

import base64
import codecs
from collections.abc import Callable, Iterable

Encoding = Callable[[str], list[str]]


def _reverse(text: str) -> list[str]:
    return [text[::-1]]


def _rot13(text: str) -> list[str]:
    return [codecs.encode(text, "rot13")]


def _hex(text: str) -> list[str]:
    return [text.encode("utf-8").hex()]


def _aligned(encode: Callable[[bytes], bytes], group: int, chars: int) -> Encoding:
    """An encoding of `group`-byte groups into `chars` characters, at every alignment."""

    def forms(text: str) -> list[str]:
        raw = text.encode("utf-8")
        found = [encode(raw).decode("ascii").rstrip("=")]  # the key encoded on its own
        for pad in range(1, group):
            encoded = encode(b"\0" * pad + raw).decode("ascii")
            lead = -(-pad * chars // group)  # the characters that hold the padding bytes
            found.append(encoded[lead : len(encoded) - chars])
        return [form for form in found if form]

    return forms


ENCODINGS: tuple[Encoding, ...] = (
    _reverse,
    _rot13,
    _hex,
    _aligned(base64.b32encode, 5, 8),
    _aligned(base64.b64encode, 3, 4),
)


def encoded_forms(key: str, depth: int = 2) -> list[str]:
    """The key and its forms under up to `depth` encodings, one after another."""
    forms = {key: None}
    layer: Iterable[str] = [key]
    for _ in range(depth):
        layer = [form for text in layer for encode in ENCODINGS for form in encode(text)]
        forms.update(dict.fromkeys(layer))
    return list(forms)
