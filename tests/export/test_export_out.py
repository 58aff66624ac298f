"""An export never writes inside the book's folder without --force, never over a book's own
file even with it, and replaces an existing file only with --force."""

from __future__ import annotations

import pytest

from workbench.cli.exits import EXIT_OK, EXIT_USAGE
from workbench.cli.main import main


def export(book, out, *extra: str) -> int:
    return main(["export", str(book), "--format", "txt", "--out", str(out), *extra])


def test_inside_the_book_needs_force(sample_copy, capsys):
    out = sample_copy / "exports" / "book.txt"
    assert export(sample_copy, out) == EXIT_USAGE
    assert "--force" in capsys.readouterr().err
    assert not out.exists()
    assert export(sample_copy, out, "--force") == EXIT_OK
    assert out.read_text("utf-8").startswith("第1章")


@pytest.mark.parametrize(
    "name", ["chapters/ch003.md", "references/rolling-summary.md", "workbench.toml"]
)
def test_a_book_file_is_never_replaced(sample_copy, name, capsys):
    target = sample_copy / name
    before = target.read_bytes()
    assert export(sample_copy, target, "--force") == EXIT_USAGE
    assert "never written over a book's files" in capsys.readouterr().err
    assert target.read_bytes() == before


def test_an_existing_file_needs_force(sample_copy, tmp_path):
    out = tmp_path / "old.txt"
    out.write_text("旧", "utf-8")
    assert export(sample_copy, out) == EXIT_USAGE
    assert out.read_text("utf-8") == "旧"
    assert export(sample_copy, out, "--force") == EXIT_OK
    assert out.read_text("utf-8").startswith("第1章")
