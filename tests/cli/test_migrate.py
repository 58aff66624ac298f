"""`workbench migrate`: a webnovel-writer project becomes a Workbench project whose feeds hold
the same content, checked clean but for the style anchor; the source is never changed."""

from __future__ import annotations

import hashlib
import os

from webnovel_project import NEXT_CHAPTER, make_webnovel_project

from workbench.book.check import Severity, check_project
from workbench.book.project import Project
from workbench.cli.exits import EXIT_OK, EXIT_USAGE
from workbench.cli.main import main
from workbench.feed import build_feed


def tree_hashes(root):
    return {
        path.relative_to(root).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(root.rglob("*"))
        if path.is_file()
    }


def test_migrated_project_feeds_the_same_blocks_and_checks_clean(tmp_path, capsys):
    source = make_webnovel_project(tmp_path / "雷火劫")
    before = tree_hashes(source)
    target = tmp_path / "migrated"
    assert main(["migrate", str(source), "--into", str(target)]) == EXIT_OK
    out = capsys.readouterr().out
    assert "## 已迁移" in out and "## 未迁移" in out and "chapter_meta" in out
    assert tree_hashes(source) == before  # .webnovel/ and everything else byte-identical

    migrated = Project.open(target)
    assert migrated.layout.kind == "workbench"
    original_feed = build_feed(Project.open(source), "MainWriter", chapter=NEXT_CHAPTER)
    migrated_feed = build_feed(migrated, "MainWriter", chapter=NEXT_CHAPTER)
    original = {block.id: block.text for block in original_feed.blocks}
    assert {block.id: block.text for block in migrated_feed.blocks} == original
    assert "瑶儿" in original["on_demand.relationships"]  # the alias reached both
    problems = [p for p in check_project(migrated) if p.severity is not Severity.INFO]
    assert [(p.path, p.severity) for p in problems] == [("meta/style-anchor.md", Severity.WARNING)]
    chapters = [ref.path.read_bytes() for ref in migrated.chapters]
    assert chapters == [ref.path.read_bytes() for ref in Project.open(source).chapters]
    characters = (target / "characters" / "characters.md").read_text(encoding="utf-8")
    assert "## 苏瑶" in characters and "别名：瑶儿" in characters and "## 陈长老" in characters
    report = (target / "meta" / "migration-report.md").read_text(encoding="utf-8")
    assert "state.json 的伏笔 5 条" in report


def test_migrate_refuses_a_folder_that_is_not_new(tmp_path, capsys):
    source = make_webnovel_project(tmp_path / "wn")
    target = tmp_path / "taken"
    target.mkdir()
    (target / "mine.md").write_text("作者的文件", encoding="utf-8")
    assert main(["migrate", str(source), "--into", str(target)]) == EXIT_USAGE
    assert "not empty" in capsys.readouterr().err
    assert sorted(p.name for p in target.iterdir()) == ["mine.md"]
    inside = source / "迁移"
    assert main(["migrate", str(source), "--into", str(inside)]) == EXIT_USAGE
    assert not inside.exists()


def test_migrate_refuses_a_workbench_project(sample_copy, tmp_path, capsys):
    assert main(["migrate", str(sample_copy), "--into", str(tmp_path / "x")]) == EXIT_USAGE
    assert "not a webnovel-writer project" in capsys.readouterr().err


def test_a_migration_that_fails_halfway_leaves_nothing_to_block_the_rerun(tmp_path, capsys):
    # Issue #22: a file that cannot be read, met after the chapters were copied, left a
    # half-written target that the rerun then refused as "not empty".
    source = make_webnovel_project(tmp_path / "wn")
    cast = source / "设定集" / "女主卡.md"
    good = cast.read_bytes()
    cast.write_bytes(good + b"\n\xff\xfe\xfd broken\n")
    target = tmp_path / "migrated"
    assert main(["migrate", str(source), "--into", str(target)]) != EXIT_OK
    err = capsys.readouterr().err
    assert "女主卡.md" in err and "Traceback" not in err
    assert not target.exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
    empty = tmp_path / "empty"  # an empty folder the author made for it stays empty
    empty.mkdir()
    assert main(["migrate", str(source), "--into", str(empty)]) != EXIT_OK
    assert empty.is_dir() and not any(empty.iterdir())
    cast.write_bytes(good)
    assert main(["migrate", str(source), "--into", str(target)]) == EXIT_OK
    assert main(["migrate", str(source), "--into", str(empty)]) == EXIT_OK
    assert (target / "meta" / "migration-report.md").is_file()
    assert (empty / "characters" / "characters.md").is_file()
    assert target.stat().st_mode & 0o777 == 0o777 & ~_umask()


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
