"""Model profiles and the tokenizers they count with (no Qt, no network)."""

from __future__ import annotations

from workbench.models.profiles import (
    BUILTIN_PROFILES,
    DEFAULT_PROFILE,
    ModelProfile,
    UnknownProfile,
    active_profile,
    choose_profile,
    known_profiles,
    profile_named,
)
from workbench.models.tokenizers import FALLBACK, TOKENIZERS, Loaded, load_tokenizer

__all__ = [
    "BUILTIN_PROFILES",
    "DEFAULT_PROFILE",
    "FALLBACK",
    "TOKENIZERS",
    "Loaded",
    "ModelProfile",
    "UnknownProfile",
    "active_profile",
    "choose_profile",
    "known_profiles",
    "load_tokenizer",
    "profile_named",
]
