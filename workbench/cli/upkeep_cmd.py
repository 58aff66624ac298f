"""`workbench upkeep DIR --range A-B [--backend offline|openai] [--format md|json]` lists the
upkeep proposals for chapters A-B (recorded as pending in .workbench/upkeep.json; nothing is
written to the book); `--accept ID…` / `--reject ID…` decide on recorded ones."""

from __future__ import annotations

import argparse
import json
import re
import sys

from workbench.backends import BACKEND_NAMES
from workbench.book.project import Project
from workbench.cli.exits import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE
from workbench.upkeep.change import change_reason
from workbench.upkeep.proposals import Kind, Proposal

_RANGE = re.compile(r"^\s*(?:ch)?(\d{1,9})\s*-\s*(?:ch)?(\d{1,9})\s*$", re.IGNORECASE)
KIND_TITLES = {
    Kind.CHARACTER: "新角色",
    Kind.ALIAS: "新别名",
    Kind.RELATIONSHIP: "关系变化",
    Kind.PLANTED: "新伏笔",
    Kind.PAID: "伏笔回收",
    Kind.SIGHTING: "伏笔再现",
    Kind.STATE: "状态变化",
}


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `upkeep` subcommand."""
    parser = subparsers.add_parser(
        "upkeep",
        help="propose tracker and cast updates for a range of chapters; accept or reject them",
    )
    parser.add_argument("directory", help="a novel project folder")
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--range", dest="chapters", metavar="A-B", help="chapters A to B, e.g. 6-10")
    which.add_argument("--accept", nargs="+", metavar="ID", help="write these proposals")
    which.add_argument("--reject", nargs="+", metavar="ID", help="never propose these again")
    parser.add_argument(
        "--backend",
        choices=BACKEND_NAMES,
        help="default: workbench.toml [summaries], else Settings",
    )
    parser.add_argument("--format", choices=("md", "json"), default="md")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """List, accept or reject."""
    from workbench.upkeep.errors import AcceptRefused, UpkeepFailed

    project = Project.open(args.directory)
    if args.accept or args.reject:
        return _decide(project, args.accept or args.reject, accepting=bool(args.accept))
    match = _RANGE.match(args.chapters)
    if not match or int(match.group(1)) > int(match.group(2)):
        print(f"workbench: --range {args.chapters!r} is not A-B with A <= B", file=sys.stderr)
        return EXIT_USAGE
    first, last = int(match.group(1)), int(match.group(2))
    from workbench.upkeep.run import backend_named, range_chapters, run_upkeep

    if not range_chapters(project, first, last):
        numbers = [ref.number for ref in project.chapters]
        shown = f"the project's chapters are {numbers[0]}-{numbers[-1]}" if numbers else "none"
        print(f"workbench: --range {args.chapters}: no chapter in it; {shown}", file=sys.stderr)
        return EXIT_USAGE
    backend = backend_named(project, args.backend)
    try:
        result = run_upkeep(project, first, last, backend, on_progress=_progress)
    except (UpkeepFailed, AcceptRefused) as error:
        print(f"workbench: {error}", file=sys.stderr)
        return EXIT_PROBLEMS
    if args.format == "json":
        print(json.dumps(result.to_json(), ensure_ascii=False, indent=2))
    else:
        print(
            markdown(
                result.first,
                result.last,
                result.backend,
                result.proposals,
                result.dropped_ungrounded,
                result.outgrown,
            )
        )
    return EXIT_OK


def _decide(project: Project, ids: list[str], *, accepting: bool) -> int:
    from workbench.upkeep.accept import accept, reject
    from workbench.upkeep.errors import AcceptRefused
    from workbench.upkeep.store import load_queue

    queue = load_queue(project)
    chosen = []
    for proposal_id in dict.fromkeys(ids):
        proposal = queue.find(proposal_id)
        if proposal is None:
            print(f"workbench: no proposal {proposal_id} in the review queue", file=sys.stderr)
            return EXIT_PROBLEMS
        chosen.append(proposal)
    if not accepting:
        reject(project, chosen)
        print(f"rejected {len(chosen)}; they will not be proposed again for their ranges")
        return EXIT_OK
    try:
        lines = accept(project, chosen)
    except AcceptRefused as error:
        print(f"workbench: {error}", file=sys.stderr)
        return EXIT_PROBLEMS
    print("\n".join(lines))
    return EXIT_OK


def markdown(
    first: int,
    last: int,
    backend: str,
    proposals: tuple[Proposal, ...],
    dropped: int,
    outgrown: int = 0,
) -> str:
    """The proposals grouped by kind, each with its id, chapter, line and evidence."""
    lines = [f"# 待审 第{first}-{last}章（{backend}）", ""]
    if not proposals:
        lines.append("没有新的提议。")
    for kind in Kind:
        mine = [p for p in proposals if p.kind is kind]
        if not mine:
            continue
        lines += [f"## {KIND_TITLES[kind]}（{kind}，{len(mine)}）", ""]
        for proposal in mine:
            where = f"第{proposal.chapter}章第{proposal.line}行"
            lines.append(
                f"- `{proposal.id}` {change_reason(proposal)} — {where}：「{proposal.evidence}」"
            )
        lines.append("")
    if dropped:
        lines.append(f"丢弃 {dropped} 条无出处的提议（引文不在所说的章节里）。")
    if outgrown:
        lines.append(f"另有 {outgrown} 条待审的提议不再列出：书里已经有了（角色表或追踪表）。")
    return "\n".join(lines).rstrip() + "\n"


def _progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)
