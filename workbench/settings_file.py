"""Where the author's settings file is, and the part of it every feed reads — the model profile
and the user's profile changes — read without pydantic (`workbench.settings` has the whole
model, for the app). A one-shot `workbench feed` spent ≈ 0.15 s importing pydantic for this.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from workbench.validation import Invalid, from_data, setting

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


def profile_choice() -> tuple[str, dict[str, ProfileSettings]]:
    """(`model_profile`, `profiles`) of the settings file, ("", {}) without one. Read as plain
    JSON when both are well formed (the rest of the file is the app's business); otherwise
    through the app's pydantic model, whose FileProblem says what is wrong and where."""
    path = settings_path()
    if not path.is_file():
        return "", {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except ValueError:
        data = None
    if isinstance(data, dict):
        name, profiles = data.get("model_profile", ""), data.get("profiles", {})
        if isinstance(name, str) and isinstance(profiles, dict):
            try:
                return name, from_data(dict[str, ProfileSettings], profiles)
            except Invalid:
                pass
    from workbench.settings import load_settings

    settings = load_settings()
    return settings.model_profile, settings.profiles
