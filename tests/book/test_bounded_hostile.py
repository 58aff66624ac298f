"""Bounded everywhere (issue 22): each hostile input below once cost gigabytes, minutes or a
traceback. Each now runs the real `workbench` command in a child process with its address
space capped at 1.5 GB (RLIMIT_AS, what `prlimit --as` sets; tests/bounded.py) and a time
limit, and ends in a message naming the file and the limit."""

from __future__ import annotations

import json
import os
import sqlite3

import pytest
from bounded import run_bounded
from docx_bombs import entity_bomb, with_document, zip_bomb
from webnovel_project import NEXT_CHAPTER, make_webnovel_project

DEEP = 100_000
TIME_LIMIT = 240  # seconds each command may take before it counts as hanging
REFUSED = (1, 3)  # refused, or a feed that is not ready (saying why)


def _deep(depth: int = DEEP) -> str:
    return "[" * depth + "]" * depth


def _feed(project, chapter: int = NEXT_CHAPTER):
    return run_bounded(
        "feed", project, "--agent", "MainWriter", "--chapter", str(chapter), timeout=TIME_LIMIT
    )


@pytest.fixture
def webnovel(tmp_path):
    return make_webnovel_project(tmp_path / "wn")


# --- .docx -------------------------------------------------------------------------------


def test_a_docx_zip_bomb_is_refused_before_it_is_inflated(tmp_path):
    bomb = zip_bomb(tmp_path / "bomb.docx")  # 2 MB that inflate to 2 GB
    result = run_bounded("import", bomb, "--into", tmp_path / "novel", timeout=TIME_LIMIT)
    assert result.returncode == 1, result.stderr
    assert "bomb.docx" in result.stderr and "word/document.xml" in result.stderr
    assert "more than the 128 MB a part may be" in result.stderr
    assert not (tmp_path / "novel").exists()


@pytest.mark.parametrize(
    "xml",
    [b"<w:document><w:body><w:p>", entity_bomb()],
    ids=["malformed", "entity-bomb"],
)
def test_bad_xml_in_a_docx_is_a_message_not_a_traceback(tmp_path, xml):
    document = with_document(tmp_path / "bad.docx", xml)
    result = run_bounded("import", document, "--into", tmp_path / "novel", timeout=TIME_LIMIT)
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert "bad.docx" in result.stderr and "not a readable .docx document" in result.stderr


# --- manuscripts ---------------------------------------------------------------------------


