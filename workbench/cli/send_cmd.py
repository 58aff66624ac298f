"""`workbench send DIR --chapter N --agent A`: send one agent's feed to the model, headless.

The answer streams to stdout as it arrives and is kept as a draft in `.workbench/drafts/`
(never written over the chapter); the sent feed goes to the history and the call to
`.workbench/usage.jsonl`. Progress, retries and the usage line go to stderr, so stdout is
the answer exactly. The key comes only from the settings (or WORKBENCH_LLM_API_KEY).
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import threading
import time
from pathlib import Path

from workbench.book import gate
from workbench.book.drafts import (
    MAX_DRAFT_CHARS,
    finish_draft,
    keep_reasoning,
    new_draft_path,
    write_draft,
)
from workbench.book.plans import CHAPTER_TYPES
from workbench.book.project import Project
from workbench.calls.report import money, share_text
from workbench.calls.request import feed_call
from workbench.calls.usage import UsageRecord, recorded_call
from workbench.cli.exits import EXIT_NOT_READY, EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE
from workbench.cli.feed_cmd import _passage, passage_refused
from workbench.feed import AGENTS, build_feed
from workbench.feed.history import save_feed
from workbench.feed.render import feed_markdown
from workbench.llm import LlmCancelled, LlmError, LlmKeyEchoed, LlmMalformedResponse
from workbench.llm.client import RetryWait
from workbench.settings import load_settings

DRAFT_WRITE_S = 1.0  # how often the growing draft is written to disk
REFUSED = (LlmMalformedResponse, LlmKeyEchoed)  # the reply itself is bad: nothing is kept


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `send` subcommand."""
    parser = subparsers.add_parser(
        "send",
        help="send one agent's feed to the model; the answer streams to stdout and is kept "
        "as a draft",
        description="Send what AGENT receives for chapter N to the configured model (else the "
        "model profile's endpoint). The answer streams to stdout and is saved in "
        ".workbench/drafts/, never over the chapter; usage goes to .workbench/usage.jsonl. "
        "Exit 3 when the feed is not ready, 1 when the call fails.",
    )
    parser.add_argument("directory", help="a novel project folder")
    parser.add_argument("--agent", choices=list(AGENTS), required=True)
    parser.add_argument("--chapter", type=int, metavar="N", required=True)
    parser.add_argument("--type", choices=CHAPTER_TYPES, help="chapter type (default: the plan's)")
    parser.add_argument(
        "--passage", type=_passage, metavar="START:END", help="BattleAgent: offsets in chapter N"
    )
    parser.add_argument("--model", metavar="NAME", help="model profile (see `workbench models`)")
    parser.add_argument(
        "--allow-incomplete", action="store_true", help="send a feed that is not ready"
    )
    parser.add_argument(
        "--keep-reasoning",
        action="store_true",
        help="keep a reasoning model's thinking beside the draft (…-done.reasoning.md)",
    )
    parser.set_defaults(handler=run)


class _Stream:
    """The answer as it arrives: to stdout, and to the growing draft file."""

    def __init__(self, project: Project, path: Path) -> None:
        self.project = project
        self.path = path
        self.text = ""
        self.thought_chars = 0
        self.cancel = threading.Event()
        self.too_long = False
        self._written = 0.0

    def answer(self, piece: str) -> None:
        if self.too_long:
            return
        if len(self.text) + len(piece) > MAX_DRAFT_CHARS:
            self.too_long = True
            self.cancel.set()  # the client stops at its next chunk
            return
        if not self.text and self.thought_chars:
            print("", file=sys.stderr)  # end the thinking line
        self.text += piece
        sys.stdout.write(piece)
        sys.stdout.flush()
        if time.monotonic() - self._written >= DRAFT_WRITE_S:
            self._written = time.monotonic()
            write_draft(self.project, self.path, self.text)

    def reasoning(self, piece: str) -> None:
        self.thought_chars += len(piece)
        if not self.text:
            print(f"\r思考中… {self.thought_chars} 字", end="", file=sys.stderr, flush=True)

    @staticmethod
    def wait(wait: RetryWait) -> None:
        print(
            f"workbench: {wait.reason}; retry {wait.retry} of {wait.retries} in "
            f"{wait.seconds:.0f} s",
            file=sys.stderr,
        )


