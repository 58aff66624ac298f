"""Which profile a feed is measured with: --model > [model] profile > settings > default."""

from __future__ import annotations

import json

import pytest

from workbench.book.project import Project
from workbench.cli.exits import EXIT_OK, EXIT_USAGE
from workbench.cli.main import main
from workbench.errors import FileProblem
from workbench.models import DEFAULT_PROFILE, active_profile, known_profiles
from workbench.settings import ProfileSettings, Settings, save_settings


def _feed_json(folder, capsys, *extra: str) -> dict:
    args = ["feed", str(folder), "--agent", "MainWriter", "--chapter", "13", "--format", "json"]
    assert main([*args, *extra]) == EXIT_OK
    return json.loads(capsys.readouterr().out)


def _set_book_profile(folder, name: str) -> None:
    config = folder / "workbench.toml"
    config.write_text(f'[model]\nprofile = "{name}"\n' + config.read_text(encoding="utf-8"))


def test_the_default_profile_is_exact_offline_and_carries_no_warning(sample_copy, capsys):
    data = _feed_json(sample_copy, capsys)
    assert data["tokenizer"] == {
        "profile": DEFAULT_PROFILE,
        "name": "deepseek-v4",
        "requested": "deepseek-v4",
        "exact": True,
        "note": "",
    }
    assert data["context"] == {"window": 1_000_000, "reply_reserve": 32_768, "available": 967_232}


def test_book_profile_then_model_option_pick_the_profile(sample_copy, capsys):
    _set_book_profile(sample_copy, "qwen3.6")
    assert _feed_json(sample_copy, capsys)["tokenizer"]["profile"] == "qwen3.6"
    picked = _feed_json(sample_copy, capsys, "--model", "gpt-4o")["tokenizer"]
    assert (picked["profile"], picked["name"], picked["exact"]) == ("gpt-4o", "o200k_base", True)


def test_the_users_settings_pick_the_profile_when_the_book_does_not(sample_copy, capsys):
    save_settings(Settings(model_profile="qwen2.5"))
    assert _feed_json(sample_copy, capsys)["tokenizer"]["profile"] == "qwen2.5"
    _set_book_profile(sample_copy, "gpt-4-turbo")
    assert _feed_json(sample_copy, capsys)["tokenizer"]["profile"] == "gpt-4-turbo"


def test_an_unknown_model_option_is_a_usage_error_listing_the_known(sample_copy, capsys):
    args = ["feed", str(sample_copy), "--agent", "MainWriter", "--chapter", "13"]
    assert main([*args, "--model", "gpt-9"]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert "unknown model profile 'gpt-9'" in err
    for name in ("deepseek-v4", "qwen3.6", "qwen2.5", "gpt-4o", "gpt-4-turbo", "ollama"):
        assert name in err


def test_an_unknown_book_profile_names_workbench_toml(sample_copy, capsys):
    _set_book_profile(sample_copy, "deepseek-v9")
    assert main(["models", str(sample_copy)]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert "workbench.toml" in err and "'deepseek-v9'" in err and "deepseek-v4" in err


def test_models_lists_every_profile_and_marks_the_active_one(sample_copy, capsys):
    _set_book_profile(sample_copy, "qwen3.6")
    assert main(["models", str(sample_copy), "--format", "json"]) == EXIT_OK
    data = json.loads(capsys.readouterr().out)
    assert (data["active"], data["source"]) == ("qwen3.6", "project")
    rows = {row["name"]: row for row in data["profiles"]}
    assert [name for name, row in rows.items() if row["active"]] == ["qwen3.6"]
    assert all(row["exact"] for row in rows.values())
    assert rows["gpt-4o"]["tokenizer"] == "o200k_base"
    assert main(["models"]) == EXIT_OK
    text = capsys.readouterr().out
    assert "* deepseek-v4" in text and "active: deepseek-v4 (from the default)" in text


def test_settings_change_a_builtin_and_add_an_own_profile(sample_copy):
    settings = Settings(
        model_profile="my-server",
        profiles={
            "ollama": ProfileSettings(context_window=65_536, tokenizer="qwen2.5"),
            "deepseek-v4": ProfileSettings(reply_reserve=4_096, tokenizer="cl100k_base"),
            "my-server": ProfileSettings(tokenizer="qwen3.6", context_window=40_960),
        },
    )
    profiles = known_profiles(settings)
    assert (profiles["ollama"].context_window, profiles["ollama"].tokenizer) == (65_536, "qwen2.5")
    # A hosted model's tokenizer is the provider's, not a setting.
    assert (profiles["deepseek-v4"].reply_reserve, profiles["deepseek-v4"].tokenizer) == (
        4_096,
        "deepseek-v4",
    )
    own = active_profile(Project.open(sample_copy), settings=settings)
    assert (own.name, own.builtin, own.input_budget) == ("my-server", False, 40_960 - 8_192)


@pytest.mark.parametrize(
    "changes",
    [
        ProfileSettings(context_window=8_000),  # an own profile needs a tokenizer
        ProfileSettings(tokenizer="gpt-2", context_window=8_000),
        ProfileSettings(tokenizer="qwen3.6", context_window=8_000, reply_reserve=8_000),
    ],
)
def test_a_bad_own_profile_is_a_problem_naming_the_settings_file(changes):
    with pytest.raises(FileProblem) as raised:
        known_profiles(Settings(profiles={"mine": changes}))
    assert raised.value.path.name == "settings.json" and "'mine'" in str(raised.value)
