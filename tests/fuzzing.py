"""What the fuzz tests mutate and how: the sample's real inputs with a few spans deleted,
replaced or duplicated. Shared by the CLI fuzz test and the app's, so both try the same inputs.
Examples are derandomized and no database is kept, so a CI run tries the same inputs every time;
WORKBENCH_FUZZ_SCALE=N multiplies every fuzz test's examples for a longer run by hand.
"""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

SAMPLE = Path(__file__).resolve().parents[1] / "resources" / "sample-novel"
TARGETS = (
    "references/plot-tracker.md",
    "references/relationship-tracker.md",
    "outline/chapters/ch012.md",
    "workbench.toml",
    "meta/pins.json",
    "references/rolling-summary.md",
)
# What a mutated pins.json starts from: the sample pins nothing, so it has no such file.
EMPTY_PINS = b'{"pins": []}'
# Pieces that mean something to one of the parsers, and bytes that mean nothing.
TOKENS = [
    "|",
    "||",
    "\\|",
    "---",
    "\n",
    "\r\n",
    "|---|",
    "#",
    "## ",
    "*a",
    "&a",
    ": ",
    "[",
    "{",
    '"',
    "第99999999章",
    "Ch1-99999999",
    "../",
    "/etc/passwd",
    "\t",
    "`",
    "\ufeff",
]
TEXT_JUNK = st.one_of(st.sampled_from(TOKENS), st.text(max_size=8))
JUNK = TEXT_JUNK.map(str.encode) | st.binary(max_size=4)


def fuzz_settings(examples: int):  # type: ignore[no-untyped-def]
    """Hypothesis settings for a fuzz test of `examples` examples, the same on every run."""
    return settings(
        max_examples=examples * int(os.environ.get("WORKBENCH_FUZZ_SCALE", "1")),
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )


def original_bytes(target: str) -> bytes:
    """The sample's file that `target` names (an empty pin list where the sample has none)."""
    path = SAMPLE / target
    return path.read_bytes() if path.exists() else EMPTY_PINS


def manuscript_bytes() -> bytes:
    """A manuscript as an author holds one: the sample's first four chapters in one file."""
    chapters = sorted((SAMPLE / "chapters").glob("*.md"))[:4]
    return b"\n\n".join(path.read_bytes() for path in chapters)


def _mutate(draw, data, junk):  # type: ignore[no-untyped-def]
    """Delete, insert, replace or duplicate a few spans of `data` (a list, edited in place)."""
    for _ in range(draw(st.integers(1, 4))):
        start = draw(st.integers(0, len(data)))
        end = min(len(data), start + draw(st.integers(0, 40)))
        action = draw(st.sampled_from(["delete", "insert", "replace", "duplicate"]))
        if action == "delete":
            del data[start:end]
        elif action == "insert":
            data[start:start] = draw(junk)
        elif action == "replace":
            data[start:end] = draw(junk)
        else:
            data[start:start] = data[start:end]


@st.composite
def mutated(draw, original: bytes) -> bytes:
    """The original with a few spans of bytes deleted, replaced or duplicated: mostly a file
    that no longer decodes, or whose multi-byte characters were cut."""
    data = bytearray(original)
    _mutate(draw, data, JUNK)
    return bytes(data)


@st.composite
def mutated_text(draw, original: bytes) -> bytes:
    """The original (UTF-8) with a few spans of characters deleted, replaced or duplicated:
    a file that still decodes, so its table, YAML, TOML or JSON parser gets the damage."""
    data = list(original.decode("utf-8"))
    _mutate(draw, data, TEXT_JUNK.map(list))
    return "".join(data).encode("utf-8")


def damaged(original: bytes):  # type: ignore[no-untyped-def]
    """A mutated copy of `original`, at the level of bytes or of characters."""
    return mutated(original) | mutated_text(original)
