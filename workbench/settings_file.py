"""Where the author's settings file is, and the shape of the part every feed reads — the user's
profile changes — without pydantic (`workbench.settings` has the whole model, for the app;
`workbench.models.profiles.profile_choice` reads the choice). A one-shot `workbench feed` spent
≈ 0.15 s importing pydantic for this.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from workbench.book import gate
from workbench.config_location import config_dir
from workbench.validation import setting

SETTINGS_FILE = "settings.json"
MAX_SETTINGS_BYTES = 1024 * 1024  # an endpoint, a key and a few profiles


@dataclass(frozen=True)
class ProfileSettings:
    """The user's changes to a model profile, or a profile of their own (see workbench.models).
    Unset fields keep the built-in profile's value; a profile of their own needs a tokenizer
    and a context window."""

    label: str | None = None
    tokenizer: str | None = None
    context_window: int | None = setting(None, gt=0)
    reply_reserve: int | None = setting(None, ge=0)
    base_url: str | None = None
    model: str | None = None
    thinks: bool | None = None
    price_input_hit: float | None = setting(None, ge=0)
    price_input_miss: float | None = setting(None, ge=0)
    price_output: float | None = setting(None, ge=0)
    currency: str | None = None


def read_settings_bytes(path: Path) -> bytes:
    """The settings file's bytes, through the gate: a regular file, its size bounded."""
    return gate.read_bytes(
        path, root=None, limit=MAX_SETTINGS_BYTES, what="a settings file", settings=True
    )


def read_settings_json(path: Path) -> object:
    """The settings file's JSON value, through the gate: a regular file, its size and depth
    bounded; a FileProblem naming the file (never quoting it: it may hold the key)."""
    return gate.read_json(
        path, root=None, limit=MAX_SETTINGS_BYTES, what="a settings file", settings=True
    )


def settings_path() -> Path:
    """Where the settings file is."""
    return config_dir() / SETTINGS_FILE
