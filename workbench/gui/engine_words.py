"""The engine's Reasons (workbench/reasons.py) in the UI language.

Each reason is said by its code: its English message below, through Qt's translations
(lupdate sees every one), with the reason's arguments filled in, each argument that is a
Reason said the same way. The .ts translates each Chinese-worded code with the engine's own
template, so the Chinese UI shows byte for byte what the feed and the CLI print
(tests/gui/test_engine_words.py holds both). Text that is not a Reason (an error message, a
path) is shown as it came.
"""

from __future__ import annotations

import logging
import re

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from workbench.reasons import LISTS, Reason, reasons

log = logging.getLogger(__name__)

CONTEXT = "EngineWords"
PROGRESS_CONTEXT = "SummaryProgress"  # the summary and upkeep jobs' progress (English codes)
FAILURE_CONTEXT = "SummaryFailure"  # why a summary or upkeep job wrote nothing
PLACEHOLDER = re.compile(r"%(\d+)")

SEPARATORS = {
    "list": QT_TRANSLATE_NOOP("EngineWords", ", "),
    "reasons": QT_TRANSLATE_NOOP("EngineWords", "; "),
}

ENGLISH = {
    "title.world_summary": QT_TRANSLATE_NOOP("EngineWords", "world summary"),
    "title.cast_summary": QT_TRANSLATE_NOOP("EngineWords", "cast bible summary"),
    "title.outline": QT_TRANSLATE_NOOP("EngineWords", "book outline"),
    "title.outline_summary": QT_TRANSLATE_NOOP("EngineWords", "book outline summary"),
    "title.rolling_summary": QT_TRANSLATE_NOOP("EngineWords", "rolling summary %1"),
    "title.rolling_summary_to": QT_TRANSLATE_NOOP("EngineWords", "rolling summary (to chapter %1)"),
    "title.skeleton": QT_TRANSLATE_NOOP("EngineWords", "story skeleton"),
    "title.this_chapter": QT_TRANSLATE_NOOP("EngineWords", "this chapter · chapter %1"),
    "title.earlier_chapter": QT_TRANSLATE_NOOP("EngineWords", "earlier text · chapter %1"),
    "title.plan": QT_TRANSLATE_NOOP("EngineWords", "plan · chapter %1"),
    "title.passage": QT_TRANSLATE_NOOP("EngineWords", "battle passage · chapter %1"),
    "title.style_anchor": QT_TRANSLATE_NOOP("EngineWords", "style anchor (in full)"),
    "title.chapter_summary": QT_TRANSLATE_NOOP("EngineWords", "summary · chapter %1"),
    "title.power": QT_TRANSLATE_NOOP("EngineWords", "power levels"),
    "title.power_system": QT_TRANSLATE_NOOP("EngineWords", "power system"),
    "title.pin": QT_TRANSLATE_NOOP("EngineWords", "pinned · %1"),
    "title.foreshadowing": QT_TRANSLATE_NOOP("EngineWords", "foreshadowing for the chapter"),
    "title.relationships": QT_TRANSLATE_NOOP("EngineWords", "relationship changes for the chapter"),
    "title.recall": QT_TRANSLATE_NOOP("EngineWords", "earlier passages for the chapter"),
    "title.tracker_kind": QT_TRANSLATE_NOOP("EngineWords", "%1 for the chapter"),
    "source.world": QT_TRANSLATE_NOOP("EngineWords", "world"),
    "source.protagonist": QT_TRANSLATE_NOOP("EngineWords", "protagonist file"),
    "source.characters": QT_TRANSLATE_NOOP("EngineWords", "cast list"),
    "source.outline": QT_TRANSLATE_NOOP("EngineWords", "outline"),
    "source.style_anchor": QT_TRANSLATE_NOOP("EngineWords", "style anchor"),
    "chapter": QT_TRANSLATE_NOOP("EngineWords", "chapter %1"),
    "missing.file": QT_TRANSLATE_NOOP("EngineWords", "%1 does not exist"),
    "missing.file_or_empty": QT_TRANSLATE_NOOP("EngineWords", "%1 does not exist or is empty"),
    "missing.section": QT_TRANSLATE_NOOP("EngineWords", "%1 has no `## %2` section"),
    "missing.power_section": QT_TRANSLATE_NOOP("EngineWords", "%1 has no `%2` section"),
    "missing.outline_too_long": QT_TRANSLATE_NOOP(
        "EngineWords", "the outline is over %1 zi and %2 has no book outline summary"
    ),
    "missing.still_template": QT_TRANSLATE_NOOP("EngineWords", "%1: still the template (%2)"),
    "missing.not_written": QT_TRANSLATE_NOOP("EngineWords", "%1: not written yet (%2)"),
    "missing.anchor_template": QT_TRANSLATE_NOOP(
        "EngineWords", "%1: still the template (%2), placeholders only"
    ),
    "missing.summary_range": QT_TRANSLATE_NOOP("EngineWords", "no rolling summary for Ch%1-%2"),
    "missing.summary_file": QT_TRANSLATE_NOOP(
        "EngineWords", "%1 does not exist (it should hold summaries to chapter %2)"
    ),
    "missing.skeleton": QT_TRANSLATE_NOOP("EngineWords", "no rolling summary near chapter %1"),
    "missing.chapter_file": QT_TRANSLATE_NOOP("EngineWords", "no file for chapter %1"),
    "missing.chapter_file_gap": QT_TRANSLATE_NOOP(
        "EngineWords", "no file for chapter %1 (a gap in the chapter numbers)"
    ),
    "missing.plan_template": QT_TRANSLATE_NOOP(
        "EngineWords", "the plan of chapter %1 is still the template (%2)"
    ),
    "missing.plan": QT_TRANSLATE_NOOP("EngineWords", "chapter %1 has no plan"),
    "missing.passage": QT_TRANSLATE_NOOP("EngineWords", "no passage selected"),
    "missing.power": QT_TRANSLATE_NOOP(
        "EngineWords", "%1 does not exist, and the passage or plan names no known character"
    ),
    "missing.recall": QT_TRANSLATE_NOOP("EngineWords", "the passage index cannot be used: %1"),
    "missing.tracker_unparsable": QT_TRANSLATE_NOOP(
        "EngineWords", "the tracker cannot be parsed: %1"
    ),
    "trimmed.plan": QT_TRANSLATE_NOOP(
        "EngineWords", "the outline's section for this chapter is over 1500 zi, cut"
    ),
    "budget.over_cap": QT_TRANSLATE_NOOP("EngineWords", "over the cap of %1 zi (was %2 zi)"),
    "budget.cap_cut": QT_TRANSLATE_NOOP("EngineWords", "%1, cut at a sentence end"),
    "budget.cap_no_sentence": QT_TRANSLATE_NOOP("EngineWords", "%1, and no sentence end to cut at"),
    "budget.group_left": QT_TRANSLATE_NOOP("EngineWords", "%1 zi left in the group"),
    "budget.no_item_fits": QT_TRANSLATE_NOOP("EngineWords", "%1, no entry fits"),
    "budget.items_cut": QT_TRANSLATE_NOOP("EngineWords", "%1, the lowest-ranked entries left out"),
    "budget.weak_shed": QT_TRANSLATE_NOOP(
        "EngineWords", "over budget: weakly relevant entries left out first"
    ),
    "budget.trimmed": QT_TRANSLATE_NOOP(
        "EngineWords", "over budget: %1 zi left in the group, cut at a sentence end"
    ),
    "budget.dropped": QT_TRANSLATE_NOOP(
        "EngineWords", "over budget: %1 zi left in the group, %2 zi do not fit"
    ),
    "ledger.weak_item_dropped": QT_TRANSLATE_NOOP(
        "EngineWords", "weakly relevant entry %1 (%2 zi) left out first: %3"
    ),
    "ledger.item_dropped": QT_TRANSLATE_NOOP("EngineWords", "entry %1 (%2 zi) does not fit: %3"),
    "ledger.weak_item_shed": QT_TRANSLATE_NOOP(
        "EngineWords",
        "weakly relevant entry %1 (%2 zi) left out first: the group needs %3 zi, has %4",
    ),
    "ledger.capped": QT_TRANSLATE_NOOP("EngineWords", "%1 → %2 zi"),
    "ledger.trimmed": QT_TRANSLATE_NOOP("EngineWords", "%1 → %2 zi"),
    "ledger.items_kept": QT_TRANSLATE_NOOP("EngineWords", "%1 entries kept, %2 zi"),
    "checklist.fixed": QT_TRANSLATE_NOOP("EngineWords", "Fixed layer complete"),
    "checklist.rolling": QT_TRANSLATE_NOOP("EngineWords", "Rolling layer complete"),
    "checklist.on_demand": QT_TRANSLATE_NOOP("EngineWords", "On-demand layer complete"),
    "checklist.style_anchor": QT_TRANSLATE_NOOP("EngineWords", "%1 attached in full"),
    "checklist.task": QT_TRANSLATE_NOOP("EngineWords", "Task material complete"),
    "checklist.pins": QT_TRANSLATE_NOOP("EngineWords", "Pinned content complete"),
    "block.why": QT_TRANSLATE_NOOP("EngineWords", "%1 (%2)"),
    "block.trimmed": QT_TRANSLATE_NOOP("EngineWords", "%1 trimmed (%2)"),
    "block.note": QT_TRANSLATE_NOOP("EngineWords", "%1: %2"),
    "note.summary_stale": QT_TRANSLATE_NOOP(
        "EngineWords", "out of date: %1 changed after this summary"
    ),
    "note.partly_template": QT_TRANSLATE_NOOP(
        "EngineWords", "partly template: %2 of %1 still hold template text (not fed)"
    ),
    "note.protagonist_unstated": QT_TRANSLATE_NOOP(
        "EngineWords", "the protagonist's state is not fed: %1"
    ),
    "note.state_unrecorded": QT_TRANSLATE_NOOP(
        "EngineWords",
        "%1 holds the protagonist's state at chapter %2 and index.db has no state_changes:"
        " it cannot be taken back to chapter %3",
    ),
    "note.state_field": QT_TRANSLATE_NOOP(
        "EngineWords",
        "index.db's state_changes changed “%2” in chapter %1: the state cannot be taken"
        " back to chapter %3",
    ),
    "note.protagonist_no_file": QT_TRANSLATE_NOOP(
        "EngineWords",
        "the protagonist has no name: %1 does not exist, so none of their relationship rows"
        " enters this block",
    ),
    "note.protagonist_unnamed": QT_TRANSLATE_NOOP(
        "EngineWords",
        "the protagonist has no name: the title of %1 is only a form of address or a"
        " placeholder, so none of their relationship rows enters this block",
    ),
    "fix.write": QT_TRANSLATE_NOOP("EngineWords", "write %1"),
    "fix.write_then_fixed_context": QT_TRANSLATE_NOOP(
        "EngineWords", "write %1, then run workbench fixed-context %2"
    ),
    "fix.write_plan": QT_TRANSLATE_NOOP(
        "EngineWords", "write %1, or a `###` section for chapter %3 in the %2"
    ),
    "fix.write_plan_volume": QT_TRANSLATE_NOOP(
        "EngineWords", "write %1, or a `###` section for chapter %3 in %2"
    ),
    "fix.create_tracker": QT_TRANSLATE_NOOP("EngineWords", "create %1 (a header row is enough)"),
    "fix.correct_and_retry": QT_TRANSLATE_NOOP("EngineWords", "correct %1 and try again"),
    "fix.power": QT_TRANSLATE_NOOP(
        "EngineWords", "write %1 (the protagonist's location, power level, items)"
    ),
    "fix.power_section": QT_TRANSLATE_NOOP("EngineWords", "write a section `## %2` in %1"),
    "fix.protagonist_file": QT_TRANSLATE_NOOP(
        "EngineWords", "write %1, with the protagonist's name as its title"
    ),
    "fix.protagonist_name": QT_TRANSLATE_NOOP(
        "EngineWords", "make the title of %1 the protagonist's name, or add a line with the name"
    ),
    "fix.anchor_write": QT_TRANSLATE_NOOP(
        "EngineWords",
        "write %1 (banned words, a sample of the book's prose, point of view and style keywords)",
    ),
    "fix.anchor_passage": QT_TRANSLATE_NOOP(
        "EngineWords",
        "make %3 from a passage of your own text (%1–%2 zi): in the app, Prepare feed > Style"
        " anchor from your own text; or `%4` lists the paragraphs, then add --passage"
        " START:END; the sample is the passage you chose, the other sections are yours",
    ),
    "fix.unpin": QT_TRANSLATE_NOOP("EngineWords", "unpin %1, or restore what it points to"),
    "pin.empty_ref": QT_TRANSLATE_NOOP("EngineWords", "an empty pin"),
    "pin.not_pinned": QT_TRANSLATE_NOOP("EngineWords", "not pinned"),
    "pin.no_block": QT_TRANSLATE_NOOP("EngineWords", "no block named"),
    "pin.outside": QT_TRANSLATE_NOOP("EngineWords", "%1 is outside the project folder"),
    "pin.chapter_text": QT_TRANSLATE_NOOP(
        "EngineWords", "chapter text cannot be pinned (it is fed only through a recipe's window)"
    ),
    "pin.no_section": QT_TRANSLATE_NOOP("EngineWords", "%1 has no section “%2”"),
    "pin.no_entry": QT_TRANSLATE_NOOP("EngineWords", "the plot tracker has no %1"),
    "pin.no_pair": QT_TRANSLATE_NOOP(
        "EngineWords", "the relationship tracker has no row for %1 and %2"
    ),
    "pin.empty_file": QT_TRANSLATE_NOOP("EngineWords", "%1 is empty"),
    "pin.broken": QT_TRANSLATE_NOOP("EngineWords", "pin broken: %1"),
    "pin.no_layer": QT_TRANSLATE_NOOP(
        "EngineWords",
        "pin %1 not placed: this agent has no on-demand layer, or the tracker is missing",
    ),
    "pin.no_row": QT_TRANSLATE_NOOP(
        "EngineWords", "pin %1 not placed: the trackers have no row at or before chapter %2"
    ),
    "pin.outside_refused": QT_TRANSLATE_NOOP(
        "EngineWords", "pin %1 is outside the project folder: not read"
    ),
    "pin.chapter_refused": QT_TRANSLATE_NOOP(
        "EngineWords",
        "pin %1 is chapter text and cannot be pinned (it is fed only through a recipe's window)",
    ),
    "pin.block_absent": QT_TRANSLATE_NOOP(
        "EngineWords", "pinned block %1 is not in %2's context for chapter %3"
    ),
    "relevance.overdue": QT_TRANSLATE_NOOP("EngineWords", "overdue: payoff planned for %1 < %2"),
    "relevance.due": QT_TRANSLATE_NOOP("EngineWords", "due soon: payoff planned for %1 (%2–%3)"),
    "relevance.named": QT_TRANSLATE_NOOP("EngineWords", "named: %1"),
    "relevance.named_as": QT_TRANSLATE_NOOP("EngineWords", "named: %1 (%2)"),
    "relevance.named_in_plan": QT_TRANSLATE_NOOP("EngineWords", "named: %1 (in the plan's cast)"),
    "relevance.weak": QT_TRANSLATE_NOOP("EngineWords", "weakly relevant: frequent character %1"),
    "relevance.changed": QT_TRANSLATE_NOOP("EngineWords", "changed recently: chapter %1"),
    "relevance.pinned": QT_TRANSLATE_NOOP("EngineWords", "pinned"),
    "recall.character": QT_TRANSLATE_NOOP("EngineWords", "character: %1"),
    "recall.character_as": QT_TRANSLATE_NOOP("EngineWords", "character: %1 (as %2)"),
    "recall.tracker": QT_TRANSLATE_NOOP("EngineWords", "tracker keyword: %1"),
    "recall.keyword": QT_TRANSLATE_NOOP("EngineWords", "keyword: %1"),
    "recall.dormant": QT_TRANSLATE_NOOP(
        "EngineWords", "not seen for long: %1 (last in chapter %2, %3 chapters ago)"
    ),
    "relevance.present": QT_TRANSLATE_NOOP("EngineWords", "%1: %2"),
    "presence.plan": QT_TRANSLATE_NOOP("EngineWords", "named in the plan: %1"),
    "presence.text": QT_TRANSLATE_NOOP("EngineWords", "named in the chapter: %1"),
    "presence.plan_cast": QT_TRANSLATE_NOOP("EngineWords", "in the plan's cast: %1"),
    "presence.protagonist": QT_TRANSLATE_NOOP("EngineWords", "the protagonist, always present"),
    "upkeep.character": QT_TRANSLATE_NOOP("EngineWords", "%1 (%2 mentions)"),
    "upkeep.alias": QT_TRANSLATE_NOOP("EngineWords", "%1 alias %2"),
    "upkeep.relationship": QT_TRANSLATE_NOOP("EngineWords", "%1—%2 %3 (%4)"),
    "upkeep.planted": QT_TRANSLATE_NOOP("EngineWords", "%1 (payoff planned for %2, %3)"),
    "upkeep.paid": QT_TRANSLATE_NOOP("EngineWords", "%1 paid off in chapter %2"),
    "upkeep.sighting": QT_TRANSLATE_NOOP("EngineWords", "%1 seen again in chapter %2"),
    "upkeep.state": QT_TRANSLATE_NOOP("EngineWords", "%1 %2: %3"),
}

