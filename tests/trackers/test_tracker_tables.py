"""Tables are found by markdown-it and cells located in their lines, pipes and all."""

from __future__ import annotations

from workbench.trackers.tables import escape_cell, find_tables, join_lines, split_cells, split_lines


def test_cells_of_a_padded_row_keep_their_spans():
    line = "| F001 |  玉佩  |3|"
    cells = split_cells(line)
    assert [cell.value for cell in cells] == ["F001", "玉佩", "3"]
    assert [cell.raw(line) for cell in cells] == [" F001 ", "  玉佩  ", "3"]
    assert line[cells[1].content_start : cells[1].content_end] == "玉佩"


def test_escaped_pipes_and_code_spans_do_not_split_cells():
    line = r"| a\|b | `x|y` | ``p`|q`` | c |"
    assert [cell.value for cell in split_cells(line)] == ["a|b", "`x|y`", "``p`|q``", "c"]


def test_an_unclosed_backtick_is_literal():
    assert [cell.value for cell in split_cells("| `a | b |")] == ["`a", "b"]


def test_rows_without_outer_pipes():
    cells = split_cells("  F001 | 玉佩 | 3  ")
    assert [cell.value for cell in cells] == ["F001", "玉佩", "3"]


def test_an_empty_cell_has_an_empty_value():
    assert [cell.value for cell in split_cells("| a |   | c |")] == ["a", "", "c"]


def test_tables_between_prose_are_found_with_their_lines():
    text = "前言\n\n| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n\n中间\n\n| c |\n|:-:|\n"
    tables = find_tables(text)
    assert [(t.header.line, t.delimiter, [r.line for r in t.rows]) for t in tables] == [
        (3, 3, [5, 6]),
        (10, 10, []),
    ]


def test_tables_in_block_quotes_and_lists_are_left_alone():
    text = "> | a | b |\n> |---|---|\n> | 1 | 2 |\n\n- | p | q |\n  |---|---|\n"
    assert find_tables(text) == []


def test_crlf_and_lone_cr_count_as_line_breaks_like_markdown_it():
    text = "x\r\n\r\n| a |\r|---|\r\n| 1 |"
    tables = find_tables(text)
    assert tables[0].header.line == 3
    assert tables[0].rows[0].line == 5
    assert join_lines(split_lines(text)) == text


def test_a_pipe_table_in_a_code_block_is_not_a_table():
    assert find_tables("```\n| a |\n|---|\n| 1 |\n```\n") == []


def test_escape_cell():
    assert escape_cell(" a|b ") == r"a\|b"
