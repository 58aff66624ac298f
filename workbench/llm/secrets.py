"""Finding and masking the API key in whatever an endpoint sends back.

An endpoint that echoes its request (a debugging proxy, a careless error page) may quote the
key plainly, inside `Bearer …`, URL- or JSON-escaped, base64-encoded, upper-cased or cut
short. All of these are found: the key's escaped forms whole, and any run of at least
FRAGMENT characters of the key itself, in any letter case. A key shorter than FRAGMENT (a
local server's placeholder such as `ollama`) is matched only as a whole word, case and all,
so ordinary prose that happens to contain it is not rejected.
"""

from __future__ import annotations

import base64
import json
import re
import urllib.parse

FRAGMENT = 8
MASK = "***"


class KeyMask:
    """Masks one key (every form of it) in text; `found` tells whether any form is there."""

    def __init__(self, key: str) -> None:
        self.key = key
        self._lowered = key.lower()
        self._pattern: re.Pattern[str] | None = None
        self._fragments: dict[str, int] = {}
        self.longest = 0  # the longest stretch of text one occurrence can span
        if not key:
            return
        if len(key) < FRAGMENT:
            self._pattern = re.compile(rf"(?<![A-Za-z0-9]){re.escape(key)}(?![A-Za-z0-9])")
            self.longest = len(key)
            return
        self._fragments = {
            self._lowered[i : i + FRAGMENT]: i for i in range(len(key) - FRAGMENT + 1)
        }
        forms = sorted(_escaped_forms(key), key=len, reverse=True)
        self.longest = max(len(form) for form in forms)
        alternatives = [re.escape(form) for form in forms] + [
            re.escape(fragment) for fragment in self._fragments
        ]
        self._pattern = re.compile("|".join(alternatives), re.IGNORECASE)

    def spans(self, text: str) -> list[tuple[int, int]]:
        """Where the key occurs in `text`, as (start, end) spans in order."""
        if self._pattern is None:
            return []
        found: list[tuple[int, int]] = []
        position = 0
        while match := self._pattern.search(text, position):
            start, end = match.span()
            index = self._fragments.get(match.group().lower())
            if index is not None:  # a run of the key: take it as far as it goes
                while (
                    end < len(text)
                    and index + end - start < len(self.key)
                    and text[end].lower() == self._lowered[index + end - start]
                ):
                    end += 1
            found.append((start, end))
            position = end
        return found

    def found(self, text: str) -> bool:
        """Whether any form of the key is in `text`."""
        return bool(self.spans(text))

    def mask(self, text: str) -> str:
        """`text` with every occurrence of the key replaced by `***`."""
        spans = self.spans(text)
        if not spans:
            return text
        pieces, last = [], 0
        for start, end in spans:
            pieces += [text[last:start], MASK]
            last = end
        pieces.append(text[last:])
        return "".join(pieces)


class StreamMask:
    """Masks a stream piece by piece: text that could still turn out to be the start of the
    key is held back until the next piece (or the end) shows what it is."""

    def __init__(self, mask: KeyMask) -> None:
        self.mask = mask
        self._held = ""

    def feed(self, piece: str) -> str:
        """The masked text that is safe to pass on now."""
        buffer = self._held + piece
        cut = max(0, len(buffer) - self.mask.longest)
        for start, end in self.mask.spans(buffer):
            if start < cut < end:  # an occurrence across the cut is held back whole
                cut = start
                break
        self._held = buffer[cut:]
        return self.mask.mask(buffer[:cut])

    def flush(self) -> str:
        """What was held back, masked, once the stream has ended."""
        rest, self._held = self._held, ""
        return self.mask.mask(rest)


def _escaped_forms(key: str) -> set[str]:
    forms = {
        key,
        urllib.parse.quote(key, safe=""),
        urllib.parse.quote(key),
        json.dumps(key)[1:-1],
        json.dumps(key)[1:-1].replace("/", "\\/"),
    }
    # Base64 of text containing the key, at each of the three byte alignments: the part of
    # the encoding that depends on the key alone.
    raw = key.encode()
    for pad in range(3):
        encoded = base64.b64encode(b"\0" * pad + raw).decode()
        lead = -(-pad * 4 // 3)
        stable = encoded[lead : len(encoded) - 4]
        if len(stable) >= FRAGMENT:
            forms.add(stable)
    return {form for form in forms if form}
