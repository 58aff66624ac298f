"""`workbench import FILE --into DIR [--dry-run] [--force] [--strip-boilerplate]`: split a
manuscript (TXT, Markdown or .docx) into chapters."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from workbench.book.importer import (
    ManuscriptSplit,
    plan_import,
    read_manuscript,
    write_import,
)
from workbench.book.known_files import project_claim
from workbench.cli import exits

SHOWN_LINES = 20
LOOKED_FOR = "第N章/第N回/第N节 (Arabic or Chinese numerals), 楔子/序章/引子, Chapter N"


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `import` subcommand."""
    parser = subparsers.add_parser(
        "import", help="split a TXT/MD/DOCX manuscript into chapter files by its headings"
    )
    parser.add_argument(
        "file", metavar="FILE", help="the manuscript (TXT/MD in UTF-8 or GBK/GB18030, or .docx)"
    )
    parser.add_argument("--into", metavar="DIR", required=True, help="the project folder")
    parser.add_argument(
        "--dry-run", action="store_true", help="print the split (number, title, 字) only"
    )
    parser.add_argument("--force", action="store_true", help="replace existing chapter files")
    parser.add_argument(
        "--strip-boilerplate",
        action="store_true",
        help="leave platform lines (更新时间, 本章字数, 求收藏/月票, site banners) out of the"
        " chapters; each is kept in meta/import-log.md",
    )
    parser.set_defaults(handler=run)


# Terminal escapes and every other control character, and the bidi controls that reorder what
# follows them (U+061C, U+200E/F, U+202A-E, U+2066-9): a heading is shown, never obeyed.
_UNSHOWABLE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def shown(text: str) -> str:
    """`text` safe to print on a terminal: each control character as its escape (`\\x1b`,
    `\\u202e`), so the author sees it is there and the terminal does nothing with it."""
    return _UNSHOWABLE.sub(lambda match: match.group().encode("unicode_escape").decode(), text)


def print_split(split: ManuscriptSplit) -> None:
    """The preview: one line per chapter with its number, 字 count, title and source line."""
    total = 0
    for chapter in split.chapters:
        zi = split.zi(chapter)
        total += zi
        print(f"{chapter.number:>5}  {zi:>7} 字  {shown(chapter.title)}  (line {chapter.line})")
    front = len(split.front_matter.splitlines()) if split.front_matter.strip() else 0
    print(
        f"{shown(split.source.name)} ({split.encoding}): {len(split.chapters)} chapters, "
        f"{total} 字; {front} line(s) before the first heading"
    )
    for volume in split.volumes:
        print(
            f"volume heading (recorded, not in a chapter): line {volume.line}: {shown(volume.text)}"
        )
    if split.boilerplate:
        action = "dropped" if split.strip_boilerplate else "kept; --strip-boilerplate drops them"
        print(f"{len(split.boilerplate)} platform line(s) ({action}):")
        for line in split.boilerplate[:SHOWN_LINES]:
            print(f"  line {line.line} [{line.kind}]: {shown(line.text.strip())}")
        if len(split.boilerplate) > SHOWN_LINES:
            print(f"  … and {len(split.boilerplate) - SHOWN_LINES} more")


def run(args: argparse.Namespace) -> int:
    """Preview or write the split; conflicts and unreadable files are reported by main."""
    source = Path(args.file)
    if not source.is_file():
        print(f"workbench: {source}: no such file", file=sys.stderr)
        return exits.EXIT_USAGE
    into = Path(args.into)
    if into.exists() and not into.is_dir():
        print(f"workbench: {into}: exists and is not a folder", file=sys.stderr)
        return exits.EXIT_USAGE
    claim = project_claim(into)
    if claim:
        print(
            f"workbench: --into {into}: is {claim}; import into a project's own folder",
            file=sys.stderr,
        )
        return exits.EXIT_USAGE
    split = read_manuscript(source, strip_boilerplate=args.strip_boilerplate)
    if not split.chapters:
        print(
            f"workbench: {source}: no chapter headings found; looked for {LOOKED_FOR}",
            file=sys.stderr,
        )
        return exits.EXIT_PROBLEMS
    for warning in split.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    plan = plan_import(split, into)
    if args.dry_run:
        print_split(split)
        if plan.conflicts:
            listed = ", ".join(plan.relative(path) for path in plan.conflicts[:10])
            print(f"would overwrite (needs --force): {listed}")
        print("dry run: nothing written")
        return exits.EXIT_OK
    written = write_import(plan, force=args.force)
    replaced = set(plan.conflicts)
    first, last = plan.chapter_paths[0], plan.chapter_paths[-1]
    print(
        f"imported {len(split.chapters)} chapters into {plan.project.root}: "
        f"{plan.relative(first)} … {plan.relative(last)}"
    )
    if replaced:
        print(f"replaced {len(replaced)} existing file(s)")
    for path in written:
        if path not in plan.chapter_paths and path not in replaced:
            print(f"  wrote {plan.relative(path)}")
    return exits.EXIT_OK
