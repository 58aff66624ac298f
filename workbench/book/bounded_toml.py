"""workbench.toml parsed within bounds: its size, how deep its arrays and inline tables nest
and how many parts a dotted key or header has are checked before parsing, so a file of
100,000 nested arrays is a message naming it instead of a RecursionError (tomllib recurses
once per level), and a header of 200,000 dotted parts is refused instead of keeping the
parser (quadratic in them) busy for minutes.
"""

from __future__ import annotations

import re
import tomllib
from itertools import accumulate
from pathlib import Path

from workbench.errors import FileProblem

MAX_CONFIG_CHARS = 1024 * 1024  # a book's settings fill a few KB
MAX_DEPTH = 32  # arrays and inline tables in one value; Workbench's own keys nest two deep
MAX_KEY_PARTS = 32  # parts of one dotted key or header: [trackers.kinds.伏笔] has three
# What may hold brackets, dots or `#` that are not structure: strings, then comments.
# Possessive quantifiers: no backtracking point kept per character of a long string.
_STRINGS = re.compile(
    r'"""(?:[^"\\]++|\\.|"(?!""))*+"""|\'\'\'(?:[^\']++|\'(?!\'\'))*+\'\'\''
    r'|"(?:[^"\\\n]++|\\.)*+"|\'[^\'\n]*+\''
)
_COMMENT = re.compile(r"#[^\n]*")
_BRACKETS = re.compile(r"[^\[\]{}]+")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
# A dotted key, in a header, a `key = value` line or an inline table (strings already "").
_DOTTED = re.compile(r'(?<![\w-])(?:[\w-]++|"")(?:[ \t]*+\.[ \t]*+(?:[\w-]++|""))++')


def parse_toml(text: str, path: Path | str) -> dict:
    """The TOML document in `text`; a FileProblem naming `path` when it is too large, nests
    or dots too deep, or is not valid TOML."""
    if len(text) > MAX_CONFIG_CHARS:
        raise FileProblem(
            path, f"{len(text):,} characters, more than the {MAX_CONFIG_CHARS:,} read; not read"
        )
    bare = _COMMENT.sub("", _STRINGS.sub('""', text))
    brackets = _BRACKETS.sub("", bare)
    depth = max(accumulate(_DEPTH_STEP[c] for c in brackets), default=0)
    if depth > MAX_DEPTH:
        raise FileProblem(
            path, f"nested {depth} levels deep, deeper than the {MAX_DEPTH} allowed; not read"
        )
    parts = max((key.count(".") + 1 for key in _DOTTED.findall(bare)), default=0)
    if parts > MAX_KEY_PARTS:
        raise FileProblem(
            path, f"a key of {parts:,} dotted parts, more than the {MAX_KEY_PARTS} allowed"
        )
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise FileProblem(path, f"not valid TOML: {error}") from error
    except RecursionError:  # not reached below the depth limit; kept so no traceback escapes
        raise FileProblem(path, f"nested deeper than {MAX_DEPTH} levels; not read") from None
