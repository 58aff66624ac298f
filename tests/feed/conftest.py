"""Feed tests: a generated project."""

from __future__ import annotations

from pathlib import Path

import pytest
from feed_factory import make_project


@pytest.fixture
def novel(tmp_path) -> Path:
    """A generated 40-chapter project with summaries, trackers and plans."""
    return make_project(tmp_path / "novel", chapters=40)
