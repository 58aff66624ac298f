"""Issue #22: `import --dry-run` prints the manuscript's headings; a terminal escape or a bidi
control in one is shown as its escape, never sent to the terminal raw (a heading could clear
the screen, retitle the window or reverse what follows it)."""

from __future__ import annotations

import subprocess
import sys

HEADINGS = [
    ("第1章 \x1b[2J\x1b]0;pwned\x07清屏", "\\x1b[2J\\x1b]0;pwned\\x07清屏"),
    ("第2章 \u202eabc\u202c 反转", "\\u202eabc\\u202c 反转"),
    ("第3章 \u2066隔离\u2069\u200f", "\\u2066隔离\\u2069\\u200f"),
    ("第4章 响铃\x07\x9b31m", "响铃\\x07\\x9b31m"),
]


def test_the_dry_run_escapes_controls_in_headings(tmp_path):
    manuscript = tmp_path / "book.txt"
    body = "".join(f"{heading}\n正文{n}。\n" for n, (heading, _) in enumerate(HEADINGS, 1))
    manuscript.write_text("更新时间\x1b[5m 2026\n" + body, encoding="utf-8")
    into = ["--into", str(tmp_path / "new"), "--dry-run"]
    result = subprocess.run(
        [sys.executable, "-m", "workbench", "import", str(manuscript), *into],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    for _heading, shown in HEADINGS:
        assert shown in out
    for control in ("\x1b", "\x07", "\x9b", "\u202e", "\u202c", "\u2066", "\u2069", "\u200f"):
        assert control not in out + result.stderr
    assert "4 chapters" in out
    assert not (tmp_path / "new").exists()
