from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from workbench import __version__
from workbench.cli.exits import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE
from workbench.cli.main import main

REPO = Path(__file__).resolve().parents[2]


def test_version(capsys):
    with pytest.raises(SystemExit) as caught:
        main(["--version"])
    assert caught.value.code == 0
    assert capsys.readouterr().out.strip() == f"workbench {__version__}"


def test_new_creates_then_refuses(tmp_path, capsys):
    root = tmp_path / "novel"
    assert main(["new", str(root)]) == EXIT_OK
    out = capsys.readouterr().out
    assert "created a novel project" in out
    assert "worldbuilding/world.md" in out
    assert (root / "meta" / "style-anchor.md").is_file()

    assert main(["new", str(root)]) == EXIT_PROBLEMS
    assert "already a novel project" in capsys.readouterr().err

    a_file = tmp_path / "file.txt"
    a_file.write_text("x", encoding="utf-8")
    assert main(["new", str(a_file)]) == EXIT_USAGE
    assert "not a folder" in capsys.readouterr().err


def test_import_dry_run_writes_nothing(corpus_copy, tmp_path, capsys):
    into = tmp_path / "book"
    assert main(["import", str(corpus_copy), "--into", str(into), "--dry-run"]) == EXIT_OK
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == [
        "1",
        "4747",
        "字",
        "宴桃园豪杰三结义",
        "斩黄巾英雄首立功",
        "(line",
        "6)",
    ]
    assert out[119].split()[:2] == ["120", "6573"]  # 第一百二十回 is one 字 longer than 第120章
    assert out[120].startswith("sanguo-yanyi.txt (utf-8): 120 chapters, 598046 字")
    assert out[-1] == "dry run: nothing written"
    assert not into.exists()


def test_import_then_refuse_then_force(corpus_copy, tmp_path, capsys):
    into = tmp_path / "book"
    assert main(["import", str(corpus_copy), "--into", str(into)]) == EXIT_OK
    assert "imported 120 chapters" in capsys.readouterr().out
    chapter = into / "chapters" / "ch120.md"
    imported = chapter.read_bytes()
    chapter.write_text("作者改过", encoding="utf-8")

    assert main(["import", str(corpus_copy), "--into", str(into), "--dry-run"]) == EXIT_OK
    assert "would overwrite (needs --force): chapters/ch001.md" in capsys.readouterr().out

    assert main(["import", str(corpus_copy), "--into", str(into)]) == EXIT_PROBLEMS
    err = capsys.readouterr().err
    assert err.startswith("workbench: would overwrite chapters/ch001.md, chapters/ch002.md")
    assert "and 111 more; use --force to replace them" in err
    assert chapter.read_text(encoding="utf-8") == "作者改过"

    assert main(["import", str(corpus_copy), "--into", str(into), "--force"]) == EXIT_OK
    assert "replaced 121 existing file(s)" in capsys.readouterr().out
    assert chapter.read_bytes() == imported


def test_import_usage_and_input_errors(tmp_path, capsys):
    assert main(["import", str(tmp_path / "missing.txt"), "--into", str(tmp_path)]) == EXIT_USAGE
    assert "missing.txt: no such file" in capsys.readouterr().err

    no_headings = tmp_path / "notes.txt"
    no_headings.write_text("只是一些笔记。\n没有章节。\n", encoding="utf-8")
    assert main(["import", str(no_headings), "--into", str(tmp_path / "x")]) == EXIT_PROBLEMS
    assert "no chapter headings found" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()

    undecodable = tmp_path / "bad.txt"
    undecodable.write_bytes("第一章 开端\n".encode() + b"\xff\xff\xff")
    assert main(["import", str(undecodable), "--into", str(tmp_path / "y")]) == EXIT_PROBLEMS
    assert "bad.txt: cannot decode byte at offset 17" in capsys.readouterr().err

    with pytest.raises(SystemExit) as caught:
        main(["import", str(no_headings)])  # --into is required
    assert caught.value.code == EXIT_USAGE


def test_check_exit_codes(tmp_path, capsys, write_templates_out):
    root = tmp_path / "novel"
    main(["new", str(root)])
    capsys.readouterr()
    assert main(["check", str(root), "--quiet"]) == EXIT_PROBLEMS
    assert capsys.readouterr().out.splitlines()[-1] == (
        "0 error(s), 7 warning(s) in 1 chapters (workbench layout)"
    )  # the five files still holding template text
    write_templates_out(root)
    assert main(["check", str(root)]) == EXIT_OK
    out = capsys.readouterr().out
    assert out.splitlines()[-1] == "ok: 1 chapters, no problems (workbench layout)"

    (root / "chapters" / "ch003.md").write_bytes("# 第3章\n林风".encode("gbk"))
    (root / "references" / "plot-tracker.md").unlink()
    assert main(["check", str(root), "--quiet"]) == EXIT_PROBLEMS
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        "warning: chapters: gap: chapter 2 missing",
        "warning: references/plot-tracker.md: missing (the foreshadowing ledger)",
        "0 error(s), 2 warning(s) in 2 chapters (workbench layout)",
    ]
    assert main(["check", str(root)]) == EXIT_PROBLEMS
    assert "info: chapters/ch003.md: encoding gb18030 (kept when saving)" in capsys.readouterr().out

    assert main(["check", str(tmp_path / "nowhere")]) == EXIT_USAGE
    assert "nowhere: no such folder" in capsys.readouterr().err
    (tmp_path / "plain").mkdir()
    assert main(["check", str(tmp_path / "plain")]) == EXIT_USAGE
    assert "not a novel project; looked for" in capsys.readouterr().err


def run_workbench(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run(
        [sys.executable, "-m", "workbench", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )


def test_real_process_imports_and_checks(corpus_copy, tmp_path):
    done = run_workbench("import", str(corpus_copy), "--into", "book", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "imported 120 chapters" in done.stdout
    done = run_workbench("check", "book", "--quiet", cwd=tmp_path)
    # Import lays down the layout files as templates: each is reported until written.
    template = "still only template text ({}): counts as missing until you write it"
    assert (
        done.stdout.splitlines()
        == [
            "warning: characters/characters.md: "
            + template.format("the cast, one ## section per character"),
            "warning: characters/protagonist.md: " + template.format("the protagonist"),
            "warning: meta/style-anchor.md: "
            + template.format("the style anchor MainWriter always gets")
            # The one step (issue #27): from a passage of the author's own chapters.
            + "; make it from a passage of your own chapters (30-1500 字): in the app, Prepare"
            " feed > Style anchor from your own text; or `workbench style-anchor"
            f" {(tmp_path / 'book').resolve()} --chapter 1` lists the paragraphs, then add"
            " --passage START:END",
            "warning: outline/outline.md: " + template.format("the whole-book outline"),
            "warning: worldbuilding/world.md: " + template.format("the world and its 力量体系"),
            "0 error(s), 5 warning(s) in 120 chapters (workbench layout)",
        ]
    )
    assert done.returncode == 1, done.stderr
    done = run_workbench("import", str(corpus_copy), "--into", "book", cwd=tmp_path)
    assert done.returncode == 1
    assert "use --force" in done.stderr
    done = run_workbench("check", cwd=tmp_path)
    assert done.returncode == 2
    assert "usage: workbench check" in done.stderr
