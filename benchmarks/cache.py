"""Benchmark: how much of a writing session's prompt a provider's prefix cache can serve.

A session on the 2M-字 benchmark book (`feed.py`'s generator, with a plan for each chapter of
the session): for each of chapters 41-45, MainWriter writes it, then OOCGuardian,
FinalReviewer and ReaderSimulator read it — 20 requests, built as Send posts them (the book's
system message, then the feed's Markdown). For each request, the longest prefix it shares
with any earlier request of the session (system message first, as providers serialise it),
in DeepSeek-V4 tokens; printed as the share of all the session's prompt tokens, by agent,
and rounded down as providers cache: DeepSeek in 64-token units, OpenAI from 1024 tokens in
128-token steps. The first request of a session has nothing earlier to share.

Run: `.venv/bin/python benchmarks/cache.py [--keep DIR]`. Run it against an older tree with
`PYTHONPATH=that/tree` to compare layouts (it adapts to the old `chat_messages` signature).
"""

from __future__ import annotations

import argparse
import inspect
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from feed import build_project, write_session_plans

from workbench.book.project import Project
from workbench.feed import build_feed
from workbench.feed.prompt import chat_messages
from workbench.feed.render import feed_markdown
from workbench.feed.tokens import TokenCounter

AGENTS = ("MainWriter", "OOCGuardian", "FinalReviewer", "ReaderSimulator")
CHAPTERS = range(41, 46)


def messages(project: Project, agent: str, chapter: int) -> list[dict]:
    """The request's messages, with this tree's chat_messages (new or old signature)."""
    markdown = feed_markdown(build_feed(project, agent, chapter))
    if len(inspect.signature(chat_messages).parameters) == 2:
        return chat_messages(project, markdown)
    return chat_messages(project, agent, chapter, markdown)  # type: ignore[call-arg]


def common_prefix(a: str, b: str) -> str:
    """The longest text both start with."""
    size = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        size += 1
    return a[:size]


def shared_tokens(count, request: list[dict], earlier: list[dict]) -> int:  # type: ignore[no-untyped-def]
    """Tokens of the prefix `request` shares with `earlier` (system message, then user)."""
    system, user = request[0]["content"], request[1]["content"]
    other_system, other_user = earlier[0]["content"], earlier[1]["content"]
    if system != other_system:
        return count(common_prefix(system, other_system))
    return count(system) + count(common_prefix(user, other_user))


def deepseek_cached(tokens: int) -> int:
    """DeepSeek's cache serves whole 64-token units."""
    return tokens // 64 * 64


def openai_cached(tokens: int) -> int:
    """OpenAI caches prompts of 1024 tokens or more, in 128-token steps beyond that."""
    return 0 if tokens < 1024 else 1024 + (tokens - 1024) // 128 * 128


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--keep", type=Path, help="build the book here and keep it")
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="workbench-cache-"))
    root = folder / "book"
    if not (root / "chapters").is_dir():
        build_project(root)
    write_session_plans(root, CHAPTERS)
    project = Project.open(root)
    counter = TokenCounter("deepseek-v4")
    count = counter.count_uncached
    session: list[tuple[str, int, list[dict]]] = []
    totals = {"prompt": 0, "shared": 0, "deepseek": 0, "openai": 0}
    by_agent: dict[str, list[int]] = {agent: [0, 0] for agent in AGENTS}
    print(f"{'request':<22} {'prompt':>8} {'shared':>8} {'share':>7}")
    for chapter in CHAPTERS:
        for agent in AGENTS:
            request = messages(project, agent, chapter)
            prompt = sum(count(m["content"]) for m in request)
            shared = max((shared_tokens(count, request, m) for *_, m in session), default=0)
            session.append((agent, chapter, request))
            totals["prompt"] += prompt
            totals["shared"] += shared
            totals["deepseek"] += deepseek_cached(shared)
            totals["openai"] += openai_cached(shared)
            by_agent[agent][0] += prompt
            by_agent[agent][1] += shared
            name = f"{agent} ch{chapter}"
            print(f"{name:<22} {prompt:>8,} {shared:>8,} {shared / prompt:>7.1%}")
    prompt = totals["prompt"]
    print()
    print(f"session: {len(session)} requests, {prompt:,} prompt tokens (DeepSeek-V4)")
    shared = totals["shared"]
    print(f"in a prefix shared with an earlier request: {shared:,} = {shared / prompt:.1%}")
    print(f"  as DeepSeek caches it (64-token units): {totals['deepseek'] / prompt:.1%}")
    print(f"  as OpenAI caches it (≥ 1024, 128-token steps): {totals['openai'] / prompt:.1%}")
    for agent, (agent_prompt, agent_shared) in by_agent.items():
        print(f"  {agent}: {agent_shared / agent_prompt:.1%} of {agent_prompt:,}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
