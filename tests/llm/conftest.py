"""The scripted chat-completions server, as a fixture."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest


def load_chat_server():  # type: ignore[no-untyped-def]
    """tests/llm/chat_server.py as a module (tests/ is not a package, so import it by path)."""
    name = "workbench_tests_chat_server"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            name, Path(__file__).with_name("chat_server.py")
        )
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
