"""Benchmark: the recall index and query on the 2M- and 5M-字 benchmark books (feed.py's
generator: the corpus's 回 repeated and renumbered, every layer generated around them).

Prints, per size: the first index build (every chapter cut, sealed and indexed, from an empty
`.workbench/`), re-indexing one saved chapter (the save, then the sync that finds and
re-indexes it), a warm recall query for the last chapter (median of repeats, plan words
remembered), and the warm MainWriter feed with the recall block (median; tokens not counted,
as the app's feed worker counts them apart).
Targets (issue 39): first build ≤ 60 s at 5M, re-index one chapter ≤ 50 ms, query ≤ 30 ms
warm at 5M, the warm MainWriter feed with recall ≤ 50 ms.

Run: `.venv/bin/python benchmarks/recall.py [--sizes 2000000,5000000] [--keep DIR]`.
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from workbench.book.project import Project
from workbench.feed import build_feed
from workbench.recall.index import PassageIndex
from workbench.recall.index_file import remove_index
from workbench.recall.recall import recall

HERE = Path(__file__).resolve().parent
PLAN = "关羽败走麦城，想起当年桃园结义、过五关斩六将；吕蒙白衣渡江，孙权夺回荆州。"
REPEATS = 15


def feed_module():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("feed_bench", HERE / "feed.py")
    assert spec is not None and spec.loader is not None
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


def median_ms(work, repeats: int = REPEATS) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), max(times)


def measure(root: Path, size: int) -> None:
    chapters, total = feed_module().build_project(root, size)
    last = chapters
    plan = root / "outline" / "chapters" / f"ch{last:04d}.md"
    plan.parent.mkdir(parents=True, exist_ok=True)
    plan.write_text(PLAN + "\n", encoding="utf-8")
    project = Project.open(root)
    remove_index(project)
    start = time.perf_counter()
    with PassageIndex(project) as index:
        built = index.sync()
    build_s = time.perf_counter() - start
    size_mb = (root / ".workbench" / "recall-index.sqlite3").stat().st_size / 1e6
    print(
        f"{total:,} 字, {chapters} chapters: first build {build_s:.1f} s "
        f"({len(built.indexed)} chapters, index {size_mb:.0f} MB)"
    )

    window = range(last - 3, last)
    recall(project, last, window=window)  # the plan's words cut once, then remembered
    target = last // 2
    text = project.chapter_text(target)
    times = []
    for turn in range(5):
        project.save_chapter(target, text + f"\n\n又一句（{turn}）。\n")
        project.files_changed([project.chapter(target).path])
        start = time.perf_counter()
        with PassageIndex(project) as index:
            report = index.sync()
        times.append((time.perf_counter() - start) * 1000)
        assert report.indexed == (target,), report
    print(
        f"  re-index one saved chapter: median {statistics.median(times):.1f} ms "
        f"(max {max(times):.1f})"
    )

    found = recall(project, last, window=window)
    query, worst = median_ms(lambda: recall(project, last, window=window))
    print(
        f"  warm recall query (ch{last}, {len(found.passages)} passages): median "
        f"{query:.1f} ms (max {worst:.1f})"
    )

    build_feed(project, "MainWriter", last, count_tokens=False)
    feed, worst = median_ms(lambda: build_feed(project, "MainWriter", last, count_tokens=False))
    print(f"  warm MainWriter feed with recall: median {feed:.1f} ms (max {worst:.1f})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="2000000,5000000")
    parser.add_argument("--keep", type=Path, help="build the books here and keep them")
    args = parser.parse_args()
    for size in (int(s) for s in args.sizes.split(",")):
        folder = args.keep or Path(tempfile.mkdtemp(prefix="recall-bench-"))
        root = folder / f"book-{size}"
        shutil.rmtree(root, ignore_errors=True)
        try:
            measure(root, size)
        finally:
            if args.keep is None:
                shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
