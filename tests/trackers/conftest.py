"""Fixtures of the tracker tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from mini_novel import write_mini_novel


@pytest.fixture
def mini_novel(tmp_path) -> Path:
    """A fresh copy of the small novel."""
    return write_mini_novel(tmp_path / "mini-novel")
