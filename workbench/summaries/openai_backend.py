"""The `openai` backend: any OpenAI-compatible chat-completions endpoint. Every call is
recorded in `.workbench/usage.jsonl` (kind rolling_summary or fixed_context)."""

from __future__ import annotations

import threading

from workbench.book.project import Project
from workbench.calls.usage import recorded_call
from workbench.llm import ChatClient, ClientConfig, Message
from workbench.models.profiles import active_profile
from workbench.reasons import Reason
from workbench.summaries.prompts import fixed_messages, rolling_messages
from workbench.summaries.requests import FixedRequest, Progress, RollingRequest

# Room for a 2200-字 answer (Chinese runs about 1-1.5 tokens per 字) and some slack.
MAX_TOKENS = 4096
TEMPERATURE = 0.3
AGENT = "RollingSummarizer"  # the seeds' agent for both the summaries and the fixed layer
PROGRESS_STEP = 200  # report progress every this many characters received


class OpenAIBackend:
    """Asks a chat model with the seed's prompts; streams by default."""

    name = "openai"
    draft = False
    reads_material = True

    def __init__(self, config: ClientConfig, *, stream: bool = True) -> None:
        self.client = ChatClient(config)
        self.stream = stream

    def rolling(
        self, request: RollingRequest, *, cancel: threading.Event | None, progress: Progress
    ) -> str:
        """The model's `## 滚动摘要` section, as it answered."""
        messages = rolling_messages(request.job, request.material)
        where = (request.project, "rolling_summary", request.job.end)
        return self._ask(messages, cancel, progress, where)

    def fixed(
        self, request: FixedRequest, *, cancel: threading.Event | None, progress: Progress
    ) -> str:
        """The model's summary of one fixed-layer part."""
        messages = fixed_messages(request.part, request.source)
        return self._ask(messages, cancel, progress, (request.project, "fixed_context", None))

    def _ask(
        self,
        messages: list[Message],
        cancel: threading.Event | None,
        progress: Progress,
        where: tuple[Project, str, int | None],
    ) -> str:
        received = 0
        reported = 0

        def on_delta(piece: str) -> None:
            nonlocal received, reported
            received += len(piece)
            if received - reported >= PROGRESS_STEP:
                reported = received
                progress(Reason("progress.received", received))

        progress(Reason("progress.asking", self.client.config.model, self.client.endpoint))
        project, kind, chapter = where
        reply = recorded_call(
            self.client,
            project,
            messages,
            kind=kind,
            agent=AGENT,
            chapter=chapter,
            profile=active_profile(project),
            stream=self.stream,
            cancel=cancel,
            on_delta=on_delta,
            max_tokens=MAX_TOKENS,
            temperature=TEMPERATURE,
        )
        return reply.text
