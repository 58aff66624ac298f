"""Every question the app asks the author, in one place (tests patch QMessageBox here)."""

from __future__ import annotations

import contextlib
import datetime
from enum import Enum
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget


class Unsaved(Enum):
    """What to do with a document that has unsaved edits."""

    SAVE = "save"
    DISCARD = "discard"
    CANCEL = "cancel"


class Recovery(Enum):
    """What to do with autosaved text found after a crash."""

    RESTORE = "restore"
    DISCARD = "discard"
    LATER = "later"


def ask_unsaved(parent: QWidget | None, name: str) -> Unsaved:
    """Save, discard or cancel, for a document about to close."""
    answer = QMessageBox.question(
        parent,
        QCoreApplication.translate("Prompts", "Unsaved changes"),
        QCoreApplication.translate("Prompts", "“%1” has unsaved changes. Save them?").replace(
            "%1", name
        ),
        QMessageBox.StandardButton.Save
        | QMessageBox.StandardButton.Discard
        | QMessageBox.StandardButton.Cancel,
        QMessageBox.StandardButton.Save,
    )
    if answer == QMessageBox.StandardButton.Save:
        return Unsaved.SAVE
    if answer == QMessageBox.StandardButton.Discard:
        return Unsaved.DISCARD
    return Unsaved.CANCEL


def ask_recovery(parent: QWidget | None, name: str, saved_at: float) -> Recovery:
    """Restore autosaved text into the editor, discard it, or decide later."""
    when = datetime.datetime.fromtimestamp(saved_at).strftime("%Y-%m-%d %H:%M:%S")
    box = QMessageBox(
        QMessageBox.Icon.Question,
        QCoreApplication.translate("Prompts", "Recover unsaved text"),
        QCoreApplication.translate(
            "Prompts",
            "Workbench did not close normally. Unsaved text of “%1” from %2 was kept.\n\n"
            "Restore it into the editor? Nothing is written to the file until you save.",
        )
        .replace("%1", name)
        .replace("%2", when),
        QMessageBox.StandardButton.Yes
        | QMessageBox.StandardButton.Discard
        | QMessageBox.StandardButton.No,
        parent,
    )
    box.setDefaultButton(QMessageBox.StandardButton.Yes)
    # Yes / Discard / No said nothing of what each does to the kept text.
    labels = {
        QMessageBox.StandardButton.Yes: QCoreApplication.translate(
            "Prompts", "Restore into the editor"
        ),
        QMessageBox.StandardButton.Discard: QCoreApplication.translate(
            "Prompts", "Throw the kept text away"
        ),
        QMessageBox.StandardButton.No: QCoreApplication.translate(
            "Prompts", "Decide later (keep it)"
        ),
    }
    for button, label in labels.items():
        box.button(button).setText(label)
    answer = QMessageBox.StandardButton(box.exec())
    if answer == QMessageBox.StandardButton.Yes:
        return Recovery.RESTORE
    if answer == QMessageBox.StandardButton.Discard:
        return Recovery.DISCARD
    return Recovery.LATER


def ask_open_locked(parent: QWidget | None, host: str, pid: int, since: str) -> bool:
    """Open a project another Workbench already has open (True), or not."""
    with contextlib.suppress(ValueError):  # else shown as written in the lock file
        since = datetime.datetime.fromisoformat(since).astimezone().strftime("%Y-%m-%d %H:%M")
    answer = QMessageBox.warning(
        parent,
        QCoreApplication.translate("Prompts", "Project already open"),
        QCoreApplication.translate(
            "Prompts",
            "This project is already open in another Workbench (on %1, process %2, since %3)."
            "\n\nIf both save the same chapter, one of them overwrites the other's words. "
            "Open it here anyway?",
        )
        .replace("%1", host)
        .replace("%2", str(pid))
        .replace("%3", since),
        QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Cancel,
        QMessageBox.StandardButton.Cancel,
    )
    return answer == QMessageBox.StandardButton.Open


def ask_copy_sample(parent: QWidget | None, target: str) -> bool:
    """Copy the bundled sample novel into the new folder `target` (True), or not."""
    answer = QMessageBox.question(
        parent,
        QCoreApplication.translate("Prompts", "Open the sample novel"),
        QCoreApplication.translate(
            "Prompts",
            "Workbench will copy the sample novel 《烬灯录》 into a new folder:\n\n%1\n\n"
            "and open it there. Nothing else is changed.",
        ).replace("%1", target),
        QMessageBox.StandardButton.Ok | QMessageBox.StandardButton.Cancel,
        QMessageBox.StandardButton.Ok,
    )
    return answer == QMessageBox.StandardButton.Ok


def show_problem(parent: QWidget | None, title: str, message: str) -> None:
    """Tell the author something failed, with the engine's message (file and reason)."""
    QMessageBox.warning(parent, title, message)


def crash_message(saved: int) -> str:
    """What the 意外错误 box says first: the unsaved text is safe, and where."""
    return QCoreApplication.translate(
        "Prompts",
        "Something went wrong inside Workbench. Unsaved text of %n open file(s) was "
        "written to .workbench/autosave/ and will be offered the next time you open "
        "the project.",
        "",
        saved,
    )


