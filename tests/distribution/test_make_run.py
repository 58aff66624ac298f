"""`make run` keeps the author's sample: the bundled copy is laid down only when none is there.

The Makefile runs as written, in a scratch directory holding a copy of it and of the sample; the
virtualenv and translation steps are pointed at a stand-in `workbench` that records what it was
asked to open, so the recipe's own file handling is what is exercised.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    shutil.copy(REPO / "Makefile", tmp_path / "Makefile")
    shutil.copytree(REPO / "resources" / "sample-novel", tmp_path / "resources" / "sample-novel")
    launcher = tmp_path / "venv" / "bin" / "workbench"
    launcher.parent.mkdir(parents=True)
    launcher.write_text('#!/bin/sh\necho "$@" > opened.txt\n', encoding="utf-8")
    launcher.chmod(0o755)
    return tmp_path


def make(checkout: Path, target: str) -> None:
    overrides = ["VENV=venv", "STAMP=", "TS_FILES="]
    command = ["make", "-s", target, *overrides]
    subprocess.run(command, cwd=checkout, check=True, capture_output=True)


def first_chapter(checkout: Path) -> Path:
    return sorted((checkout / "run" / "sample-novel" / "chapters").glob("*.md"))[0]


def test_run_copies_the_sample_once_and_keeps_the_authors_edits(checkout):
    make(checkout, "run")
    opened = (checkout / "opened.txt").read_text(encoding="utf-8")
    assert opened.split() == ["open", "run/sample-novel"]
    chapter = first_chapter(checkout)
    chapter.write_text("作者改过的第一章。\n", encoding="utf-8")
    autosave = checkout / "run" / "sample-novel" / ".workbench" / "autosave.txt"
    autosave.parent.mkdir(exist_ok=True)
    autosave.write_text("崩溃前的草稿", encoding="utf-8")

    make(checkout, "run")

    assert chapter.read_text(encoding="utf-8") == "作者改过的第一章。\n"
    assert autosave.read_text(encoding="utf-8") == "崩溃前的草稿"


def test_run_fresh_starts_over_from_the_bundled_sample(checkout):
    make(checkout, "run")
    chapter = first_chapter(checkout)
    chapter.write_text("作者改过的第一章。\n", encoding="utf-8")

    make(checkout, "run-fresh")

    bundled = sorted((checkout / "resources" / "sample-novel" / "chapters").glob("*.md"))[0]
    assert chapter.read_bytes() == bundled.read_bytes()
