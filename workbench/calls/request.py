"""The chat request a feed is sent as — by the app's Send and by `workbench send` — and the
endpoint it goes to; `workbench feed --format messages` prints exactly this body.

The endpoint is the author's (Settings, or WORKBENCH_LLM_*), else the model profile's base
URL and model. A key only ever comes from the settings (or the environment): never from the
project, the command line or a feed, and never into the body printed here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from workbench.book.project import Project
from workbench.feed.model import Feed
from workbench.feed.prompt import chat_messages
from workbench.llm.client import ChatClient, ClientConfig, Message, chat_body
from workbench.llm.errors import LlmNotConfigured
from workbench.models.profiles import ModelProfile
from workbench.settings import Settings


def send_settings(settings: Settings, profile: ModelProfile | None) -> Settings:
    """The settings a send uses: the author's endpoint, else the profile's defaults (its base
    URL and model name; the key stays the settings')."""
    settings = settings.with_environment()
    if profile is None or settings.llm.base_url:
        return settings
    llm = settings.llm.model_copy(
        update={"base_url": profile.base_url, "model": settings.llm.model or profile.model}
    )
    return settings.model_copy(update={"llm": llm})


def missing_key(settings: Settings, profile: ModelProfile | None) -> bool:
    """Whether a send would go to the profile's hosted endpoint without a key."""
    own_url = settings.with_environment().llm.base_url
    key = send_settings(settings, profile).llm.api_key.get_secret_value()
    return profile is not None and not own_url and not profile.local and not key


@dataclass(frozen=True)
class FeedCall:
    """One feed, ready to post: where, the messages, and the body (never the key)."""

    config: ClientConfig
    messages: list[Message]
    body: dict[str, Any]

    def client(self) -> ChatClient:
        """A client for this endpoint."""
        return ChatClient(self.config)


def feed_call(
    project: Project, feed: Feed, markdown: str, settings: Settings, *, require_key: bool = True
) -> FeedCall:
    """The request for `feed` (its Markdown as previewed and copied); LlmNotConfigured,
    saying what to set, when there is no endpoint or model, or (`require_key`) a hosted one
    lacks its key."""
    chosen = send_settings(settings, feed.profile)
    if require_key and missing_key(settings, feed.profile):
        raise LlmNotConfigured(
            f"{feed.profile.label} ({chosen.llm.base_url}) needs an API key: set it in "
            "Settings (or WORKBENCH_LLM_API_KEY)"
        )
    config = ClientConfig.from_settings(chosen)
    messages = chat_messages(project, markdown)
    return FeedCall(config, messages, chat_body(config.model, messages, stream=True))
