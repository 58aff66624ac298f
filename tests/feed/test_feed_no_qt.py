"""The feed engine and its command run where Qt is not installed."""

from __future__ import annotations

import subprocess
import sys

SCRIPT = """
import sys
sys.modules["PySide6"] = None  # any import of PySide6 now raises ImportError
import workbench.feed, workbench.feed.render, workbench.feed.pins, workbench.cli.feed_cmd
import workbench.models, workbench.cli.models_cmd
assert not any(name.startswith("PySide6") for name in sys.modules if sys.modules[name])
print("ok")
"""


def test_feed_imports_without_pyside6():
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
