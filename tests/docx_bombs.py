"""Hostile .docx files for the tests: a zip bomb, malformed XML and an entity bomb, each
built from a real document python-docx wrote."""

from __future__ import annotations

import io
import struct
import zipfile
import zlib
from pathlib import Path

DOCUMENT = "word/document.xml"
_HEAD = (
    b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w='
    b'"http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>'
)
_TAIL = b"</w:t></w:r></w:p></w:body></w:document>"


def _parts() -> dict[str, bytes]:
    import docx

    buffer = io.BytesIO()
    document = docx.Document()
    document.add_paragraph("第1章 开始")
    document.save(buffer)
    with zipfile.ZipFile(buffer) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def with_document(path: Path, xml: bytes) -> Path:
    """A real .docx whose word/document.xml is `xml`."""
    parts = _parts()
    parts[DOCUMENT] = xml
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    return path


def entity_bomb() -> bytes:
    """Billion laughs: ten levels of entities, each ten of the one below."""
    entities = ['<!ENTITY a0 "哈哈哈哈哈哈哈哈哈哈">']
    entities += [f'<!ENTITY a{i} "{f"&a{i - 1};" * 10}">' for i in range(1, 10)]
    doctype = f"<!DOCTYPE w:document [{''.join(entities)}]>".encode()
    head = _HEAD.replace(b"\n<w:document", b"\n" + doctype + b"<w:document")
    return head + b"&a9;" + _TAIL


def zip_bomb(path: Path, unpacked: int = 2 * 1024**3) -> Path:
    """A .docx of a few MB whose word/document.xml inflates to `unpacked` bytes of one
    paragraph. The deflate stream is one compressed megabyte of text repeated (each copy
    ends in a full flush, so copies can follow one another), written into the zip by hand:
    compressing two gigabytes for every test run would take half a minute. Its CRC is left
    0: a reader that inflates it all runs out of memory long before it could check."""
    megabyte = 1024 * 1024
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    head = compressor.compress(_HEAD) + compressor.flush(zlib.Z_FULL_FLUSH)
    body = compressor.compress(b"a" * megabyte) + compressor.flush(zlib.Z_FULL_FLUSH)
    tail = compressor.compress(_TAIL) + compressor.flush()
    count = (unpacked - len(_HEAD) - len(_TAIL)) // megabyte
    stream = head + body * count + tail
    size = len(_HEAD) + count * megabyte + len(_TAIL)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in _parts().items():
            if name != DOCUMENT:
                archive.writestr(name, data)
    others = buffer.getvalue()
    # Keep the other parts' local entries, then add ours, then one central directory.
    with zipfile.ZipFile(io.BytesIO(others)) as archive:
        infos = archive.infolist()
        end_of_entries = archive.start_dir  # where the old central directory began
    out = bytearray(others[:end_of_entries])
    name = DOCUMENT.encode()
    offset = len(out)
    out += struct.pack(
        "<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0x21, 0, len(stream), size, len(name), 0
    )
    out += name + stream
    central = bytearray()
    for info in infos:
        central += _central_entry(
            info.filename.encode(),
            info.compress_type,
            info.CRC,
            info.compress_size,
            info.file_size,
            info.header_offset,
        )
    central += _central_entry(name, 8, 0, len(stream), size, offset)
    start = len(out)
    out += central
    out += struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(infos) + 1, len(infos) + 1,
                       len(central), start, 0)  # fmt: skip
    path.write_bytes(bytes(out))
    return path


def _central_entry(name: bytes, method: int, crc: int, packed: int, size: int, offset: int):
    fields = (0x02014B50, 20, 20, 0, method, 0, 0x21, crc, packed, size, len(name))
    fields += (0, 0, 0, 0, 0, offset)  # extra, comment, disk, attributes, offset
    return struct.pack("<IHHHHHHIIIHHHHHII", *fields) + name
