"""Step one: select the blocks a recipe names, each with its source, cap and group.

Nothing is fitted to the budget here; a block that cannot be made is listed as missing with
the reason and the one step that fixes it. Chapter text is read only for the chapters in the
recipe's window (and the passage of chapter N for BattleAgent).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from workbench.book.fixed_context import (
    CAPS,
    OUTLINE_SUMMARY_TITLE,
    PART_TITLES,
    FixedContext,
    FixedPart,
    parse_fixed_context,
    stale_sources,
)
from workbench.book.layout import Role
from workbench.book.plans import plan_from_file
from workbench.book.project import Project
from workbench.book.rolling_summary import SUMMARY_CAP
from workbench.book.style_anchor import fix_hint
from workbench.book.templates import (
    chapter_without_template,
    plan_template_left,
    role_holds_only_template,
    template_left,
    without_template,
)
from workbench.feed.config import FeedConfig
from workbench.feed.model import Block, Group, Item, Layer, Status, zi
from workbench.feed.ondemand import on_demand_blocks
from workbench.feed.power import passage_text, power_blocks
from workbench.feed.recall_block import recall_blocks
from workbench.feed.recipes import Recipe
from workbench.feed.summaries import (
    expected_end,
    latest_before,
    sections_by_range,
    skeleton_sections,
)
from workbench.feed.trim import demote_headings, first_sentences
from workbench.feed.webnovel import (
    chapter_summary_blocks,
    chapter_summary_excerpt,
    chapter_summary_path,
    fixed_stand_in,
    volume_outline_name,
)
from workbench.reasons import Reason, chapters, listing, reasons

log = logging.getLogger(__name__)

FIXED_SOURCES = {
    FixedPart.WORLD: (Role.WORLD,),
    FixedPart.CHARACTERS: (Role.PROTAGONIST, Role.CHARACTERS),
}
TEMPLATE_LABELS = {
    Role.WORLD: Reason("source.world"),
    Role.PROTAGONIST: Reason("source.protagonist"),
    Role.CHARACTERS: Reason("source.characters"),
    Role.OUTLINE: Reason("source.outline"),
    Role.STYLE_ANCHOR: Reason("source.style_anchor"),
}


def note_template_left(block: Block, source: str, left: tuple[str, ...]) -> None:
    """Say that a block's source still holds template text (left out of what is fed), so the
    checklist reads 部分仍为模板 rather than ready."""
    if left:
        block.notes.append(Reason("note.partly_template", source, listing(left)))


@dataclass
class Selection:
    """What step one produced: the blocks in feed order, plus what the checklist needs."""

    blocks: list[Block]
    stale: list[str]


class Selector:
    """Builds the candidate blocks of one feed from the project's files."""

    def __init__(
        self,
        project: Project,
        config: FeedConfig,
        recipe: Recipe,
        chapter: int,
        window: range,
        passage: tuple[int, int] | None,
    ) -> None:
        self.project = project
        self.config = config
        self.recipe = recipe
        self.chapter = chapter
        self.window = window
        self.passage = passage
        self.stale: list[str] = []
        self.root = str(project.root)

    def select(self) -> Selection:
        """Every block the recipe names, in the order they appear in the feed."""
        recipe = self.recipe
        blocks: list[Block] = []
        if recipe.fixed_layer:
            blocks += self.fixed_blocks()
        if recipe.rolling_summary:
            blocks += self.summary_blocks()
        if recipe.skeleton:
            blocks += self.skeleton_blocks()
        # What changes least comes first (the fixed layer, then the summaries and skeleton,
        # which change every five chapters), so requests share a prefix a provider caches.
        # Then this chapter's own material: the on-demand entries, then the chapter text,
        # oldest first, so the previous chapter leads straight into the plan (reader order).
        if recipe.on_demand:
            blocks += on_demand_blocks(self.project, self.chapter)
        if recipe.recall:
            budget = self.config.budget_for(recipe)
            blocks += recall_blocks(self.project, self.chapter, self.window, budget)
        blocks += self.chapter_blocks()
        if recipe.plan:
            blocks.append(self.plan_block())
        if recipe.passage:
            blocks.append(self.passage_block())
        if recipe.power:
            blocks += power_blocks(self.project, self.config, self.chapter, self.selected_passage())
        if recipe.style_anchor:
            blocks.append(self.style_anchor_block())
        return Selection(blocks, self.stale)

    # --- fixed layer -------------------------------------------------------------------

    def fixed_blocks(self) -> list[Block]:
        """World, character-bible and outline summaries from references/fixed-context.md."""
        project = self.project
        path = project.role_path(Role.FIXED_CONTEXT)
        source = project.relative(path)
        fix = f"workbench fixed-context {self.root}"
        loaded = project.read_role(Role.FIXED_CONTEXT)
        parsed = parse_fixed_context(loaded.text) if loaded else None
        if parsed is not None:
            self.stale = stale_sources(project, parsed)
        blocks = []
        for part in (FixedPart.WORLD, FixedPart.CHARACTERS):
            block = Block(
                id=f"fixed.{part.name.lower()}",
                layer=Layer.FIXED,
                kind=part.name.lower(),
                title=PART_TITLES[part],
                source=source,
                section=part.value,
                text=demote_headings(parsed.parts.get(part, "")) if parsed else "",
                cap=CAPS[part],
                group=Group.GLOBAL,
                required=True,
                fix=fix,
            )
            if parsed is None:
                # webnovel-writer's setting files, until fixed-context.md is generated
                fixed_stand_in(block, project, part)
            if not block.text.strip():
                lacks = (
                    Reason("missing.file", source)
                    if parsed is None
                    else Reason("missing.section", source, part.value)
                )
                block.set_text("", Status.MISSING, lacks)
                self.blame_templates(block, FIXED_SOURCES[part])
            else:
                self.note_templates(block, FIXED_SOURCES[part])
            blocks.append(block)
        blocks.append(self.outline_block(parsed, source, fix))
        return blocks

    def blame_templates(self, block: Block, roles: tuple[Role, ...]) -> None:
        """When a missing fixed part's sources are still templates, say so: generating it
        would only summarise placeholders, so writing them is the fix."""
        project = self.project
        templates = [
            role
            for role in roles
            if (loaded := project.read_role(role)) is None
            or role_holds_only_template(role, loaded.text)
        ]
        if len(templates) < len(roles):
            return  # at least one source has real text: generating the part is the fix
        named = [r for r in templates if project.role_path(r).is_file()]
        # Generating from nothing would write an empty fixed-context.md: the author's
        # sources come first, whether they are still templates or not there at all.
        unwritten = named or list(templates)
        paths = listing(project.relative(project.role_path(r)) for r in unwritten)
        labels = listing(TEMPLATE_LABELS[r] for r in unwritten)
        why = Reason("missing.still_template" if named else "missing.not_written", labels, paths)
        block.reason = reasons(block.reason, why)
        block.fix = Reason("fix.write_then_fixed_context", paths, self.root)
        block.fix_path = project.relative(project.role_path(unwritten[0]))

    def note_templates(self, block: Block, roles: tuple[Role, ...]) -> None:
        """A present fixed part whose sources still hold template text beside the author's."""
        for role in roles:
            loaded = self.project.read_role(role)
            if loaded is not None:
                left = template_left(role, loaded.text)
                note_template_left(block, self.project.relative(loaded.path), left)

    def outline_block(self, parsed: FixedContext | None, source: str, fix: str) -> Block:
        """The compressed outline when there is one, else outline.md itself if ≤ 3000 字."""
        cap = CAPS[FixedPart.OUTLINE]
        block = Block(
            id="fixed.outline",
            layer=Layer.FIXED,
            kind="outline",
            title=PART_TITLES[FixedPart.OUTLINE],
            source=source,
            cap=cap,
            group=Group.GLOBAL,
            required=True,
            fix=fix,
        )
        outline = self.project.read_role(Role.OUTLINE)
        content = without_template(Role.OUTLINE, outline.text) if outline is not None else ""
        template = ""
        if outline is not None and not content:
            template = self.project.relative(outline.path) if outline.text.strip() else ""
            outline = None if template else outline
        text, section = "", ""
        if parsed is not None and parsed.outline_compressed:
            text = parsed.parts[FixedPart.OUTLINE]
            section, block.title = OUTLINE_SUMMARY_TITLE, Reason("title.outline_summary")
        elif outline is not None and zi(content) <= cap:
            text, block.source = content, self.project.relative(outline.path)
            note_template_left(block, block.source, template_left(Role.OUTLINE, outline.text))
        elif parsed is not None and parsed.parts.get(FixedPart.OUTLINE, "").strip():
            text, section = parsed.parts[FixedPart.OUTLINE], FixedPart.OUTLINE.value
        block.section = section
        if text.strip():
            block.set_text(demote_headings(text), Status.COMPLETE, "")
        elif outline is not None:
            block.set_text("", Status.MISSING, Reason("missing.outline_too_long", cap, source))
        elif template:
            why = Reason("missing.still_template", TEMPLATE_LABELS[Role.OUTLINE], template)
            block.set_text("", Status.MISSING, why)
            block.fix = Reason("fix.write", template)
            block.fix_path = template
        else:
            outline_path = self.project.relative(self.project.role_path(Role.OUTLINE))
            block.set_text("", Status.MISSING, Reason("missing.file", outline_path))
            block.fix = Reason("fix.write", outline_path)
            block.fix_path = outline_path
        return block

    # --- rolling layer -----------------------------------------------------------------

    def summary_blocks(self) -> list[Block]:
        """The latest 滚动摘要 section(s) ending before the first chapter fed raw (or N)."""
        project = self.project
        path = project.role_path(Role.ROLLING_SUMMARY)
        source = project.relative(path)
        # The summarizer's previous summary ends before its raw chapters; every other recipe
        # takes the latest summary of chapters before N (it may overlap the raw chapters).
        before = self.chapter
        if self.recipe.summary_before_window and self.window:
            before = self.window.start
        loaded = project.read_role(Role.ROLLING_SUMMARY)
        found = sections_by_range(loaded.text) if loaded is not None else ()
        chosen = latest_before(found, before, self.config.summary_sections)
        needed = expected_end(before)
        fix = f"workbench summarize {self.root} --pending"
        blocks = []
        for section in chosen:
            block = Block(
                id=f"rolling.summary.{section.first}-{section.last}",
                layer=Layer.ROLLING,
                kind="summary",
                title=Reason("title.rolling_summary", section.label),
                source=source,
                section=section.title,
                text=demote_headings(section.body),
                cap=SUMMARY_CAP,
                group=Group.CORE,
                required=True,
                chapter=section.last,
                covers=(section.first, section.last),
            )
            changed = section.changed_chapters(project)
            if changed:
                changed_chapters = chapters(changed)
                block.stale = [changed_chapters]
                block.notes.append(Reason("note.summary_stale", changed_chapters))
                block.fix = f"workbench summarize {self.root} --stale"
            blocks.append(block)
        covered = chosen[-1].last if chosen else 0
        # webnovel-writer's per-chapter summaries stand in for sections not yet rolled up.
        chapter_summaries, covered = chapter_summary_blocks(project, covered, before)
        blocks += chapter_summaries
        if needed and covered < needed and blocks:
            blocks[-1].behind = f"Ch{covered + 1}-{needed}"
        if needed and covered < needed:
            why = (
                Reason("missing.summary_range", covered + 1, needed)
                if loaded is not None
                else Reason("missing.summary_file", source, needed)
            )
            blocks.append(
                Block(
                    id="rolling.summary",
                    layer=Layer.ROLLING,
                    kind="summary",
                    title=Reason("title.rolling_summary_to", needed),
                    source=source,
                    cap=SUMMARY_CAP,
                    group=Group.CORE,
                    status=Status.MISSING,
                    reason=why,
                    required=True,
                    fix=fix,
                )
            )
        return blocks

    def skeleton_blocks(self) -> list[Block]:
        """One excerpt from the summary nearest each 20-chapter step back from N (at most 5)."""
        config = self.config
        steps = [
            self.chapter - k * config.skeleton_interval
            for k in range(1, config.skeleton_count + 1)
            if self.chapter - k * config.skeleton_interval >= 1
        ]
        if not steps:
            return []
        project = self.project
        source = project.relative(project.role_path(Role.ROLLING_SUMMARY))
        loaded = project.read_role(Role.ROLLING_SUMMARY)
        text = loaded.text if loaded else ""
        nearest = skeleton_sections(text, self.chapter, tuple(steps), config.summary_sections)
        items, used, sources = [], set(), []
        for step, section in zip(steps, nearest, strict=True):
            if section is None:
                # No rolled-up section yet: that chapter's own summary, as webnovel-writer does.
                own = chapter_summary_excerpt(self.project, step, config.skeleton_excerpt)
                if own:
                    sources.append(project.relative(chapter_summary_path(project, step)))
                items += own
                continue
            if (section.first, section.last) in used:
                continue
            used.add((section.first, section.last))
            sources.append(source)
            # Named by its section, not by the step: the step moves with N, the section only
            # every five chapters, so the block stays byte-identical call to call.
            label = f"- {section.label}："
            room = config.skeleton_excerpt - zi(label)
            excerpt = first_sentences(" ".join(section.gist().split()), room)
            if excerpt:
                key = f"skeleton.{step}"
                items.append(Item(key=key, text=label + excerpt, chapter=section.last))
        block = Block(
            id="rolling.skeleton",
            layer=Layer.ROLLING,
            kind="skeleton",
            title=Reason("title.skeleton"),
            # The files the excerpts came from (a per-chapter summary is not the rolling one).
            source="、".join(dict.fromkeys(sources)) or source,
            cap=config.skeleton_excerpt * config.skeleton_count,
            group=Group.CORE,
            chapter=steps[0],
            items=items,
        )
        if not items:
            block.set_text("", Status.MISSING, Reason("missing.skeleton", listing(steps)))
        return [block]

    # --- chapter text (only the recipe's window) --------------------------------------

    def chapter_blocks(self) -> list[Block]:
        """Raw text of each chapter in the window: earlier ones in the rolling layer, N a task."""
        blocks = []
        for number in self.window:
            current = number == self.chapter
            ref = self.project.chapter(number)
            block = Block(
                id="task.chapter" if current else f"rolling.chapter.{number}",
                layer=Layer.TASK if current else Layer.ROLLING,
                kind="chapter" if current else "raw_chapter",
                title=Reason("title.this_chapter" if current else "title.earlier_chapter", number),
                source=self.project.relative(ref.path) if ref else "",
                group=Group.CORE,
                required=current,
                chapter=number,
            )
            if ref is None:
                why = "missing.chapter_file" if current else "missing.chapter_file_gap"
                block.set_text("", Status.MISSING, Reason(why, number))
                new_path = self.project.relative(self.project.new_chapter_path(number))
                block.fix = Reason("fix.write", new_path)
            else:
                text = chapter_without_template(number, self.project.read(ref.path).text)
                block.set_text(demote_headings(text), Status.COMPLETE, "")
            blocks.append(block)
        return blocks

    # --- task blocks -------------------------------------------------------------------

    def plan_block(self) -> Block:
        """本章规划: the plan file, else the outline's 第N章 section (cut at 1500)."""
        plan = self.project.plan(self.chapter)
        block = Block(
            id="task.plan",
            layer=Layer.TASK,
            kind="plan",
            title=Reason("title.plan", self.chapter),
            source=self.project.relative(plan.source) if plan else "",
            group=Group.CORE,
            required=True,
            chapter=self.chapter,
        )
        if plan is None and (example := self.project.plan_file(self.chapter)) is not None:
            where = self.project.relative(example)
            why = Reason("missing.plan_template", self.chapter, where)
            block.set_text("", Status.MISSING, why)
            block.fix = Reason("fix.write", where)
            return block
        if plan is None:
            plans_dir = self.project.layout.plans_dir
            block.set_text("", Status.MISSING, Reason("missing.plan", self.chapter))
            volume = volume_outline_name(self.project, self.chapter)
            plan_file = f"{plans_dir}/ch{self.chapter:03d}.md"
            block.fix = (
                Reason("fix.write_plan_volume", plan_file, volume, self.chapter)
                if volume
                else Reason("fix.write_plan", plan_file, Reason("source.outline"), self.chapter)
            )
            return block
        # The type only when the author set it; the feed's header already names the default.
        facts = [f"类型：{plan.type}"] if plan.type_given else []
        if plan.characters:
            facts.append("出场：" + "、".join(plan.characters))
        if plan.location:
            facts.append(f"地点：{plan.location}")
        if plan.act_end:
            facts.append("幕终章")
        prefix = "（" + "；".join(facts) + "）\n\n" if facts else ""
        block.section = f"第{self.chapter}章" if plan.from_outline else ""
        status = Status.TRIMMED if plan.truncated else Status.COMPLETE
        reason = Reason("trimmed.plan") if plan.truncated else ""
        block.set_text(prefix + demote_headings(plan.body), status, reason)
        if not plan.from_outline:
            raw = plan_from_file(self.chapter, plan.source, self.project.read(plan.source).text)
            note_template_left(block, block.source, plan_template_left(raw))
        return block

    def selected_passage(self) -> str:
        """The selected passage of chapter N ('' when none was given)."""
        if self.passage is None or self.project.chapter(self.chapter) is None:
            return ""
        start, end = self.passage
        return self.project.chapter_text(self.chapter)[start:end]

    def passage_block(self) -> Block:
        """BattleAgent's passage of chapter N with 500 字 of context either side."""
        ref = self.project.chapter(self.chapter)
        block = Block(
            id="task.passage",
            layer=Layer.TASK,
            kind="passage",
            title=Reason("title.passage", self.chapter),
            source=self.project.relative(ref.path) if ref else "",
            group=Group.CORE,
            required=True,
            chapter=self.chapter,
        )
        if ref is None:
            block.set_text("", Status.MISSING, Reason("missing.chapter_file", self.chapter))
        elif self.passage is None:
            block.set_text("", Status.MISSING, Reason("missing.passage"))
            block.fix = (
                f"workbench feed {self.root} --agent BattleAgent"
                f" --chapter {self.chapter} --passage START:END"
            )
        else:
            text = passage_text(self.project, ref, self.passage, self.config.passage_context)
            block.section = f"{self.passage[0]}:{self.passage[1]}"
            block.set_text(text, Status.COMPLETE, "")
        return block

    def style_anchor_block(self) -> Block:
        """meta/style-anchor.md in full: outside the groups, never trimmed or dropped."""
        project = self.project
        loaded = project.read_role(Role.STYLE_ANCHOR)
        source = project.relative(project.role_path(Role.STYLE_ANCHOR))
        block = Block(
            id="task.style_anchor",
            layer=Layer.TASK,
            kind="style_anchor",
            title=Reason("title.style_anchor"),
            source=source,
            required=True,
        )
        if loaded is None or not loaded.text.strip():
            block.set_text("", Status.MISSING, Reason("missing.file_or_empty", source))
            block.fix = fix_hint(project)
        elif not (content := without_template(Role.STYLE_ANCHOR, loaded.text)):
            label = TEMPLATE_LABELS[Role.STYLE_ANCHOR]
            block.set_text("", Status.MISSING, Reason("missing.anchor_template", label, source))
            block.fix = fix_hint(project)
        else:
            block.set_text(demote_headings(content), Status.COMPLETE, "")
            note_template_left(block, source, template_left(Role.STYLE_ANCHOR, loaded.text))
        return block