def run(args: argparse.Namespace) -> int:
    """Build the feed, refuse it when not ready, send it, keep the draft, record the call."""
    if passage_refused(args.agent, args.passage):
        return EXIT_USAGE
    project = Project.open(args.directory)
    feed = build_feed(
        project,
        args.agent,
        args.chapter,
        chapter_type=args.type,
        passage=args.passage,
        profile=args.model,
    )
    if not feed.ready and not args.allow_incomplete:
        print(feed.checklist.to_markdown(), file=sys.stderr)
        print(
            f"workbench: the {feed.agent} feed for chapter {feed.chapter} is not ready; "
            "nothing sent (--allow-incomplete sends it anyway)",
            file=sys.stderr,
        )
        return EXIT_NOT_READY
    markdown = feed_markdown(feed)
    call = feed_call(project, feed, markdown, load_settings())
    save_feed(project, feed, markdown, "md", sent=True)
    stream = _Stream(project, new_draft_path(project, feed.chapter, feed.agent))
    records: list[UsageRecord] = []
    client = call.client()
    print(
        f"workbench: sending; the call ends after {client.config.call_timeout:g} s at most "
        "(call_timeout in the settings), Ctrl-C cancels and keeps what arrived",
        file=sys.stderr,
    )
    try:
        reply = recorded_call(
            client,
            project,
            call.messages,
            kind="send",
            agent=feed.agent,
            chapter=feed.chapter,
            profile=feed.profile,
            on_record=records.append,
            stream=True,
            cancel=stream.cancel,
            on_delta=stream.answer,
            on_reasoning=stream.reasoning,
            on_wait=stream.wait,
        )
    except LlmError as error:
        return _failed(project, stream, error, EXIT_PROBLEMS)
    except KeyboardInterrupt:
        _keep(project, stream, "cancelled")
        print("\nworkbench: cancelled", file=sys.stderr)
        return 130
    path = finish_draft(project, stream.path, reply.text, "done")
    print("", file=sys.stderr)
    print(f"draft: {project.relative(path)}", file=sys.stderr)
    if args.keep_reasoning and reply.reasoning:
        kept = keep_reasoning(project, path, reply.reasoning)
        print(f"reasoning: {project.relative(kept)}", file=sys.stderr)
    if records:
        print(usage_line(records[-1]), file=sys.stderr)
    return EXIT_OK


def _failed(project: Project, stream: _Stream, error: LlmError, code: int) -> int:
    if stream.too_long:
        print(
            f"\nworkbench: the answer is longer than {MAX_DRAFT_CHARS:,} characters, more than "
            "any draft; refused, nothing kept",
            file=sys.stderr,
        )
        return code
    if isinstance(error, REFUSED):
        print(f"\nworkbench: {error}; nothing kept", file=sys.stderr)
        return code
    state = "cancelled" if isinstance(error, LlmCancelled) else "failed"
    kept = _keep(project, stream, state)
    where = f" (the partial answer is kept in {kept})" if kept else ""
    print(f"\nworkbench: {error}{where}", file=sys.stderr)
    return code


def _keep(project: Project, stream: _Stream, state: str) -> str:
    if not stream.text:
        with contextlib.suppress(FileNotFoundError):
            gate.remove(stream.path, root=project.root)
        return ""
    return project.relative(finish_draft(project, stream.path, stream.text, state))


def usage_line(record: UsageRecord) -> str:
    """`usage: 12,345 prompt tokens (cache hit 83.0%) · 2,100 out · 41.2 s · 0.0031 USD`."""
    hit = record.cache_hit_tokens
    known = None if hit is None or record.cache_miss_tokens is None else record.prompt_tokens
    share = share_text(hit / known if known else None)
    thought = f" (thinking {record.reasoning_tokens:,})" if record.reasoning_tokens else ""
    cost = money({record.currency: record.cost} if record.cost is not None else {})
    estimated = " · estimated (the server reported no usage)" if record.estimated else ""
    return (
        f"usage: {record.prompt_tokens:,} prompt tokens (cache hit {share}) · "
        f"{record.completion_tokens:,} out{thought} · {record.seconds:.1f} s · {cost}{estimated}"
    )
