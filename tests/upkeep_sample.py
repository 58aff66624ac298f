"""The sample novel's cast cut back to the characters of chapters 1-5 (as an author who
stopped updating it after chapter 5 would have it): 裴玄度 (chapter 10) and 厉无咎 (chapter
12) are left out, every other section stays as written."""

from __future__ import annotations

from pathlib import Path

from workbench.book.sections import sections

LATER = ("裴玄度", "厉无咎")  # cast members who enter after chapter 5


def cut_back_cast(book: Path) -> None:
    """Remove the sections of the characters who enter after chapter 5."""
    path = book / "characters" / "characters.md"
    text = path.read_text(encoding="utf-8")
    for section in reversed(sections(text)):
        if section.level == 2 and section.title.strip() in LATER:
            text = text[: section.start] + text[section.end :]
    path.write_text(text, encoding="utf-8")
