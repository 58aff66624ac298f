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
import sys
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
from workbench.llm.usage import MAX_TOKENS, ServerUsage
from workbench.models.profiles import ModelProfile

if TYPE_CHECKING:  # the client (httpx) is loaded by whoever makes a call, not by a report
    from workbench.llm.client import ChatClient, ChatReply, Message

log = logging.getLogger(__name__)

USAGE_FILE = "usage.jsonl"
KINDS = ("send", "rolling_summary", "fixed_context", "upkeep")
_WRITE_LOCK = threading.Lock()
MAX_USAGE_BYTES = 64 * 1024 * 1024  # one line a call: some 200,000 calls
MAX_LINE = 4096  # bytes of one line: a record is some 350
MAX_NAME = 200  # characters of a name a line holds (agent, model, profile, currency)
MAX_CHAPTER = 10**6
MAX_SECONDS = 10**7  # four months: no call lasts longer
MAX_COST = 10**12  # in any currency, past any bill
COUNTED_PIECE = 100_000  # characters a tokenizer is given at once when we count a reply


class UsageProblem(WorkbenchError):
    """A line of usage.jsonl that cannot be read (named by file and line)."""


@dataclass(frozen=True, slots=True)
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


_FIELD_NAMES = tuple(f.name for f in fields(UsageRecord))


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
    # never makes a process load a tokenizer). Uncached: replies are counted once. In pieces:
    # a tokenizer holds several times its input while it works, and a refused stream may
    # bring megabytes of reasoning (each cut adds a token at most).
    from workbench.feed.build import token_counter

    count = token_counter(project, profile).count_uncached

    def count_in_pieces(text: str) -> int:
        return sum(
            count(text[at : at + COUNTED_PIECE]) for at in range(0, len(text), COUNTED_PIECE)
        )

    return count_in_pieces


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
    """Record the call; a usage line that cannot be made or written is logged, never the
    reason a reply is lost."""
    try:
        record = record_call(
            project, reply=reply, seconds=time.monotonic() - began, state=state, **options
        )
    # A full disk, a usage log leading out, a tokenizer that cannot load, a figure no float
    # holds: the reply has arrived and is the author's whatever the record's fate.
    except (OSError, WorkbenchError, ValueError, ArithmeticError) as error:
        log.error("cannot record the call's usage in %s: %s", usage_path(project), error)
        return
    if on_record is not None:
        on_record(record)


def read_usage(project: Project) -> tuple[list[UsageRecord], list[str]]:
    """Every call recorded, oldest first, and a message for each line that cannot be read
    (file and line number); those lines are skipped, never rewritten."""
    path = usage_path(project)
    records, skipped = read_usage_lines(project)
    problems = [f"{path}:{number}: not a usage record ({why}); skipped" for number, why in skipped]
    return records, problems


def read_usage_lines(project: Project) -> tuple[list[UsageRecord], list[tuple[int, str]]]:
    """Every call recorded, and (line number, why) of each line skipped. The file is read a
    chunk at a time and the names repeated on every line are shared, so a log of 200,000
    calls costs tens of megabytes, not the file many times over."""
    path = usage_path(project)
    if not path.is_file():
        return [], []
    records, skipped = [], []
    lines = gate.read_lines(
        path, root=project.root, limit=MAX_USAGE_BYTES, max_line=MAX_LINE, what="a usage log"
    )
    for number, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        try:
            if len(raw) > MAX_LINE:
                raise ValueError(f"longer than {MAX_LINE:,} bytes")
            records.append(usage_record(parse_json(raw, path)))
        except (ValueError, FileProblem) as error:
            why = error.problem if isinstance(error, FileProblem) else str(error)
            skipped.append((number, why))
    return records, skipped


def usage_record(data: object) -> UsageRecord:
    """A parsed usage line as a record; ValueError saying which field does not hold."""
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    unknown = set(data).difference(_FIELD_NAMES)
    if unknown:
        raise ValueError(f"unknown field {sorted(unknown)[0]!r}")
    missing = [name for name in _FIELD_NAMES if name not in data and name != "state"]
    if missing:
        raise ValueError(f"no {missing[0]!r}")
    for name in ("time", "kind", "agent", "profile", "model", "currency", "state"):
        value = data.get(name, "done")
        if not isinstance(value, str) or len(value) > MAX_NAME:
            raise ValueError(f"{name} must be text of at most {MAX_NAME} characters")
        data[name] = sys.intern(value)  # a few names repeat over every line
    if len(data["time"]) < 10:
        raise ValueError("time must be an ISO date")
    _whole(data, "chapter", MAX_CHAPTER, optional=True)
    _whole(data, "prompt_tokens", MAX_TOKENS)
    _whole(data, "completion_tokens", MAX_TOKENS)
    for name in ("cache_hit_tokens", "cache_miss_tokens", "reasoning_tokens"):
        _whole(data, name, MAX_TOKENS, optional=True)
    _amount(data, "seconds", MAX_SECONDS)
    _amount(data, "cost", MAX_COST, optional=True)
    if not isinstance(data["estimated"], bool):
        raise ValueError("estimated must be true or false")
    return UsageRecord(**data)


def _whole(data: dict, name: str, most: int, *, optional: bool = False) -> None:
    value = data[name]
    if value is None and optional:
        return
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
        raise ValueError(f"{name} must be a whole number from 0 to {most:,}")


def _amount(data: dict, name: str, most: float, *, optional: bool = False) -> None:
    value = data[name]
    if value is None and optional:
        return
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{name} must be a number")
    if not 0 <= value <= most:  # NaN and the infinities fail this too
        raise ValueError(f"{name} must be a number from 0 to {most:g}")
