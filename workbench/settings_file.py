"""Where the author's settings file is, and the shape of the part every feed reads — the user's
profile changes — without pydantic (`workbench.settings` has the whole model, for the app;
`workbench.models.profiles.profile_choice` reads the choice). A one-shot `workbench feed` spent
≈ 0.15 s importing pydantic for this.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from workbench.validation import setting

SETTINGS_FILE = "settings.json"


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


def config_dir() -> Path:
    """The user's Workbench config folder."""
    override = os.environ.get("WORKBENCH_CONFIG_DIR")
    if override:
        return Path(override)
    import platformdirs  # only when the folder is not given: a few ms of every command

    return Path(platformdirs.user_config_dir("workbench"))


def settings_path() -> Path:
    """Where the settings file is."""
    return config_dir() / SETTINGS_FILE
