"""workbench.toml past any real book's: 100,000 nested arrays, a header of 200,000 dotted
parts, a file of megabytes. Every command says which file and what is wrong, no traceback;
the file is parsed once for each content it has, however often its tables are asked for."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from workbench.book.project import Project
from workbench.errors import FileProblem

NESTED = "[feed]\nweights = " + "[" * 100_000 + "]" * 100_000 + "\n"
DOTTED = "[" + ".".join(["k"] * 200_000) + "]\nx = 1\n"
COMMANDS = (
    ("check",),
    ("feed", "--agent", "MainWriter", "--chapter", "13"),
    ("stats",),
    ("continuity",),
)


def workbench(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "workbench", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=os.environ.copy(),
        timeout=300,
    )


@pytest.mark.parametrize(
    ("text", "said"),
    [(NESTED, "nested 100000 levels deep"), (DOTTED, "a key of 200,000 dotted parts")],
    ids=["nested", "dotted"],
)
def test_every_command_names_the_file_and_what_is_wrong(sample_copy, text, said):
    config = sample_copy / "workbench.toml"
    config.write_text(config.read_text("utf-8") + text, "utf-8")
    for command, *rest in COMMANDS:
        done = workbench(command, str(sample_copy), *rest)
        output = done.stdout + done.stderr
        assert "Traceback" not in output and "RecursionError" not in output, command
        assert done.returncode != 0, command
        assert "workbench.toml" in output and said in output, (command, output[-500:])


def test_a_config_of_megabytes_is_refused_by_its_size(sample_copy):
    config = sample_copy / "workbench.toml"
    config.write_text(config.read_text("utf-8") + "# " + "字" * 2_000_000 + "\n", "utf-8")
    with pytest.raises(FileProblem, match="more than the 1,048,576 read"):
        Project.open(sample_copy).config()


def test_the_config_is_parsed_once_per_content(sample_copy):
    project = Project.open(sample_copy)
    first = project.config()
    assert project.config() is first  # asked again: the same parse, not another
    config = sample_copy / "workbench.toml"
    config.write_text(config.read_text("utf-8") + "\n[stats]\ndaily_goal = 3000\n", "utf-8")
    changed = project.config()
    assert changed is not first and changed["stats"]["daily_goal"] == 3000
