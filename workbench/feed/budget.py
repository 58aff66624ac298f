"""Step two and three: fit the blocks to their caps and the budget, ranking what competes.

1. Hard caps: a block over its cap is trimmed at a sentence boundary (a list block loses its
   lowest-ranked entries instead).
2. The style anchor and pinned file/section blocks sit outside the groups: their size is
   reserved first and they are never trimmed or dropped.
3. The rest of the budget is split core / scene / global by the template and stage; room a
   group does not need flows to the groups that need more, in proportion to their shares.
4. Within a group, pinned blocks come first, then required ones, then the ranker's order;
   what does not fit is trimmed at a sentence boundary or dropped. Weakly relevant entries
   (弱相关) come after every strong entry and are the first to go when the group is short
   of room. Every step is in the ledger.
"""

from __future__ import annotations

import logging
from functools import partial
from math import floor

from workbench.feed.config import FeedConfig, GroupWeights
from workbench.feed.model import Block, Group, GroupBudget, Item, Ledger, Status, zi
from workbench.feed.ranker import Candidate, Ranker
from workbench.feed.trim import trim_to
from workbench.reasons import Reason

log = logging.getLogger(__name__)

WEAK_SHED = "（预算不足，弱相关条目已删去）"


# Summaries and skeleton excerpts have no mention count; the ranker weighs their length.
EXCERPT_KINDS = ("summary", "skeleton")
# Kinds whose entries come ranked by their own engine (recall's relevance to the plan): the
# ranker leaves their order, and their debug score is that engine's.
PRE_RANKED_KINDS = ("recall",)


def block_candidate(block: Block) -> Candidate:
    """What the ranker weighs for a whole block."""
    excerpt = block.chars if block.kind in EXCERPT_KINDS else None
    return Candidate(chapter=block.chapter, text=block.text, excerpt_zi=excerpt)


def item_candidate(item: Item, excerpt: bool = False) -> Candidate:
    """What the ranker weighs for one entry of a list block (`excerpt`: of a skeleton)."""
    return Candidate(
        item.chapter,
        item.text,
        item.mentions,
        item.doubtful,
        item.severity,
        excerpt_zi=zi(item.text) if excerpt else None,
    )


def rank_items(block: Block, ranker: Ranker, debug: bool) -> None:
    """Order a list block's entries: pinned first (in pin order), then by score."""
    candidate = partial(item_candidate, excerpt=block.kind in EXCERPT_KINDS)
    ranked = ranker.order(block.items, candidate)
    pinned = [i for i in ranked if i.pinned]
    rest = [i for i in ranked if not i.pinned]
    block.items = pinned + [i for i in rest if not i.weak] + [i for i in rest if i.weak]
    if debug:
        for item in block.items:
            item.score = ranker.score(candidate(item)).parts()
    block.set_text(block.render_items(), block.status, block.reason)


def _keep_order(block: Block, debug: bool) -> None:
    """Pinned entries first, the rest in the order they came; their scores shown on debug."""
    block.items = [i for i in block.items if i.pinned] + [i for i in block.items if not i.pinned]
    if not debug:
        for item in block.items:
            item.score = None


def fit_items(block: Block, room: int, ledger: Ledger, why: Reason) -> None:
    """Keep the entries that fit `room` in rank order (pinned ones always); drop the rest."""
    kept, used = [], zi(block.item_prefix)
    strong_dropped = False
    for item in block.items:
        size = zi(item.text)
        if item.pinned or (used + size <= room and not (item.weak and strong_dropped)):
            kept.append(item)
            used += size
        elif item.weak:
            ledger.add(block.id, "drop", Reason("ledger.weak_item_dropped", item.key, size, why))
        else:
            strong_dropped = True
            ledger.add(block.id, "drop", Reason("ledger.item_dropped", item.key, size, why))
    if len(kept) == len(block.items):
        return
    block.items = kept
    if not kept:
        block.drop(Reason("budget.no_item_fits", why))
        return
    block.set_text(block.render_items(), Status.TRIMMED, Reason("budget.items_cut", why))


def apply_cap(block: Block, ledger: Ledger) -> None:
    """Enforce the block's hard cap (the seeds' per-block limits)."""
    if block.cap is None or block.chars <= block.cap:
        return
    why = Reason("budget.over_cap", block.cap, block.chars)
    if block.items:
        fit_items(block, block.cap, ledger, why)
        return
    trimmed = trim_to(block.text, block.cap)
    if trimmed is None:
        block.drop(Reason("budget.cap_no_sentence", why))
        ledger.add(block.id, "drop", block.reason)
    else:
        block.set_text(trimmed, Status.TRIMMED, Reason("budget.cap_cut", why))
        ledger.add(block.id, "cap", Reason("ledger.capped", block.reason, block.chars))


