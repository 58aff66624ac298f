"""Keep the UI's Qt translation source (workbench/gui/i18n/*.ts) in step with the code, in the
file's own layout, without Qt Linguist.

  .venv/bin/python tools/translations.py missing TS         what the code translates and TS lacks
  .venv/bin/python tools/translations.py add TS PAIRS.tsv   add lines `context<TAB>source<TAB>zh`
                                                            (`\\n` for a newline in a string)
  .venv/bin/python tools/translations.py merge TS OTHER...  take what OTHER has and TS lacks
  .venv/bin/python tools/translations.py merge3 TS BASE THEIRS  TS gets THEIRS' changes to BASE

`merge` is for landing branches that each added strings: keep one side's file in the merge,
then merge the other side's in; `merge3` (a conflict's stages :1: and :3:) also carries the
translations the other side changed or removed. `missing` asks pyside6-lupdate (beside the
Python that runs this) what the code translates, in a scratch copy, so the file itself is never
rewritten by lupdate (which drops the messages only the engine's words name and re-indents).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path
from xml.sax.saxutils import escape

LUPDATE = Path(sys.executable).parent / "pyside6-lupdate"  # of the .venv that runs this

Key = tuple[str, str, str]  # context, source, comment


def read_messages(ts: Path) -> dict[Key, ET.Element]:
    """Every message of a .ts file by (context, source, comment)."""
    messages = {}
    for context in ET.parse(ts).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            key = (name, message.findtext("source") or "", message.findtext("comment") or "")
            messages[key] = message
    return messages


def is_translated(message: ET.Element) -> bool:
    translation = message.find("translation")
    if translation is None or translation.get("type") in ("unfinished", "vanished", "obsolete"):
        return False
    forms = [form.text for form in translation.iter("numerusform")]
    return all(forms) if forms else bool(translation.text)


def _text(value: str) -> str:
    return escape(value, {"'": "&apos;", '"': "&quot;"})


def message_xml(message: ET.Element) -> str:
    """One message in the file's layout (two spaces a level, as the file has always had)."""
    numerus = message.get("numerus") == "yes"
    lines = ['    <message numerus="yes">' if numerus else "    <message>"]
    lines.append(f"      <source>{_text(message.findtext('source') or '')}</source>")
    comment = message.findtext("comment")
    if comment:
        lines.append(f"      <comment>{_text(comment)}</comment>")
    translation = message.find("translation")
    if numerus and translation is not None:
        lines.append("      <translation>")
        for form in translation.iter("numerusform"):
            lines.append(f"        <numerusform>{_text(form.text or '')}</numerusform>")
        lines.append("      </translation>")
    else:
        text = translation.text if translation is not None else ""
        lines.append(f"      <translation>{_text(text or '')}</translation>")
    lines.append("    </message>")
    return "\n".join(lines) + "\n"


def insert(ts: Path, additions: list[tuple[str, ET.Element]]) -> int:
    """Insert messages at the end of their context (a new context at the end of the file)."""
    text = ts.read_text(encoding="utf-8")
    for context, message in additions:
        marker = f"    <name>{_text(context)}</name>\n"
        start = text.find(marker)
        if start < 0:
            block = f"  <context>\n{marker}{message_xml(message)}  </context>\n"
            end = text.rindex("</TS>")
            text = text[:end] + block + text[end:]
            continue
        end = text.index("  </context>\n", start)
        text = text[:end] + message_xml(message) + text[end:]
    ts.write_text(text, encoding="utf-8")
    return len(additions)


def replace_translation(ts: Path, key: Key, message: ET.Element | None) -> bool:
    """Put `message`'s translation in place of the one `key` has in TS (None: remove the
    message); False when TS has no such message."""
    text = ts.read_text(encoding="utf-8")
    context = text.find(f"<name>{_text(key[0])}</name>")
    if context < 0:
        return False
    end = text.find("</context>", context)
    # Quotes and apostrophes stand escaped or as they are: files written by hand have both.
    spellings = (_text(key[1]), escape(key[1]))
    source = max(text.find(f"<source>{spelled}</source>", context, end) for spelled in spellings)
    if source < 0:
        return False
    start = text.rfind("<message", context, source)
    start = text.rfind("\n", 0, start) + 1
    stop = text.index("</message>", source) + len("</message>\n")
    replacement = message_xml(message) if message is not None else ""
    ts.write_text(text[:start] + replacement + text[stop:], encoding="utf-8")
    return True


def merge3(ts: Path, base: Path, theirs: Path) -> tuple[int, int, int]:
    """TS gets every message THEIRS added, changed or removed since BASE: (added, changed,
    removed)."""
    before, after, have = read_messages(base), read_messages(theirs), read_messages(ts)
    added, changed, removed = [], 0, 0
    for key, message in after.items():
        if key in before and message_xml(message) == message_xml(before[key]):
            continue
        if key in have:
            changed += replace_translation(ts, key, message)
        else:
            added.append((key[0], message))
    for key in before.keys() - after.keys():
        removed += replace_translation(ts, key, None)
    return insert(ts, added), changed, removed


def new_message(source: str, translation: str, comment: str = "") -> ET.Element:
    message = ET.Element("message")
    ET.SubElement(message, "source").text = source
    if comment:
        ET.SubElement(message, "comment").text = comment
    if "%n" in source:
        message.set("numerus", "yes")
        ET.SubElement(ET.SubElement(message, "translation"), "numerusform").text = translation
    else:
        ET.SubElement(message, "translation").text = translation
    return message


def missing(ts: Path) -> list[Key]:
    """What the code translates and TS has no translation of."""
    gui = ts.resolve().parents[1]  # the .ts lives in workbench/gui/i18n/
    sources = [str(p) for p in sorted(gui.rglob("*.py"))]
    with tempfile.TemporaryDirectory() as scratch:
        copy = Path(scratch) / ts.name
        copy.write_bytes(ts.read_bytes())
        subprocess.run(
            [str(LUPDATE), *sources, "-ts", str(copy), "-source-language", "en",
             "-locations", "none", "-silent"],
            check=True,
        )  # fmt: skip
        current = read_messages(copy)
    have = read_messages(ts)
    return [key for key in current if key not in have or not is_translated(have[key])]


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[0] not in ("missing", "add", "merge", "merge3"):
        print(__doc__, file=sys.stderr)
        return 2
    command, ts = argv[0], Path(argv[1])
    if command == "missing":
        for context, source, comment in missing(ts):
            note = f" ({comment})" if comment else ""
            print(f"{context}\t{source}{note}")
        return 0
    if command == "merge3":
        added, changed, removed = merge3(ts, Path(argv[2]), Path(argv[3]))
        print(f"{ts}: {added} added, {changed} changed, {removed} removed")
        return 0
    have = read_messages(ts)
    additions: list[tuple[str, ET.Element]] = []
    if command == "add":
        for number, line in enumerate(Path(argv[2]).read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            parts = line.replace("\\n", "\n").split("\t")
            if len(parts) != 3:
                print(f"{argv[2]}:{number}: expected context<TAB>source<TAB>translation")
                return 2
            context, source, translation = parts
            if (context, source, "") not in have:
                additions.append((context, new_message(source, translation)))
    else:
        for other in argv[2:]:
            for key, message in read_messages(Path(other)).items():
                if key not in have and is_translated(message):
                    additions.append((key[0], message))
                    have[key] = message
    print(f"{insert(ts, additions)} messages added to {ts}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
