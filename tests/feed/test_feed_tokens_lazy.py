"""A new process whose texts were all counted before never loads the tokenizer (what makes a
repeated one-shot `workbench feed` cheap); one new text loads it."""

from __future__ import annotations

import subprocess
import sys

from workbench.feed.tokens import TokenCounter

PROBE = """
import sys
from workbench.feed.tokens import TokenCounter
counter = TokenCounter("deepseek-v4", sys.argv[1])
counts = [counter.count(text) for text in sys.argv[2:]]
print(counts, counter.name, counter.exact, "tokenizers" in sys.modules)
"""


def probe(state_dir, *texts: str) -> str:
    command = [sys.executable, "-c", PROBE, str(state_dir), *texts]
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout.strip()


def test_cached_counts_need_no_tokenizer_and_a_new_text_loads_it(tmp_path):
    counter = TokenCounter("deepseek-v4", tmp_path)
    first, second = counter.count("刘备与关羽"), counter.count("张飞")
    counter.save()
    assert probe(tmp_path, "刘备与关羽", "张飞") == f"[{first}, {second}] deepseek-v4 True False"
    third = counter.count("诸葛亮出山")
    assert probe(tmp_path, "张飞", "诸葛亮出山") == f"[{second}, {third}] deepseek-v4 True True"
