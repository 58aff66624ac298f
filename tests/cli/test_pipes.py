"""Output piped into a reader that stops early (`| head`) ends quietly."""

from __future__ import annotations

import subprocess
import sys


def test_a_closed_pipe_ends_the_command_without_a_traceback(sample_copy):
    feed = subprocess.Popen(
        [sys.executable, "-m", "workbench", "feed", str(sample_copy), "--agent", "MainWriter",
         "--chapter", "13"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )  # fmt: skip
    assert feed.stdout is not None
    feed.stdout.close()  # the reader is gone before the first write, as `| head -0` does
    _, stderr = feed.communicate(timeout=60)
    assert feed.returncode == 1
    assert b"Traceback" not in stderr
    assert b"BrokenPipeError" not in stderr
