"""Benchmark: what keeping versions costs — per save on a 5,000,000-字 book, and on disk after
1,000 saves of one 30,000-字 chapter with small edits.

- per save — benchmarks/feed.py's corpus book built to 5M 字 with a 30,000-字 chapter; each
  save of that chapter (a sentence added at a random place) is timed whole (Project.
  save_chapter: the history's keep, then the chapter's own atomic write) and its keep alone
  (history.keeping.keep: hash, zlib, the blob's atomic write, the index line), wall and
  thread CPU. Both run on the GUI thread when the editor saves, so the keep's figure is what
  the history adds there. Target: keep ≤ 5 ms.
- size — 1,000 such saves, then the history folder's bytes (blobs, index), the versions
  kept, and what the same texts take uncompressed.

Run: `.venv/bin/python benchmarks/history.py [--zi N] [--saves N] [--keep DIR]`.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
TARGET_ZI = 5_000_000
LONG_CHAPTER = 200
LONG_ZI = 30_000
TIMED_SAVES = 60
SIZE_SAVES = 1000


def module(name: str):  # type: ignore[no-untyped-def]
    """A sibling benchmark script as a module (benchmarks/ is a folder of scripts)."""
    spec = importlib.util.spec_from_file_location(f"{name}_benchmark", HERE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


def edited(text: str, rng: random.Random, turn: int) -> str:
    """`text` with one sentence added after a random line: a small edit."""
    lines = text.split("\n")
    at = rng.randrange(2, len(lines))
    lines.insert(at, f"玄德又回头看了一眼，第{turn}次。")
    return "\n".join(lines)


def figures(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(len(ordered) * 0.95))]
    return f"median {statistics.median(values):.2f} ms, p95 {p95:.2f}, max {max(values):.2f}"


def per_save(root: Path, saves: int) -> None:
    from workbench.book.project import Project
    from workbench.history import keeping as history

    project = Project.open(root)
    path = project.chapter(LONG_CHAPTER).path
    rng = random.Random(7)
    keep_wall, keep_cpu, save_wall, save_cpu = [], [], [], []
    original_keep = history.keep

    def timed_keep(*args, **kwargs):  # type: ignore[no-untyped-def]
        wall, cpu = time.perf_counter(), time.thread_time()
        try:
            return original_keep(*args, **kwargs)
        finally:
            keep_wall.append((time.perf_counter() - wall) * 1000)
            keep_cpu.append((time.thread_time() - cpu) * 1000)

    history.keep = timed_keep
    try:
        for turn in range(saves):
            text = edited(project.read(path).text, rng, turn)
            wall, cpu = time.perf_counter(), time.thread_time()
            project.save_chapter(LONG_CHAPTER, text)
            save_wall.append((time.perf_counter() - wall) * 1000)
            save_cpu.append((time.thread_time() - cpu) * 1000)
    finally:
        history.keep = original_keep
    print(f"per save of a {LONG_ZI:,}-字 chapter in the {TARGET_ZI:,}-字 book ({saves} saves):")
    print(f"  keep (the history's part)   wall {figures(keep_wall)}")
    print(f"                              CPU  {figures(keep_cpu)}")
    print(f"  whole save (keep + write)   wall {figures(save_wall)}")
    print(f"                              CPU  {figures(save_cpu)}")


def folder_bytes(folder: Path, pattern: str) -> tuple[int, int]:
    files = [p for p in folder.rglob(pattern) if p.is_file()]
    return len(files), sum(p.stat().st_size for p in files)


def size_after(root: Path, saves: int) -> None:
    from workbench.book.project import Project
    from workbench.history import keeping, store
    from workbench.history import versions as history

    shutil.rmtree(root / ".workbench" / "history", ignore_errors=True)
    project = Project.open(root)
    path = project.chapter(LONG_CHAPTER).path
    rng = random.Random(11)
    raw = 0
    started = time.perf_counter()
    for turn in range(saves):
        before = project.read(path).text
        raw += len(before.encode("utf-8"))
        project.save_chapter(LONG_CHAPTER, edited(before, rng, turn))
    seconds = time.perf_counter() - started
    keeping.prune_history(project)
    folder = store.history_dir(root)
    blobs, blob_bytes = folder_bytes(folder, "*.z")
    index_bytes = (folder / store.INDEX).stat().st_size
    kept = len(history.versions_of(project, path))
    print(f"after {saves:,} saves of the {LONG_ZI:,}-字 chapter ({seconds:.1f} s):")
    print(f"  versions kept {kept:,}; blobs {blobs:,}, {blob_bytes / 1024 / 1024:.1f} MB")
    print(f"  index {index_bytes / 1024:.0f} KB; uncompressed texts {raw / 1024 / 1024:.1f} MB")
    print(f"  per version {blob_bytes / max(blobs, 1) / 1024:.1f} KB")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--zi", type=int, default=TARGET_ZI, help="the book's size in 字")
    parser.add_argument("--saves", type=int, default=SIZE_SAVES, help="saves for the size")
    parser.add_argument("--keep", type=Path, help="build in DIR and leave it there")
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="workbench-history-bench-"))
    try:
        root = folder / "book"
        if not (root / "chapters").is_dir():
            feed = module("feed")
            feed.build_project(root, args.zi)
            feed.write_long_chapter(root, LONG_CHAPTER, LONG_ZI)
        per_save(root, TIMED_SAVES)
        size_after(root, args.saves)
    finally:
        if args.keep is None:
            shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
