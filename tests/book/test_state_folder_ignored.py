"""`.workbench/` ignores itself (issue #27): the first time it is made, in any project, a
`.gitignore` holding `*` is written into it, so a book kept in git — webnovel-writer's `init`
makes one, with a .gitignore that does not know Workbench — never shows `?? .workbench/`."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest
from webnovel_serial import make_serial

from workbench.book import gate
from workbench.book.project import Project
from workbench.cli.main import main

GIT = shutil.which("git")


def _git(root, *args: str) -> str:
    run = subprocess.run([GIT, "-C", str(root), *args], capture_output=True, text=True, check=True)
    return run.stdout


@pytest.mark.skipif(GIT is None, reason="git is not installed")
def test_a_webnovel_project_in_git_stays_clean_after_a_saved_feed(tmp_path):
    root = make_serial(tmp_path / "星图劫")
    _git(root, "init", "-q")
    _git(root, "add", ".")
    _git(root, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "init")
    assert main(["feed", str(root), "--agent", "OOCGuardian", "--chapter", "33", "--save"]) == 0
    assert (root / ".workbench/feeds").is_dir()
    assert (root / ".workbench/.gitignore").read_text(encoding="utf-8") == "*\n"
    assert _git(root, "status", "--porcelain") == ""


def test_every_project_gets_it_and_an_existing_one_is_kept(tmp_path):
    assert main(["new", str(tmp_path / "book")]) == 0
    project = Project.open(tmp_path / "book")
    assert not (project.root / ".workbench").exists()
    assert main(
        ["feed", str(project.root), "--agent", "MainWriter", "--chapter", "1", "--allow-incomplete"]
    ) in (0, 3)
    ignore = project.root / ".workbench/.gitignore"
    assert ignore.read_text(encoding="utf-8") == "*\n"
    ignore.write_text("*\n!keep.md\n", encoding="utf-8")
    main(
        [
            "feed",
            str(project.root),
            "--agent",
            "MainWriter",
            "--chapter",
            "1",
            "--save",
            "--allow-incomplete",
        ]
    )
    assert ignore.read_text(encoding="utf-8") == "*\n!keep.md\n"


def test_appends_and_lock_files_into_a_new_state_folder_write_it_too(tmp_path):
    for name, touch in (
        (
            "append",
            lambda root: gate.append_bytes(root / ".workbench/stats.jsonl", b"{}\n", root=root),
        ),
        (
            "lock",
            lambda root: os.close(gate.open_lock_file(root / ".workbench/locks/a.lock", root=root)),
        ),
    ):
        root = tmp_path / name
        root.mkdir()
        touch(root)
        assert (root / ".workbench/.gitignore").read_bytes() == b"*\n", name


def test_anything_already_named_gitignore_there_is_left_alone(tmp_path):
    root = tmp_path / "book"
    (root / ".workbench").mkdir(parents=True)
    outside = tmp_path / "outside.txt"
    (root / ".workbench/.gitignore").symlink_to(outside)  # dangling, leading out
    gate.write_bytes(root / ".workbench/table-cache.json", b"{}", root=root)
    assert (root / ".workbench/.gitignore").is_symlink()
    assert not outside.exists()
