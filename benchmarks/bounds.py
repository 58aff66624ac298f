"""Benchmark: inputs past any real book's, each bounded work (issue 41's bounds).

Prints, each case in a fresh child process (its peak memory from os.wait4's ru_maxrss):

- stats: `finished_chapters` over 60,000 saves in ascending and in descending chapter order
  (descending was quadratic);
- workbench.toml: 100,000 nested arrays and a header of 200,000 dotted parts, refused;
- usage.jsonl of 63 MB: `workbench usage --format json`;
- our own token count of 8 MB of reasoning (a refused stream), the process's growth;
- autosave recovery: ten autosaves of 15 MB, the first question and all offered at one open.

Run: `.venv/bin/python benchmarks/bounds.py [--keep DIR]`.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "resources" / "sample-novel"

STATS = """
import time
from datetime import date
from workbench.stats import SaveRecord, finished_chapters
for order in ("ascending", "descending"):
    numbers = range(1, 60_001) if order == "ascending" else range(60_000, 0, -1)
    records = [SaveRecord("2026-01-01T00:00:00", date(2026, 1, 1), n, 0, 10) for n in numbers]
    began = time.perf_counter()
    finished_chapters(records)
    print(f"stats, 60,000 saves {order}: {time.perf_counter() - began:.2f} s")
"""

TOML = """
import time
from workbench.book.bounded_toml import parse_toml
from workbench.errors import FileProblem
cases = {
    "100,000 nested arrays": "x = " + "[" * 100_000 + "]" * 100_000,
    "200,000 dotted parts": "[" + ".".join(["k"] * 200_000) + "]",
}
for name, text in cases.items():
    began = time.perf_counter()
    try:
        parse_toml(text, "workbench.toml")
        said = "parsed"
    except FileProblem as error:
        said = error.problem
    print(f"workbench.toml, {name}: {time.perf_counter() - began:.2f} s ({said})")
"""

COUNT = """
import resource, sys
from workbench.book.project import Project
from workbench.calls.usage import record_call
from workbench.llm.client import ChatReply
from workbench.models import profile_named
project = Project.open(sys.argv[1])
call = dict(kind="send", agent="MainWriter", chapter=1, profile=profile_named("deepseek-v4"),
            model="m", messages=[{"role": "user", "content": "x"}], seconds=1)
record_call(project, reply=ChatReply("答", "想"), **call)
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
thought = "先写雪夜，再让她问起那瓶药。" * (8 * 1024 * 1024 // 42)
record = record_call(project, reply=ChatReply("答", thought), state="failed", **call)
grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
print(f"count of 8 MB of reasoning: {record.completion_tokens:,} tokens, grew {grown:.0f} MB")
"""

AUTOSAVE = """
import sys, time
from pathlib import Path
from workbench.gui.autosave import AutosaveStore
root = Path(sys.argv[1])
store = AutosaveStore(root, root / ".workbench")
text = "雪落在药庐的瓦上，沈青棠把灯芯剪短了一截。\\n" * (15 * 1024 * 1024 // 66)
for n in range(10):
    store.write(f"chapters/big{n:02d}.md", text, "0" * 64)
del text
began, first, offered = time.perf_counter(), None, 0
for entry in store.recoverable():
    offered += 1
    first = first or time.perf_counter() - began
print(f"autosave, 10 of 15 MB: first question after {first:.2f} s, "
      f"{offered} offered in {time.perf_counter() - began:.2f} s")
"""


def child(args: list[str], label: str, *, echo: bool = True) -> None:
    """Run a child, echo its output (unless not wanted) and its peak resident memory."""
    began = time.perf_counter()
    process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=ROOT)
    assert process.stdout is not None
    out = process.stdout.read().decode("utf-8")
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - began
    if echo:
        print(out.rstrip())
    print(f"  [{label}: exit {status >> 8}, {seconds:.1f} s, peak {usage.ru_maxrss / 1024:.0f} MB]")


def usage_log(book: Path) -> int:
    """A usage.jsonl of 63 MB; how many lines."""
    line = {
        "time": "2026-12-01T10:00:00+08:00", "kind": "send", "agent": "MainWriter",
        "chapter": 3, "profile": "deepseek-v4", "model": "deepseek-v4-pro",
        "prompt_tokens": 123456, "completion_tokens": 2048, "cache_hit_tokens": 100000,
        "cache_miss_tokens": 23456, "reasoning_tokens": 1000, "seconds": 41.234,
        "cost": 0.01234, "currency": "USD", "estimated": False, "state": "done",
    }  # fmt: skip
    path = book / ".workbench" / "usage.jsonl"
    path.parent.mkdir(exist_ok=True)
    lines = 0
    with path.open("w", encoding="utf-8") as handle:
        while handle.tell() < 63 * 1024 * 1024:
            line["chapter"] = lines % 1200
            handle.write(json.dumps(line) + "\n")
            lines += 1
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", type=Path, help="build the books here and keep them")
    options = parser.parse_args()
    folder = options.keep or Path(tempfile.mkdtemp(prefix="bounds-"))
    python = sys.executable
    try:
        child([python, "-c", STATS], "stats")
        child([python, "-c", TOML], "workbench.toml")
        book = folder / "usage-book"
        shutil.copytree(SAMPLE, book, dirs_exist_ok=True)
        lines = usage_log(book)
        print(f"usage.jsonl: {lines:,} lines, 63 MB")
        usage = [python, "-m", "workbench", "usage", str(book), "--format", "json"]
        child(usage, "workbench usage", echo=False)
        child([python, "-c", COUNT, str(book)], "counting")
        autosave = folder / "autosave-book"
        shutil.copytree(SAMPLE, autosave, dirs_exist_ok=True)
        child([python, "-c", AUTOSAVE, str(autosave)], "autosave")
    finally:
        if options.keep is None:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
