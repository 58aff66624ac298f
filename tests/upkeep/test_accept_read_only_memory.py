"""webnovel-writer's memory (`.webnovel/`) is never written by an accept, whatever leads
there: a character card that is a link into it, or a character known only from index.db.
The alias goes to Workbench's own cast file instead, the note says where, and the cast reads
it from there."""

from __future__ import annotations

import pytest
from webnovel_project import make_webnovel_project, memory_hashes

from workbench.book import gate
from workbench.book.project import Project
from workbench.trackers.cast import load_cast
from workbench.upkeep.accept import accept
from workbench.upkeep.castfile import OWNED_CAST_FILE
from workbench.upkeep.proposals import Kind, propose

OWNED = f"设定集/角色库/{OWNED_CAST_FILE}"


def _alias(character, alias):
    return propose(
        Kind.ALIAS, 3, 1, f"众人都叫他{alias}。", "offline", character=character, alias=alias
    )


def _aliases(root, name):
    cast = load_cast(Project.open(root))
    return next(c for c in cast.characters if c.name == name).aliases


@pytest.fixture
def book(tmp_path):
    root = make_webnovel_project(tmp_path / "wn")
    # A card in the character folder that is a link to one of the tool's summary files.
    (root / ".webnovel/summaries/ch0002.md").write_text("## 韩立\n\n- 姓名：韩立\n", "utf-8")
    (root / "设定集/角色库/韩立.md").symlink_to("../../.webnovel/summaries/ch0002.md")
    return root


def test_a_card_linked_into_the_memory_gets_its_alias_in_workbench_own_file(book):
    memory = memory_hashes(book)
    lines = accept(Project.open(book), [_alias("韩立", "韩老魔")])
    assert memory_hashes(book) == memory
    assert f"{OWNED}: 韩立 别名 韩老魔" in lines[0]
    assert "设定集/角色库/韩立.md leads into webnovel-writer's memory" in lines[0]
    assert "韩老魔" in _aliases(book, "韩立")


def test_a_character_known_only_from_index_db_gets_aliases_in_workbench_own_file(book):
    memory = memory_hashes(book)
    first = accept(Project.open(book), [_alias("陈长老", "陈师叔")])
    second = accept(Project.open(book), [_alias("陈长老", "老陈")])
    assert memory_hashes(book) == memory
    assert ".webnovel/index.db leads into" in first[0] and OWNED in first[0]
    assert OWNED in second[0]
    assert {"陈师叔", "老陈"} <= set(_aliases(book, "陈长老"))
    owned = (book / OWNED).read_text("utf-8")
    assert owned.count("## 陈长老") == 1


def test_no_write_reaches_the_memory_by_any_path(book):
    memory = memory_hashes(book)
    link = book / "设定集/角色库/韩立.md"
    for target in (link, book / ".webnovel/state.json", book / "x/../.webnovel/new.md"):
        with pytest.raises(gate.ReadOnlyMemory, match=r"\.webnovel/, webnovel-writer's memory"):
            gate.write_text(target, "改写", root=book)
    with pytest.raises(gate.ReadOnlyMemory):
        gate.append_bytes(book / ".webnovel/summaries/ch0001.md", b"x", root=book)
    with pytest.raises(gate.ReadOnlyMemory):
        Project.open(book).write(link, "改写")
    assert memory_hashes(book) == memory and not (book / ".webnovel/new.md").exists()