# The engine's own English, translated in their own context (a job's "%1: %2" is not a note's).
PROGRESS = {
    "progress.job": QT_TRANSLATE_NOOP("SummaryProgress", "%1: %2"),
    "progress.fixed_context": QT_TRANSLATE_NOOP("SummaryProgress", "fixed context"),
    "progress.summarising": QT_TRANSLATE_NOOP(
        "SummaryProgress", "summarising %1 chapters with the %2 backend"
    ),
    "progress.asking": QT_TRANSLATE_NOOP("SummaryProgress", "asking %1 at %2"),
    "progress.received": QT_TRANSLATE_NOOP("SummaryProgress", "received %1 characters"),
    "progress.extracting_sentences": QT_TRANSLATE_NOOP(
        "SummaryProgress", "extracting key sentences"
    ),
    "progress.extracting": QT_TRANSLATE_NOOP("SummaryProgress", "extracting %1"),
    "progress.done": QT_TRANSLATE_NOOP("SummaryProgress", "done"),
}

# Why a summary or upkeep job wrote nothing (a failure's "%1: %2" and "; " are not a note's).
FAILURE = {
    "summary.not_written": QT_TRANSLATE_NOOP("SummaryFailure", "%1 not written: %2"),
    "summary.cancelled": QT_TRANSLATE_NOOP("SummaryFailure", "cancelled"),
    "summary.no_chapters": QT_TRANSLATE_NOOP(
        "SummaryFailure", "no chapter between %1 and %2 exists"
    ),
    "summary.feed_not_ready": QT_TRANSLATE_NOOP("SummaryFailure", "the %1 feed is not ready — %2"),
    "summary.checklist_line": QT_TRANSLATE_NOOP("SummaryFailure", "%1: %2"),
    "summary.problems": QT_TRANSLATE_NOOP("SummaryFailure", "; "),
    "summary.over_cap": QT_TRANSLATE_NOOP("SummaryFailure", "%1 zi, over the %2 zi cap"),
    "summary.part_over_cap": QT_TRANSLATE_NOOP("SummaryFailure", "%1 is %2 zi, over its %3 zi cap"),
    "summary.part_empty": QT_TRANSLATE_NOOP("SummaryFailure", "%1 is empty"),
    "summary.part_failed": QT_TRANSLATE_NOOP("SummaryFailure", "%1: %2"),
    "summary.part_source_missing": QT_TRANSLATE_NOOP(
        "SummaryFailure",
        "%1 needs %2, which is missing, empty or still only template text"
        " (placeholders are not summarised)",
    ),
    "summary.sources": QT_TRANSLATE_NOOP("SummaryFailure", " or "),
    "summary.no_heading": QT_TRANSLATE_NOOP("SummaryFailure", "no `%1` heading in the output"),
    "summary.text_before_heading": QT_TRANSLATE_NOOP(
        "SummaryFailure", "the output has text before the section heading"
    ),
    "summary.several_sections": QT_TRANSLATE_NOOP(
        "SummaryFailure", "expected exactly one section, found %1: %2"
    ),
    "summary.heading_not_level_2": QT_TRANSLATE_NOOP(
        "SummaryFailure", "the heading %1 is not `%2` (level 2)"
    ),
    "summary.heading_range": QT_TRANSLATE_NOOP(
        "SummaryFailure", "the heading names Ch%1-%2, expected %3"
    ),
    "summary.missing_sections": QT_TRANSLATE_NOOP("SummaryFailure", "missing section %1"),
    "summary.unexpected_sections": QT_TRANSLATE_NOOP("SummaryFailure", "unexpected section %1"),
    "summary.sections": QT_TRANSLATE_NOOP("SummaryFailure", ", "),
    "summary.sections_out_of_order": QT_TRANSLATE_NOOP(
        "SummaryFailure", "the four `###` sections are not in the template's order (or repeat)"
    ),
    "summary.empty_section": QT_TRANSLATE_NOOP("SummaryFailure", "section `### %1` is empty"),
    "summary.skipped_heading": QT_TRANSLATE_NOOP(
        "SummaryFailure", "%1 line %2: %3; fix that heading first"
    ),
    "summary.heading_no_range": QT_TRANSLATE_NOOP(
        "SummaryFailure", "`## %1` names no range like Ch6-10"
    ),
    "summary.heading_level_one": QT_TRANSLATE_NOOP(
        "SummaryFailure", "`# %1` is a level-1 heading; a section is `## %1`"
    ),
    "upkeep_failed.not_written": QT_TRANSLATE_NOOP(
        "SummaryFailure", "upkeep of chapters %1-%2: %3; nothing was written"
    ),
    "upkeep_failed.cancelled": QT_TRANSLATE_NOOP("SummaryFailure", "cancelled"),
    "upkeep_failed.too_deep": QT_TRANSLATE_NOOP(
        "SummaryFailure", "the model's answer nests %1 levels deep (at most %2)"
    ),
    "upkeep_failed.not_json": QT_TRANSLATE_NOOP(
        "SummaryFailure", "the model's answer is not JSON (%1)"
    ),
    "upkeep_failed.schema": QT_TRANSLATE_NOOP(
        "SummaryFailure", "the answer does not follow the schema: %1"
    ),
    "upkeep_failed.unknown_entry": QT_TRANSLATE_NOOP(
        "SummaryFailure", "the answer names %1, which the ledger has not"
    ),
    "upkeep_failed.paid_not_open": QT_TRANSLATE_NOOP(
        "SummaryFailure",
        "the answer says chapter %1 pays off %2, which is not open there (%3);"
        " it contradicts the ledger for chapters %4-%5",
    ),
    "upkeep_failed.sighted_not_open": QT_TRANSLATE_NOOP(
        "SummaryFailure",
        "the answer says chapter %1 sights %2, which is not open there (%3);"
        " it contradicts the ledger for chapters %4-%5",
    ),
}
# What the UI says instead of a message whose argument is a parser's own English (the log and
# the CLI keep the detail): an author cannot act on "Expecting value: line 1 column 1".
WITHOUT_DETAIL = {
    "upkeep_failed.not_json": QT_TRANSLATE_NOOP(
        "SummaryFailure", "the model's answer is not valid JSON"
    ),
}
# The backends as the settings dialog names them, not as workbench.toml spells them.
BACKEND_WORDS = {
    "offline": QT_TRANSLATE_NOOP("SummaryProgress", "offline"),
    "openai": QT_TRANSLATE_NOOP("SummaryProgress", "model endpoint"),
}
MESSAGES = (
    (FAILURE_CONTEXT, WITHOUT_DETAIL),
    (CONTEXT, SEPARATORS),
    (CONTEXT, ENGLISH),
    (PROGRESS_CONTEXT, PROGRESS),
    (FAILURE_CONTEXT, FAILURE),
)