def tell_previous_crash(parent: QWidget | None, crash_log: Path) -> None:
    """The last run ended in a native crash: say so, and where its log is."""
    QMessageBox.warning(
        parent,
        QCoreApplication.translate("Prompts", "Workbench crashed last time"),
        QCoreApplication.translate(
            "Prompts",
            "Workbench quit unexpectedly the last time it ran. What it was doing is in the "
            "crash log:\n\n%1\n\nUnsaved text is offered when you open its project. "
            "If you report the problem, please attach this file.",
        ).replace("%1", str(crash_log)),
    )


def queue_question(why: str, labels: list[str], tokens: int | None) -> tuple[str, str]:
    """(title, text) asking before summary jobs are queued; `tokens` is the estimate for a
    model endpoint (None: the offline summariser, which costs nothing)."""
    shown = _shortened(labels)
    text = (
        QCoreApplication.translate(
            "Prompts", "%1 calls for %n rolling summaries (%2).", "", len(labels)
        )
        .replace("%1", why)
        .replace("%2", ", ".join(shown))
    )
    if tokens is not None:
        text += "\n\n" + QCoreApplication.translate(
            "Prompts",
            "They are sent to your model endpoint: about %1 tokens in all (an upper estimate), "
            "which your provider may charge for.",
        ).replace("%1", f"{tokens:,}")
    text += "\n\n" + QCoreApplication.translate(
        "Prompts",
        "Queue them now? They run one after another in the background; Feed ▸ Summary jobs "
        "shows them and cancels any of them.",
    )
    return QCoreApplication.translate("Prompts", "Queue rolling summaries?"), text


def _shortened(labels: list[str]) -> list[str]:
    """A long list of jobs as its first two and last two."""
    return labels if len(labels) <= 4 else [*labels[:2], "…", *labels[-2:]]


def ask_queue_summaries(
    parent: QWidget | None, why: str, labels: list[str], tokens: int | None
) -> bool:
    """Whether to queue these summary jobs (asked for more than one, or any paid one)."""
    return _yes_or_no(parent, *queue_question(why, labels, tokens))


class SaveJobs(Enum):
    """What to queue after a save that calls for rolling summaries and memory upkeep."""

    ALL = "all"
    SUMMARIES = "summaries"
    NONE = "none"


def ask_queue_save_jobs(
    parent: QWidget | None,
    why: str,
    summaries: list[str],
    upkeep: list[str],
    tokens: tuple[int, int] | None,
) -> SaveJobs:
    """One question for everything a save sets off: the summary ranges and the upkeep ranges,
    and for a model endpoint each part's token estimate, so a paid save asks
    once, not once per kind of job."""
    text = (
        QCoreApplication.translate(
            "Prompts", "%1 calls for %2 rolling summaries (%3) and %4 memory upkeep runs (%5)."
        )
        .replace("%1", why)
        .replace("%2", str(len(summaries)))
        .replace("%3", ", ".join(_shortened(summaries)))
        .replace("%4", str(len(upkeep)))
        .replace("%5", ", ".join(_shortened(upkeep)))
    )
    if tokens is not None:
        text += "\n\n" + QCoreApplication.translate(
            "Prompts",
            "They are sent to your model endpoint: about %1 tokens for the summaries and %2 for "
            "the upkeep (upper estimates), which your provider may charge for.",
        ).replace("%1", f"{tokens[0]:,}").replace("%2", f"{tokens[1]:,}")
    text += "\n\n" + QCoreApplication.translate(
        "Prompts",
        "They run one after another in the background; Feed ▸ Summary jobs shows them and cancels "
        "any of them. Upkeep writes nothing until you accept a proposal.",
    )
    box = QMessageBox(
        QMessageBox.Icon.Question,
        QCoreApplication.translate("Prompts", "Queue background jobs?"),
        text,
        QMessageBox.StandardButton.YesToAll
        | QMessageBox.StandardButton.Yes
        | QMessageBox.StandardButton.No,
        parent,
    )
    box.setDefaultButton(QMessageBox.StandardButton.No)
    labels = {
        QMessageBox.StandardButton.YesToAll: QCoreApplication.translate("Prompts", "Queue both"),
        QMessageBox.StandardButton.Yes: QCoreApplication.translate("Prompts", "Summaries only"),
        QMessageBox.StandardButton.No: QCoreApplication.translate("Prompts", "Neither"),
    }
    for button, label in labels.items():
        box.button(button).setText(label)
    answer = QMessageBox.StandardButton(box.exec())
    if answer == QMessageBox.StandardButton.YesToAll:
        return SaveJobs.ALL
    if answer == QMessageBox.StandardButton.Yes:
        return SaveJobs.SUMMARIES
    return SaveJobs.NONE


def _yes_or_no(parent: QWidget | None, title: str, text: str) -> bool:
    """A Yes/No question whose default (Enter, Esc) is No: for work that costs or replaces."""
    answer = QMessageBox.question(
        parent,
        title,
        text,
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.No,
    )
    return answer == QMessageBox.StandardButton.Yes


def ask_replace_hand_written(parent: QWidget | None, label: str) -> bool:
    """Whether to regenerate a rolling-summary section the author wrote by hand."""
    return _yes_or_no(
        parent,
        QCoreApplication.translate("Prompts", "Replace a hand-written summary?"),
        QCoreApplication.translate(
            "Prompts",
            "The rolling summary %1 was written by hand. Regenerating it replaces it with a "
            "generated section. Go on?",
        ).replace("%1", label),
    )
