"""Where the user's Workbench config folder is: imported by the settings file's reader and by
the containment rule (which refuses that folder as project content), so neither imports the
other."""

from __future__ import annotations

import os
from pathlib import Path


def config_dir() -> Path:
    """The user's Workbench config folder."""
    override = os.environ.get("WORKBENCH_CONFIG_DIR")
    if override:
        return Path(override)
    import platformdirs  # only when the folder is not given: a few ms of every command

    return Path(platformdirs.user_config_dir("workbench"))