def allot(available: int, shares: dict[Group, float], demand: dict[Group, int]) -> dict[Group, int]:
    """Each group's room: its share, then unused room shared among the groups that want more."""
    room = {group: floor(available * share) for group, share in shares.items()}
    room[Group.CORE] += available - sum(room.values())  # rounding remainder
    surplus = sum(max(0, room[g] - demand[g]) for g in room)
    room = {g: min(room[g], demand[g]) for g in room}
    while surplus > 0:
        hungry = [g for g in room if demand[g] > room[g]]
        if not hungry:
            break
        weight = sum(shares[g] for g in hungry)
        given = 0
        for group in hungry:
            part = shares[group] / weight if weight else 1 / len(hungry)
            extra = min(floor(surplus * part), demand[group] - room[group])
            room[group] += extra
            given += extra
        if given == 0:  # floors rounded everything away: give one at a time
            room[hungry[0]] += 1
            given = 1
        surplus -= given
    return room


def fit(
    blocks: list[Block],
    *,
    budget: int,
    weights: GroupWeights,
    config: FeedConfig,
    ranker: Ranker,
    ledger: Ledger,
    debug: bool,
) -> dict[Group, GroupBudget]:
    """Apply caps and the budget to the blocks in place; returns each group's numbers."""
    for block in blocks:
        if block.kind in PRE_RANKED_KINDS:
            _keep_order(block, debug)
        elif block.items:
            rank_items(block, ranker, debug)
        if block.present:
            apply_cap(block, ledger)
    reserved = [b for b in blocks if b.group is None and b.present]
    for block in reserved:
        ledger.add(block.id, "reserve", f"{block.chars} 字，在分组之外，不截断、不删去")
    available = max(0, budget - sum(b.chars for b in reserved))
    shares = {Group.CORE: weights.core, Group.SCENE: weights.scene, Group.GLOBAL: weights.global_}
    members = {g: [b for b in blocks if b.group is g and b.present] for g in Group}
    demand = {g: sum(b.chars for b in members[g]) for g in Group}
    rooms = allot(available, shares, demand)
    result = {}
    for group in Group:
        base = floor(available * shares[group])
        ledger.add(
            f"group.{group.value}",
            "allot",
            f"份额 {shares[group]:.2f} → {base} 字；需要 {demand[group]} 字；"
            f"分得 {rooms[group]} 字",
        )
        used = _fit_group(members[group], rooms[group], config, ranker, ledger, debug)
        result[group] = GroupBudget(shares[group], base, demand[group], rooms[group], used)
    return result


def shed_weak_items(blocks: list[Block], room: int, ledger: Ledger) -> None:
    """A group short of room loses its weakly relevant entries first, lowest ranked first,
    until the rest fits or none is left — before any other block is trimmed."""
    demand = sum(block.chars for block in blocks)
    over = demand - room
    weak = [(block, item) for block in blocks for item in block.items if item.weak]
    for block, item in reversed(weak):
        if over <= 0:
            break
        block.items.remove(item)
        before = block.chars
        if not block.items:
            block.item_prefix = WEAK_SHED
        block.set_text(block.render_items(), Status.TRIMMED, Reason("budget.weak_shed"))
        over -= before - block.chars
        ledger.add(
            block.id,
            "drop",
            Reason("ledger.weak_item_shed", item.key, zi(item.text), demand, room),
        )


def _fit_group(
    blocks: list[Block],
    room: int,
    config: FeedConfig,
    ranker: Ranker,
    ledger: Ledger,
    debug: bool,
) -> int:
    shed_weak_items(blocks, room, ledger)
    ranked = ranker.order(blocks, block_candidate)
    ranked.sort(key=lambda block: (not block.pinned, not block.required))
    if debug:
        for block in blocks:
            block.score = ranker.score(block_candidate(block)).parts()
    used = 0
    for block in ranked:
        left = room - used
        if block.chars <= left:
            ledger.add(block.id, "keep", f"{block.chars} 字（组内剩余 {left} 字）")
        elif block.pinned:
            ledger.add(block.id, "keep", f"{block.chars} 字，已置顶，超出组内剩余 {left} 字仍保留")
        elif block.items:
            fit_items(block, left, ledger, Reason("budget.group_left", left))
            if block.present:
                kept = Reason("ledger.items_kept", len(block.items), block.chars)
                ledger.add(block.id, "trim", kept)
        elif left >= config.min_trim and (trimmed := trim_to(block.text, left)) is not None:
            before = block.chars
            block.set_text(trimmed, Status.TRIMMED, Reason("budget.trimmed", left))
            ledger.add(block.id, "trim", Reason("ledger.trimmed", before, block.chars))
        else:
            block.drop(Reason("budget.dropped", max(left, 0), block.chars))
            ledger.add(block.id, "drop", block.reason)
        used += block.chars
    return used
