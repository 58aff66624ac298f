"""Hypothesis fuzzing through the CLI: mutated copies of the sample's real inputs (trackers,
plan front matter, workbench.toml, pins.json, rolling-summary.md, an imported manuscript)
never raise an uncaught exception (a clear error instead) and no command rewrites the
mutated file."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from workbench.cli.main import main

SAMPLE = Path(__file__).resolve().parents[2] / "resources" / "sample-novel"
TARGETS = (
    "references/plot-tracker.md",
    "references/relationship-tracker.md",
    "outline/chapters/ch012.md",
    "workbench.toml",
    "meta/pins.json",
    "references/rolling-summary.md",
)
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
JUNK = st.one_of(st.sampled_from(TOKENS), st.text(max_size=8)).map(str.encode) | st.binary(
    max_size=4
)
COMMANDS = (
    ["check"],
    ["trackers", "--chapter", "12"],
    ["feed", "--agent", "MainWriter", "--chapter", "12", "--allow-incomplete"],
    ["feed", "--agent", "RollingSummarizer", "--chapter", "13", "--allow-incomplete"],
)
EXITS = {0, 1, 2, 3}


@st.composite
def mutated(draw, original: bytes) -> bytes:
    """The original with a few spans deleted, replaced or duplicated."""
    data = bytearray(original)
    for _ in range(draw(st.integers(1, 4))):
        start = draw(st.integers(0, len(data)))
        end = min(len(data), start + draw(st.integers(0, 40)))
        action = draw(st.sampled_from(["delete", "insert", "replace", "duplicate"]))
        if action == "delete":
            del data[start:end]
        elif action == "insert":
            data[start:start] = draw(JUNK)
        elif action == "replace":
            data[start:end] = draw(JUNK)
        else:
            data[start:start] = data[start:end]
    return bytes(data)


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_mutated_inputs_get_a_clear_answer_and_are_never_rewritten(tmp_path, data, capsys):
    target = data.draw(st.sampled_from(TARGETS))
    project = Path(tempfile.mkdtemp(dir=tmp_path)) / "novel"
    shutil.copytree(SAMPLE, project)
    original = (SAMPLE / target).read_bytes() if (SAMPLE / target).exists() else b'{"pins": []}'
    broken = data.draw(mutated(original))
    (project / target).write_bytes(broken)
    for command in COMMANDS:
        code = main([command[0], str(project), *command[1:]])
        capsys.readouterr()
        assert code in EXITS, (command, code)
        assert (project / target).read_bytes() == broken, command
    shutil.rmtree(project)


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_mutated_manuscripts_split_or_are_refused_clearly(tmp_path, data, capsys):
    chapters = sorted((SAMPLE / "chapters").glob("*.md"))[:4]
    original = b"\n\n".join(path.read_bytes() for path in chapters)
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    manuscript = folder / "book.txt"
    manuscript.write_bytes(data.draw(mutated(original)))
    code = main(["import", str(manuscript), "--into", str(folder / "novel"), "--dry-run"])
    capsys.readouterr()
    assert code in EXITS
    assert not (folder / "novel").exists()
