"""`check` sees what any command refuses in webnovel-writer's memory, and never hangs or
crashes on it: an index.db that is no database, a folder, a pipe or a symlink out; a
summary symlinked out; state.json past its size; a pipe in place of state.json. Each is also
what `feed` refuses, so check's "ok" can be trusted. The real command, memory capped, with a
time limit (tests/bounded.py)."""

from __future__ import annotations

import os

import pytest
from bounded import run_bounded
from webnovel_project import NEXT_CHAPTER, make_webnovel_project

TIME_LIMIT = 60  # seconds: a command blocked on a pipe is hanging


@pytest.fixture
def webnovel(tmp_path):
    return make_webnovel_project(tmp_path / "wn")


def _replace(path, damage) -> None:
    path.unlink()
    damage(path)


def _garbage(path) -> None:
    path.write_bytes(b"this is not an SQLite database at all" * 100)


def _folder(path) -> None:
    path.mkdir()


def _pipe(path) -> None:
    os.mkfifo(path)


def _link_out(path) -> None:
    root = next(folder for folder in path.parents if (folder / ".webnovel").is_dir())
    outside = root.parent / f"outside-{path.name}"
    outside.write_text("外面的文件\n", "utf-8")
    path.symlink_to(outside)


def _oversized(path) -> None:
    path.write_text('{"padding": "' + "x" * (17 * 1024 * 1024) + '"}', "utf-8")


CASES = {
    "index.db that is no database": (".webnovel/index.db", _garbage, "cannot be read as"),
    "index.db that is a folder": (".webnovel/index.db", _folder, "is a folder, not a file"),
    "index.db that is a pipe": (".webnovel/index.db", _pipe, "is a named pipe, not a file"),
    "index.db symlinked out": (".webnovel/index.db", _link_out, "outside the project"),
    "summary symlinked out": (".webnovel/summaries/ch0004.md", _link_out, "outside the project"),
    "summary that is a pipe": (".webnovel/summaries/ch0004.md", _pipe, "named pipe"),
    "state.json past its size": (".webnovel/state.json", _oversized, "larger than the 16 MB"),
    "state.json that is a pipe": (".webnovel/state.json", _pipe, "is a named pipe"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_check_reports_what_the_feed_refuses_in_webnovel_memory(webnovel, case):
    relative, damage, message = CASES[case]
    _replace(webnovel / relative, damage)
    check = run_bounded("check", webnovel, timeout=TIME_LIMIT)
    assert check.returncode == 1, check.stdout + check.stderr
    assert "Traceback" not in check.stderr
    assert any(
        line.startswith("error: ") and relative in line and message in line
        for line in check.stdout.splitlines()
    ), check.stdout
    feed = run_bounded(
        "feed", webnovel, "--agent", "MainWriter", "--chapter", str(NEXT_CHAPTER),
        timeout=TIME_LIMIT,
    )  # fmt: skip
    assert feed.returncode in (1, 3), feed.stderr  # refused, or not ready: never fed as is
    assert "Traceback" not in feed.stderr
    assert relative in feed.stderr + feed.stdout


@pytest.mark.parametrize("folder", ["chapters", "references", ".workbench/drafts"])
def test_check_reports_a_folder_symlinked_out_that_every_write_refuses(sample_copy, folder):
    path = sample_copy / folder
    outside = sample_copy.parent / "outside"
    if path.is_dir():
        path.rename(outside)
    else:
        outside.mkdir()
        path.parent.mkdir(exist_ok=True)
    path.symlink_to(outside)
    check = run_bounded("check", sample_copy, timeout=TIME_LIMIT)
    assert check.returncode == 1, check.stdout
    assert f"error: {folder}: {folder} points outside the project folder" in check.stdout
