"""Benchmark: each profile tokenizer on the corpus — load time, counting speed, tokens per 字.

Input: the whole corpus, `../shared/corpus/sanguo-yanyi.txt` (三国演义, 120 回, read as it is),
split into its 回 at the `第N回` headings as `feed.py` does, so each call counts one chapter
(the size of the texts a feed counts) rather than one 1.8 MB string.

Prints per tokenizer: load (a fresh process, imports excluded: first with an empty vocabulary
cache, as on the first run after installing, then with the parsed vocabulary cached; DeepSeek's
tokenizer.json is read by Hugging Face tokenizers and has no such cache), counting speed
(median of `--runs` passes over all chapters, in 万字 per second), the corpus's tokens and
tokens per 字 (字 as Workbench counts them: every non-whitespace character,
`workbench/book/counting.py`), and the app's stall: the longest gap of a 5 ms tick on the main
thread while another thread loads the tokenizer and counts one 回, with the tokenizer loaded in
that process (as before the counting process) and in the app's way, in a child process
(`workbench/gui/counting_process.py`). A load holds the GIL, so in-process the gap is the load.

Run: `make bench` or `.venv/bin/python benchmarks/counting.py [--runs N]`.
(Not named tokenizers.py: a script's folder comes first on sys.path, and that name would hide
Hugging Face's `tokenizers`.)
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from workbench.book.counting import count_zi
from workbench.models.tokenizers import TOKENIZERS, load_tokenizer

# benchmarks/feed.py as a module (benchmarks/ is a folder of scripts, not a package).
_spec = importlib.util.spec_from_file_location(
    "feed_benchmark", Path(__file__).with_name("feed.py")
)
assert _spec and _spec.loader
feed_benchmark = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(feed_benchmark)
CORPUS = feed_benchmark.CORPUS

LOAD_SCRIPT = """
import json, sys, time
from workbench.models.tokenizers import load_tokenizer
start = time.perf_counter()
loaded = load_tokenizer(sys.argv[1])
print(json.dumps({"ms": (time.perf_counter() - start) * 1000, "exact": loaded.exact}))
"""

# The main thread ticks every 5 ms (as the GUI thread's events would run) while a thread loads
# the tokenizer and counts a text; argv: tokenizer, "here" or "child", the text's file.
GAP_SCRIPT = """
import json, sys, threading, time
from pathlib import Path
from workbench.models.tokenizers import load_tokenizer
name, where, text = sys.argv[1], sys.argv[2], Path(sys.argv[3]).read_text(encoding="utf-8")
if where == "child":
    from workbench.gui.counting_process import count_in_child_processes
    count_in_child_processes()
done = threading.Event()
threading.Thread(target=lambda: (load_tokenizer(name).count(text), done.set())).start()
longest, last = 0.0, time.perf_counter()
while not done.is_set():
    time.sleep(0.005)
    now = time.perf_counter()
    longest, last = max(longest, now - last), now
print(json.dumps({"gap_ms": longest * 1000}))
"""


def stall_ms(name: str, where: str, text_file: Path) -> float:
    """The main thread's longest gap while a thread loads `name` (`where`: here or child)."""
    result = subprocess.run(
        [sys.executable, "-c", GAP_SCRIPT, name, where, str(text_file)],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(result.stdout)["gap_ms"]


def load_ms(name: str, cache: Path) -> tuple[float, float, bool]:
    """(ms to load `name` in a fresh process with an empty vocabulary cache, ms with the cache
    that run left, whether it loaded exactly)."""
    shutil.rmtree(cache, ignore_errors=True)
    runs = []
    for _ in range(2):
        result = subprocess.run(
            [sys.executable, "-c", LOAD_SCRIPT, name],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "WORKBENCH_CACHE_DIR": str(cache)},
        )
        runs.append(json.loads(result.stdout))
    return runs[0]["ms"], runs[1]["ms"], runs[0]["exact"] and runs[1]["exact"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="passes over the corpus per tokenizer")
    args = parser.parse_args()
    if not CORPUS.is_file():
        print(f"corpus not found at {CORPUS}", file=sys.stderr)
        return 1
    chapters = [body for _, body in feed_benchmark.corpus_chapters()]
    zi = sum(count_zi(text) for text in chapters)
    print(f"corpus: {CORPUS.name}, {len(chapters)} 回, {zi:,} 字, counted one 回 per call")
    print(
        f"{'tokenizer':<12} {'load first/cached':>18} {'speed':>12} {'tokens':>10} "
        f"{'tokens/字':>10}  exact  stall here / in its process"
    )
    cache = Path(tempfile.mkdtemp(prefix="workbench-vocabularies-"))
    text_file = cache.parent / f"{cache.name}-chapter.txt"
    text_file.write_text(chapters[0], encoding="utf-8")
    for name in TOKENIZERS:
        first, load, exact = load_ms(name, cache)
        loaded = load_tokenizer(name)
        exact = exact and loaded.exact
        count = loaded.count
        passes = []
        for _ in range(args.runs):
            start = time.perf_counter()
            tokens = sum(count(text) for text in chapters)
            passes.append(time.perf_counter() - start)
        speed = zi / statistics.median(passes) / 10_000
        print(
            f"{name:<12} {first:>6.0f} / {load:>4.0f} ms {speed:>7.1f} 万字/s {tokens:>10,} "
            f"{tokens / zi:>10.2f}"
            f"  {'yes' if exact else 'NO (fallback)':<5}"
            f"  {stall_ms(name, 'here', text_file):>4.0f} / "
            f"{stall_ms(name, 'child', text_file):.0f} ms"
        )
    shutil.rmtree(cache, ignore_errors=True)
    text_file.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main())
