"""Model profiles: the model a book is written with, its tokenizer, its context window, the
reserve kept for its reply, and the defaults of its OpenAI-compatible endpoint (never a key).

Where the profile comes from, first match wins: `--model NAME` (an explicit choice), the book's
`workbench.toml` `[model] profile`, the user's settings (`model_profile`), `DEFAULT_PROFILE`.
The user's settings may also change a built-in profile (window, reserve, endpoint, and for a
local server the tokenizer) or add their own under `profiles`.

Context windows are the providers' published figures, cited beside each profile below; where
no provider page was found, the comment says so and what the figure rests on.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING

from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.errors import FileProblem, WorkbenchError
from workbench.models.tokenizers import TOKENIZERS
from workbench.settings_file import ProfileSettings, read_settings_json, settings_path
from workbench.validation import Invalid, from_data, setting

if TYPE_CHECKING:
    from workbench.settings import Settings

DEFAULT_PROFILE = "deepseek-v4"
# A local server's window is whatever it was started with (Ollama `num_ctx`, llama.cpp
# `--ctx-size`, vLLM `--max-model-len`), not a property of the model: this is only a starting
# value for the author to set to their server's.
LOCAL_WINDOW = 32_768
LOCAL_RESERVE = 8_192


PRICE_FIELDS = ("price_input_hit", "price_input_miss", "price_output")


class UnknownProfile(WorkbenchError):
    """A profile name that is neither built in nor in the user's settings."""


@dataclass(frozen=True)
class ModelProfile:
    """A model as the feed sees it: how it counts tokens and how many it takes."""

    name: str
    label: str
    tokenizer: str
    context_window: int = setting(gt=0)
    reply_reserve: int = setting(ge=0)
    base_url: str = ""
    model: str = ""
    local: bool = False  # a local server: the author picks the tokenizer and sets the window
    builtin: bool = True
    thinks: bool = False  # streams its reasoning before the answer (reasoning_content)
    # Prices per million tokens: prompt tokens the provider's cache hit / missed, and output
    # (reasoning included). None: not set, so no cost is shown; a local server has none.
    price_input_hit: float | None = setting(None, ge=0)
    price_input_miss: float | None = setting(None, ge=0)
    price_output: float | None = setting(None, ge=0)
    currency: str = "USD"

    def __post_init__(self) -> None:
        """A known tokenizer, and a reserve that leaves room in the window."""
        if self.tokenizer not in TOKENIZERS:
            known = ", ".join(TOKENIZERS)
            raise ValueError(f"unknown tokenizer {self.tokenizer!r}; known: {known}")
        if self.reply_reserve >= self.context_window:
            raise ValueError(
                f"reply reserve {self.reply_reserve} must be below the window {self.context_window}"
            )

    @property
    def input_budget(self) -> int:
        """Tokens a feed may take: the window minus the reply reserve."""
        return self.context_window - self.reply_reserve


BUILTIN_PROFILES: dict[str, ModelProfile] = {
    p.name: p
    for p in (
        # DeepSeek's own pricing page: "上下文长度 1M", output up to 384K, for deepseek-v4-pro and
        # deepseek-flash, base URL https://api.deepseek.com —
        # https://api-docs.deepseek.com/zh-cn/quick_start/pricing . "1M" is taken as 1,000,000
        # (the tokenizer's model_max_length is 1,048,576; the smaller figure never over-promises).
        # Thinking mode is the default there and its reasoning counts against the window, hence
        # a larger reserve than a chapter's text needs.
        ModelProfile(
            name="deepseek-v4",
            label="DeepSeek-V4",
            tokenizer="deepseek-v4",
            context_window=1_000_000,
            reply_reserve=32_768,
            base_url="https://api.deepseek.com",
            model="deepseek-v4-pro",
            thinks=True,
        ),
        # Qwen3.6: the open Qwen3.6-27B "natively supports 262,144 tokens" (Qwen's model card, as
        # quoted by vLLM's recipe https://recipes.vllm.ai/Qwen/Qwen3.6-27B). The hosted
        # qwen3.6-plus is listed with a 1M window by third parties (Vercel's AI Gateway), but
        # Alibaba Cloud Model Studio's own model page was not among our sources, so the
        # documented native figure is used. Base URL: Model Studio's OpenAI-compatible mode,
        # https://www.alibabacloud.com/help/en/model-studio/long-context-qwen-long .
        ModelProfile(
            name="qwen3.6",
            label="Qwen3.6",
            tokenizer="qwen3.6",
            context_window=262_144,
            reply_reserve=32_768,
            base_url="https://dashscope.aliyuncs.com/compatible-mode/v1",
            model="qwen3.6-plus",
        ),
        # Qwen2.5: "Context Length: Full 131,072 tokens and generation 8192 tokens" — Qwen's
        # model card, https://huggingface.co/Qwen/Qwen2.5-14B-Instruct .
        ModelProfile(
            name="qwen2.5",
            label="Qwen2.5",
            tokenizer="qwen2.5",
            context_window=131_072,
            reply_reserve=8_192,
            base_url="https://dashscope.aliyuncs.com/compatible-mode/v1",
            model="qwen2.5-72b-instruct",
        ),
        # GPT-4o: 128,000-token window, 16,384 output — https://platform.openai.com/docs/models/gpt-4o
        # (OpenAI's page itself was not among our sources; the figures are as quoted from it by
        # GitLab's model request #297 and the OpenAI-DotNet reference).
        ModelProfile(
            name="gpt-4o",
            label="GPT-4o",
            tokenizer="o200k_base",
            context_window=128_000,
            reply_reserve=16_384,
            base_url="https://api.openai.com/v1",
            model="gpt-4o",
        ),
        # GPT-4 Turbo, the cl100k_base generation: 128,000-token window, 4,096 output —
        # https://platform.openai.com/docs/models/gpt-4-turbo (not among our sources either; the
        # window as listed in OpenAI's model overview quoted by several client libraries).
        ModelProfile(
            name="gpt-4-turbo",
            label="GPT-4 Turbo",
            tokenizer="cl100k_base",
            context_window=128_000,
            reply_reserve=4_096,
            base_url="https://api.openai.com/v1",
            model="gpt-4-turbo",
        ),
        # Local servers, at the default port of each one's OpenAI-compatible API.
        *(
            ModelProfile(
                name=name,
                label=label,
                tokenizer="qwen3.6",
                context_window=LOCAL_WINDOW,
                reply_reserve=LOCAL_RESERVE,
                base_url=base_url,
                local=True,
            )
            for name, label, base_url in (
                ("ollama", "Ollama", "http://localhost:11434/v1"),
                ("llama.cpp", "llama.cpp server", "http://localhost:8080/v1"),
                ("vllm", "vLLM", "http://localhost:8000/v1"),
            )
        ),
    )
}


