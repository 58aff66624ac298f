"""An accepted new foreshadowing entry goes into the table of open entries, not into the
file's last table (in the sample, 已废弃备忘: entries never to be paid off), and the note
says where it went."""

from __future__ import annotations

from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.trackers.columns import Status
from workbench.trackers.document import TrackerDocument
from workbench.upkeep.accept import accept
from workbench.upkeep.proposals import Kind, propose


def test_a_planted_entry_goes_to_the_open_table_and_the_note_says_where(sample_copy):
    plot = sample_copy / "references" / "plot-tracker.md"
    abandoned_at = plot.read_text("utf-8").index("## 已废弃备忘")
    proposal = propose(
        Kind.PLANTED, 13, 1, "殿门上多了一道新刻的灯纹。", "offline",
        content="殿门上新刻的灯纹", planted=13, payoff=20, tier="重要",
        characters=["陆照"], keywords=["灯纹"],
    )  # fmt: skip
    [note] = accept(Project.open(sample_copy), [proposal])
    text = plot.read_text("utf-8")
    assert text.index("殿门上新刻的灯纹") < abandoned_at
    document = TrackerDocument.load(Project.open(sample_copy), Role.PLOT_TRACKER)
    entry = next(e for e in document.foreshadowing if e.content == "殿门上新刻的灯纹")
    assert entry.status is Status.OPEN
    assert f"line {entry.line} (under 「# 伏笔追踪表」)" in note, note
