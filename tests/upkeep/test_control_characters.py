"""Terminal escapes, NUL and bidi overrides in a proposal — from a model's answer or a
hand-edited upkeep.json — never reach a tracker or the terminal: they are dropped where a
proposal is made or read, before it is listed or accepted."""

from __future__ import annotations

import json

from workbench.book.project import Project
from workbench.printable import printable
from workbench.upkeep.accept import accept
from workbench.upkeep.proposals import Kind, Proposal, propose

HOSTILE = ("\x1b[2J\x1b]0;pwned\x07", "\x00", "\u202e", "\x1b[31m", "\x9b", "\x07")


def _clean(text: str) -> bool:
    return not any(piece in text for piece in HOSTILE) and "\x1b" not in text


def test_escapes_in_an_answer_never_reach_the_tracker(sample_copy):
    proposal = propose(
        Kind.RELATIONSHIP, 12, 1, "陆照\x1b[31m提灯\x1b[0m走过长廊。", "offline",
        a="陆照", b="韩素\x00", relation="\x1b[2J\x1b]0;pwned\x07同门", change="新建",
        note="他说\u202eevil\u202c话\n第二行",
    )  # fmt: skip
    [note] = accept(Project.open(sample_copy), [proposal])
    tracker = (sample_copy / "references" / "relationship-tracker.md").read_text("utf-8")
    assert _clean(tracker) and _clean(note)
    assert "| 12 | 陆照 | 韩素 | 同门 | 新建 | 他说evil话 第二行 |" in tracker


def test_a_hand_edited_queue_entry_is_read_clean():
    data = propose(Kind.ALIAS, 3, 1, "众人叫他老魔。", "offline", character="赵无极", alias="老魔")
    raw = data.to_json() | {"alias": "\x1b[5m老魔\x9b\u202e", "evidence": "众人\x00叫他。"}
    loaded = Proposal.from_json(json.loads(json.dumps(raw)))
    assert loaded.fields["alias"] == "老魔" and loaded.evidence == "众人叫他。"


def test_printable_keeps_text_and_line_breaks_unless_one_line():
    assert printable("第一行\n\t第二行\x1b[0m") == "第一行\n\t第二行"
    assert printable("第一行\r\n第二行", one_line=True) == "第一行 第二行"
