"""Benchmark: the continuity guard on inputs far past any real book, to show it stays bounded
and linear (issue #41's round).

Three projects, each at several sizes, so the growth can be read off:

- aliases — a cast of N aliases (N/10 characters of ten three-character aliases each, drawn
  from the corpus's commonest characters) and one chapter of corpus text of K bytes;
- long chapter — the corpus fixture's cast (tests/continuity/sanguo/) and one chapter of
  M bytes of corpus text (the 120 回 repeated);
- one paragraph — the same cast, realms in the world file, and a chapter of M bytes in one
  paragraph, every clause a name and a realm (关羽已是筑基，张飞仍是金丹，…);
- state tracker — that cast (and again with 25,000 aliases more), a state tracker of R
  rows (realms, deaths, departures and returns of the cast in turn, every third a death of
  another named in the cell: 目睹X被杀) and ten chapters.

For each it prints the CPU seconds, wall seconds, peak resident memory and findings of
`workbench continuity DIR --format json` in a fresh process (its own figures, imports and
jieba's dictionary included), and the CPU ratio to the size before: ≈ 2 for twice the input
is linear, less while the fixed start-up cost still dominates.

Run: `.venv/bin/python benchmarks/continuity_scale.py [--quick] [--only TITLE]` (--quick:
the smaller sizes only; --only: the series whose title starts with TITLE).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
FIXTURE = HERE.parent / "tests" / "continuity" / "sanguo"
CORPUS = HERE.parent.parent / "shared" / "corpus" / "sanguo-yanyi.txt"
TOML = ""


def corpus_text() -> str:
    if not CORPUS.is_file():
        raise SystemExit(f"corpus not found at {CORPUS}")
    return CORPUS.read_text(encoding="utf-8")


def prose(size: int, text: str) -> str:
    """`size` bytes (UTF-8) of the corpus's lines, repeated as needed."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    out, total, at = [], 0, 0
    while total < size:
        line = lines[at % len(lines)]
        out.append(line)
        total += len(line.encode("utf-8")) + 1
        at += 1
    return "\n\n".join(out)


