"""Child process for the crash test: saves chapters through Project in a loop until killed.

Version n of chapter k is `# 第k章 vN` plus a body made from n, so the parent can tell a
whole version from a partial one. Prints `ready` once the first save has finished.
"""

from __future__ import annotations

import sys
from itertools import count

from workbench.book.project import Project

CHAPTERS = (1, 2, 3)


def version(chapter: int, n: int) -> str:
    """The exact text of version n of a chapter (a few hundred KB, so saves take a while)."""
    return f"# 第{chapter}章 v{n}\n\n" + f"第{n}版的第{chapter}章。陆照提灯走过长廊。\n" * 6000


def main(root: str) -> None:
    project = Project.open(root)
    for n in count(1):
        for chapter in CHAPTERS:
            project.save_chapter(chapter, version(chapter, n))
        if n == 1:
            print("ready", flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
