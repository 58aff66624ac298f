"""Child processes for the author-save race: an author saving a file the way editors do
while Workbench processes accept proposals into it or place summaries in it.

    author ROOT FILE STYLE SAVES SEED   save FILE SAVES times, STYLE `inplace` (truncate, then
                                       write in four parts 5 ms apart, as nano or vim with
                                       backupcopy=yes do) or `rename` (a temp file renamed
                                       over it); each save adds the line `作者第N稿。`
    accept ROOT WORKER COUNT            accept COUNT relationship rows, one at a time
    summary ROOT WORKER COUNT           place COUNT rolling-summary sections, one at a time

Before each save the author reads the file back, as an editor that noticed the change does,
and counts a save as lost when its line is not there. Each child prints one line of counts.
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

from workbench.book.project import Project
from workbench.errors import WorkbenchError
from workbench.summaries.jobs import write_summary
from workbench.summaries.rolling import SECTION_TITLES, SummaryJob, heading
from workbench.upkeep.accept import accept
from workbench.upkeep.proposals import Kind, propose

PARTS = 4  # an in-place save writes its bytes in this many parts, 5 ms apart
BURST = (0.0, 0.02)  # seconds between two saves in a burst of them
PAUSE = (0.35, 0.6)  # and now and then a pause, long enough for Workbench to get in


def mark(n: int) -> str:
    return f"作者第{n}稿。"


def save_in_place(path: Path, data: bytes) -> None:
    with open(path, "wb") as handle:  # O_TRUNC: the file is empty from here
        step = len(data) // PARTS + 1
        for start in range(0, len(data), step):
            handle.write(data[start : start + step])
            handle.flush()
            time.sleep(0.005)


def save_by_rename(path: Path, data: bytes) -> None:
    temp = path.with_name(f"{path.name}.author~")
    temp.write_bytes(data)
    os.replace(temp, path)


def author(root: str, relative: str, style: str, saves: int, seed: int) -> None:
    path = Path(root) / relative
    save = save_in_place if style == "inplace" else save_by_rename
    rng = random.Random(seed)
    lost = 0
    for n in range(saves + 1):
        current = path.read_text("utf-8")
        if n and mark(n - 1) not in current:
            lost += 1
        if n == saves:
            break
        save(path, (current.rstrip("\n") + f"\n\n{mark(n)}\n").encode("utf-8"))
        time.sleep(rng.uniform(*(PAUSE if rng.random() < 0.25 else BURST)))
    print(f"saves {saves} lost {lost}", flush=True)


def accept_rows(root: str, worker: int, count: int) -> None:
    written = refused = 0
    for i in range(count):
        project = Project.open(root)
        proposal = propose(
            Kind.RELATIONSHIP, 12, 1, "陆照提灯走过长廊。", "offline",
            a=f"甲{worker}", b=f"乙{i}", relation="同门", change="新建", note="",
        )  # fmt: skip
        try:
            accept(project, [proposal])
            written += 1
        except WorkbenchError:  # refused: the file moved, or is being saved
            refused += 1
    print(f"written {written} refused {refused}", flush=True)


def summary_body(job: SummaryJob) -> str:
    parts = [heading(job)] + [f"### {title}\n\n{job.label}的{title}。" for title in SECTION_TITLES]
    return "\n\n".join(parts) + "\n"


def summaries(root: str, worker: int, count: int) -> None:
    written = refused = 0
    for i in range(count):
        start = 1000 + (worker * count + i) * 5 + 1
        job = SummaryJob(start, start + 4)
        try:
            write_summary(Project.open(root), job, summary_body(job))
            written += 1
        except WorkbenchError:
            refused += 1
    print(f"written {written} refused {refused}", flush=True)


if __name__ == "__main__":
    command, *args = sys.argv[1:]
    if command == "author":
        author(args[0], args[1], args[2], int(args[3]), int(args[4]))
    elif command == "accept":
        accept_rows(args[0], int(args[1]), int(args[2]))
    else:
        summaries(args[0], int(args[1]), int(args[2]))
