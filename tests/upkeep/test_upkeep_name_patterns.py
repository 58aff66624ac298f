"""The name finder's word lists are data: a project adds its own in workbench.toml
`[upkeep.names]`, and a bad value there is reported with the file and the key."""

from __future__ import annotations

import pytest

from workbench.book.project import Project
from workbench.errors import FileProblem
from workbench.upkeep.name_patterns import load_name_patterns
from workbench.upkeep.offline import OfflineUpkeep
from workbench.upkeep.proposals import Kind
from workbench.upkeep.run import propose_ranges

CHAPTER = """# 第一章 剑冢

青莲剑仙负手立在崖边，淡淡道：“你来了。”

韩立拱手道：“晚辈来取剑。”

青莲剑仙笑道：“剑在冢中，取得走，便是你的。”

韩立点头，转身走进剑冢。青莲剑仙望着他的背影，叹了口气。
"""


def _book(tmp_path, config: str):
    (tmp_path / "chapters").mkdir(parents=True)
    (tmp_path / "chapters" / "ch001.md").write_text(CHAPTER, encoding="utf-8")
    (tmp_path / "characters").mkdir()
    (tmp_path / "characters" / "characters.md").write_text("# 人物\n\n## 韩立\n", "utf-8")
    (tmp_path / "workbench.toml").write_text('[project]\ntitle = "t"\n' + config, "utf-8")
    return Project.open(tmp_path)


def _names(project):
    answers = propose_ranges(project, 1, 1, OfflineUpkeep())
    found = [p for a in answers for p in a.answer.proposals if p.kind is Kind.CHARACTER]
    return [p.fields["name"] for p in found]


def test_a_title_the_book_uses_is_added_in_workbench_toml(tmp_path):
    assert "青莲剑仙" not in _names(_book(tmp_path / "plain", ""))
    added = _book(tmp_path / "added", '\n[upkeep.names]\ntitles = ["剑仙"]\n')
    assert "剑仙" in load_name_patterns(added).titles
    assert _names(added) == ["青莲剑仙"]


def test_a_bad_list_names_the_file_and_the_key(tmp_path):
    project = _book(tmp_path, '\n[upkeep.names]\ntitles = "剑仙"\n')
    with pytest.raises(FileProblem) as raised:
        load_name_patterns(project)
    assert "workbench.toml" in str(raised.value) and "upkeep.names.titles" in str(raised.value)
