"""A continuity checker for tests/gui/continuity/test_checker_that_cannot_start.py, built in
the child (no Qt here): it checks as the app's does, but while the file named by
WORKBENCH_TEST_CHECKER_DIES exists it exits as it starts, as a broken install would."""

from __future__ import annotations

import os
from pathlib import Path

from workbench.gui.continuity.worker import ChapterChecker

EXIT_CODE = 3
FLAG = "WORKBENCH_TEST_CHECKER_DIES"


class CheckerThatDies(ChapterChecker):
    def __init__(self) -> None:
        if Path(os.environ[FLAG]).exists():
            os._exit(EXIT_CODE)
        super().__init__()
