"""`workbench new DIR --sample`: the bundled sample novel, copied for the author to try."""

from __future__ import annotations

from pathlib import Path

from workbench.book.project import Project
from workbench.bundled import icon_files, resources_dir, sample_novel_dir
from workbench.cli.exits import EXIT_OK, EXIT_PROBLEMS
from workbench.cli.main import main

REPO = Path(__file__).resolve().parents[2]


def _files(root: Path) -> dict[str, bytes]:
    return {
        path.relative_to(root).as_posix(): path.read_bytes()
        for path in root.rglob("*")
        if path.is_file() and ".workbench" not in path.relative_to(root).parts
    }


def test_source_tree_finds_its_resources():
    assert resources_dir() == REPO / "resources"
    assert sample_novel_dir() == REPO / "resources" / "sample-novel"


def test_new_sample_copies_the_sample_byte_for_byte(tmp_path, capsys):
    target = tmp_path / "trial"
    assert main(["new", str(target), "--sample"]) == EXIT_OK
    assert capsys.readouterr().out.startswith(f"copied the sample novel to {target} (36 files):")
    assert _files(target) == _files(sample_novel_dir())
    assert len(Project.open(target).chapters) == 12


def test_new_sample_fills_an_empty_folder_but_refuses_one_with_files(tmp_path, capsys):
    (tmp_path / "empty").mkdir()
    assert main(["new", str(tmp_path / "empty"), "--sample"]) == EXIT_OK
    taken = tmp_path / "taken"
    taken.mkdir()
    (taken / "notes.md").write_text("mine", encoding="utf-8")
    capsys.readouterr()
    assert main(["new", str(taken), "--sample"]) == EXIT_PROBLEMS
    assert f"{taken}: exists and is not an empty folder" in capsys.readouterr().err
    assert [p.name for p in taken.iterdir()] == ["notes.md"]


def test_icon_comes_in_every_png_size_and_as_svg():
    files = icon_files()
    assert [p.parent.parent.name for p in files] == [
        "16x16", "24x24", "32x32", "48x48", "64x64", "128x128", "256x256", "512x512", "scalable",
    ]  # fmt: skip
    assert all(p.is_file() for p in files)
