"""Files that are not files: a plan, chapter or tracker path that is a folder or a broken
symlink, or an `--out` that is a folder, is a clear error naming the path, never a traceback."""

from __future__ import annotations

import pytest

from workbench.cli.main import main

FEED = ["--agent", "MainWriter", "--chapter", "12"]


def run(capsys, *args) -> tuple[int, str, str]:
    code = main([str(arg) for arg in args])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def make_folder(path) -> None:
    path.unlink(missing_ok=True)
    path.mkdir()


def make_broken_link(path) -> None:
    path.unlink(missing_ok=True)
    path.symlink_to(path.parent / "gone.md")


def test_out_that_is_a_folder_is_a_usage_error(sample_copy, tmp_path, capsys):
    code, _, err = run(capsys, "feed", sample_copy, *FEED, "--out", tmp_path)
    assert code == 2 and str(tmp_path) in err and "folder" in err


@pytest.mark.parametrize("damage", [make_folder, make_broken_link])
def test_a_plan_that_is_not_a_file(sample_copy, capsys, damage):
    damage(sample_copy / "outline/chapters/ch012.md")
    code, _, err = run(capsys, "feed", sample_copy, *FEED)
    assert code == 1 and "outline/chapters/ch012.md" in err
    code, out, _ = run(capsys, "check", sample_copy)
    assert code == 1 and "error: outline/chapters/ch012.md:" in out


@pytest.mark.parametrize("damage", [make_folder, make_broken_link])
def test_a_chapter_that_is_not_a_file(sample_copy, capsys, damage):
    damage(sample_copy / "chapters/ch012.md")
    code, out, _ = run(capsys, "check", sample_copy)
    assert code == 1 and "error: chapters/ch012.md:" in out


@pytest.mark.parametrize("damage", [make_folder, make_broken_link])
def test_a_tracker_that_is_not_a_file(sample_copy, capsys, damage):
    damage(sample_copy / "references/plot-tracker.md")
    code, _, err = run(capsys, "trackers", sample_copy)
    assert code == 1 and "references/plot-tracker.md" in err
    code, out, _ = run(capsys, "check", sample_copy)
    assert code == 1 and "error: references/plot-tracker.md:" in out
    code, _, err = run(capsys, "feed", sample_copy, *FEED)
    assert code in (1, 3) and "references/plot-tracker.md" in err
