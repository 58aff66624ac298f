"""Child process for the history crash test: saves chapters through Project in a loop until
killed, each save keeping the text it replaces in the history. Every text it writes is new
(the run's own tag and a counter), so each save writes a blob and an index line. Prints
`ready` once the first round of saves has finished."""

from __future__ import annotations

import sys
from itertools import count

from workbench.book.project import Project

CHAPTERS = (1, 2, 3)


def version(chapter: int, tag: str, n: int) -> str:
    """Version n of a chapter in run `tag`: its heading says which, its body is made of it."""
    return (
        f"# 第{chapter}章 {tag}-{n}\n\n"
        + f"{tag}第{n}版的第{chapter}章。陆照提灯走过长廊。\n" * 3000
    )


def main(root: str, tag: str) -> None:
    project = Project.open(root)
    for n in count(1):
        for chapter in CHAPTERS:
            project.save_chapter(chapter, version(chapter, tag, n))
        if n == 1:
            print("ready", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
