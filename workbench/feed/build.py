"""`build_feed`: select the blocks a recipe names, fit them to the budget, rank what competes."""

from __future__ import annotations

import logging
import threading
from pathlib import Path

from workbench.book.plans import CHAPTER_TYPES
from workbench.book.project import Project
from workbench.errors import WorkbenchError
from workbench.feed.budget import fit
from workbench.feed.checklist import make_checklist
from workbench.feed.config import load_feed_config
from workbench.feed.model import Feed, Ledger
from workbench.feed.pins import load_pins, pin_entries, pinned_blocks
from workbench.feed.prompt import agent_task
from workbench.feed.ranker import Ranker
from workbench.feed.recipes import AGENTS
from workbench.feed.select import Selector
from workbench.feed.tokens import TokenCounter
from workbench.models.profiles import ModelProfile, active_profile
from workbench.reasons import Reason

log = logging.getLogger(__name__)


class FeedRequestProblem(WorkbenchError):
    """A feed was asked for with an unknown agent, chapter type or chapter number."""


_COUNTERS: dict[tuple[Path, str], TokenCounter] = {}
_COUNTERS_LOCK = threading.Lock()


def token_counter(project: Project, profile: ModelProfile | None = None) -> TokenCounter:
    """The project's token counter for `profile`'s tokenizer (default: the active profile's),
    one per process per tokenizer; counts persist in `.workbench/token-cache.json`."""
    tokenizer = (profile or active_profile(project)).tokenizer
    key = (project.state_dir, tokenizer)
    with _COUNTERS_LOCK:
        if key not in _COUNTERS:
            _COUNTERS[key] = TokenCounter(tokenizer, project.state_dir)
        return _COUNTERS[key]


def _chapter_type(project: Project, chapter: int, requested: str | None) -> tuple[str, str]:
    if requested is not None:
        if requested not in CHAPTER_TYPES:
            raise FeedRequestProblem(
                f"chapter type {requested!r} is not one of {', '.join(CHAPTER_TYPES)}"
            )
        return requested, "option"
    plan = project.plan(chapter)
    if plan is not None and not plan.from_outline:
        return plan.type, "plan"
    return "plot", "default"


def build_feed(
    project: Project,
    agent: str,
    chapter: int,
    *,
    chapter_type: str | None = None,
    passage: tuple[int, int] | None = None,
    first_chapter: int | None = None,
    debug_scores: bool = False,
    profile: str | None = None,
    count_tokens: bool = True,
) -> Feed:
    """The feed `agent` receives for `chapter` in `project`.

    `first_chapter` makes the raw window start there (the summary engine asks for ChX-ChN);
    `passage` is BattleAgent's selection as character offsets into chapter N; `profile`
    names the model profile to count with, over the book's and the user's choice. Without
    `count_tokens` every block's tokens stay 0 and no tokenizer is loaded: for a caller that
    reads only the blocks' text (the offline summariser; the tokenizer is ≈ 65 MB).
    """
    if agent not in AGENTS:
        raise FeedRequestProblem(f"unknown agent {agent!r}; known: {', '.join(AGENTS)}")
    if chapter < 1:
        raise FeedRequestProblem(f"chapter must be 1 or more, not {chapter}")
    if first_chapter is not None and not 1 <= first_chapter <= chapter:
        raise FeedRequestProblem(f"first chapter {first_chapter} must be between 1 and {chapter}")
    config = load_feed_config(project)
    model = active_profile(project, profile)
    recipe = config.recipe(agent)
    debug = debug_scores or config.debug_scores
    window = recipe.window(chapter, first_chapter)
    template, template_source = _chapter_type(project, chapter, chapter_type)
    stage = config.stage(chapter)

    # 1. Select the blocks the recipe names (pins join them).
    selection = Selector(project, config, recipe, chapter, window, passage).select()
    blocks = selection.blocks
    notes: list[Reason] = []  # the feed's notes: pins it could not place or read
    pins = load_pins(project)
    pinned_ids = {pin.block_id for pin in pins if pin.kind == "block"}
    for block in blocks:
        block.pinned = block.pinned or block.id in pinned_ids
    for absent in sorted(pinned_ids - {block.id for block in blocks}):
        notes.append(Reason("pin.block_absent", absent, agent, chapter))
    pin_entries(project, blocks, pins, chapter, notes)
    extra = pinned_blocks(project, pins, notes)
    anchor_at = next((i for i, b in enumerate(blocks) if b.kind == "style_anchor"), len(blocks))
    blocks[anchor_at:anchor_at] = extra

    # 2 and 3. Fit them to the caps and the budget, ranking what competes within a group.
    ledger = Ledger()
    budget = config.budget_for(recipe)
    groups = fit(
        blocks,
        budget=budget,
        weights=config.weights(template, stage),
        config=config,
        ranker=Ranker(config.ranker, chapter),
        ledger=ledger,
        debug=debug,
    )
    tokenizer, tokenizer_note = model.tokenizer, ""
    if count_tokens:
        counter = token_counter(project, model)
        for block in blocks:
            block.tokens = counter.count(block.text)
        counter.save()
        tokenizer, tokenizer_note = counter.name, counter.note

    passage_window = [chapter] if recipe.passage and passage is not None else []
    task, task_source = agent_task(project, agent, chapter)
    feed = Feed(
        agent=agent,
        chapter=chapter,
        template=template,
        template_source=template_source,
        stage=stage,
        budget=budget,
        groups=groups,
        blocks=blocks,
        checklist=make_checklist(project, recipe, blocks, selection.stale),
        ledger=ledger,
        profile=model,
        tokenizer=tokenizer,
        tokenizer_note=tokenizer_note,
        notes=notes,
        window=sorted({*window, *passage_window}),
        debug_scores=debug,
        task=task,
        task_source=task_source,
    )
    log.debug(
        "feed %s ch%d: %d blocks, %d 字, ready=%s",
        agent,
        chapter,
        len(blocks),
        feed.totals()["all"]["chars"],
        feed.ready,
    )
    return feed
