"""Benchmark: what the commands cost as the book grows — 200k, 1M, 2M and 5M 字.

Each book is benchmarks/feed.py's project at that size (the corpus's 120 回 repeated in order,
with the same trackers, summaries and plan around it). For each it prints the median (and the
range) of:

- cold CLI feed — `workbench feed --format json` for the last chapter in a fresh process
  with an empty `.workbench/` (the book's first call: every chapter read and scanned, every
  block counted); 3 processes.
- CLI feed after a turn — the same once `.workbench/` holds the earlier calls' token counts
  and chapter scans, after a chapter the feed holds raw was written to; 3 processes.
- warm after save — in the process that has the project open, the feed right after one
  chapter was saved (12 saves, each of another chapter).
- check — `workbench check --quiet`, a fresh process; 3 processes.
- trackers — `workbench trackers --chapter N` (what is relevant to the last chapter, and
  why), a fresh process with `.workbench/` from the calls before; 3 processes.

Run: `make bench` or `.venv/bin/python benchmarks/scaling.py [--sizes 200000,1000000]`.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
SIZES = (200_000, 1_000_000, 2_000_000, 5_000_000)
RUNS = 3


def feed_benchmark():  # type: ignore[no-untyped-def]
    """benchmarks/feed.py as a module (benchmarks/ is a folder of scripts, not a package)."""
    spec = importlib.util.spec_from_file_location("feed_benchmark", HERE / "feed.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def walls(feed, command: list[str], before=None, exits=(0,)) -> list[float]:  # type: ignore[no-untyped-def]
    """Wall ms of RUNS fresh processes (each after `before()`, when given)."""
    timings = []
    for _ in range(RUNS):
        if before is not None:
            before()
        timings.append(feed.process_ms(command, exits)[0])
    return timings


def measure(feed, root: Path) -> dict[str, list[float]]:  # type: ignore[no-untyped-def]
    last = feed.Project.open(root).chapters[-1].number
    command = feed.cli_feed_command(root, last)
    turns = iter(range(1000))
    workbench = [sys.executable, "-m", "workbench"]
    return {
        "cold CLI feed": walls(
            feed, command, before=lambda: shutil.rmtree(root / ".workbench", ignore_errors=True)
        ),
        "CLI feed after a turn": walls(
            feed, command, before=lambda: feed.agent_turn(root, last, next(turns))
        ),
        "warm after save": feed.after_save_ms(root),
        # `check` exits 1 when it reports a problem: still a full check.
        "check": walls(feed, [*workbench, "check", str(root), "--quiet"], exits=(0, 1)),
        "trackers": walls(feed, [*workbench, "trackers", str(root), "--chapter", str(last)]),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)), help="字 per book")
    args = parser.parse_args()
    feed = feed_benchmark()
    if not feed.CORPUS.is_file():
        print(f"corpus not found at {feed.CORPUS}", file=sys.stderr)
        return 1
    folder = Path(tempfile.mkdtemp(prefix="workbench-scaling-"))
    feed.prepare_machine(folder)
    rows = []
    try:
        for size in map(int, args.sizes.split(",")):
            root = folder / f"novel-{size}"
            chapters, total = feed.build_project(root, size)
            rows.append((chapters, total, measure(feed, root)))
            shutil.rmtree(root)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    cases = list(rows[0][2])
    print("scaling (ms, median of fresh processes, range in brackets; warm after save: 12 saves)")
    print(f"{'book':<22}" + "".join(f"{case:>24}" for case in cases))
    for chapters, total, figures in rows:
        cells = "".join(f"{feed.spread(figures[case]):>24}" for case in cases)
        print(f"{f'{total:,} 字 ({chapters} ch)':<22}" + cells)
    print(f"load average at the end: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
