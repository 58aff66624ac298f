"""The plain YAML a plan's front matter is written in, read without PyYAML.

`type: battle`, `act_end: false`, `characters: [陆照, 谢灵]`, `location: 长明殿`: one
`key: value` per line, values plain words, a flow list of them, true/false, a small integer or
nothing. For exactly those lines the mapping is the one `yaml.safe_load` gives (the tests hold
the two to each other); anything else — quotes, nesting, anchors, numbers that YAML 1.1 reads
as octal, times or floats, comments after a value — answers None and is left to PyYAML, whose
import was ≈ 20–50 ms of every one-shot `workbench feed`.
"""

from __future__ import annotations

import re

_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_INTEGER = re.compile(r"-?(?:0|[1-9][0-9]{0,17})\Z")
# YAML 1.1's booleans and nulls, as PyYAML's resolver reads them.
_BOOLEANS = {
    **dict.fromkeys(("yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"), True),
    **dict.fromkeys(("no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"), False),
}
_NULLS = ("", "~", "null", "Null", "NULL")
# A plain word may not start with an indicator, a digit or a sign (YAML's numbers, times and
# dates start so) and holds nothing that YAML reads as structure or a comment.
_INDICATORS = set("-?:,[]{}#&*!|>'\"%@`=<.+0123456789")
# Line breaks other than \n and what PyYAML refuses to read: the real parser must see them.
_CONTROL = r"\r\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff"
_UNSAFE = re.compile(f"[{_CONTROL}]")
_FORBIDDEN = re.compile(rf"[:#\[\]{{}},\t{_CONTROL}]")


class _NotPlain(Exception):
    """The block needs a real YAML parser."""


def plain_mapping(block: str) -> dict | None:
    """The mapping the front matter `block` holds, or None when it is not plain YAML."""
    try:
        return _mapping(block)
    except _NotPlain:
        return None


def _mapping(block: str) -> dict:
    mapping: dict = {}
    for line in block.replace("\r\n", "\n").split("\n"):
        stripped = line.strip(" ")
        if not stripped or (stripped[0] == "#" and not _UNSAFE.search(stripped)):
            continue
        key, colon, value = line.partition(":")
        if not colon or not _KEY.match(key) or key in _BOOLEANS or key in _NULLS:
            raise _NotPlain
        if key in mapping or (value and value[0] != " "):
            raise _NotPlain
        mapping[key] = _value(value.strip(" "))
    return mapping


def _value(text: str) -> object:
    if text.startswith("[") and text.endswith("]"):
        inner = text[1:-1].strip(" ")
        return [_word(item.strip(" ")) for item in inner.split(",")] if inner else []
    if text in _NULLS:
        return None
    if text in _BOOLEANS:
        return _BOOLEANS[text]
    if _INTEGER.match(text):
        return int(text)
    return _word(text)


def _word(text: str) -> str:
    if not text or text[0] in _INDICATORS or _FORBIDDEN.search(text):
        raise _NotPlain
    if text in _BOOLEANS or text in _NULLS:
        raise _NotPlain
    if "  " in text or not text.isprintable():
        raise _NotPlain
    return text
