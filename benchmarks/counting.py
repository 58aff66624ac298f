"""Benchmark: each profile tokenizer on the corpus — load time, counting speed, tokens per 字.

Input: the whole corpus, `../shared/corpus/sanguo-yanyi.txt` (三国演义, 120 回, read as it is),
split into its 回 at the `第N回` headings as `feed.py` does, so each call counts one chapter
(the size of the texts a feed counts) rather than one 1.8 MB string.

Prints per tokenizer: load (a fresh process, imports excluded: first with an empty vocabulary
cache, as on the first run after installing, then with the parsed vocabulary cached; DeepSeek's
tokenizer.json is read by Hugging Face tokenizers and has no such cache), counting speed
(median of `--runs` passes over all chapters, in 万字 per second), the corpus's tokens and
tokens per 字 (字 as Workbench counts them: every non-whitespace character,
`workbench/book/counting.py`).

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
        f"{'tokens/字':>10}  exact"
    )
    cache = Path(tempfile.mkdtemp(prefix="workbench-vocabularies-"))
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
            f"  {'yes' if exact else 'NO (fallback)'}"
        )
    shutil.rmtree(cache, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
