"""Hypothesis fuzzing through the CLI: mutated copies of the sample's real inputs (trackers,
plan front matter, workbench.toml, pins.json, rolling-summary.md, an imported manuscript)
never raise an uncaught exception (a clear error instead) and no command rewrites the
mutated file."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from fuzzing import SAMPLE, TARGETS, damaged, fuzz_settings, manuscript_bytes, original_bytes
from hypothesis import given
from hypothesis import strategies as st

from workbench.cli.main import main

COMMANDS = (
    ["check"],
    ["trackers", "--chapter", "12"],
    ["feed", "--agent", "MainWriter", "--chapter", "12", "--allow-incomplete"],
    ["feed", "--agent", "RollingSummarizer", "--chapter", "13", "--allow-incomplete"],
)
EXITS = {0, 1, 2, 3}


@fuzz_settings(30)
@given(data=st.data())
def test_mutated_inputs_get_a_clear_answer_and_are_never_rewritten(tmp_path, data, capsys):
    target = data.draw(st.sampled_from(TARGETS))
    project = Path(tempfile.mkdtemp(dir=tmp_path)) / "novel"
    shutil.copytree(SAMPLE, project)
    broken = data.draw(damaged(original_bytes(target)))
    (project / target).write_bytes(broken)
    for command in COMMANDS:
        code = main([command[0], str(project), *command[1:]])
        capsys.readouterr()
        assert code in EXITS, (command, code)
        assert (project / target).read_bytes() == broken, command
    shutil.rmtree(project)


@fuzz_settings(15)
@given(data=st.data())
def test_mutated_manuscripts_split_or_are_refused_clearly(tmp_path, data, capsys):
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    manuscript = folder / "book.txt"
    manuscript.write_bytes(data.draw(damaged(manuscript_bytes())))
    code = main(["import", str(manuscript), "--into", str(folder / "novel"), "--dry-run"])
    capsys.readouterr()
    assert code in EXITS
    assert not (folder / "novel").exists()
