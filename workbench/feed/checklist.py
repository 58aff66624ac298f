"""本次实际喂入的上下文清单: what the seed requires to be listed before an agent is called."""

from __future__ import annotations

from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.feed.model import Block, Checklist, ChecklistItem, Layer, Status
from workbench.feed.recipes import Recipe
from workbench.reasons import Reason, listing

PARTLY_TEMPLATE = "note.partly_template"


def _item(key: str, label: str, applicable: bool, blocks: list[Block]) -> ChecklistItem:
    item = ChecklistItem(key, label, applicable, ok=True)
    if not applicable:
        return item
    for block in blocks:
        if block.status is Status.MISSING or block.status is Status.DROPPED:
            entry = Reason("block.why", block.title, block.reason)
            if block.required:
                item.ok = False
                item.missing.append(entry)
                if block.fix and block.fix not in item.fix:
                    item.fix.append(block.fix)
            else:
                item.notes.append(entry)
        elif block.status is Status.TRIMMED:
            item.notes.append(Reason("block.trimmed", block.title, block.reason))
        if block.stale:  # the checklist's 已过期 part says it; its note would repeat it
            item.stale += [Reason("block.note", block.title, listing(block.stale))]
        for note in block.notes:
            entry = Reason("block.note", block.title, note)
            if getattr(note, "code", "") == PARTLY_TEMPLATE:
                item.partly.append(entry)
            elif not block.stale:
                item.notes.append(entry)
        if (block.notes or block.stale) and block.fix and block.fix not in item.fix:
            item.fix.append(block.fix)
    return item


def make_checklist(
    project: Project, recipe: Recipe, blocks: list[Block], stale: list[str]
) -> Checklist:
    """The checklist for a fitted feed: one item per layer, the style anchor, the task."""
    by_layer = {layer: [b for b in blocks if b.layer is layer] for layer in Layer}
    anchor = [b for b in by_layer[Layer.TASK] if b.kind == "style_anchor"]
    task = [b for b in by_layer[Layer.TASK] if b.kind not in ("style_anchor", "pin")]
    pins = [b for b in by_layer[Layer.TASK] if b.kind == "pin"]
    anchor_path = project.relative(project.role_path(Role.STYLE_ANCHOR))
    fixed = _item("fixed", Reason("checklist.fixed"), recipe.fixed_layer, by_layer[Layer.FIXED])
    if stale and recipe.fixed_layer:
        fixed.stale = list(stale)
        step = f"workbench fixed-context {project.root}"
        if step not in fixed.fix:
            fixed.fix.append(step)
    rolling_used = bool(by_layer[Layer.ROLLING]) or recipe.rolling_summary
    items = [
        fixed,
        _item("rolling", Reason("checklist.rolling"), rolling_used, by_layer[Layer.ROLLING]),
        _item(
            "on_demand", Reason("checklist.on_demand"), recipe.on_demand, by_layer[Layer.ON_DEMAND]
        ),
        _item(
            "style_anchor",
            Reason("checklist.style_anchor", anchor_path),
            recipe.style_anchor,
            anchor,
        ),
        _item("task", Reason("checklist.task"), bool(task), task),
    ]
    if pins:
        items.append(_item("pins", Reason("checklist.pins"), True, pins))
    return Checklist(items)
