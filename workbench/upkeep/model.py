"""The model upkeep backend: one chat-completions request per five-chapter range with the
cast, the open ledger, the relationships and the range's chapters, answered as JSON that
must validate (reply.UpkeepReply). A proposal whose quoted sentence is not in the chapter it
names is dropped and counted; an answer that does not parse, was cut short, or contradicts
the ledger (paying an entry that is not open, naming one that does not exist) is a failure
for the whole range, and nothing of it is kept. Every call is recorded in
`.workbench/usage.jsonl` (kind upkeep)."""

from __future__ import annotations

import json
import threading
from typing import Any

from pydantic import ValidationError

from workbench.book.bounded_json import MAX_DEPTH, nesting_depth
from workbench.book.project import Project
from workbench.calls.usage import recorded_call
from workbench.llm import ChatClient, ClientConfig, Message
from workbench.models.profiles import active_profile
from workbench.reasons import Reason
from workbench.trackers.columns import Status
from workbench.upkeep.backend import UpkeepAnswer, UpkeepRequest
from workbench.upkeep.errors import UpkeepFailed
from workbench.upkeep.proposals import Kind, Proposal, propose
from workbench.upkeep.reply import UpkeepReply

NAME = "openai"
AGENT = "Upkeep"  # how usage.jsonl names the caller
MAX_TOKENS = 4096
TEMPERATURE = 0.2
SYSTEM = """你是长篇网络小说的记忆维护助手。根据给出的人物表、未回收伏笔、人物关系和本段章节正文，\
找出本段带来的变化，只输出一个 JSON 对象，不要任何别的文字：
{"proposals": [ ... ]}
每一项有 kind、chapter（章号）、evidence（从该章正文原样摘录的一句话，一字不改）和该类的字段：
- character：name（人物表里没有的新人物）
- alias：character（人物表里的名字）、alias（新的称呼）
- relationship：a、b（人物表里的名字）、relation（关系）、change（如 陌生→信任）、note（说明）
- foreshadowing_planted：content、payoff（计划回收章号，可省）、tier（核心/支线/装饰）、\
characters、keywords
- foreshadowing_paid：entry（未回收伏笔的 ID，本段把它回收了）
- foreshadowing_sighting：entry（未回收伏笔的 ID，本段再次提到、强化了它）
- state：character、field（位置/修为/物品/状态）、value
没有把握的不要写；evidence 必须是该章原文里真实存在的句子。"""


class ModelUpkeep:
    """Asks the configured OpenAI-compatible endpoint; paid, so the app asks first."""

    name = NAME
    paid = True

    def __init__(self, config: ClientConfig, project: Project, *, stream: bool = True) -> None:
        self.client = ChatClient(config)
        self.project = project  # whose .workbench/usage.jsonl records each call
        self.stream = stream

    def propose(
        self, request: UpkeepRequest, *, cancel: threading.Event | None = None
    ) -> UpkeepAnswer:
        """The model's proposals for the range, grounded and checked against the ledger."""
        reply = recorded_call(
            self.client,
            self.project,
            messages(request),
            kind="upkeep",
            agent=AGENT,
            chapter=request.last,
            profile=active_profile(self.project),
            stream=self.stream,
            cancel=cancel,
            max_tokens=MAX_TOKENS,
            temperature=TEMPERATURE,
        )
        return answer_from(reply.text, request)


def messages(request: UpkeepRequest) -> list[Message]:
    """The system prompt, then the book's memory and the range's chapters."""
    cast = [
        {"name": c.name, "aliases": list(c.aliases), "protagonist": c.protagonist}
        for c in request.cast.characters
    ]
    ledger = [
        {
            "id": e.id,
            "content": e.content,
            "planted": e.planted,
            "payoff": e.payoff,
            "characters": list(e.characters),
            "keywords": list(e.keywords),
        }
        for e in request.trackers.candidates(request.last)
    ]
    relations = [
        {"chapter": r.chapter, "a": r.a, "b": r.b, "relation": r.relation}
        for r in request.trackers.latest_rows(request.first, request.cast.canonical)
    ]
    memory = {"cast": cast, "open_foreshadowing": ledger, "relationships": relations}
    if request.state_columns:
        memory["state_tracker_columns"] = list(request.state_columns)
    parts = [f"## 记忆（截至第{request.first}章）", json.dumps(memory, ensure_ascii=False)]
    for chapter in request.chapters:
        parts += [f"## 第{chapter.number}章", chapter.text]
    return [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": "\n\n".join(parts)},
    ]


def answer_from(raw: str, request: UpkeepRequest) -> UpkeepAnswer:
    """Validate a reply: UpkeepFailed (why) for one that cannot be used as a whole."""
    first, last = request.first, request.last
    text = _without_fence(raw)
    depth = nesting_depth(text.encode("utf-8", "surrogatepass"))
    if depth > MAX_DEPTH:  # json.loads would recurse once per level
        raise UpkeepFailed(first, last, Reason("upkeep_failed.too_deep", depth, MAX_DEPTH))
    try:
        data = json.loads(text)
    except ValueError as error:  # not JSON; an integer of more digits than Python converts
        raise UpkeepFailed(first, last, Reason("upkeep_failed.not_json", str(error))) from None
    try:
        reply = UpkeepReply.model_validate(data)
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in error.errors()[:5]
        )
        raise UpkeepFailed(first, last, Reason("upkeep_failed.schema", problems)) from None
    proposals: list[Proposal] = []
    dropped = 0
    for item in reply.proposals:
        _check_ledger(item, request)
        chapter = request.chapter(item.chapter)
        grounded = chapter.ground(item.evidence) if chapter is not None else None
        if grounded is None:
            dropped += 1
            continue
        values = item.model_dump(exclude={"kind", "chapter", "evidence"})
        if item.kind == "foreshadowing_planted":
            values["planted"] = item.chapter
        proposals.append(
            propose(Kind(item.kind), item.chapter, grounded.line, grounded.text, NAME, **values)
        )
    return UpkeepAnswer(tuple(proposals), dropped)


def _check_ledger(item: Any, request: UpkeepRequest) -> None:
    """A pay-off or sighting must name an entry open at its chapter; else the model read a
    different ledger and none of its answer can be trusted."""
    if item.kind not in ("foreshadowing_paid", "foreshadowing_sighting"):
        return
    entry = request.trackers.find(item.entry)
    if entry is None:
        unknown = Reason("upkeep_failed.unknown_entry", item.entry)
        raise UpkeepFailed(request.first, request.last, unknown)
    if entry.status is not Status.OPEN or not entry.candidate_at(item.chapter):
        code = "paid_not_open" if item.kind == "foreshadowing_paid" else "sighted_not_open"
        state = f"{entry.status}" + (f"@{entry.resolved_at}" if entry.resolved_at else "")
        said = (item.chapter, entry.id, state, request.first, request.last)
        raise UpkeepFailed(request.first, request.last, Reason(f"upkeep_failed.{code}", *said))


def _without_fence(raw: str) -> str:
    """The reply without a ```json fence some models put around it."""
    text = raw.strip()
    if text.startswith("```"):
        text = text.split("\n", 1)[1] if "\n" in text else ""
        text = text.rsplit("```", 1)[0]
    return text
