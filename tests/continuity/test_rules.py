"""Each continuity rule on a hand-written book: the finding it must make and the one it must not."""

from __future__ import annotations

from continuity_book import filler, write_book

from workbench.book.project import Project
from workbench.continuity.findings import (
    DEAD_ACTS,
    NAME_DRIFT,
    PAID_TWICE,
    PAID_UNPLANTED,
    REALM_JUMP,
    REALM_REGRESSION,
)
from workbench.continuity.guard import BookGuard

DEATH_ROW = "| 3 | 赵无极 | 金丹 | 为护山门身死 |\n"


def check(root, number):
    return BookGuard.of(Project.open(root)).check(number)


def test_a_dead_character_laughing_two_chapters_later_names_the_tracker_row(tmp_path):
    chapters = filler(5) | {5: "林风推门进来。\n\n赵无极笑道：“你来迟了。”"}
    write_book(tmp_path, chapters, state_rows=DEATH_ROW)
    [finding] = check(tmp_path, 5)
    assert finding.rule == DEAD_ACTS
    assert (finding.chapter, finding.line, finding.text) == (5, 5, "赵无极笑道")
    assert finding.refs == ("references/state-tracker.md:5",)
    assert "第3章" in finding.reason and "references/state-tracker.md:5" in finding.reason


def test_the_same_in_a_memory_is_no_finding(tmp_path):
    chapters = filler(5) | {5: "林风回忆起那一夜，赵无极笑道：“你来迟了。”"}
    write_book(tmp_path, chapters, state_rows=DEATH_ROW)
    assert check(tmp_path, 5) == []


def test_nothing_recorded_after_the_chapter_counts(tmp_path):
    chapters = filler(5) | {2: "赵无极笑道：“好。”"}
    write_book(tmp_path, chapters, state_rows=DEATH_ROW)
    assert check(tmp_path, 2) == []  # he dies in chapter 3
    assert check(tmp_path, 3) == []  # and acts in the chapter he dies in


def test_an_alias_speaking_counts_and_a_mention_does_not(tmp_path):
    chapters = filler(6) | {5: "赵长老问道：“谁？”", 6: "众人祭拜赵无极之墓。林风想着赵长老。"}
    write_book(tmp_path, chapters, state_rows=DEATH_ROW)
    [finding] = check(tmp_path, 5)
    assert finding.text == "赵长老问道"
    assert check(tmp_path, 6) == []


def test_a_departure_ends_with_a_return(tmp_path):
    rows = "| 2 | 沈青棠 | 炼气 | 离开宗门 |\n| 4 | 沈青棠 | 炼气 | 归来 |\n"
    chapters = filler(5) | {3: "沈青棠说：“我在。”", 5: "沈青棠说：“我回来了。”"}
    write_book(tmp_path, chapters, state_rows=rows)
    [finding] = check(tmp_path, 3)
    assert finding.rule == DEAD_ACTS and "离场" in finding.reason
    assert check(tmp_path, 5) == []


def test_a_drifted_name_once_is_one_finding_with_its_line(tmp_path):
    chapters = filler(4) | {4: "林风抬头。\n\n沈青棠端来药碗。\n\n沈青裳低声道：“趁热喝。”"}
    write_book(tmp_path, chapters)
    [finding] = check(tmp_path, 4)
    assert finding.rule == NAME_DRIFT
    assert (finding.line, finding.text) == (7, "沈青裳")
    assert "沈青棠" in finding.reason
    assert "chapters/ch004.md:7" in finding.refs


def test_a_drifted_name_is_reported_with_every_line(tmp_path):
    chapters = filler(2) | {2: "沈青裳来了。\n\n林风看着沈青裳。"}
    write_book(tmp_path, chapters)
    [finding] = check(tmp_path, 2)
    assert finding.lines == (3, 5)
    assert finding.refs[-2:] == ("chapters/ch002.md:3", "chapters/ch002.md:5")


def test_an_intended_name_in_workbench_toml_is_never_reported(tmp_path):
    chapters = filler(2) | {2: "沈青裳来了。"}
    write_book(tmp_path, chapters, toml='[continuity]\nintended_names = ["沈青裳"]\n')
    assert check(tmp_path, 2) == []


def test_words_and_titles_near_a_name_are_not_drift(tmp_path):
    text = "沈青说道不对。赵长老与钱长老同来。沈青棠沈师姐都在。"
    write_book(tmp_path, filler(2) | {2: text})
    assert check(tmp_path, 2) == []


REALMS = {4: "林风突破金丹，气息大涨。", 6: "林风只有筑基修为，不敢硬拼。"}


def test_a_realm_below_the_highest_reached_is_one_finding(tmp_path):
    write_book(tmp_path, filler(6) | REALMS | {3: "林风已是筑基。"})
    [finding] = check(tmp_path, 6)
    assert finding.rule == REALM_REGRESSION
    assert finding.line == 3 and "金丹" in finding.reason and "chapters/ch004.md:3" in finding.refs


def test_a_fall_in_the_paragraph_excuses_it(tmp_path):
    chapters = filler(6) | REALMS | {3: "林风已是筑基。"}
    chapters[6] = "林风境界跌落，只有筑基修为，不敢硬拼。"
    write_book(tmp_path, chapters)
    assert check(tmp_path, 6) == []


