"""An error as the author reads it. A file whose JSON does not parse is named with what is
wrong in the UI language; the parser's own English ("Expecting value: line 1 column 1
(char 0)") goes to the log, where a report can quote it. Other errors already name their
file and say what is wrong, and are shown as they came."""

from __future__ import annotations

import logging

from PySide6.QtCore import QCoreApplication

from workbench.errors import FileProblem

log = logging.getLogger(__name__)

# How the engine's readers begin a FileProblem about JSON that does not parse.
NOT_JSON = ("not valid JSON", "settings are not valid JSON")


def problem_text(error: Exception) -> str:
    """`error` in the UI language where it is a file that is not JSON; else as it came."""
    if isinstance(error, FileProblem) and error.problem.startswith(NOT_JSON):
        log.warning("%s", error)
        return QCoreApplication.translate(
            "FileProblems",
            "%1 is not valid JSON (cut short, or edited by hand?): it was not read, and "
            "nothing in it was changed.",
        ).replace("%1", str(error.path))
    return str(error)
