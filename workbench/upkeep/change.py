"""What accepting an upkeep proposal writes, in one line: the same words in `workbench upkeep`'s
list and the review queue (which says it in the UI language by the reason's code)."""

from __future__ import annotations

from workbench.reasons import Reason
from workbench.upkeep.proposals import Kind, Proposal


def change_reason(proposal: Proposal) -> Reason:
    """The proposal's change: 林风（3 次）, 苏瑶 别名 瑶儿, F003 已回收@18 …"""
    v = proposal.fields
    if proposal.kind is Kind.CHARACTER:
        return Reason("upkeep.character", v["name"], v.get("mentions") or 0)
    if proposal.kind is Kind.ALIAS:
        return Reason("upkeep.alias", v["character"], v["alias"])
    if proposal.kind is Kind.RELATIONSHIP:
        relation, change = v.get("relation") or "", v.get("change") or ""
        return Reason("upkeep.relationship", v["a"], v["b"], relation, change)
    if proposal.kind is Kind.PLANTED:
        payoff, tier = v.get("payoff") or "—", v.get("tier") or ""
        return Reason("upkeep.planted", v["content"], payoff, tier)
    if proposal.kind is Kind.PAID:
        return Reason("upkeep.paid", v["entry"], proposal.chapter)
    if proposal.kind is Kind.SIGHTING:
        return Reason("upkeep.sighting", v["entry"], proposal.chapter)
    return Reason("upkeep.state", v["character"], v["field"], v["value"])
