"""Shared fixtures. GUI tests run headless; user settings go to a temporary folder."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

REPO = Path(__file__).resolve().parent.parent
SAMPLE = REPO / "resources" / "sample-novel"
CORPUS = REPO.parent / "shared" / "corpus" / "sanguo-yanyi.txt"


@pytest.fixture(autouse=True)
def user_config_dir(tmp_path_factory, monkeypatch) -> Path:
    """Every test gets its own user config folder, so no test reads the developer's."""
    folder = tmp_path_factory.mktemp("user-config")
    monkeypatch.setenv("WORKBENCH_CONFIG_DIR", str(folder))
    for name in ("WORKBENCH_LLM_BASE_URL", "WORKBENCH_LLM_MODEL", "WORKBENCH_LLM_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    return folder


@pytest.fixture
def sample_copy(tmp_path) -> Path:
    """A fresh copy of the bundled sample novel in a temporary folder."""
    target = tmp_path / "sample-novel"
    shutil.copytree(SAMPLE, target)
    return target


@pytest.fixture
def corpus_copy(tmp_path) -> Path:
    """The real 120-回 manuscript, copied so no test touches the shared original."""
    if not CORPUS.is_file():
        pytest.skip(f"corpus not found at {CORPUS}")
    target = tmp_path / "sanguo-yanyi.txt"
    shutil.copyfile(CORPUS, target)
    return target
