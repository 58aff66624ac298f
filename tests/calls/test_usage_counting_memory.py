"""A refused stream brings up to 8 MB of reasoning, which usage.jsonl counts with our own
tokenizer (the server reported nothing). Counted in pieces, the process grows by a few MB,
not by the hundreds a tokenizer takes for megabytes at once. A real child process, its peak
memory from the kernel (ru_maxrss), the real tokenizer."""

from __future__ import annotations

import subprocess
import sys

CHILD = """
import resource, sys
from workbench.book.project import Project
from workbench.calls.usage import record_call
from workbench.llm.client import ChatReply
from workbench.models import profile_named

project = Project.open(sys.argv[1])
call = dict(kind="send", agent="MainWriter", chapter=1, profile=profile_named("deepseek-v4"),
            model="m", messages=[{"role": "user", "content": "x"}], seconds=1)
record_call(project, reply=ChatReply("答", "想"), **call)  # the tokenizer loaded
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
thought = "先写雪夜，再让她问起那瓶药。" * (8 * 1024 * 1024 // 42)
record = record_call(project, reply=ChatReply("答", thought), state="failed", **call)
grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
print(record.completion_tokens, len(thought), grown // 1024)
"""


def test_counting_megabytes_of_reasoning_grows_the_process_by_a_few_mb(sample_copy):
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(sample_copy)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    tokens, chars, grown_mb = map(int, done.stdout.split())
    assert tokens > chars // 2  # counted, all of it
    assert grown_mb < 100, f"grew {grown_mb} MB counting {chars:,} characters"
