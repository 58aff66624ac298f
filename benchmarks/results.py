"""Run every benchmark and write what they printed to benchmarks/RESULTS.md.

The figures in RESULTS.md are only ever this script's output: the date, the commit, the machine
(cores, memory, Python, load average before and after) and each benchmark's own printout,
tee'd to the terminal as it runs. A benchmark that fails is written down with its exit code and
the run goes on, so one broken measurement never hides the others.

Run: `make bench`, or `.venv/bin/python benchmarks/results.py [--only feed.py,app.py]`.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "RESULTS.md"
# The order make bench has always run them in: cheap and engine-only first, the app last.
BENCHMARKS = (
    "counting.py",
    "feed.py",
    "app.py",
    "start.py",
    "scaling.py",
    "glance.py",
)


def machine() -> str:
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    return (
        f"{platform.platform()}, {os.cpu_count()} cores, {memory:.0f} GiB, "
        f"Python {platform.python_version()}"
    )


def commit() -> str:
    run = subprocess.run(
        ["git", "describe", "--always", "--dirty"], cwd=HERE, capture_output=True, text=True
    )
    return run.stdout.strip() or "unknown"


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"{one:.1f} (5 min {five:.1f})"


def run_one(script: str) -> tuple[int, str, float]:
    """Runs one benchmark, echoing its output line by line; returns its exit code, output and
    minutes taken."""
    started = datetime.datetime.now(datetime.UTC)
    process = subprocess.Popen(
        [sys.executable, str(HERE / script)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        bufsize=1,
    )
    lines = []
    assert process.stdout is not None
    for line in process.stdout:
        sys.stdout.write(line)
        lines.append(line)
    code = process.wait()
    minutes = (datetime.datetime.now(datetime.UTC) - started).total_seconds() / 60
    return code, "".join(lines), minutes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="comma-separated benchmark scripts (default: all)")
    args = parser.parse_args()
    scripts = args.only.split(",") if args.only else list(BENCHMARKS)
    started = datetime.datetime.now(datetime.UTC)
    header = [
        "# Benchmark results",
        "",
        "Written by `make bench` (benchmarks/results.py); never edited by hand. How each figure is",
        "taken and its target: [README.md](README.md) and each script's docstring.",
        "",
        f"- date: {started:%Y-%m-%d %H:%M} UTC",
        f"- commit: {commit()}",
        f"- machine: {machine()}",
        f"- load average at the start: {load()}",
        "",
    ]
    body = []
    failed = 0
    for script in scripts:
        code, output, minutes = run_one(script)
        verdict = "" if code == 0 else f" — exited with code {code}"
        failed += code != 0
        body += [f"## {script} ({minutes:.1f} min){verdict}", "", "```", output.rstrip(), "```", ""]
    footer = [f"Load average at the end: {load()}.", ""]
    RESULTS.write_text("\n".join(header + body + footer), encoding="utf-8")
    print(f"wrote {RESULTS}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