def test_a_realm_the_state_tracker_records_counts_before_the_chapter(tmp_path):
    rows = "| 4 | 林风 | 金丹初期 | 突破 |\n"
    write_book(tmp_path, filler(6) | {6: REALMS[6]}, state_rows=rows)
    [finding] = check(tmp_path, 6)
    assert finding.refs == ("references/state-tracker.md:5",)


def test_a_jump_of_two_realms_in_one_chapter_is_a_question(tmp_path):
    chapters = filler(5) | {2: "林风踏入炼气。", 5: "一夜之间，林风已是金丹。"}
    write_book(tmp_path, chapters)
    [finding] = check(tmp_path, 5)
    assert finding.rule == REALM_JUMP and finding.is_question
    assert "筑基" in finding.reason  # the realm skipped


def test_realm_words_for_something_else_are_not_the_character(tmp_path):
    chapters = filler(6) | {4: "林风突破金丹。", 6: "林风服下筑基丹，看着三名筑基修士。"}
    write_book(tmp_path, chapters)
    assert check(tmp_path, 6) == []


def test_the_arrow_sequence_of_the_world_file_orders_the_realms(tmp_path):
    world = "# 世界\n\n## 力量体系\n\n炼气（一至九层）→筑基→金丹（可御风）→元婴\n"
    write_book(tmp_path, filler(6) | REALMS | {3: "林风已是筑基。"}, world=world)
    assert [f.rule for f in check(tmp_path, 6)] == [REALM_REGRESSION]


PAID = "| F001 | 玉佩发热 | 2 | 9 | 已回收@7 | 核心 | 林风 | 玉佩 |\n"


def test_an_entry_paid_at_7_and_again_at_9_is_one_finding(tmp_path):
    chapters = filler(9) | {9: "玉佩碎了。<!-- 本章回收：F001 -->"}
    write_book(tmp_path, chapters, plot_rows=PAID)
    [finding] = check(tmp_path, 9)
    assert finding.rule == PAID_TWICE
    assert (finding.line, finding.text) == (3, "F001")
    assert finding.refs == ("references/plot-tracker.md:5", "chapters/ch009.md:3")
    assert check(tmp_path, 7) == []


def test_a_payoff_in_a_plan_counts(tmp_path):
    plans = {9: "# 第9章规划\n\n本章回收：F001、F002\n"}
    write_book(tmp_path, filler(9), plot_rows=PAID, plans=plans)
    [finding] = check(tmp_path, 9)
    assert finding.rule == PAID_TWICE and finding.refs[1] == "outline/chapters/ch009.md:3"


def test_a_payoff_before_the_planting_chapter(tmp_path):
    rows = "| F002 | 断剑 | 8 | 12 | 已回收@5 | 支线 | 林风 | 断剑 |\n"
    write_book(tmp_path, filler(9), plot_rows=rows)
    [finding] = check(tmp_path, 5)
    assert finding.rule == PAID_UNPLANTED and "第8章" in finding.reason


def test_the_bundled_sample_is_silent(sample_copy):
    guard = BookGuard.of(Project.open(sample_copy))
    assert guard.check_all() == []


def test_dismissed_findings_stay_dismissed(tmp_path):
    from workbench.continuity.findings import dismiss

    write_book(tmp_path, filler(2) | {2: "沈青裳来了。"})
    project = Project.open(tmp_path)
    [finding] = BookGuard.of(project).check(2)
    dismiss(project, finding)
    assert BookGuard.of(Project.open(tmp_path)).check(2) == []
    assert BookGuard.of(Project.open(tmp_path)).check(2, dismissed=True) == [finding]


def test_a_damaged_dismissals_file_dismisses_nothing_and_is_never_overwritten(tmp_path):
    import pytest

    from workbench.continuity.findings import dismiss
    from workbench.errors import FileProblem

    write_book(tmp_path, filler(2) | {2: "沈青裳来了。"})
    (tmp_path / ".workbench").mkdir()
    damaged = tmp_path / ".workbench" / "continuity.json"
    damaged.write_text("{not json", encoding="utf-8")
    [finding] = check(tmp_path, 2)
    with pytest.raises(FileProblem, match=r"continuity\.json: not a list of dismissed findings"):
        dismiss(Project.open(tmp_path), finding)
    assert damaged.read_text(encoding="utf-8") == "{not json"


def test_marking_a_name_intended_writes_workbench_toml_and_keeps_the_rest(tmp_path):
    from workbench.continuity.config import add_intended_name

    toml = "# my settings\n[feed]\nbudget = 50000\n"
    write_book(tmp_path, filler(2) | {2: "沈青裳来了。沈青梅也来了。"}, toml=toml)
    add_intended_name(Project.open(tmp_path), "沈青裳")
    add_intended_name(Project.open(tmp_path), "沈青梅")
    written = (tmp_path / "workbench.toml").read_text(encoding="utf-8")
    assert written.startswith(toml)
    assert 'intended_names = ["沈青裳", "沈青梅"]' in written
    assert check(tmp_path, 2) == []


def test_single_characters_are_no_realms(tmp_path):
    world = "# 世界\n\n## 力量体系\n\n兵、将、谋。\n"
    write_book(tmp_path, filler(6) | {4: "林风为将。", 6: "林风为兵。"}, world=world)
    assert check(tmp_path, 6) == []
