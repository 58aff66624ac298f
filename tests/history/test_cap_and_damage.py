"""The size cap drops the oldest versions and never a file's newest, and says so; a history
that is damaged, poisoned or gone loses nothing of the book, and `check` names it."""

from __future__ import annotations

import json
import random
import shutil

from workbench.book.project import Project
from workbench.cli.main import main
from workbench.history import keeping, store
from workbench.history import versions as history

CAP_TOML = '[project]\ntitle = "烬灯录"\n\n[history]\nmax_megabytes = 1\n'


def noise(seed: int, chars: int = 100_000) -> str:
    """Text zlib cannot shrink much (random CJK): about 180 KB a version once compressed."""
    rng = random.Random(seed)
    return "".join(chr(rng.randrange(0x4E00, 0x9FA5)) for _ in range(chars))


def test_pruning_at_the_cap_keeps_each_files_newest(sample_copy, monkeypatch, capsys):
    (sample_copy / "workbench.toml").write_text(CAP_TOML, "utf-8")
    project = Project.open(sample_copy)
    paths = [project.chapter(1).path, project.chapter(2).path]
    for n in range(8):
        monkeypatch.setattr(keeping, "clock", lambda n=n: 1_000_000.0 + n)
        project.write(paths[n % 2], noise(n))
    before = {p: history.versions_of(project, p) for p in paths}
    assert store.read_index(sample_copy).versions and sum(len(v) for v in before.values()) == 8

    pruned = keeping.prune_history(project, now=1_000_010.0)

    assert pruned.cap_reached
    assert pruned.size <= 1024 * 1024
    objects = sample_copy / ".workbench/history/objects"
    blobs = sum(b.stat().st_size for b in objects.rglob("*.[vz]"))
    assert blobs == pruned.size
    for path in paths:
        kept = history.versions_of(project, path)
        assert kept and kept[0] == before[path][0]  # the newest stays
        assert history.version_text(project, kept[0])
    dropped = {v for vs in before.values() for v in vs} - set(pruned.kept)
    assert dropped and max(v.at for v in dropped) < min(v.at for v in pruned.kept)
    assert main(["check", str(sample_copy)]) == 0
    assert "history reached its size cap" in capsys.readouterr().out


def test_the_newest_stay_even_when_they_alone_pass_the_cap(sample_copy):
    (sample_copy / "workbench.toml").write_text(CAP_TOML, "utf-8")
    project = Project.open(sample_copy)
    newest = []
    for number in range(1, 9):  # eight files, their newest versions 1.4 MB together
        path = project.chapter(number).path
        project.write(path, noise(number))
        project.write(path, "短。\n")
        newest.append(history.versions_of(project, path)[0])
    pruned = keeping.prune_history(project)
    assert pruned.cap_reached and pruned.size > 1024 * 1024
    assert sorted(pruned.kept, key=lambda v: v.file) == newest


def test_a_damaged_and_poisoned_history_loses_nothing_and_check_names_it(sample_copy, capsys):
    project = Project.open(sample_copy)
    path = project.chapter(6).path
    project.save_chapter(6, "第一稿。\n")
    project.save_chapter(6, "第二稿。\n")
    damaged, intact = history.versions_of(project, path)[1], history.versions_of(project, path)[0]
    store.blob_path(sample_copy, damaged.sha, store.LIST).write_bytes(b"not zlib at all")
    index = sample_copy / ".workbench/history/index.jsonl"
    poison = {**json.loads(index.read_text("utf-8").split()[0]), "sha": "../../chapters/ch"}
    with index.open("a", encoding="utf-8") as log:
        log.write(json.dumps(poison) + "\n" + '{"id": "half a line')
    book_before = {p: p.read_bytes() for p in (sample_copy / "chapters").iterdir()}

    listed = history.versions_of(project, path)
    assert [v.sha for v in listed] == [intact.sha, damaged.sha]  # the poisoned line is no version
    assert history.version_text(project, intact) == "第一稿。\n"
    project.save_chapter(6, "第三稿。\n")  # saving goes on
    assert path.read_text("utf-8") == "第三稿。\n"

    assert main(["check", str(sample_copy)]) == 1
    out = capsys.readouterr().out
    assert "history index line 5, 6: not a version; skipped" in out  # lines 1-4: two versions
    assert f"{damaged.sha[2:]}.v: history version not a compressed version" in out
    book_after = {p: p.read_bytes() for p in (sample_copy / "chapters").iterdir()}
    assert {p: b for p, b in book_after.items() if p != path} == {
        p: b for p, b in book_before.items() if p != path
    }


def test_a_history_that_is_gone_or_a_file_never_stops_a_save(sample_copy):
    project = Project.open(sample_copy)
    project.save_chapter(7, "第一稿。\n")
    shutil.rmtree(sample_copy / ".workbench/history")
    project.save_chapter(7, "第二稿。\n")
    assert len(history.versions_of(project, project.chapter(7).path)) == 1
    shutil.rmtree(sample_copy / ".workbench/history")
    (sample_copy / ".workbench/history").write_text("不是文件夹", "utf-8")
    project.save_chapter(7, "第三稿。\n")
    assert (sample_copy / "chapters/ch007.md").read_text("utf-8") == "第三稿。\n"