def test_a_300_mb_manuscript_is_refused_with_its_limit(tmp_path):
    manuscript = tmp_path / "huge.txt"
    with manuscript.open("wb") as handle:
        line = "第1章 开始\n".encode() + "正文。".encode() * 100_000 + b"\n"
        for _ in range(300 * 1024 * 1024 // len(line) + 1):
            handle.write(line)
    result = run_bounded("import", manuscript, "--into", tmp_path / "novel", timeout=TIME_LIMIT)
    assert result.returncode == 1, result.stderr
    assert "huge.txt" in result.stderr and "the 64 MB a manuscript may be" in result.stderr
    assert not (tmp_path / "novel").exists()


def test_import_refuses_a_chapter_no_other_command_could_read(tmp_path):
    manuscript = tmp_path / "book.txt"
    body = "他走了很远的路。" * 800_000  # 19 MB in one chapter: every command refuses 16 MB+
    manuscript.write_text(f"第1章 开始\n\n正文。\n\n第2章 远方\n\n{body}\n", "utf-8")
    result = run_bounded("import", manuscript, "--into", tmp_path / "novel", timeout=TIME_LIMIT)
    assert result.returncode == 1, result.stderr
    assert "book.txt" in result.stderr and "line 5" in result.stderr
    assert "larger than the 16 MB a chapter may be" in result.stderr
    assert not (tmp_path / "novel").exists()


# --- webnovel-writer memory ----------------------------------------------------------------


def _relationships_table(project, rows: list[tuple], *, generated: bool = False) -> None:
    connection = sqlite3.connect(project / ".webnovel/index.db")
    with connection:
        connection.execute("DROP TABLE relationships")
        extra = ", big TEXT GENERATED ALWAYS AS (printf('%.*c', 1000000000, 'x'))"
        connection.execute(
            "CREATE TABLE relationships (id INTEGER PRIMARY KEY, from_entity TEXT,"
            " to_entity TEXT, type TEXT, description TEXT, chapter"
            + (extra if generated else "")
            + ")"
        )
        connection.executemany(
            "INSERT INTO relationships (from_entity, to_entity, type, description, chapter)"
            " VALUES (?, ?, ?, ?, ?)",
            rows,
        )
    connection.close()


def test_an_index_db_with_generated_columns_is_refused(webnovel):
    _relationships_table(webnovel, [("linfeng", "suyao", "同门", "", 2)], generated=True)
    trackers = run_bounded("trackers", webnovel, "--chapter", "6", timeout=TIME_LIMIT)
    for result in (_feed(webnovel), trackers):
        assert result.returncode in REFUSED, result.stderr
        assert ".webnovel/index.db" in result.stderr and "generated columns" in result.stderr
    check = run_bounded("check", webnovel, timeout=TIME_LIMIT)
    assert ".webnovel/index.db" in check.stdout and "generated columns" in check.stdout


def test_an_index_db_of_a_million_rows_is_refused_with_its_limit(webnovel):
    rows = [("linfeng", f"人{i}", "相识", "", i % 5 + 1) for i in range(1_000_000)]
    _relationships_table(webnovel, rows)
    result = _feed(webnovel)
    assert result.returncode in REFUSED, result.stderr
    assert ".webnovel/index.db" in result.stderr
    assert "more than the 50000 rows allowed" in result.stderr


def test_index_rows_with_no_chapter_are_left_out_and_check_lists_them(webnovel):
    rows = [
        ("linfeng", "suyao", "同门", "一起抵御妖兽", 2),
        ("linfeng", "zhao", "仇敌", "", None),
        ("suyao", "zhao", "仇敌", "", "第四章"),
    ]
    _relationships_table(webnovel, rows)
    trackers = run_bounded("trackers", webnovel, "--chapter", "6", timeout=TIME_LIMIT)
    assert trackers.returncode == 0, trackers.stderr
    assert "Traceback" not in trackers.stderr
    check = run_bounded("check", webnovel, timeout=TIME_LIMIT)
    assert "relationships row 2: chapter None is no chapter; left out" in check.stdout
    assert "relationships row 3: chapter '第四章' is no chapter; left out" in check.stdout


@pytest.mark.parametrize("where", ["state.json", "pins.json"])
def test_json_100000_levels_deep_is_a_message(webnovel, where):
    path = webnovel / (".webnovel/state.json" if where == "state.json" else "meta/pins.json")
    path.parent.mkdir(exist_ok=True)
    path.write_text(_deep(), "utf-8")
    shown = path.relative_to(webnovel).as_posix()
    result = _feed(webnovel)
    assert result.returncode in REFUSED, result.stderr
    assert "Traceback" not in result.stderr and "RecursionError" not in result.stderr
    assert shown in result.stderr and "deeper than the 64 allowed" in result.stderr
    check = run_bounded("check", webnovel, timeout=TIME_LIMIT)
    assert check.returncode == 1 and "Traceback" not in check.stderr
    assert shown in check.stdout and "deeper than the 64 allowed" in check.stdout


def test_caches_and_the_lock_100000_levels_deep_are_ignored(sample_copy):
    state = sample_copy / ".workbench"
    state.mkdir(exist_ok=True)
    for name in ("token-cache.json", "table-cache.json", "scan-cache.json", "lock.json"):
        (state / name).write_text(_deep(), "utf-8")
    result = _feed(sample_copy, 13)
    assert result.returncode == 0, result.stderr
    assert "RecursionError" not in result.stderr and "Traceback" not in result.stderr
    check = run_bounded("check", sample_copy, timeout=TIME_LIMIT)
    assert "Traceback" not in check.stderr
    from workbench.book.lock import current_holder
    from workbench.book.project import Project

    assert current_holder(Project.open(sample_copy)) is None  # unreadable: no holder


def test_250000_foreshadowing_entries_are_refused_with_the_limit(webnovel):
    path = webnovel / ".webnovel/state.json"
    state = json.loads(path.read_text("utf-8"))
    state["plot_threads"]["foreshadowing"] = [
        {"content": f"伏笔{i}", "target_chapter": 9} for i in range(250_000)
    ]
    path.write_text(json.dumps(state, ensure_ascii=False, separators=(",", ":")), "utf-8")
    result = _feed(webnovel)
    assert result.returncode in REFUSED, result.stderr
    assert ".webnovel/state.json" in result.stderr
    assert "250000 entries, more than the 10000 a tracker may have" in result.stderr
    check = run_bounded("check", webnovel, timeout=TIME_LIMIT)
    assert "250000 entries" in check.stdout


def test_400000_pins_are_refused_with_the_limit(sample_copy):
    pins = [f"chapters/ch{i % 12 + 1:03d}.md#{i}" for i in range(400_000)]
    (sample_copy / "meta/pins.json").write_text(json.dumps({"version": 1, "pins": pins}))
    result = _feed(sample_copy, 13)
    assert result.returncode in REFUSED, result.stderr
    assert "meta/pins.json" in result.stderr
    assert "400000 pins, more than the 500 a project may have" in result.stderr


def test_the_index_read_stops_at_its_time_limit(webnovel, monkeypatch):
    from workbench.book import memory_index
    from workbench.book import webnovel as memory
    from workbench.book.project import Project

    monkeypatch.setattr(memory_index, "QUERY_SECONDS", 0.0)
    monkeypatch.setattr(memory_index, "_PROGRESS_STEPS", 1)
    with pytest.raises(memory_index.IndexProblem, match=r"longer than the 0 s allowed"):
        memory.read_index(Project.open(webnovel))


def test_an_index_db_over_its_size_is_refused_before_it_is_opened(webnovel):
    path = webnovel / ".webnovel/index.db"
    with path.open("ab") as handle:
        handle.truncate(65 * 1024 * 1024)
    result = _feed(webnovel)
    assert result.returncode in REFUSED, result.stderr
    assert ".webnovel/index.db" in result.stderr
    assert "the 64 MB webnovel-writer's index.db may be" in result.stderr
    os.truncate(path, 0)


def test_a_settings_file_100000_levels_deep_is_a_message(sample_copy, user_config_dir):
    (user_config_dir / "settings.json").write_text(_deep(), "utf-8")
    result = _feed(sample_copy, 13)
    assert result.returncode == 1, result.stderr
    assert "RecursionError" not in result.stderr and "Traceback" not in result.stderr
    assert "settings.json" in result.stderr and "deeper than the 64 allowed" in result.stderr
