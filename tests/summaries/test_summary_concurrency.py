"""Issue #22: six `workbench summarize` processes on different ranges and an author saving the
same rolling-summary.md the way the editor saves (read, edit, save refused when the file
changed since it was read), all at once, real processes. Every write is either in the file
afterwards or was refused with a message: no section or note is silently lost (before the
lock, one to three sections were missing in most rounds while every process said `wrote`)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from summary_like import summary_section

from workbench.book.layout import Role

OLD = "旧稿待重写"  # + the range: each old section says which it is


WORKBENCH = (sys.executable, "-m", "workbench")
OFFLINE = ("--backend", "offline")
RANGES = [(11, 15), (16, 20), (21, 25), (26, 30), (31, 35), (36, 40)]
ROUNDS = 2
AUTHOR_SAVES = 12

# The editor's save, in a process of its own: read the file, change it, write it expecting
# the bytes it read (Project.write's `expect`, as editor_tabs.save does).
AUTHOR = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from workbench.book.project import Project
    from workbench.book.gate import read_text
    from workbench.errors import WorkbenchError

    project = Project.open(sys.argv[1])
    path = project.root / "references" / "rolling-summary.md"
    for note in range(int(sys.argv[2])):
        loaded = read_text(path, root=None)
        time.sleep(0.02)  # the author types
        head, rest = loaded.text.split("\\n", 1)
        text = f"{head}\\n\\n作者笔记 {note}。\\n{rest}"
        try:
            project.write(path, text, expect=loaded.sha256)
        except WorkbenchError as error:
            print(f"refused {note}: {error}", flush=True)
        else:
            print(f"saved {note}", flush=True)
    """
)


@pytest.fixture
def forty_chapters(sample_copy, corpus_copy) -> Path:
    """The sample novel with chapters 13-40 cut from the corpus (about 3,000 字 each)."""
    root = sample_copy
    text = corpus_copy.read_text(encoding="utf-8")
    for number in range(13, 41):
        piece = text[number * 3000 : number * 3000 + 3000]
        (root / "chapters" / f"ch{number:03d}.md").write_text(
            f"# 第{number}章\n\n{piece}\n", encoding="utf-8"
        )
    # Each range has a section to regenerate (a range's summariser is fed the ones before):
    # a run whose write was lost leaves the old text in its place.
    # The author's notes under the title (2 MB: a long book's working notes) make each
    # read-place-write long enough that, without the lock, runs overlap in every round here.
    summary = root / "references" / "rolling-summary.md"
    title, sections = summary.read_text(encoding="utf-8").split("\n", 1)
    notes = "".join(f"作者笔记第{line}行：这里记着写作的想法。\n" for line in range(40_000))
    old = "\n".join(summary_section(s, e, f"{OLD} Ch{s}-{e}。") for s, e in RANGES)
    summary.write_text(f"{title}\n\n{notes}{sections}\n{old}", encoding="utf-8")
    return root


def test_concurrent_summaries_and_an_author_lose_nothing(forty_chapters):
    path = forty_chapters / "references" / "rolling-summary.md"
    original = path.read_text(encoding="utf-8")
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    for round_number in range(ROUNDS):
        path.write_text(original, encoding="utf-8")
        summaries = [
            subprocess.Popen(
                [
                    *WORKBENCH,
                    "summarize",
                    str(forty_chapters),
                    "--range",
                    f"{start}-{end}",
                    *OFFLINE,
                    "--force",  # over the hand-written sections too
                ],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                env=env,
            )
            for start, end in RANGES
        ]
        author = subprocess.Popen(
            [sys.executable, "-c", AUTHOR, str(forty_chapters), str(AUTHOR_SAVES)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        outcomes = [
            (job, *process.communicate(timeout=300))
            for job, process in zip(RANGES, summaries, strict=True)
        ]
        author_out, author_err = author.communicate(timeout=300)
        final = path.read_text(encoding="utf-8")

        for (start, end), out, err in outcomes:
            heading = f"## 滚动摘要 Ch{start}-Ch{end}"
            section = final.split(heading, 1)[1].split("\n## ", 1)[0]
            if f"wrote 滚动摘要 Ch{start}-{end}" in out:
                assert f"{OLD} Ch{start}-{end}" not in section, (
                    f"round {round_number}: {heading} written, then lost"
                )
            else:
                assert "left unchanged" in err and "rolling-summary.md" in err, err
        assert "## 滚动摘要 Ch1-Ch5" in final and "## 滚动摘要 Ch6-Ch10" in final

        assert author.returncode == 0, author_err
        lines = author_out.splitlines()
        assert len(lines) == AUTHOR_SAVES, author_out
        for line in lines:
            word, note = line.split(" ", 1)
            number = note.split(":", 1)[0]
            if word == "saved":
                assert f"作者笔记 {number}。" in final, f"round {round_number}: note {number} lost"
            else:
                assert word == "refused" and "changed on disk since it was read" in line, line
                assert "rolling-summary.md" in line
        # Every summary waits its turn rather than fail: none of them read a stale file.
        assert all(f"wrote 滚动摘要 Ch{s}-{e}" in out for (s, e), out, _ in outcomes), outcomes


def test_summarize_waits_while_another_writer_holds_the_lock(forty_chapters):
    """Deterministic: while this process holds rolling-summary.md's lock, a summarize run
    that has its section ready ("done") waits, so a write based on what was read before it
    started still succeeds, and the run then places its section in that new text."""
    from workbench.book.gate import read_text
    from workbench.book.project import Project

    project = Project.open(forty_chapters)
    path = project.role_path(Role.ROLLING_SUMMARY)
    with project.locked(path):
        before = read_text(path, root=None)
        run = subprocess.Popen(
            [*WORKBENCH, "summarize", str(forty_chapters), "--range", "11-15", *OFFLINE, "--force"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for line in run.stderr:  # the section is made; next the run writes it
            if line.startswith("Ch11-15: done"):
                break
        head, rest = before.text.split("\n", 1)
        project.write(path, f"{head}\n\n作者在锁里写的一行。\n{rest}", expect=before.sha256)
    _out, err = run.communicate(timeout=300)
    assert run.returncode == 0, err
    final = path.read_text(encoding="utf-8")
    assert "作者在锁里写的一行。" in final
    section = final.split("## 滚动摘要 Ch11-Ch15", 1)[1].split("\n## ", 1)[0]
    assert f"{OLD} Ch11-15" not in section
