"""A summary job's progress in the UI language. The summariser runs in a child process and
reports in English for the log ("Ch6-10: summarising 5 chapters with the offline backend");
the job list and the Prepare dialog show it translated."""

from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication

JOB_PREFIX = re.compile(r"^(?P<job>Ch\d+-\d+|fixed context): (?P<message>.*)$", re.DOTALL)


def _translate(text: str) -> str:
    return QCoreApplication.translate("SummaryProgress", text)


def _patterns() -> list[tuple[re.Pattern[str], str]]:
    return [
        (
            re.compile(r"summarising (\d+) chapters with the (\S+) backend"),
            _translate("summarising %1 chapters with the %2 backend"),
        ),
        (re.compile(r"received (\d+) characters"), _translate("received %1 characters")),
        (re.compile(r"asking (\S+) at (\S+)"), _translate("asking %1 at %2")),
        (re.compile(r"extracting key sentences"), _translate("extracting key sentences")),
        (re.compile(r"extracting (.+)"), _translate("extracting %1")),
        (re.compile(r"done"), _translate("done")),
    ]


def progress_text(text: str) -> str:
    """`text` translated piece by piece (a message it does not know is shown as it came)."""
    match = JOB_PREFIX.match(text)
    job, message = (match["job"], match["message"]) if match else ("", text)
    if job == "fixed context":
        job = _translate("fixed context")
    for pattern, words in _patterns():
        found = pattern.fullmatch(message)
        if found:
            for number, value in enumerate(found.groups(), start=1):
                words = words.replace(f"%{number}", value)
            message = words
            break
    return f"{job}: {message}" if job else message