# What profile choice reads of the user's settings: (model_profile, profiles).
Choice = tuple[str, dict[str, ProfileSettings]]


def profile_choice() -> Choice:
    """(`model_profile`, `profiles`) of the settings file, ("", {}) without one. Read as plain
    JSON when both are well formed (the rest of the file is the app's business); otherwise
    through the app's pydantic model, whose FileProblem says what is wrong and where."""
    path = settings_path()
    if not path.is_file():
        return "", {}
    try:
        data = read_settings_json(path)
    except (FileProblem, OSError):
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


def _choice(settings: Settings | None) -> Choice:
    """The choice in these settings, else in the settings file."""
    return (settings.model_profile, settings.profiles) if settings else profile_choice()


def known_profiles(settings: Settings | None = None) -> dict[str, ModelProfile]:
    """Built-in profiles as the user's settings change them, then the user's own."""
    return _known(_choice(settings))


def _known(choice: Choice) -> dict[str, ModelProfile]:
    profiles = dict(BUILTIN_PROFILES)
    for name, changes in choice[1].items():
        profiles[name] = changed_profile(name, profiles.get(name), changes)
    return profiles


def changed_profile(name: str, base: ModelProfile | None, changes: ProfileSettings) -> ModelProfile:
    """`base` with the user's `changes`, or (no base) the user's own profile; a FileProblem
    naming the settings file when the result is not a valid profile."""
    values = {key: value for key, value in asdict(changes).items() if value is not None}
    try:
        if base is not None:
            if not base.local:
                values.pop("tokenizer", None)  # a hosted model's tokenizer is not a choice
            else:
                for price in PRICE_FIELDS:
                    values.pop(price, None)  # a local server costs nothing per token
            return from_data(ModelProfile, {**asdict(base), **values})
        own = {"label": name, "reply_reserve": LOCAL_RESERVE, **values}
        return from_data(ModelProfile, {**own, "name": name, "builtin": False})
    except Invalid as error:
        problems = "; ".join(f"{where or 'profile'}: {what}" for where, what in error.problems)
        raise FileProblem(settings_path(), f"profile {name!r} is not valid: {problems}") from None


def profile_named(name: str, settings: Settings | None = None) -> ModelProfile:
    """The profile called `name`; UnknownProfile (listing the known ones) when there is none."""
    return _named(name, known_profiles(settings))


def _named(name: str, profiles: dict[str, ModelProfile]) -> ModelProfile:
    if name not in profiles:
        raise UnknownProfile(f"unknown model profile {name!r}; known: {', '.join(profiles)}")
    return profiles[name]


def book_profile_name(project: Project) -> str | None:
    """`[model] profile` in the book's workbench.toml, if set."""
    table = project.config().get("model", {})
    path = project.role_path(Role.CONFIG)
    if not isinstance(table, dict):
        raise FileProblem(path, "[model] must be a table")
    name = table.get("profile")
    if name is not None and not isinstance(name, str):
        raise FileProblem(path, "[model] profile must be a profile name (a string)")
    return name


def choose_profile(
    project: Project | None, override: str | None = None, settings: Settings | None = None
) -> tuple[str, str]:
    """(profile name, where it came from: option / project / settings / default)."""
    return _chosen(project, override, _choice(settings))


def _chosen(project: Project | None, override: str | None, choice: Choice) -> tuple[str, str]:
    if override:
        return override, "option"
    if project is not None and (name := book_profile_name(project)):
        return name, "project"
    if choice[0]:
        return choice[0], "settings"
    return DEFAULT_PROFILE, "default"


def active_profile(
    project: Project | None, override: str | None = None, settings: Settings | None = None
) -> ModelProfile:
    """The profile a feed for `project` is measured with (see the module docstring)."""
    choice = _choice(settings)  # the settings file read once
    name, source = _chosen(project, override, choice)
    try:
        return _named(name, _known(choice))
    except UnknownProfile as error:
        if source == "project" and project is not None:
            raise UnknownProfile(f"{project.role_path(Role.CONFIG)}: [model] {error}") from None
        if source == "settings":
            raise UnknownProfile(f"{settings_path()}: model_profile: {error}") from None
        raise