def project(
    root: Path, chapters: dict[int, str], characters: str, state: str = "", world: str = ""
) -> Path:
    files = {
        "worldbuilding/world.md": world,
        "characters/protagonist.md": (FIXTURE / "protagonist.md").read_text(encoding="utf-8"),
        "characters/characters.md": characters,
        "references/state-tracker.md": state,
        "workbench.toml": TOML,
    }
    for number, text in chapters.items():
        files[f"chapters/ch{number:03d}.md"] = f"# 第{number}章\n\n{text}\n"
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def alias_cast(count: int, text: str) -> str:
    """N aliases: N/10 characters with ten three-character aliases each."""
    counts = Counter(char for char in text if "\u4e00" <= char <= "\u9fff")
    common = [char for char, _ in counts.most_common(600)]
    chooser = random.Random(41)
    lines = ["# 人物", ""]
    for number in range(count // 10):
        name = "".join(chooser.choices(common, k=3))
        aliases = "、".join("".join(chooser.choices(common, k=3)) for _ in range(10))
        lines += [f"## {name}{number}", "", f"- 别名：{aliases}", ""]
    return "\n".join(lines)


def state_rows(rows: int) -> str:
    """A state tracker of `rows` rows over the fixture's cast."""
    names = [
        line[3:].strip()
        for line in (FIXTURE / "characters.md").read_text(encoding="utf-8").splitlines()
        if line.startswith("## ")
    ]
    cells = ("筑基", "金丹", "离开", "归来", "身死", "闭关", "出关")
    lines = ["# 状态", "", "| 章节 | 角色 | 修为 | 状态 |", "|---|---|---|---|"]
    for row in range(rows):
        name = names[row % len(names)]
        state = cells[2 + row % 5] if row % 3 else f"目睹{names[(row + 7) % len(names)]}被杀"
        lines.append(f"| {row // 50 + 1} | {name} | {cells[row % 2]} | {state} |")
    return "\n".join(lines) + "\n"


CHILD = """
import io, json, resource, sys, time
from contextlib import redirect_stdout
from workbench.cli.main import main
out = io.StringIO()
with redirect_stdout(out):
    code = main(["continuity", sys.argv[1], "--format", "json"])
usage = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"code": code, "cpu": usage.ru_utime + usage.ru_stime,
                  "peak_mb": usage.ru_maxrss / 1024,
                  "findings": len(json.loads(out.getvalue())["findings"])}))
"""


def measure(root: Path) -> dict:
    """CPU s, wall s, peak MB and findings of `workbench continuity` on the project, run in
    a fresh process that reports its own figures."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", CHILD, str(root)], capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(done.stderr[-2000:])
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    if figures["code"] not in (0, 1):
        raise RuntimeError(f"continuity exited {figures['code']}: {done.stderr[-2000:]}")
    return figures | {"wall": time.perf_counter() - start}


ONLY: str | None = None


def series(title: str, sizes: list, build) -> None:  # type: ignore[no-untyped-def]
    if ONLY and not title.startswith(ONLY):
        return
    print(title)
    previous = None
    for size in sizes:
        with tempfile.TemporaryDirectory() as folder:
            root = build(Path(folder) / "book", size)
            got = measure(root)
        cpu = got["cpu"]
        ratio = f", ×{cpu / previous:.2f} the CPU of the size before" if previous else ""
        print(f"  {size:>12,}: {cpu:6.2f} s CPU, {got['wall']:6.2f} s wall, peak "
              f"{got['peak_mb']:4.0f} MB, {got['findings']} findings{ratio}")  # fmt: skip
        previous = cpu
        sys.stdout.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the smaller sizes only")
    parser.add_argument("--only", help="the series whose title starts with this")
    args = parser.parse_args()
    quick = args.quick
    global ONLY
    ONLY = args.only
    text = corpus_text()
    cast = (FIXTURE / "characters.md").read_text(encoding="utf-8")
    chapter_400k = prose(400_000, text)
    series(
        "aliases (cast of N aliases, one 400 KB chapter):",
        [25_000, 50_000] if quick else [25_000, 50_000, 100_000],
        lambda root, n: project(root, {1: chapter_400k}, alias_cast(n, text)),
    )
    series(
        "long chapter (the fixture's cast, one chapter of M bytes):",
        [1_250_000, 2_500_000] if quick else [1_250_000, 2_500_000, 5_000_000],
        lambda root, m: project(root, {1: prose(m, text)}, cast),
    )
    world = "# 世界\n\n## 力量体系\n\n境界：炼气、筑基、金丹、元婴。\n"
    clauses = "关羽已是筑基，张飞仍是金丹，"
    series(
        "one paragraph (the fixture's cast, realms, one chapter of M bytes in one line):",
        [1_250_000, 2_500_000] if quick else [1_250_000, 2_500_000, 5_000_000],
        lambda root, m: project(
            root, {1: clauses * (m // len(clauses.encode()))}, cast, world=world
        ),
    )
    chapters = {n: prose(3_000, text[n * 5000 :]) for n in range(1, 11)}
    series(
        "state tracker (the fixture's cast, R rows, ten chapters):",
        [2_500, 5_000] if quick else [2_500, 5_000, 10_000],
        lambda root, r: project(root, chapters, cast, state_rows(r)),
    )
    crowded = cast + alias_cast(25_000, text).removeprefix("# 人物")
    series(
        "state tracker, cast with 25,000 aliases more (R rows, ten chapters):",
        [2_500, 5_000] if quick else [2_500, 5_000, 10_000],
        lambda root, r: project(root, chapters, crowded, state_rows(r)),
    )


if __name__ == "__main__":
    main()
