"""Issue #22: a path an agent host passes never names a book's own file. `feed --out` into a
chapter, tracker, plan, workbench.toml, pins.json, .workbench/ or the settings folder is
refused whatever --force says; an existing file is replaced only with --force; `new`,
`import --into` and `migrate --into` inside a book's folders are refused. Each run is the
real `workbench` process, and the refused file's bytes are compared after it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from workbench.cli.exits import EXIT_OK, EXIT_USAGE

BOOK_FILES = [
    "chapters/ch012.md",
    "chapters/ch099.md",  # not there yet: still the chapters folder
    "references/plot-tracker.md",
    "references/rolling-summary.md",
    "outline/chapters/ch013.md",
    "outline/outline.md",
    "workbench.toml",
    "meta/pins.json",
    "meta/style-anchor.md",
    "characters/characters.md",
    ".workbench/table-cache.json",
]


def workbench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "workbench", *args],
        capture_output=True,
        text=True,
        env=os.environ.copy(),
        timeout=120,
    )


def feed_to(project: Path, out: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return workbench(
        "feed", str(project), "--agent", "MainWriter", "--chapter", "12", "--out", str(out), *extra
    )


def snapshot(root: Path) -> dict[str, bytes]:
    return {
        path.relative_to(root).as_posix(): path.read_bytes()
        for path in sorted(root.rglob("*"))
        if path.is_file() and ".workbench" not in path.parts
    }


@pytest.mark.parametrize("name", BOOK_FILES)
def test_feed_out_never_replaces_a_book_file(sample_copy, name):
    (sample_copy / "meta" / "pins.json").write_text('{"version": 1, "pins": []}\n', "utf-8")
    before = snapshot(sample_copy)
    for extra in ((), ("--force",)):
        result = feed_to(sample_copy, sample_copy / name, *extra)
        assert result.returncode == EXIT_USAGE, result.stderr
        assert f"--out {sample_copy / name}" in result.stderr
        assert "of the project" in result.stderr and "never written over" in result.stderr
        assert "Traceback" not in result.stderr
    assert snapshot(sample_copy) == before


def test_feed_out_into_another_book_and_through_a_symlink(sample_copy, tmp_path):
    other = tmp_path / "other-book"
    other.mkdir()
    (other / "chapters").mkdir()
    chapter = other / "chapters" / "ch001.md"
    chapter.write_text("# 第一章\n\n另一本书。\n", encoding="utf-8")
    link = tmp_path / "feed.md"
    link.symlink_to(sample_copy / "chapters" / "ch003.md")
    kept = (sample_copy / "chapters" / "ch003.md").read_bytes()
    for out in (chapter, link):
        result = feed_to(sample_copy, out, "--force")
        assert result.returncode == EXIT_USAGE, result.stderr
        assert "chapter text" in result.stderr
    assert chapter.read_text(encoding="utf-8") == "# 第一章\n\n另一本书。\n"
    assert (sample_copy / "chapters" / "ch003.md").read_bytes() == kept


def test_feed_out_into_the_settings_folder(sample_copy, user_config_dir):
    settings = user_config_dir / "settings.json"
    settings.write_text('{"llm": {"api_key": "sk-keep"}}\n', encoding="utf-8")
    result = feed_to(sample_copy, settings, "--force")
    assert result.returncode == EXIT_USAGE
    assert "settings folder" in result.stderr
    assert settings.read_text(encoding="utf-8") == '{"llm": {"api_key": "sk-keep"}}\n'


def test_feed_out_existing_file_needs_force(sample_copy, tmp_path):
    out = tmp_path / "feed.md"
    out.write_text("an earlier feed the host kept\n", encoding="utf-8")
    refused = feed_to(sample_copy, out)
    assert refused.returncode == EXIT_USAGE
    assert "already exists; --force replaces it" in refused.stderr
    assert out.read_text(encoding="utf-8") == "an earlier feed the host kept\n"
    replaced = feed_to(sample_copy, out, "--force")
    assert replaced.returncode == EXIT_OK, replaced.stderr
    assert out.read_text(encoding="utf-8").startswith("# ")
    fresh = tmp_path / "new-feed.md"
    assert feed_to(sample_copy, fresh).returncode == EXIT_OK
    # A file beside the book's folders, in the project root, is the host's to name.
    beside = sample_copy / "feed-ch012.md"
    assert feed_to(sample_copy, beside).returncode == EXIT_OK
    assert beside.is_file()


def test_feed_out_to_a_device_is_refused(sample_copy):
    result = feed_to(sample_copy, Path(os.devnull), "--force")
    assert result.returncode == EXIT_USAGE
    assert "not a plain file" in result.stderr


def test_new_import_migrate_never_target_a_book_folder(sample_copy, tmp_path, corpus_copy):
    before = snapshot(sample_copy)
    cases = [
        ("new", str(sample_copy / "chapters")),
        ("new", str(sample_copy / "references" / "x")),
        ("import", str(corpus_copy), "--into", str(sample_copy / "chapters"), "--force"),
        ("import", str(corpus_copy), "--into", str(sample_copy / "meta"), "--force"),
        ("migrate", str(sample_copy), "--into", str(sample_copy / "outline" / "new")),
    ]
    for args in cases:
        result = workbench(*args)
        assert result.returncode == EXIT_USAGE, (args, result.stderr)
        assert "of the project" in result.stderr, result.stderr
    assert snapshot(sample_copy) == before
    assert not (sample_copy / "chapters" / "workbench.toml").exists()
