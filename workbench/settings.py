"""The author's own settings: stored in the user's config folder, never in a project.

Model keys live here (or in the environment), so nothing secret can land in a novel folder,
a feed or a log. `WORKBENCH_CONFIG_DIR` moves the folder (tests use it).
"""

from __future__ import annotations

import copy
import dataclasses
import json
import logging
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

from workbench.backends import BACKEND_NAMES, OFFLINE
from workbench.book.bounded_json import MAX_DEPTH, nesting_depth
from workbench.book.textio import write_text
from workbench.errors import FileProblem
from workbench.secret_text import SecretStr
from workbench.settings_file import (
    SETTINGS_FILE,
    ProfileSettings,
    config_dir,
    read_settings_bytes,
    settings_path,
)
from workbench.validation import Invalid, from_data, setting

__all__ = ["SETTINGS_FILE", "LlmSettings", "ProfileSettings", "SecretStr", "Settings"]
__all__ += ["config_dir", "load_settings", "save_settings", "settings_path"]

log = logging.getLogger(__name__)

ENV_BASE_URL = "WORKBENCH_LLM_BASE_URL"
ENV_MODEL = "WORKBENCH_LLM_MODEL"
ENV_API_KEY = "WORKBENCH_LLM_API_KEY"


class _Copyable:
    """`model_copy` and `model_validate`, named as the pydantic models these replaced named
    them (the app imports no pydantic for its settings: ≈ 0.1–0.2 s of its start, issue #28)."""

    def model_copy(self, *, update: dict[str, Any] | None = None, deep: bool = False) -> Any:
        """A copy with `update`'s fields replaced (deep: nothing shared with this one)."""
        copied = copy.deepcopy(self) if deep else copy.copy(self)
        for name, value in (update or {}).items():
            if name not in {f.name for f in dataclasses.fields(self)}:
                raise TypeError(f"{type(self).__name__} has no setting {name!r}")
            setattr(copied, name, value)
        return copied

    @classmethod
    def model_validate(cls, data: object) -> Any:
        """Settings from plain data (the JSON file's object); Invalid naming every problem."""
        return _settings_from(cls, data, "")


@dataclass
class LlmSettings(_Copyable):
    """An OpenAI-compatible chat-completions endpoint."""

    base_url: str = ""
    model: str = ""
    api_key: SecretStr = field(default_factory=SecretStr)
    connect_timeout: float = setting(10.0, gt=0)
    read_timeout: float = setting(120.0, gt=0)
    answer_timeout: float = setting(600.0, gt=0)  # with nothing of the answer arriving
    call_timeout: float = setting(1800.0, gt=0)  # the whole call, however it trickles in
    max_retries: int = setting(3, ge=0, le=10)


@dataclass
class Settings(_Copyable):
    """Everything the settings dialog edits."""

    llm: LlmSettings = field(default_factory=LlmSettings)
    model_profile: str = ""  # "" is workbench.models.DEFAULT_PROFILE
    profiles: dict[str, ProfileSettings] = field(default_factory=dict)
    summary_backend: Literal[BACKEND_NAMES] = OFFLINE.name  # a name in workbench/backends.py
    upkeep_on_save: bool = True  # propose tracker and cast updates with each rolling summary
    editor_font_family: str = ""
    editor_font_size: int = setting(14, ge=6, le=72)
    ui_language: Literal["zh_CN", "en"] = "zh_CN"
    recent_projects: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        # Profiles may be handed as plain tables; each is checked as `workbench feed` does.
        self.profiles = {
            name: entry if isinstance(entry, ProfileSettings) else from_data(ProfileSettings, entry)
            for name, entry in self.profiles.items()
        }

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


def _settings_from(cls: type, data: object, where: str) -> Any:
    """`cls` from a JSON object: keys it does not know are skipped (a file written by
    another version of Workbench still loads), the key is read as a string and held secret."""
    if not isinstance(data, dict):
        raise Invalid([(where or "the file", "must be an object")])
    known = {f.name for f in dataclasses.fields(cls)}
    data = {key: value for key, value in data.items() if key in known}
    problems, extra = [], {}
    if cls is Settings and "llm" in data:
        try:
            extra["llm"] = _settings_from(LlmSettings, data.pop("llm"), "llm")
        except Invalid as error:
            problems += error.problems
    if cls is LlmSettings and "api_key" in data:
        key = data.pop("api_key")
        if isinstance(key, str):
            extra["api_key"] = SecretStr(key)
        else:
            problems.append((f"{where}.api_key", "must be a string"))
    try:
        made = from_data(cls, data)
    except Invalid as error:
        raise Invalid(problems + error.problems) from None
    if problems:
        raise Invalid(problems)
    for name, value in extra.items():
        setattr(made, name, value)
    return made


def load_settings() -> Settings:
    """Read the settings file; a missing file gives defaults, a broken one a FileProblem."""
    path = settings_path()
    if not path.is_file():
        return Settings()
    # The file may hold the model key: a message says where and what is wrong, never what
    # the file says (a long string is described by its length, workbench.validation).
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
    except ValueError as error:  # an integer of more digits than Python converts
        raise FileProblem(path, f"settings are not valid JSON: {error}") from None
    try:
        return Settings.model_validate(data)
    except Invalid as error:
        raise FileProblem(path, f"settings are not valid: {error}") from None


def save_settings(settings: Settings) -> Path:
    """Write the settings atomically, readable only by the user (they may hold a key)."""
    path = settings_path()
    data = asdict(settings)
    data["llm"]["api_key"] = settings.llm.api_key.get_secret_value()
    write_text(path, json.dumps(data, ensure_ascii=False, indent=2) + "\n")
    os.chmod(path, 0o600)
    return path
