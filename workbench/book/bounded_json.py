"""JSON parsed within bounds: a nesting depth checked before parsing, so a 100,000-deep array
is a message naming the file and the limit instead of a RecursionError (Python's parser
recurses once per level), and no caller walks a structure deeper than the limit.

The size of what is parsed is bounded where the bytes are read (book/gate.py).
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from pathlib import Path

from workbench.errors import FileProblem

MAX_DEPTH = 64  # webnovel-writer's state.json nests five deep, Workbench's own files three
# A JSON string (its escapes included): what may hold brackets that are not structure. The
# quantifiers are possessive: with backtracking points kept for every character, a string of
# a megabyte cost the regex engine some 150 MB and a second.
_STRING = re.compile(rb'"(?:[^"\\]++|\\.)*+"', re.DOTALL)
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_DEPTH_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


def nesting_depth(data: bytes) -> int:
    """How deep the arrays and objects of JSON text nest (0 for a scalar); linear in its
    size, with no recursion."""
    brackets = _STRING.sub(b"", data).translate(None, _NOT_BRACKETS)
    if not brackets:
        return 0
    return max(accumulate(_DEPTH_STEP[b] for b in brackets))


def parse_json(data: bytes | str, path: Path | str, *, max_depth: int = MAX_DEPTH) -> object:
    """The JSON value in `data`; a FileProblem naming `path` when it is not valid JSON or
    nests deeper than `max_depth`."""
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    # No deeper than it has brackets that open: most texts (a usage line) need no more look.
    openers = raw.count(b"[") + raw.count(b"{")
    depth = nesting_depth(raw) if openers > max_depth else openers
    if depth > max_depth:
        raise FileProblem(
            path, f"JSON nested {depth} levels deep, deeper than the {max_depth} allowed; not read"
        )
    try:
        return json.loads(data)
    except RecursionError:  # not reached below the depth limit; kept so no traceback escapes
        raise FileProblem(path, f"JSON nested deeper than {max_depth} levels; not read") from None
    except (ValueError, TypeError) as error:
        raise FileProblem(path, f"not valid JSON: {error}") from error
