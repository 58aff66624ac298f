"""`workbench self-test`: check that this installation (a wheel, a bundle) has what it needs.

On a scratch copy of the bundled sample novel, with a scratch user config folder (the author's
settings and window layout are neither read nor changed): the sample is found, every tokenizer
loads its vocabulary, a MainWriter feed is ready and counted with its profile's own tokenizer,
the desktop has what the window needs (Qt's X11 libraries, a CJK font), and the desktop app
starts in Chinese, regenerates a rolling summary in its child process and quits. Each check
prints `ok` or `FAIL` with what it saw; the exit code is 1 when any failed.
Without a display, set QT_QPA_PLATFORM=offscreen.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from workbench.book.project import Project
from workbench.bundled import copy_sample_novel, sample_novel_dir
from workbench.cli.exits import EXIT_OK, EXIT_PROBLEMS
from workbench.errors import WorkbenchError
from workbench.feed.build import build_feed
from workbench.models import TOKENIZERS, load_tokenizer

WINDOW_TIMEOUT_S = 120.0  # the summary child loads jieba's dictionary: seconds on a slow machine


class CheckFailed(WorkbenchError):
    """One self-test check found something wrong."""


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `self-test` subcommand."""
    parser = subparsers.add_parser(
        "self-test", help="check this installation: sample, tokenizer, app window, summaries"
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run every check on a scratch copy of the sample; 0 when all pass."""
    failed = 0
    with tempfile.TemporaryDirectory(prefix="workbench-self-test-") as scratch:
        os.environ["WORKBENCH_CONFIG_DIR"] = str(Path(scratch) / "config")
        novel = Path(scratch) / "sample-novel"
        checks: list[tuple[str, Callable[[Path], str]]] = [
            ("sample novel", _copy_sample),
            ("desktop", _desktop),
            ("tokenizers", _tokenizers),
            ("feed", _feed),
            ("app window", _window),
        ]
        for name, check in checks:
            try:
                seen = check(novel)
            except Exception as error:  # a self-test reports every failure, a crash included
                failed += 1
                print(f"FAIL {name}: {type(error).__name__}: {error}", flush=True)
            else:
                print(f"ok   {name}: {seen}", flush=True)
    return EXIT_PROBLEMS if failed else EXIT_OK


def _copy_sample(novel: Path) -> str:
    written = copy_sample_novel(novel)
    return f"{len(written)} files from {sample_novel_dir()}"


def _desktop(_novel: Path) -> str:
    from workbench.gui.desktop_check import font_problem, uses_xcb, xcb_problem

    problems = [p for p in (xcb_problem(), font_problem()) if p]
    if problems:
        raise CheckFailed("\n".join(problems))
    where = "X11 libraries present, " if uses_xcb() else ""
    return where + "a font with Chinese characters is installed"


def _tokenizers(_novel: Path) -> str:
    sample = "第一章 寒渊列的灯"
    counts = {}
    for name in TOKENIZERS:
        loaded = load_tokenizer(name)
        if not loaded.exact:
            raise CheckFailed(loaded.note)
        counts[name] = loaded.count(sample)
    return "every vocabulary loads: " + ", ".join(f"{n} {c}" for n, c in counts.items())


def _feed(novel: Path) -> str:
    feed = build_feed(Project.open(novel), "MainWriter", 13)
    if not feed.ready:
        raise CheckFailed("the sample's MainWriter feed for chapter 13 is not ready")
    if feed.tokenizer_note:
        raise CheckFailed(f"counted with a fallback tokenizer: {feed.tokenizer_note}")
    total = feed.totals()["all"]
    counted = f"{total['chars']} 字, {total['tokens']} tokens ({feed.tokenizer})"
    return f"MainWriter 第13章 ready, {counted}"


def _window(novel: Path) -> str:
    from workbench.gui.self_test import check_window  # Qt only for this check

    return check_window(novel, WINDOW_TIMEOUT_S)
