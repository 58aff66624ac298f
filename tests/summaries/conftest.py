"""Fixtures for summary tests: the scripted chat server and an imported corpus."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from workbench.book.importer import plan_import, read_manuscript, write_import


def load_chat_server():  # type: ignore[no-untyped-def]
    """tests/llm/chat_server.py as a module (tests/ is not a package, so import it by path)."""
    name = "workbench_tests_chat_server"
    if name not in sys.modules:
        path = Path(__file__).parent.parent / "llm" / "chat_server.py"
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


@pytest.fixture
def Reply() -> type:
    """The Reply class, to script the server with."""
    return load_chat_server().Reply


@pytest.fixture
def chat_server() -> Iterator:
    """A running ChatServer; replies still hanging are released when the test ends."""
    with load_chat_server().running() as server:
        yield server


@pytest.fixture
def corpus_book(corpus_copy: Path, tmp_path: Path) -> Path:
    """三国演义 imported by the real importer into a fresh project."""
    folder = tmp_path / "sanguo"
    write_import(plan_import(read_manuscript(corpus_copy), folder))
    return folder
