"""A one-shot `workbench feed` imports only what the feed needs: an agent host starts one
process per chapter, and every module it imports is paid for on every call (issue #16)."""

from __future__ import annotations

import json
import subprocess
import sys

from workbench.settings import Settings, save_settings

# `python -m workbench ARGS`, as an agent host runs it, then the modules it loaded.
SCRIPT = """
import json, runpy, sys
record, sys.argv = sys.argv[1], ["workbench", *sys.argv[2:]]
try:
    runpy.run_module("workbench", run_name="__main__", alter_sys=True)
except SystemExit as exit:
    code = exit.code
with open(record, "w", encoding="utf-8") as out:
    json.dump({"code": code, "modules": sorted(sys.modules)}, out)
"""
# Never needed to prepare a feed: the LLM client and its HTTP stack, Qt, the summariser and
# its word segmenter, the other subcommands, and the pydantic models of the settings dialog,
# the JSON Schema and the tracker JSON, PyYAML (plans' plain front matter is read without),
# sqlite3 (a webnovel-writer project's index) and difflib (comparing saved feeds).
NOT_IMPORTED = (
    "workbench.llm",
    "httpx",
    "PySide6",
    "workbench.gui",
    "workbench.summaries",
    "jieba",
    "workbench.book.check",
    "workbench.book.importer",
    "workbench.migrate",
    "pydantic",
    "pydantic_core",
    "workbench.settings",
    "workbench.feed.schema",
    "multiprocessing",
    "yaml",
    "sqlite3",
    "difflib",
)


def imported_by_feed(tmp_path, project, *options: str) -> tuple[int, set[str]]:
    """(exit code, modules loaded) of `workbench feed PROJECT *options` in a fresh process."""
    record = tmp_path / "modules.json"
    feed = ["feed", str(project), "--agent", "MainWriter", "--chapter", "13", *options]
    out = ["--out", str(tmp_path / "feed.json"), "--force"]  # the same file each call
    subprocess.run([sys.executable, "-c", SCRIPT, str(record), *feed, *out], check=True)
    data = json.loads(record.read_text(encoding="utf-8"))
    return data["code"], set(data["modules"])


def loaded(modules: set[str], package: str) -> list[str]:
    return sorted(m for m in modules if m == package or m.startswith(package + "."))


def test_feed_loads_no_llm_client_qt_summariser_or_pydantic(tmp_path, sample_copy):
    # As on an author's machine: the app has saved the user's settings, and the feed has
    # blocks to count (a fresh .workbench/), so the tokenizer is loaded too.
    save_settings(Settings(recent_projects=[str(sample_copy)]))
    code, modules = imported_by_feed(tmp_path, sample_copy, "--format", "json")
    assert code == 0
    assert "tokenizers" in modules and "workbench.feed.build" in modules  # it did the work
    for package in NOT_IMPORTED:
        assert not loaded(modules, package), f"workbench feed imported {package}"


def test_markdown_feed_loads_none_of_them_either(tmp_path, sample_copy):
    code, modules = imported_by_feed(tmp_path, sample_copy)
    assert code == 0
    for package in NOT_IMPORTED:
        assert not loaded(modules, package), f"workbench feed imported {package}"


def test_after_a_turn_with_the_same_trackers_no_markdown_parser_is_loaded(tmp_path, sample_copy):
    # The first call parses the trackers with markdown-it and keeps where their tables are;
    # after the agent wrote to a chapter, the next call reads them without it.
    assert "markdown_it" in imported_by_feed(tmp_path, sample_copy, "--format", "json")[1]
    chapter = sample_copy / "chapters" / "ch012.md"
    chapter.write_text(chapter.read_text(encoding="utf-8") + "\n又一句。\n", encoding="utf-8")
    first = (tmp_path / "feed.json").read_text(encoding="utf-8")
    code, modules = imported_by_feed(tmp_path, sample_copy, "--format", "json")
    assert code == 0 and not loaded(modules, "markdown_it")
    assert (tmp_path / "feed.json").read_text(encoding="utf-8") != first  # it saw the turn