def engine_text(value: object) -> str:
    """`value` from the engine as the author reads it in the UI language."""
    if not isinstance(value, Reason):
        return str(value)
    parts = [engine_text(arg) for arg in value.args]
    if value.code == "progress.summarising" and parts[1] in BACKEND_WORDS:
        parts[1] = _tr(PROGRESS_CONTEXT, BACKEND_WORDS[parts[1]])
    found = next(
        ((context, said[value.code]) for context, said in MESSAGES if value.code in said), None
    )
    if found is None:  # tests/gui/test_engine_words.py holds every code to a message
        log.warning("no English for reason code %s", value.code)
        return str(value)
    message = _tr(*found)
    return message.join(parts) if value.code in LISTS else fill(message, parts)


def engine_texts(values) -> list[str]:  # type: ignore[no-untyped-def]
    """Each of `values` as `engine_text` shows it."""
    return [engine_text(value) for value in values]


def engine_reasons(values) -> str:  # type: ignore[no-untyped-def]
    """Reasons one after the other, as the UI language separates them."""
    return engine_text(reasons(*values))


def fill(message: str, parts: list[str]) -> str:
    """`message` with %1 … replaced by `parts`, in one pass (a part may hold a %)."""
    return PLACEHOLDER.sub(lambda found: parts[int(found[1]) - 1], message)


def job_message(progress: object) -> object:
    """A job's progress without the job's name in front (what a busy button has room for)."""
    if isinstance(progress, Reason) and progress.code == "progress.job":
        return progress.args[1]
    return str(progress).split(": ", 1)[-1]


def _tr(context: str, text: str) -> str:
    return QCoreApplication.translate(context, text)
