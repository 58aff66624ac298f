"""`.workbench/usage.jsonl`: one JSON line per model call — Send, `workbench send`, rolling
summaries, the fixed context, memory upkeep — with the server's token counts, the seconds it
took and its cost at the profile's prices.

A server that reports no usage gets our own count of the messages and the reply, with the
profile's tokenizer, and the line says `"estimated": true`. Each line is appended with one
write to a file opened for appending, so the app, its summary process and a `workbench send`
in a terminal can record at once without interleaving.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from workbench.book import gate
from workbench.book.bounded_json import parse_json
from workbench.book.project import Project
from workbench.calls.prices import call_cost
from workbench.errors import FileProblem, WorkbenchError
from workbench.llm.errors import LlmError
from workbench.llm.usage import ServerUsage
from workbench.models.profiles import ModelProfile

if TYPE_CHECKING:  # the client (httpx) is loaded by whoever makes a call, not by a report
    from workbench.llm.client import ChatClient, ChatReply, Message

log = logging.getLogger(__name__)

USAGE_FILE = "usage.jsonl"
KINDS = ("send", "rolling_summary", "fixed_context", "upkeep")
_WRITE_LOCK = threading.Lock()
MAX_USAGE_BYTES = 64 * 1024 * 1024  # one line a call: some 200,000 calls


class UsageProblem(WorkbenchError):
    """A line of usage.jsonl that cannot be read (named by file and line)."""


@dataclass(frozen=True)
class UsageRecord:
    """One model call, as usage.jsonl holds it."""

    time: str  # ISO 8601 with the author's UTC offset at the time (the day is theirs)
    kind: str  # send / rolling_summary / fixed_context / upkeep
    agent: str
    chapter: int | None
    profile: str
    model: str
    prompt_tokens: int
    completion_tokens: int
    cache_hit_tokens: int | None  # None: the server did not say
    cache_miss_tokens: int | None
    reasoning_tokens: int | None
    seconds: float
    cost: float | None  # None: no prices set (or a local server)
    currency: str
    estimated: bool  # the counts are ours, not the server's
    state: str = "done"  # done / cancelled / failed (a partial reply is billed too)

    @property
    def day(self) -> str:
        """`2026-12-01`, in the author's time zone when the call was made."""
        return self.time[:10]

    def line(self) -> str:
        """The record as one JSON line."""
        return json.dumps(asdict(self), ensure_ascii=False) + "\n"


def usage_path(project: Project) -> Path:
    """Where a project keeps its usage lines."""
    return project.state_dir / USAGE_FILE


def record_call(
    project: Project,
    *,
    kind: str,
    agent: str,
    chapter: int | None,
    profile: ModelProfile,
    model: str,
    messages: list[Message],
    reply: ChatReply,
    seconds: float,
    state: str = "done",
) -> UsageRecord:
    """Append one call to usage.jsonl and return its record (what upkeep and every other
    caller of a model use). Counts missing from the server's usage are our own, marked."""
    assert kind in KINDS, kind
    usage = reply.usage or ServerUsage()
    estimated = usage.prompt_tokens is None or usage.completion_tokens is None
    prompt, completion = usage.prompt_tokens, usage.completion_tokens
    reasoning = usage.reasoning_tokens
    if estimated:
        count = _counter(project, profile)
        if prompt is None:
            prompt = sum(count(message.get("content") or "") for message in messages)
        if completion is None:
            thought = count(reply.reasoning) if reply.reasoning else 0
            completion = count(reply.text) + thought
            reasoning = thought if reply.reasoning else reasoning
    hit, miss = usage.cache_hit_tokens, usage.cache_miss_tokens
    record = UsageRecord(
        time=datetime.now().astimezone().isoformat(timespec="seconds"),
        kind=kind,
        agent=agent,
        chapter=chapter,
        profile=profile.name,
        model=model,
        prompt_tokens=prompt,
        completion_tokens=completion,
        cache_hit_tokens=hit,
        cache_miss_tokens=miss,
        reasoning_tokens=reasoning,
        seconds=round(seconds, 3),
        cost=call_cost(
            profile,
            prompt_tokens=prompt,
            completion_tokens=completion,
            cache_hit_tokens=hit,
            cache_miss_tokens=miss,
        ),
        currency=profile.currency,
        estimated=estimated,
        state=state,
    )
    _append(project, usage_path(project), record.line())
    return record


