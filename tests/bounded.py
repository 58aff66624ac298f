"""Run the real `workbench` command in a child process with its memory capped, so an input
that makes work grow without end fails the test instead of exhausting the machine."""

from __future__ import annotations

import resource
import subprocess
import sys
from pathlib import Path

MEMORY_CAP = 1536 * 1024 * 1024  # address space: far above what any command needs
HANG_GUARD = 300  # seconds; a command still running then is hanging, not slow


def _cap_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def run_bounded(
    *args: str | Path, cwd: Path | None = None, timeout: float = HANG_GUARD
) -> subprocess.CompletedProcess:
    """`workbench ARGS` with capped memory; stdout and stderr as text. A command still
    running after `timeout` seconds fails the test (subprocess.TimeoutExpired)."""
    return subprocess.run(
        [sys.executable, "-m", "workbench.cli.main", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=_cap_memory,
        cwd=cwd,
        check=False,
    )
