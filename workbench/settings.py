"""The author's own settings: stored in the user's config folder, never in a project.

Model keys live here (or in the environment), so nothing secret can land in a novel folder,
a feed or a log. `WORKBENCH_CONFIG_DIR` moves the folder (tests use it).
"""

from __future__ import annotations

import json
import logging
import os
from dataclasses import asdict
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, SecretStr, ValidationError, field_validator

from workbench.backends import BACKEND_NAMES, OFFLINE
from workbench.book.bounded_json import MAX_DEPTH, nesting_depth
from workbench.book.textio import write_text
from workbench.errors import FileProblem
from workbench.settings_file import (
    SETTINGS_FILE,
    ProfileSettings,
    config_dir,
    read_settings_bytes,
    settings_path,
)
from workbench.validation import Invalid, from_data

__all__ = ["SETTINGS_FILE", "LlmSettings", "ProfileSettings", "Settings", "config_dir"]
__all__ += ["load_settings", "save_settings", "settings_path"]

log = logging.getLogger(__name__)

ENV_BASE_URL = "WORKBENCH_LLM_BASE_URL"
ENV_MODEL = "WORKBENCH_LLM_MODEL"
ENV_API_KEY = "WORKBENCH_LLM_API_KEY"


class LlmSettings(BaseModel):
    """An OpenAI-compatible chat-completions endpoint."""

    base_url: str = ""
    model: str = ""
    api_key: SecretStr = SecretStr("")
    connect_timeout: float = Field(10.0, gt=0)
    read_timeout: float = Field(120.0, gt=0)
    answer_timeout: float = Field(600.0, gt=0)  # one whole answer, however it trickles in
    max_retries: int = Field(3, ge=0, le=10)


class Settings(BaseModel):
    """Everything the settings dialog edits."""

    llm: LlmSettings = LlmSettings()
    model_profile: str = ""  # "" is workbench.models.DEFAULT_PROFILE
    profiles: dict[str, ProfileSettings] = {}
    summary_backend: Literal[BACKEND_NAMES] = OFFLINE.name  # a name in workbench/backends.py
    upkeep_on_save: bool = True  # propose tracker and cast updates with each rolling summary
    editor_font_family: str = ""
    editor_font_size: int = Field(14, ge=6, le=72)
    ui_language: Literal["zh_CN", "en"] = "zh_CN"
    recent_projects: list[str] = []

    @field_validator("profiles", mode="before")
    @classmethod
    def _profiles(cls, value: object) -> object:
        """Each entry checked as `workbench feed` checks it (workbench.settings_file)."""
        if not isinstance(value, dict):
            return value
        entries = {n: asdict(e) if isinstance(e, ProfileSettings) else e for n, e in value.items()}
        try:
            return from_data(dict[str, ProfileSettings], entries)
        except Invalid as error:
            raise ValueError(str(error)) from None

    def with_environment(self) -> Settings:
        """These settings with WORKBENCH_LLM_* environment variables taking precedence."""
        llm = self.llm.model_copy()
        if os.environ.get(ENV_BASE_URL):
            llm.base_url = os.environ[ENV_BASE_URL]
        if os.environ.get(ENV_MODEL):
            llm.model = os.environ[ENV_MODEL]
        if os.environ.get(ENV_API_KEY):
            llm.api_key = SecretStr(os.environ[ENV_API_KEY])
        return self.model_copy(update={"llm": llm})


def load_settings() -> Settings:
    """Read the settings file; a missing file gives defaults, a broken one a FileProblem."""
    path = settings_path()
    if not path.is_file():
        return Settings()
    # The file may hold the model key: a message says where and what is wrong, never what
    # the file says (pydantic's own message quotes the input, so most of a key at the end).
    raw = read_settings_bytes(path)  # a regular file, its size bounded
    depth = nesting_depth(raw)
    if depth > MAX_DEPTH:
        raise FileProblem(
            path, f"JSON nested {depth} levels deep, deeper than the {MAX_DEPTH} allowed; not read"
        )
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise FileProblem(path, f"settings are not UTF-8 (byte {error.start})") from None
    except json.JSONDecodeError as error:
        where = f"line {error.lineno} column {error.colno}"
        raise FileProblem(path, f"settings are not valid JSON at {where}: {error.msg}") from None
    try:
        return Settings.model_validate(data)
    except ValidationError as error:
        raise FileProblem(path, f"settings are not valid: {_problems(error)}") from None


def _problems(error: ValidationError) -> str:
    """Each problem's place and pydantic's short reason, without the value it found."""
    found = []
    for problem in error.errors(include_url=False, include_input=False, include_context=False):
        where = ".".join(str(part) for part in problem["loc"]) or "the file"
        found.append(f"{where}: {problem['msg']}")
    return "; ".join(found)


def save_settings(settings: Settings) -> Path:
    """Write the settings atomically, readable only by the user (they may hold a key)."""
    path = settings_path()
    data = settings.model_dump(mode="json")
    data["llm"]["api_key"] = settings.llm.api_key.get_secret_value()
    write_text(path, json.dumps(data, ensure_ascii=False, indent=2) + "\n")
    os.chmod(path, 0o600)
    return path
