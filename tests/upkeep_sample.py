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


# Chapters 6-10 tell their relations through 他/她 and 师父, never by two names in one
# sentence, so offline upkeep proposes no relationship there; this sentence, true to the
# story (韩素 is 沈青棠's teacher), states one.
STATED_RELATION = "沈青棠拜韩素为师，已经六年了。"


def state_a_relation(book: Path) -> None:
    """Add STATED_RELATION to chapter 9 as a paragraph of its own."""
    chapter = book / "chapters" / "ch009.md"
    chapter.write_text(chapter.read_text("utf-8") + f"\n{STATED_RELATION}\n", "utf-8")
