"""Fixtures for summary tests: an imported corpus."""

from __future__ import annotations

from pathlib import Path

import pytest

from workbench.book.importer import plan_import, read_manuscript, write_import


@pytest.fixture
def corpus_book(corpus_copy: Path, tmp_path: Path) -> Path:
    """三国演义 imported by the real importer into a fresh project."""
    folder = tmp_path / "sanguo"
    write_import(plan_import(read_manuscript(corpus_copy), folder))
    return folder
