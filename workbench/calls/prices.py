"""A call's cost from the model profile's prices (per million tokens, in its currency).

Prompt tokens the provider's cache hit cost `price_input_hit`, the rest `price_input_miss`;
output (reasoning included: providers bill it as output and count it in completion tokens)
costs `price_output`. Where the server did not say how much of the prompt hit its cache, the
whole prompt is priced as a miss — an upper bound, never a guess in the author's favour.
"""

from __future__ import annotations

import math

from workbench.models.profiles import ModelProfile

MILLION = 1_000_000


def call_cost(
    profile: ModelProfile,
    *,
    prompt_tokens: int,
    completion_tokens: int,
    cache_hit_tokens: int | None,
    cache_miss_tokens: int | None,
) -> float | None:
    """What the call cost in the profile's currency; None for a local server, a profile
    whose input-miss or output price is not set, or a figure past what a float holds."""
    miss_price, output_price = profile.price_input_miss, profile.price_output
    if profile.local or miss_price is None or output_price is None:
        return None
    hit_price = profile.price_input_hit if profile.price_input_hit is not None else miss_price
    try:
        if cache_hit_tokens is None or cache_miss_tokens is None:
            prompt = prompt_tokens * miss_price
        else:
            prompt = cache_hit_tokens * hit_price + cache_miss_tokens * miss_price
        cost = (prompt + completion_tokens * output_price) / MILLION
    except OverflowError:
        return None
    return cost if math.isfinite(cost) else None