def _counter(project: Project, profile: ModelProfile) -> Callable[[str], int]:
    # The feed's token counter for the profile (loaded only now: a server reporting usage
    # never makes a process load a tokenizer). Uncached: replies are counted once.
    from workbench.feed.build import token_counter

    return token_counter(project, profile).count_uncached


def _append(project: Project, path: Path, line: str) -> None:
    with _WRITE_LOCK:
        gate.append_bytes(path, line.encode("utf-8"), root=project.root)


def recorded_call(
    client: ChatClient,
    project: Project,
    messages: list[Message],
    *,
    kind: str,
    agent: str,
    chapter: int | None,
    profile: ModelProfile,
    on_record: Callable[[UsageRecord], None] | None = None,
    **options: Any,
) -> ChatReply:
    """`client.call(messages, **options)`, recorded in usage.jsonl whatever the outcome: a
    reply as the server counted it; a call cancelled or failed after text arrived with our
    own estimate of what was billed (nothing arrived: nothing recorded)."""
    answer: list[str] = []
    thinking: list[str] = []
    on_delta = options.pop("on_delta", None)
    on_reasoning = options.pop("on_reasoning", None)

    def delta(piece: str) -> None:
        answer.append(piece)
        if on_delta is not None:
            on_delta(piece)

    def reasoning(piece: str) -> None:
        thinking.append(piece)
        if on_reasoning is not None:
            on_reasoning(piece)

    began = time.monotonic()
    record_options = {
        "kind": kind,
        "agent": agent,
        "chapter": chapter,
        "profile": profile,
        "model": client.config.model,
        "messages": messages,
    }
    try:
        reply = client.call(messages, on_delta=delta, on_reasoning=reasoning, **options)
    except LlmError as error:
        if answer or thinking:
            from workbench.llm.client import ChatReply  # loaded already: `client` is one

            partial = ChatReply("".join(answer), "".join(thinking))
            state = "cancelled" if type(error).__name__ == "LlmCancelled" else "failed"
            _record_quietly(project, partial, began, state, on_record, record_options)
        raise
    _record_quietly(project, reply, began, "done", on_record, record_options)
    return reply


def _record_quietly(
    project: Project,
    reply: ChatReply,
    began: float,
    state: str,
    on_record: Callable[[UsageRecord], None] | None,
    options: dict[str, Any],
) -> None:
    """Record the call; a usage file that cannot be written is logged, never the reason a
    reply is lost."""
    try:
        record = record_call(
            project, reply=reply, seconds=time.monotonic() - began, state=state, **options
        )
    except (OSError, FileProblem) as error:  # a full disk; a usage log leading out
        log.error("cannot record the call's usage in %s: %s", usage_path(project), error)
        return
    if on_record is not None:
        on_record(record)


def read_usage(project: Project) -> tuple[list[UsageRecord], list[str]]:
    """Every call recorded, oldest first, and a message for each line that cannot be read
    (file and line number); those lines are skipped, never rewritten."""
    path = usage_path(project)
    if not path.is_file():
        return [], []
    records, problems = [], []
    names = {f.name for f in fields(UsageRecord)}
    content = gate.read_bytes(path, root=project.root, limit=MAX_USAGE_BYTES, what="a usage log")
    for number, raw in enumerate(content.splitlines(), 1):
        if not raw.strip():
            continue
        try:
            data = parse_json(raw, path)
            if not isinstance(data, dict) or not names.issuperset(data):
                raise ValueError("not a usage record")
            record = UsageRecord(**data)
            _check(record)
        except (ValueError, TypeError, FileProblem) as error:
            reason = error.problem if isinstance(error, FileProblem) else error
            problems.append(f"{path}:{number}: not a usage record ({reason}); skipped")
            continue
        records.append(record)
    return records, problems


def _check(record: UsageRecord) -> None:
    counts = (record.prompt_tokens, record.completion_tokens)
    if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in counts):
        raise ValueError("token counts must be whole numbers")
    if record.cost is not None and not isinstance(record.cost, int | float):
        raise ValueError("cost must be a number")
    if not isinstance(record.time, str) or len(record.time) < 10:
        raise ValueError("time must be an ISO date")
