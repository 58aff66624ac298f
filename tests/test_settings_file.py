"""The model profile part of the user's settings, as every feed reads it."""

from __future__ import annotations

import json

import pytest

from workbench.errors import FileProblem
from workbench.models.profiles import profile_choice
from workbench.settings import Settings, save_settings
from workbench.settings_file import ProfileSettings, settings_path


def test_no_settings_file_is_no_choice():
    assert profile_choice() == ("", {})


def test_the_choice_is_read_from_the_settings_the_app_saved():
    own = ProfileSettings(tokenizer="qwen3.6", context_window=40_960, base_url="http://x")
    save_settings(Settings(model_profile="mine", profiles={"mine": own}))
    assert profile_choice() == ("mine", {"mine": own})


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ('{"profiles": {"mine": {"context_window": -1}}}', "greater than 0"),
        ('{"profiles": {"mine": {"window": 8000}}}', "unknown setting"),
        ('{"model_profile": 3}', "model_profile"),
        ('{"profiles": ', "not valid JSON"),
    ],
)
def test_a_bad_choice_is_a_problem_naming_the_settings_file(content, problem):
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(content, encoding="utf-8")
    with pytest.raises(FileProblem) as raised:
        profile_choice()
    assert raised.value.path == settings_path() and problem in str(raised.value)


def test_what_the_feed_does_not_read_is_left_to_the_app(user_config_dir):
    # A font size the app would refuse does not stop a feed: the feed never uses it.
    (user_config_dir / "settings.json").write_text(
        json.dumps({"model_profile": "qwen3.6", "editor_font_size": 500}), encoding="utf-8"
    )
    assert profile_choice() == ("qwen3.6", {})


SECRET = "sk-live-Q7mZ3xR9pL2vN8kT4wB6"


@pytest.mark.parametrize(
    "content",
    [
        # The closing brace missing: pydantic's message quoted the file's last ~25 characters.
        '{"llm": {"base_url": "http://127.0.0.1:9/v1", "api_key": "' + SECRET + '"}',
        '{"llm": {"api_key": "' + SECRET + '", "max_retries": "' + SECRET + '"}}',
        '{"llm": {"api_key": "' + SECRET + '"}, "ui_language": "' + SECRET + '"}',
        '{"profiles": {"x": {"context_window": "' + SECRET + '"}}, "llm": {"api_key": 1}}',
        '{"llm": {"api_key": "' + SECRET + '"}}\n' + "{",
    ],
)
def test_no_message_about_the_settings_file_quotes_it(content, capsys):
    from workbench.cli.main import main
    from workbench.settings import load_settings

    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(content, encoding="utf-8")
    fragments = [SECRET[i : i + 8] for i in range(len(SECRET) - 7)]
    with pytest.raises(FileProblem) as raised:
        load_settings()  # what the app's dialog shows, too
    message = str(raised.value)
    assert str(settings_path()) in message
    assert not [f for f in fragments if f in message], message
    main(["models"])
    err = capsys.readouterr().err
    assert "settings" in err and not [f for f in fragments if f in err], err
