"""The new-project workbench.toml documents the real knobs: uncommented, it is the defaults."""

from __future__ import annotations

import re
import tomllib
from dataclasses import asdict

from workbench.book.project import Project
from workbench.book.templates import create_project
from workbench.feed.config import FeedConfig, load_feed_config
from workbench.models import DEFAULT_PROFILE
from workbench.summaries.backend import backend_for
from workbench.trackers.config import TrackerConfig, load_tracker_config


def test_uncommented_template_is_exactly_the_defaults(tmp_path):
    create_project(tmp_path / "novel")
    path = tmp_path / "novel" / "workbench.toml"
    lines = path.read_text(encoding="utf-8").splitlines()
    settings = [re.sub(r"^# ", "", line) for line in lines[3:] if line.startswith("# ")]
    path.write_text("\n".join(settings) + "\n", encoding="utf-8")
    table = tomllib.loads(path.read_text(encoding="utf-8"))
    assert table["summaries"] == {"backend": "offline"}
    assert table["model"] == {"profile": DEFAULT_PROFILE}
    assert table["trackers"] == {"dormant_after": 30}

    project = Project.open(tmp_path / "novel")
    config = load_feed_config(project)
    defaults = FeedConfig()
    varied = {"templates", "recipes"}
    assert {k: v for k, v in asdict(config).items() if k not in varied} == {
        k: v for k, v in asdict(defaults).items() if k not in varied
    }
    main_writer = config.recipe("MainWriter")
    assert main_writer.raw_chapters == defaults.recipe("MainWriter").raw_chapters == 3
    assert config.budget_for(main_writer) == defaults.budget_for(defaults.recipe("MainWriter"))
    assert config.weights("battle", "mid") == defaults.weights("battle", "mid")
    assert backend_for(project).name == "offline"
    assert load_tracker_config(project) == TrackerConfig()
