"""What a chat-completions server says one call used, in the fields each provider reports.

DeepSeek: `prompt_cache_hit_tokens` / `prompt_cache_miss_tokens` beside `prompt_tokens`;
OpenAI: `prompt_tokens_details.cached_tokens` (the rest of the prompt missed the cache);
both: `completion_tokens_details.reasoning_tokens`, which `completion_tokens` already includes.
A streamed answer carries usage only when asked (`stream_options.include_usage`), in its last
chunk. A field a server leaves out stays None: never 0 that was not reported.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

REASONING = "reasoning_tokens"
# No call has come near a trillion tokens; a figure past it is no count (and a 400-digit one
# would overflow the float a cost is computed in).
MAX_TOKENS = 10**12


@dataclass(frozen=True)
class ServerUsage:
    """Token counts as the server reported them (None where it said nothing)."""

    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    cache_hit_tokens: int | None = None
    cache_miss_tokens: int | None = None
    reasoning_tokens: int | None = None


def _count(value: Any) -> int | None:
    # bool is an int in Python; a server writing `true` reported no count.
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_TOKENS:
        return value
    return None


def _details(data: dict, key: str) -> dict:
    value = data.get(key)
    return value if isinstance(value, dict) else {}


def parse_usage(data: Any) -> ServerUsage | None:
    """The `usage` object of a completion or chunk; None when there is none to read."""
    if not isinstance(data, dict):
        return None
    prompt = _count(data.get("prompt_tokens"))
    hit = _count(data.get("prompt_cache_hit_tokens"))
    miss = _count(data.get("prompt_cache_miss_tokens"))
    cached = _count(_details(data, "prompt_tokens_details").get("cached_tokens"))
    if hit is None and cached is not None:
        hit = cached
        miss = prompt - cached if prompt is not None and prompt >= cached else None
    if hit is not None and miss is None and prompt is not None and prompt >= hit:
        miss = prompt - hit
    if miss is not None and hit is None and prompt is not None and prompt >= miss:
        hit = prompt - miss
    usage = ServerUsage(
        prompt_tokens=prompt,
        completion_tokens=_count(data.get("completion_tokens")),
        cache_hit_tokens=hit,
        cache_miss_tokens=miss,
        reasoning_tokens=_count(_details(data, "completion_tokens_details").get(REASONING)),
    )
    return usage if usage != ServerUsage() else None
