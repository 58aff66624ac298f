"""`workbench trackers DIR`: foreshadowing, relationships and the project's own tracker kinds;
what is relevant or overdue."""

from __future__ import annotations

import argparse
import sys

from workbench.book.project import Project
from workbench.book.webnovel import is_webnovel
from workbench.cli.exits import EXIT_OK, EXIT_PROBLEMS
from workbench.errors import FileProblem
from workbench.trackers.cast import load_cast
from workbench.trackers.dormancy import Sighting, sightings
from workbench.trackers.errors import TrackerParseError
from workbench.trackers.kinds import TrackerKind, declared_kinds, tracker_files
from workbench.trackers.ledger import state_at
from workbench.trackers.model import Foreshadowing, Trackers
from workbench.trackers.parse import parse_tracker
from workbench.trackers.relevance import (
    foreshadowing_line,
    relationship_line,
    relevant_for,
    tracked_line,
)
from workbench.trackers.schema import (
    ForeshadowingOut,
    RelationshipOut,
    RelevantOut,
    TrackedOut,
    TrackersOut,
)
from workbench.trackers.webnovel import memory_foreshadowing, memory_relationships


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `trackers` subcommand."""
    parser = subparsers.add_parser(
        "trackers",
        help="list foreshadowing and relationship entries, the ones relevant to a chapter, "
        "or the overdue ones",
    )
    parser.add_argument("directory", help="a novel project folder")
    parser.add_argument("--chapter", type=int, help="show what is relevant to chapter N, and why")
    parser.add_argument(
        "--overdue",
        action="store_true",
        help="show open entries whose 计划回收 is behind --chapter (default: last chapter + 1)",
    )
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.set_defaults(handler=run)


def _read_all(project: Project) -> tuple[Trackers, list[str]]:
    """Every tracker file, and every parse problem of any of them as 'file:line: message'."""
    trackers = Trackers()
    problems: list[str] = []
    for spec in tracker_files(project):
        loaded = project.read_if_present(spec.path)
        if loaded is None:
            continue
        source = project.relative(loaded.path)
        try:
            parsed = parse_tracker(loaded.text, loaded.path, source, kinds=spec.kinds)
        except TrackerParseError as error:
            problems += [f"{source}:{line}: {message}" for line, message in error.errors]
            continue
        trackers.foreshadowing += parsed.foreshadowing
        trackers.relationships += parsed.relationships
        trackers.items += parsed.items
    if is_webnovel(project):
        # webnovel-writer's memory, as every feed reads it (state.json, index.db, the
        # scratchpad): listing only the Markdown files said 0 where the book has 12.
        try:
            cast = load_cast(project)
            trackers.foreshadowing += memory_foreshadowing(project, cast)
            trackers.relationships += memory_relationships(project)
        except FileProblem as error:
            problems.append(f"{project.relative(error.path)}: {error.problem}")
    return trackers, problems


def _tracked(trackers: Trackers, kinds: tuple[TrackerKind, ...]) -> dict[str, list[TrackedOut]]:
    """The declared kinds' rows by kind, for JSON."""
    return {
        kind.key: [TrackedOut.model_validate(i) for i in trackers.items if i.kind == kind.key]
        for kind in kinds
    }


def _at_chapter(entry: Foreshadowing, chapter: int, seen: dict[str, Sighting]) -> ForeshadowingOut:
    """An entry with its state at chapter N and, when open there, when it was last seen."""
    sighting = seen.get(entry.id)
    return ForeshadowingOut.model_validate(entry).model_copy(
        update={
            "state": str(state_at(entry, chapter)),
            "last_seen": sighting.last_seen if sighting else None,
            "dormant": sighting.dormant if sighting else None,
        }
    )


def run(args: argparse.Namespace) -> int:
    """List, filter by relevance, or list overdue entries; exit 1 on parse errors."""
    project = Project.open(args.directory)
    kinds = declared_kinds(project)
    trackers, problems = _read_all(project)
    if problems:
        for problem in problems:
            print(problem, file=sys.stderr)
        return EXIT_PROBLEMS
    as_json = args.format == "json"
    if args.overdue:
        chapter, why = args.chapter, ""
        if chapter is None:
            chapter = (project.chapters[-1].number if project.chapters else 0) + 1
            why = " (the last chapter + 1)"
        overdue = trackers.overdue(chapter)
        if as_json:
            out = TrackersOut(
                chapter=chapter,
                mode="overdue",
                foreshadowing=[ForeshadowingOut.model_validate(entry) for entry in overdue],
            )
            print(out.to_json())
        else:
            print(f"Overdue at chapter {chapter}{why}: {len(overdue)}")
            for entry in overdue:
                print(f"{foreshadowing_line(entry)}  ({entry.source}:{entry.line})")
        return EXIT_OK
    if args.chapter is not None:
        items = relevant_for(project, args.chapter)
        seen = sightings(project, trackers, args.chapter)
        if as_json:
            out = TrackersOut(
                chapter=args.chapter,
                mode="relevant",
                foreshadowing=[
                    _at_chapter(entry, args.chapter, seen) for entry in trackers.foreshadowing
                ],
                relevant=[RelevantOut.model_validate(item) for item in items],
                tracked=_tracked(trackers, kinds),
            )
            print(out.to_json())
        else:
            print(f"Relevant to chapter {args.chapter}: {len(items)}")
            for item in items:
                print(item.text)
                where = f"{item.source}:{item.line}"
                print(f"    why: {'; '.join(item.reasons)}  (mentions: {item.mentions}; {where})")
            dormant = [sighting for sighting in seen.values() if sighting.dormant]
            print(f"Dormant at chapter {args.chapter}: {len(dormant)}")
            for sighting in dormant:
                print(f"- {sighting.entry_id}: last seen in chapter {sighting.last_seen}")
        return EXIT_OK
    if as_json:
        out = TrackersOut(
            mode="all",
            foreshadowing=list(map(ForeshadowingOut.model_validate, trackers.foreshadowing)),
            relationships=[RelationshipOut.model_validate(row) for row in trackers.relationships],
            tracked=_tracked(trackers, kinds),
        )
        print(out.to_json())
        return EXIT_OK
    print(f"Foreshadowing: {len(trackers.foreshadowing)}")
    for entry in trackers.foreshadowing:
        print(foreshadowing_line(entry))
    print(f"Relationship changes: {len(trackers.relationships)}")
    for row in trackers.relationships:
        print(relationship_line(row))
    for kind in kinds:
        rows = [item for item in trackers.items if item.kind == kind.key]
        print(f"{kind.title} ({kind.key}): {len(rows)}")
        for item in rows:
            print(tracked_line(item, kind))
    return EXIT_OK
