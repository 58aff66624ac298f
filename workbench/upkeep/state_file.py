"""An accepted state change as one row appended to the state tracker's first table (章节 and
the column the change is about; the other cells empty). The state tracker records the
protagonist unless its table has a 角色 column."""

from __future__ import annotations

from workbench.trackers.tables import Line, find_tables, join_lines, split_cells, split_lines
from workbench.upkeep.errors import AcceptRefused
from workbench.upkeep.proposals import Proposal

# A proposal's field -> the words a state-tracker header uses for it.
FIELD_HEADERS = {
    "位置": ("位置", "地点", "所在"),
    "修为": ("修为", "境界", "等级", "实力"),
    "物品": ("物品", "道具", "装备"),
    "状态": ("状态", "伤势", "身体", "处境", "生死"),
}
CHAPTER_HEADERS = ("章节", "章", "chapter")
CHARACTER_HEADERS = ("角色", "人物", "character")


def with_state_row(text: str, source: str, proposal: Proposal, protagonist: str | None) -> str:
    """The state tracker's text with the proposal's row after its first table's last row."""
    lines = split_lines(text)
    found = find_tables(text)
    if not found:
        raise AcceptRefused(f"{source} has no table to add a row to")
    table = found[0]
    headers = [cell.value for cell in table.header.cells]
    chapter_at = _column(headers, CHAPTER_HEADERS)
    if chapter_at is None:
        raise AcceptRefused(f"{source}: its table has no 章节 column")
    field = str(proposal.fields.get("field") or "状态")
    field_at = _column(headers, FIELD_HEADERS.get(field, (field,)))
    if field_at is None:
        field_at = _column(headers, FIELD_HEADERS["状态"])
    if field_at is None:
        raise AcceptRefused(f"{source}: its table has no column for {field}")
    cells = [""] * len(headers)
    cells[chapter_at] = str(proposal.chapter)
    cells[field_at] = " ".join(str(proposal.fields.get("value") or "").split()).replace("|", "｜")
    who = str(proposal.fields.get("character") or "")
    character_at = _column(headers, CHARACTER_HEADERS)
    if character_at is not None:
        cells[character_at] = who
    elif who and protagonist and who != protagonist:
        raise AcceptRefused(f"{source} records the protagonist ({protagonist}), not {who}")
    at = table.last_index
    row = "| " + " | ".join(cells) + " |"
    last_line_of_file = not lines[at].end
    end = lines[at].end or ("\r\n" if "\r\n" in text else "\n")
    lines[at] = Line(lines[at].text, end)
    lines.insert(at + 1, Line(row, "" if last_line_of_file else end))
    edited = join_lines(lines)
    after = find_tables(edited)
    if not after or len(after[0].rows) != len(table.rows) + 1:
        raise AcceptRefused(f"{source}: the new row would not read back as a row of its table")
    if [c.value for c in split_cells(row)] != cells:
        raise AcceptRefused(f"{source}: the value cannot be written into a cell unchanged")
    return edited


def _column(headers: list[str], names: tuple[str, ...]) -> int | None:
    folded = [header.strip().casefold() for header in headers]
    return next((i for i, h in enumerate(folded) for n in names if n.casefold() in h), None)
