"""Hostile and odd input through the real command line: every defect of issue 10 that a .docx,
an option or the machine can provoke ends in one line and exit status 2 (or in a correct run),
never in a traceback, a hang, a changed input or a stray file."""

from __future__ import annotations

import http.server
import socket
import json
import os
import re
import shutil
import signal
import stat
import subprocess
import sys
import threading
import time
import zipfile
from pathlib import Path

import docx
import pytest
from lxml import etree

from docxbuild import DocBuilder
from peak import PEAK_KIB
from toa import render, write

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
SAMPLE = SAMPLES / "planted-problems.docx"
W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def toa(*args: str, cwd: Path, env: dict | None = None, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "toa.cli", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, **(env or {})},
    )


def listing(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


def assert_one_line_error(proc: subprocess.CompletedProcess, words: str):
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("toa: error: ") and words in lines[0], lines[0]
    assert "Traceback" not in proc.stderr + proc.stdout


def rewrite(src: Path, dst: Path, changes: dict[str, bytes]) -> None:
    """A copy of the .docx `src` with some parts replaced (or added)."""
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            zout.writestr(info.filename, changes.pop(info.filename, None) or zin.read(info))
        for name, data in changes.items():
            zout.writestr(name, data)


def brief(path: Path, *texts: str) -> Path:
    b = DocBuilder()
    b.heading("ARGUMENT", level=1)
    for t in texts:
        b.paragraph(t)
    return b.save(path)


def extract_rows(proc: subprocess.CompletedProcess) -> list[dict]:
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


# --------------------------------------------------------------------------- nested tables


def _nested(depth: int, texts: list[str]) -> str:
    """`depth` tables each inside the one cell of the table before; texts[i] in level i's cell."""
    inner = ""
    for level in reversed(range(depth)):
        text = texts[level] if level < len(texts) else ""
        inner = (
            f'<w:tbl><w:tblPr/><w:tblGrid><w:gridCol w:w="5000"/></w:tblGrid><w:tr><w:tc>'
            f'<w:p><w:r><w:t xml:space="preserve">{text}</w:t></w:r></w:p>{inner}<w:p/></w:tc></w:tr></w:tbl>'
        )
    return inner


def _with_body(tmp_path: Path, body_xml: str) -> Path:
    src = brief(tmp_path / "base.docx", "Placeholder.")
    with zipfile.ZipFile(src) as z:
        doc = z.read("word/document.xml").decode()
    start = doc.index("<w:body>") + len("<w:body>")
    end = doc.index("<w:sectPr", start)
    out = tmp_path / "brief.docx"
    rewrite(src, out, {"word/document.xml": (doc[:start] + body_xml + doc[end:]).encode()})
    src.unlink()
    return out


def test_a_table_in_a_table_counts_each_citation_once(tmp_path):
    _with_body(
        tmp_path,
        _nested(
            2,
            [
                "See Celotex Corp. v. Catrett, 477 U.S. 317 (1986).",
                "See Anderson v. Liberty Lobby, Inc., 477 U.S. 242 (1986).",
            ],
        ),
    )
    rows = extract_rows(toa("extract", "brief.docx", "--pages", "estimate", "--json", cwd=tmp_path))
    assert sorted(r["text"] for r in rows) == [
        "Anderson v. Liberty Lobby, Inc., 477 U.S. 242 (1986)",
        "Celotex Corp. v. Catrett, 477 U.S. 317 (1986)",
    ]
    assert {r["story"] for r in rows} == {"table"}


def test_tables_fifty_deep_finish_in_seconds(tmp_path):
    texts = [""] * 49 + ["See Celotex Corp. v. Catrett, 477 U.S. 317 (1986)."]
    _with_body(tmp_path, _nested(50, texts))
    rows = extract_rows(toa("extract", "brief.docx", "--pages", "estimate", "--json", cwd=tmp_path, timeout=60))
    assert [r["text"] for r in rows] == ["Celotex Corp. v. Catrett, 477 U.S. 317 (1986)"]


# --------------------------------------------------------------------------- the package itself


def _bomb(path: Path, megabytes: int) -> None:
    """The sample with a document.xml that inflates to `megabytes` MB (of spaces in the XML)."""
    with zipfile.ZipFile(SAMPLE) as zin, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename != "word/document.xml":
                zout.writestr(info.filename, data)
                continue
            with zout.open("word/document.xml", "w", force_zip64=True) as fh:
                fh.write(data[: -len(b"</w:document>")])
                chunk = b" " * 2**20
                for _ in range(megabytes):
                    fh.write(chunk)
                fh.write(b"</w:document>")


@pytest.mark.parametrize("command", ["build", "check", "extract"])
def test_a_part_that_inflates_past_the_limit_is_refused_before_inflating(tmp_path, command):
    _bomb(tmp_path / "brief.docx", 101)
    assert (tmp_path / "brief.docx").stat().st_size < 2 * 2**20
    before = listing(tmp_path)
    extra = ["--offline", "--no-cache"] if command == "check" else []
    proc = toa(command, "brief.docx", "--pages", "estimate", *extra, cwd=tmp_path, timeout=60)
    assert_one_line_error(proc, "at most 100 MB per part")
    assert listing(tmp_path) == before


def test_a_package_that_inflates_past_the_total_limit_is_refused(tmp_path):
    """Three parts of 90 MB each: every part is under its limit, the whole is not."""
    with zipfile.ZipFile(SAMPLE) as zin, zipfile.ZipFile(tmp_path / "brief.docx", "w", zipfile.ZIP_DEFLATED) as z:
        for info in zin.infolist():
            z.writestr(info.filename, zin.read(info))
        chunk = b"\0" * 2**20
        for n in range(3):
            with z.open(f"word/media/filler{n}.bin", "w", force_zip64=True) as fh:
                for _ in range(90):
                    fh.write(chunk)
    before = listing(tmp_path)
    proc = toa("extract", "brief.docx", "--pages", "estimate", cwd=tmp_path, timeout=60)
    assert_one_line_error(proc, "at most 250 MB is accepted")
    assert listing(tmp_path) == before


def test_a_package_of_too_many_parts_is_refused(tmp_path):
    rewrite(SAMPLE, tmp_path / "brief.docx", {f"customXml/item{n}.bin": b"x" for n in range(2100)})
    proc = toa("extract", "brief.docx", "--pages", "estimate", cwd=tmp_path, timeout=60)
    assert_one_line_error(proc, "at most 2000 are accepted")


CITATION = "<w:p><w:r><w:t>See 42 U.S.C. § 1983.</w:t></w:r></w:p>"


@pytest.mark.parametrize(
    "body, words",
    [
        (
            lambda: "<w:p>" + "<w:r/>" * 2_000_000 + "</w:p>" + CITATION,
            "part word/document.xml takes the brief past 2,000,000 XML tags",
        ),
        (lambda: "<w:p/>" * 200_001 + CITATION, "takes the brief past 200,000 paragraphs; at most that many"),
        (
            lambda: f"<w:p><w:r><w:t>{'x' * 3_000_000}</w:t></w:r></w:p>" + CITATION,
            "takes the brief past 3,000,000 characters of text; at most that many are accepted",
        ),
        (
            lambda: "<w:p " + " ".join(f'w:a{i}="1"' for i in range(300)) + "/>" + CITATION,
            "part word/document.xml has an element with 300 attributes; at most 256 per element are accepted",
        ),
        (
            lambda: ("<w:p " + " ".join(f'w:a{i}="1"' for i in range(100)) + "/>") * 20_001 + CITATION,
            "takes the brief past 2,000,000 XML attributes; at most that many are accepted",
        ),
        (lambda: CITATION * 20_001, "has more than 20,000 citations; at most that many are accepted"),
    ],
    ids=["tags", "paragraphs", "characters", "attributes of an element", "attributes", "citations"],
)
def test_a_brief_past_the_memory_limits_is_refused(tmp_path, body, words):
    """Issue 20: '<w:p/>' two million times, a 54 KB file, took 1.95 GB (and with a citation in
    it, built); a build holds memory for every tag, paragraph, character and citation it reads.
    Past the limits of README "Limits", one line and exit 2, nothing written
    (bench/build_memory.py prints the memory each takes)."""
    _with_body(tmp_path, body())
    before = listing(tmp_path)
    proc = toa("build", "brief.docx", "--pages", "estimate", cwd=tmp_path, timeout=300)
    assert_one_line_error(proc, words)
    assert listing(tmp_path) == before


@pytest.mark.parametrize(
    "body",
    [
        # 300 "=" in one run's text: more than an element may hold of attributes, but no attributes
        lambda: "<w:p><w:r><w:t>" + "= " * 300 + "</w:t></w:r></w:p>" + CITATION,
        lambda: "<w:p " + " ".join(f'w:a{i}="1"' for i in range(250)) + "/>" + CITATION,  # within 256
        # a million "<" in text, escaped: no tags
        lambda: "<w:p><w:r><w:t>" + "&lt;" * 1_000_000 + "</w:t></w:r></w:p>" + CITATION,
    ],
    ids=["equals signs in text", "250 attributes", "escaped angle brackets"],
)
def test_a_brief_within_the_limits_is_built(tmp_path, body):
    """What the counts at C speed cannot tell from markup (package._within_limits_at_most) is
    counted exactly, and passes."""
    _with_body(tmp_path, body())
    proc = toa("build", "brief.docx", "--pages", "estimate", cwd=tmp_path, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert re.search(r"^Statutes\s+1\s+1$", proc.stdout, re.M), proc.stdout


def _with_chunk(tmp_path: Path, *chunks: bytes) -> Path:
    """brief.docx: a citation, then each .docx of `chunks` as an altChunk (Word lays its body out there)."""
    src = brief(tmp_path / "base.docx", "See 42 U.S.C. § 1983.")
    with zipfile.ZipFile(src) as z:
        doc, rels, types = (z.read(n).decode() for n in ("word/document.xml", RELS, "[Content_Types].xml"))
    at = doc.rindex("<w:sectPr")
    refs = "".join(f'<w:altChunk r:id="rIdC{n}"/>' for n in range(len(chunks)))
    chunk_rels = b"".join(_rel(f"rIdC{n}", "aFChunk", f"chunk{n}.docx", False) for n in range(len(chunks)))
    docx_type = f'<Default Extension="docx" ContentType="{_PACKAGE_TYPE}"/>'
    out = tmp_path / "brief.docx"
    rewrite(
        src,
        out,
        {
            "word/document.xml": (doc[:at] + refs + doc[at:]).encode(),
            RELS: rels.replace("</Relationships>", chunk_rels.decode() + "</Relationships>").encode(),
            "[Content_Types].xml": types.replace("</Types>", docx_type + "</Types>").encode(),
            **{f"word/chunk{n}.docx": chunk for n, chunk in enumerate(chunks)},
        },
    )
    src.unlink()
    return out


RELS = "word/_rels/document.xml.rels"


def _chunk(tmp_path: Path, body_xml: str, extra: dict[str, int] | None = None) -> bytes:
    """A .docx whose body is `body_xml`, with parts of `extra` (name -> megabytes of zeros)."""
    path = _with_body(tmp_path, body_xml)
    with zipfile.ZipFile(path, "a", zipfile.ZIP_DEFLATED) as z:
        for name, megabytes in (extra or {}).items():
            with z.open(name, "w", force_zip64=True) as fh:
                for _ in range(megabytes):
                    fh.write(bytes(2**20))
    data = path.read_bytes()
    path.unlink()
    return data


@pytest.mark.parametrize(
    "chunk, words",
    [
        (
            lambda tmp: [_chunk(tmp, "<w:p>" + "<w:r/>" * 2_000_000 + "</w:p>")],
            "part word/chunk0.docx/word/document.xml takes the brief past 2,000,000 XML tags",
        ),
        (lambda tmp: [_chunk(tmp, "<w:p/>" * 200_001)], "takes the brief past 200,000 paragraphs"),
        (
            lambda tmp: [_chunk(tmp, "<w:p/>", {f"word/media/filler{n}.bin": 90 for n in range(2)})] * 2,
            "MB with its embedded packages; at most 250 MB is accepted",
        ),
    ],
    ids=["tags", "paragraphs", "size"],
)
def test_an_altchunk_counts_toward_the_limits(tmp_path, chunk, words):
    """Issue 28: 16.6 million paragraphs in an altChunk (a .docx inside the brief, which
    LibreOffice lays out) took 2.2 GB in toa and 7.5 GB in LibreOffice; what a chunk holds
    counts toward the brief's limits, before anything is parsed."""
    work = tmp_path / "work"
    work.mkdir()
    _with_chunk(work, *chunk(tmp_path))
    before = listing(work)
    proc = toa("build", "brief.docx", "--pages", "estimate", cwd=work, timeout=300)
    assert_one_line_error(proc, words)
    assert listing(work) == before


def test_an_altchunk_within_the_limits_is_laid_out(tmp_path):
    """A chunk under every limit builds, and the output keeps it as it was."""
    chunk = _chunk(tmp_path, "<w:p><w:r><w:t>The chunk.</w:t></w:r></w:p>" * 1000)
    _with_chunk(tmp_path, chunk)
    proc = toa("build", "brief.docx", "--pages", "estimate", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    with zipfile.ZipFile(tmp_path / "brief.toa.docx") as z:
        assert z.read("word/chunk0.docx") == chunk


LAUGHS = (
    '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
    + "".join(f'<!ENTITY lol{i} "{("&lol" + str(i - 1) + ";") * 10 if i > 1 else "&lol;" * 10}">' for i in range(1, 10))
    + "]>"
)


def _part(name: str) -> bytes:
    with zipfile.ZipFile(SAMPLE) as z:
        return z.read(name)


def _in_first_text(xml: bytes, entity: bytes) -> bytes:
    """`xml` with an entity reference at the start of its first w:t."""
    start = xml.index(b"<w:t")
    end = xml.index(b">", start) + 1
    return xml[:end] + entity + xml[end:]


HOSTILE_PARTS = {
    "doctype-in-document": (
        "word/document.xml",
        lambda: _in_first_text(
            _part("word/document.xml").replace(
                b"?>", b'?><!DOCTYPE w:document [<!ENTITY xxe "Celotex Corp. v. Catrett">]>', 1
            ),
            b"&xxe;",
        ),
        "DOCTYPE",
    ),
    "laughs-in-footnotes": (
        "word/footnotes.xml",
        lambda: LAUGHS.encode() + _in_first_text(_part("word/footnotes.xml").split(b"?>", 1)[1], b"&lol9;"),
        "DOCTYPE",
    ),
    "bad-xml-in-footnotes": ("word/footnotes.xml", lambda: _part("word/footnotes.xml")[:-40], "footnotes.xml"),
    "bad-xml-in-endnotes": (
        "word/endnotes.xml",
        lambda: b"<w:endnotes xmlns:w='" + W.encode() + b"'><w:endnote",
        "endnotes.xml",
    ),
    "main-part-not-a-document": (
        "word/document.xml",
        lambda: (
            _part("word/document.xml")
            .replace(b"<w:document ", b"<w:documentx ", 1)
            .replace(b"</w:document>", b"</w:documentx>")
        ),
        "cannot be opened",
    ),
    "main-part-without-body": (
        "word/document.xml",
        lambda: b'<w:document xmlns:w="' + W.encode() + b'"/>',
        "cannot be opened",
    ),
    "doctype-in-rels": (
        "word/_rels/document.xml.rels",
        lambda: _part("word/_rels/document.xml.rels").replace(
            b"?>", b"?><!DOCTYPE r SYSTEM 'http://127.0.0.1:9/x.dtd'>", 1
        ),
        "DOCTYPE",
    ),
}


@pytest.mark.parametrize("command", ["build", "check", "extract"])
@pytest.mark.parametrize("case", sorted(HOSTILE_PARTS))
def test_a_hostile_part_is_one_line_and_exit_2(tmp_path, case, command):
    name, make, words = HOSTILE_PARTS[case]
    rewrite(SAMPLE, tmp_path / "brief.docx", {name: make()})
    before = listing(tmp_path)
    extra = ["--offline", "--no-cache"] if command == "check" else []
    proc = toa(command, "brief.docx", "--pages", "estimate", *extra, cwd=tmp_path, timeout=60)
    assert_one_line_error(proc, words)
    assert listing(tmp_path) == before


XXE = b'<!DOCTYPE w:x [<!ENTITY xxe SYSTEM "http://127.0.0.1:9/secret">]>'


def _main_part_moved() -> dict[str, bytes]:
    """The main part at word/main.bin (the package's relationships and content types say so),
    declaring an external entity; an unused word/document.xml stays beside it."""
    main = _in_first_text(_part("word/document.xml").replace(b"?>", b"?>" + XXE, 1), b"&xxe;")
    main_type = b"application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"
    return {
        "word/main.bin": main,
        "word/_rels/main.bin.rels": _part("word/_rels/document.xml.rels"),
        "_rels/.rels": _part("_rels/.rels").replace(b'Target="word/document.xml"', b'Target="word/main.bin"'),
        "[Content_Types].xml": _part("[Content_Types].xml").replace(
            b"</Types>", b'<Override PartName="/word/main.bin" ContentType="' + main_type + b'"/></Types>'
        ),
    }


def _footnotes_moved(content_type: bytes | None) -> dict[str, bytes]:
    """The footnotes at word/footnotes.bin, with an entity, typed as footnotes or not typed at all."""
    notes = _in_first_text(_part("word/footnotes.xml").replace(b"?>", b"?>" + XXE, 1), b"&xxe;")
    types = _part("[Content_Types].xml")
    if content_type:
        types = types.replace(
            b"</Types>", b'<Override PartName="/word/footnotes.bin" ContentType="' + content_type + b'"/></Types>'
        )
    return {
        "word/footnotes.bin": notes,
        "[Content_Types].xml": types,
        "word/_rels/document.xml.rels": _part("word/_rels/document.xml.rels").replace(
            b'Target="footnotes.xml"', b'Target="footnotes.bin"'
        ),
    }


MOVED_PARTS = {
    "main-part-as-bin": _main_part_moved,
    "footnotes-as-bin-typed": lambda: _footnotes_moved(
        b"application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml"
    ),
    "footnotes-as-bin-untyped": lambda: _footnotes_moved(None),
}


@pytest.mark.parametrize("command", ["build", "check", "extract"])
@pytest.mark.parametrize("case", sorted(MOVED_PARTS))
def test_an_xml_part_not_named_xml_is_checked_too(tmp_path, case, command):
    """Parts are XML by their content type or their relationship, not by their name."""
    rewrite(SAMPLE, tmp_path / "brief.docx", MOVED_PARTS[case]())
    before = listing(tmp_path)
    extra = ["--offline", "--no-cache"] if command == "check" else []
    proc = toa(command, "brief.docx", "--pages", "estimate", *extra, cwd=tmp_path, timeout=60)
    assert_one_line_error(proc, "declares a DTD (DOCTYPE)")
    assert listing(tmp_path) == before


@pytest.mark.parametrize("char", ["\u2028", "\u2029", "\u0085", "\u0086", "\u009f"])
def test_separators_and_c1_controls_inside_a_citation_do_not_hide_it(tmp_path, char):
    """A line separator prints as a line break (a space); other C1 controls print nothing."""
    spacing = char in "\u2028\u2029\u0085"
    brief(
        tmp_path / "brief.docx",
        f"See Celotex Corp. v. Catrett, 477 U.S.{char if spacing else ' 3' + char}{'3' if spacing else ''}17 (1986).",
        f"See Anderson v. Liberty Lobby, Inc., 477{char if spacing else ' U' + char + '.S.'}"
        f"{'U.S.' if spacing else ''} 242 (1986).",
    )
    rows = extract_rows(toa("extract", "brief.docx", "--pages", "estimate", "--json", cwd=tmp_path))
    assert [r["authority"] for r in rows] == [
        "Celotex Corp. v. Catrett, 477 U.S. 317 (1986)",
        "Anderson v. Liberty Lobby, Inc., 477 U.S. 242 (1986)",
    ]


def _visible_paragraphs(path: Path) -> list[str]:
    """The printed text of every paragraph of the main part, as the file holds it (hidden runs
    such as TA fields left out)."""
    from lxml import etree

    with zipfile.ZipFile(path) as z:
        root = etree.fromstring(z.read("word/document.xml"))
    hidden = f"{{{W}}}rPr/{{{W}}}vanish"
    return [
        "".join(t.text or "" for r in p.iter(f"{{{W}}}r") if r.find(hidden) is None for t in r.iter(f"{{{W}}}t"))
        for p in root.iter(f"{{{W}}}p")
    ]


# Characters that print nothing inside citations, and the table each brief must get.
_INVISIBLE = {
    # Issue 20: a left-to-right or right-to-left mark, a word joiner, a bidi isolate, embedding or
    # override (Unicode Cf) dropped the citation from the table, and inside the year the year.
    "format characters": (
        [
            "See Planned Parenthood v. Casey, 505 U.S.\u200e 105, 110 (1992).",
            "Fees follow under 42 U.S.C. §\u200f 1988.",
            "See Smith v. Jones, 500 U.S. 100, 101 (19\u206691\u2069).",
            "See Doe v. Roe, 501 U.S. 2\u206000 (1991).",
            "See Able v. Baker, 502 U.S.\u202d 300 (\u202a1992\u202c).",
            "See Cole v. Dane, 503 U.S. \u2068400\u2069, 401 (199\u061c3).",
        ],
        [
            "42 U.S.C. § 1988",
            "Able v. Baker, 502 U.S. 300 (1992)",
            "Cole v. Dane, 503 U.S. 400 (1993)",
            "Doe v. Roe, 501 U.S. 200 (1991)",
            "Planned Parenthood v. Casey, 505 U.S. 105 (1992)",
            "Smith v. Jones, 500 U.S. 100 (1991)",
        ],
    ),
    # Issue 28: a combining grapheme joiner (U+034F), a variation selector (U+FE0F), a Hangul
    # filler (U+3164) and its halfwidth form (U+FFA0), Default_Ignorable_Code_Point and none of
    # them Cf, and a braille blank (U+2800) hid the citation from eyecite or the recognizers.
    "default ignorable characters": (
        [
            "See Planned Parenthood v. Casey, 505 U.S.\u034f 105, 110 (1992).",
            "Fees follow under 42 U.S.C. \u00a7\ufe0f 1988.",
            "See Smith v. Jones, 500 U.S. 1\u316400, 101 (1991).",
            "See Doe v. Roe, 501 U.S. 200 (19\u280091).",
            "Summary judgment is proper under Fed. R. Civ. P. 5\uffa06.",
        ],
        [
            "42 U.S.C. \u00a7 1988",
            "Doe v. Roe, 501 U.S. 200 (1991)",
            "Fed. R. Civ. P. 56",
            "Planned Parenthood v. Casey, 505 U.S. 105 (1992)",
            "Smith v. Jones, 500 U.S. 100 (1991)",
        ],
    ),
}


@pytest.mark.parametrize("kind", list(_INVISIBLE))
def test_invisible_characters_inside_a_citation_neither_hide_it_nor_leave_the_brief(tmp_path, kind):
    """Each citation is in the table with its year, and the output keeps every one of those
    characters where the brief has it."""
    texts, table = _INVISIBLE[kind]
    brief(tmp_path / "brief.docx", *texts)
    proc = toa("build", "brief.docx", "--pages", "estimate", "--json", "report.json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    report = json.loads((tmp_path / "report.json").read_text())
    assert sorted(a["text"] for c in report["categories"] for a in c["authorities"]) == table
    printed = _visible_paragraphs(tmp_path / "brief.toa.docx")
    assert all(t in printed for t in texts), printed


# --------------------------------------------------------------------------- outputs and options


def _sample(tmp_path: Path) -> Path:
    shutil.copyfile(SAMPLE, tmp_path / "brief.docx")
    return tmp_path / "brief.docx"


@pytest.mark.parametrize("command", ["build", "check"])
@pytest.mark.parametrize("spelling", ["brief.docx", "./brief.docx", "{abs}"])
def test_a_report_naming_the_input_is_refused_before_any_work(tmp_path, command, spelling):
    _sample(tmp_path)
    before = listing(tmp_path)
    proc = toa(
        command,
        "brief.docx",
        "--pages",
        "estimate",
        "--offline",
        "--no-cache",
        "--json",
        spelling.format(abs=tmp_path / "brief.docx"),
        cwd=tmp_path,
    )
    assert_one_line_error(proc, "refusing to write the report over the input")
    assert listing(tmp_path) == before


@pytest.mark.parametrize("command", ["build", "check"])
def test_output_and_report_naming_one_file_is_refused(tmp_path, command):
    _sample(tmp_path)
    before = listing(tmp_path)
    proc = toa(
        command,
        "brief.docx",
        "--pages",
        "estimate",
        "--offline",
        "--no-cache",
        "-o",
        "out.docx",
        "--json",
        "./out.docx",
        cwd=tmp_path,
    )
    assert_one_line_error(proc, "both name")
    assert listing(tmp_path) == before


@pytest.mark.parametrize("option", ["-o", "--json"])
def test_a_fifo_as_output_is_refused_and_left_alone(tmp_path, option):
    _sample(tmp_path)
    os.mkfifo(tmp_path / "pipe")
    proc = toa("build", "brief.docx", "--pages", "estimate", option, "pipe", cwd=tmp_path, timeout=60)
    assert_one_line_error(proc, "not a regular file")
    assert stat.S_ISFIFO(os.lstat(tmp_path / "pipe").st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["brief.docx", "pipe"]


def _special(folder: Path, kind: str) -> Path:
    path = folder / kind
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:  # a character device, as /dev/null is
        try:
            os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        except PermissionError:
            pytest.skip("making a device node needs privileges")
    return path


@pytest.mark.parametrize("kind", ["device", "fifo", "folder"])
@pytest.mark.parametrize(
    "command",
    [
        ("addin", "manifest", "-o"),
        ("build", "brief.docx", "--pages", "estimate", "-o"),
        ("build", "brief.docx", "--pages", "estimate", "--json"),
    ],
)
def test_a_special_file_as_output_is_never_replaced(tmp_path, kind, command):
    _sample(tmp_path)
    target = _special(tmp_path, kind)
    before = os.lstat(target)
    proc = toa(*command, kind, cwd=tmp_path, timeout=120)
    assert_one_line_error(proc, f"refusing to write {kind}: it is not a regular file")
    after = os.lstat(target)
    assert (stat.S_IFMT(after.st_mode), after.st_rdev, after.st_ino) == (
        stat.S_IFMT(before.st_mode),
        before.st_rdev,
        before.st_ino,
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["brief.docx", kind]
    if kind == "folder":
        assert list(target.iterdir()) == []


@pytest.mark.parametrize("kind", ["/dev/zero", "fifo", "folder", "two megabytes"])
def test_a_manifest_to_check_that_is_no_small_regular_file_is_refused_without_reading_it(tmp_path, kind):
    """`toa addin doctor --manifest`: /dev/zero would be read forever, a FIFO would block its open,
    a folder cannot be read, and a manifest is a few KB (the cap is 1 MB): one line, exit 2, at
    once, with no check run (its stdout is empty) and the FIFO left as it was."""
    if kind == "/dev/zero":
        target = Path(kind)
    elif kind == "two megabytes":
        target = tmp_path / "big.xml"
        target.write_bytes(b"<!--" + b"x" * 2_000_000 + b"-->")
    else:
        target = _special(tmp_path, kind)
    proc = toa("addin", "doctor", "--manifest", str(target), cwd=tmp_path, timeout=60)
    words = "larger than 1 MB" if kind == "two megabytes" else "not a regular file"
    assert_one_line_error(proc, f"{target} is {words}")
    assert proc.stdout == ""
    if kind == "fifo":
        assert stat.S_ISFIFO(os.lstat(target).st_mode)


def test_the_manifest_replaces_a_regular_file_atomically(tmp_path):
    (tmp_path / "manifest.xml").write_text("old")
    os.chmod(tmp_path / "manifest.xml", 0o640)
    proc = toa("addin", "manifest", "--port", "3456", "-o", "manifest.xml", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "https://localhost:3456/" in (tmp_path / "manifest.xml").read_text(encoding="utf-8")
    assert stat.S_IMODE(os.stat(tmp_path / "manifest.xml").st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["manifest.xml"]


def test_the_report_gets_the_same_mode_as_the_docx(tmp_path):
    _sample(tmp_path)
    proc = subprocess.run(
        [
            sys.executable,
            "-c",
            "import os, sys; os.umask(0o022); from toa.cli import main; sys.exit(main(sys.argv[1:]))",
            "build",
            "brief.docx",
            "--pages",
            "estimate",
            "--json",
            "report.json",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    modes = {name: stat.S_IMODE(os.stat(tmp_path / name).st_mode) for name in ("brief.toa.docx", "report.json")}
    assert modes == {"brief.toa.docx": 0o644, "report.json": 0o644}


def test_a_full_disk_is_one_line_and_leaves_nothing(tmp_path):
    """RLIMIT_FSIZE makes every write past 20 KB fail (EFBIG), as a full disk fails (ENOSPC)."""
    _sample(tmp_path)
    before = listing(tmp_path)
    code = (
        "import resource, signal, sys; signal.signal(signal.SIGXFSZ, signal.SIG_IGN); "
        "resource.setrlimit(resource.RLIMIT_FSIZE, (20000, 20000)); from toa.cli import main; "
        "sys.exit(main(sys.argv[1:]))"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code, "build", "brief.docx", "--pages", "estimate"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert_one_line_error(proc, "cannot write brief.toa.docx")
    assert listing(tmp_path) == before


def test_a_report_that_cannot_be_written_after_the_docx_says_the_docx_was_written(tmp_path):
    """Files past 100 KB fail (EFBIG): the .docx of 300 citations (about 50 KB) is written, its
    report (about 140 KB of JSON) is not; the error says which is there."""
    brief(tmp_path / "brief.docx", *[f"See Party{i} v. Other, {100 + i} U.S. {200 + i} (1990)." for i in range(300)])
    code = (
        "import resource, signal, sys; signal.signal(signal.SIGXFSZ, signal.SIG_IGN); "
        "resource.setrlimit(resource.RLIMIT_FSIZE, (100000, 100000)); from toa.cli import main; "
        "sys.exit(main(sys.argv[1:]))"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code, "build", "brief.docx", "--pages", "estimate", "--json", "r.json"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert_one_line_error(proc, "cannot write r.json")
    assert proc.stderr.rstrip().endswith("brief.toa.docx was written, without its report"), proc.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["brief.docx", "brief.toa.docx"]
    assert zipfile.ZipFile(tmp_path / "brief.toa.docx").testzip() is None


def test_a_template_that_is_not_a_docx_is_bad_input(tmp_path):
    _sample(tmp_path)
    (tmp_path / "layout.docx").write_text("not a template")
    before = listing(tmp_path)
    proc = toa("build", "brief.docx", "--pages", "estimate", "--template", "layout.docx", cwd=tmp_path)
    assert_one_line_error(proc, "layout.docx")
    assert listing(tmp_path) == before


# Each tries to run `touch pwned` in the working folder; a sandboxed template cannot reach Python.
TEMPLATE_EXPLOITS = [
    "{{ cycler.__init__.__globals__.os.system('touch pwned') and '' }}",
    "{{ lipsum.__globals__['os'].popen('touch pwned').read() }}",
    "{{ self._TemplateReference__context.cycler.__init__.__globals__.os.system('touch pwned') }}",
    "{{ title.__class__.__mro__[1].__subclasses__() }}",
    "{% for c in categories %}{{ c.__class__.__init__.__globals__ }}{% endfor %}",
]


@pytest.mark.parametrize("exploit", TEMPLATE_EXPLOITS)
def test_a_template_is_inert(tmp_path, exploit):
    """A firm's template is shared by email: one that reaches for Python gets the one-line error,
    and nothing it asks for runs."""
    _sample(tmp_path)
    layout = docx.Document(str(write.TEMPLATE))
    layout.add_paragraph(exploit)
    layout.save(str(tmp_path / "layout.docx"))
    before = listing(tmp_path)
    proc = toa("build", "brief.docx", "--pages", "estimate", "--template", "layout.docx", cwd=tmp_path)
    assert_one_line_error(proc, "TOA template layout.docx cannot be rendered")
    assert not (tmp_path / "pwned").exists()
    assert listing(tmp_path) == before


def test_a_template_that_renders_more_than_a_table_may_hold_stops_early_as_one_line(tmp_path):
    """Issue 28: `{{ 'x' * 300000000 }}` rendered 300 MB of text and went on. The repetition is
    refused before it is made: the build ends in the one-line error, in a few hundred MiB."""
    _sample(tmp_path)
    layout = docx.Document(str(write.TEMPLATE))
    layout.add_paragraph("{{ 'x' * 300000000 }}")
    layout.save(str(tmp_path / "layout.docx"))
    before = listing(tmp_path)
    peak = PEAK_KIB + "import sys; from toa.cli import main; rc = main(sys.argv[1:]); "
    peak += "print(peak_kib(), file=sys.stderr); sys.exit(rc)"
    command = [sys.executable, "-c", peak, "build", "brief.docx", "--pages", "estimate", "--template", "layout.docx"]
    proc = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    *lines, kib = proc.stderr.splitlines()
    assert_one_line_error(
        subprocess.CompletedProcess(proc.args, proc.returncode, proc.stdout, "\n".join(lines) + "\n"),
        "TOA template layout.docx cannot be rendered: it makes a value of more than 20,000,000 characters",
    )
    assert int(kib) < 400 * 1024, kib
    assert listing(tmp_path) == before


def test_a_template_of_a_million_empty_paragraphs_is_refused_before_it_is_rendered(tmp_path):
    """Issue 28: it took 257 s to render. It holds more paragraphs than a brief may."""
    _sample(tmp_path)
    main = _template_part("word/document.xml")
    at = main.rindex(b"<w:sectPr")
    rewrite(
        Path(str(write.TEMPLATE)),
        tmp_path / "layout.docx",
        {"word/document.xml": main[:at] + b"<w:p/>" * 1_000_000 + main[at:]},
    )
    before = listing(tmp_path)
    proc = toa("build", "brief.docx", "--pages", "estimate", "--template", "layout.docx", cwd=tmp_path)
    assert_one_line_error(proc, "TOA template layout.docx holds more than 200,000 paragraphs")
    assert listing(tmp_path) == before


def _template_part(name: str) -> bytes:
    with zipfile.ZipFile(str(write.TEMPLATE)) as z:
        return z.read(name)


def test_a_template_may_print_only_the_documented_variables(tmp_path):
    _sample(tmp_path)
    layout = docx.Document(str(write.TEMPLATE))
    layout.add_paragraph("{{ firm_secret }}")
    layout.save(str(tmp_path / "layout.docx"))
    proc = toa("build", "brief.docx", "--pages", "estimate", "--template", "layout.docx", cwd=tmp_path)
    assert_one_line_error(proc, "'firm_secret' is undefined")


@pytest.mark.parametrize(
    "setting", ["headings = 3", 'passim = "often"', "headings = [1, 2]", 'group_ranges = "yes"', "code_names = 5"]
)
def test_a_style_with_wrong_types_is_bad_input(tmp_path, setting):
    _sample(tmp_path)
    builtin = (Path(__file__).resolve().parent.parent / "toa" / "styles" / "default.toml").read_text()
    key = setting.split(" =")[0]
    kept = [line for line in builtin.splitlines() if not line.startswith(key + " ")]
    if key == "headings":  # drop the [[headings]] tables too
        kept = builtin.split("[[headings]]")[0].splitlines()
    (tmp_path / "firm.toml").write_text(setting + "\n" + "\n".join(kept) + "\n")
    before = listing(tmp_path)
    proc = toa("build", "brief.docx", "--pages", "estimate", "--style", "firm.toml", cwd=tmp_path)
    assert_one_line_error(proc, "firm")
    assert listing(tmp_path) == before


def test_check_offline_without_a_usable_cache_folder_runs_and_says_so(tmp_path):
    _sample(tmp_path)
    proc = toa(
        "check",
        "brief.docx",
        "--pages",
        "estimate",
        "--offline",
        "--keep-cache",
        "--json",
        "report.json",
        cwd=tmp_path,
        env={"XDG_CACHE_HOME": "/proc/toa-no-such-folder"},
    )
    assert proc.returncode == 0, proc.stderr
    assert "cannot be used" in proc.stdout and "ran without it" in proc.stdout
    report = json.loads((tmp_path / "report.json").read_text())
    assert any("ran without it" in n for n in report["verification"]["notes"])
    assert (tmp_path / "brief.checked.docx").is_file()


def test_a_comments_part_that_is_not_comments_is_one_line(tmp_path):
    """check comments every flagged citation: a comments part whose root is <foo/> read, then
    failed when the first comment went in."""
    rels = _part("word/_rels/document.xml.rels").replace(
        b"</Relationships>",
        (
            b'<Relationship Id="rIdC" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments"'
            b' Target="comments.xml"/></Relationships>'
        ),
    )
    types = _part("[Content_Types].xml").replace(
        b"</Types>",
        (
            b'<Override PartName="/word/comments.xml" '
            b'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml"/></Types>'
        ),
    )
    rewrite(
        SAMPLE,
        tmp_path / "brief.docx",
        {"word/comments.xml": b"<foo/>", "word/_rels/document.xml.rels": rels, "[Content_Types].xml": types},
    )
    before = listing(tmp_path)
    proc = toa("check", "brief.docx", "--pages", "estimate", "--offline", "--no-cache", cwd=tmp_path)
    assert_one_line_error(proc, "part word/comments.xml does not hold w:comments")
    assert listing(tmp_path) == before


def _with_a_partners_comment(src: Path, dst: Path, comment_id: str) -> None:
    """`src` with a comment of another author on its first paragraph with text, under `comment_id`
    in the comments part and in its three marks in the body."""
    import re

    document = docx.Document(str(src))
    para = next(p for p in document.paragraphs if p.text.strip())
    document.add_comment(para.runs, text="Partner: tighten this.", author="Jane Partner", initials="JP")
    document.save(str(dst))
    with zipfile.ZipFile(dst) as z:
        parts = {name: z.read(name) for name in ("word/comments.xml", "word/document.xml")}
    mark = rb'(<w:comment(?:RangeStart|RangeEnd|Reference)? [^>]*?w:id=")0"'
    renamed = {name: re.sub(mark, rb"\g<1>" + comment_id.encode() + b'"', xml) for name, xml in parts.items()}
    assert all(renamed[name] != parts[name] for name in parts)
    rewrite(dst, dst.with_suffix(".tmp"), renamed)
    dst.with_suffix(".tmp").replace(dst)


def _comments(path: Path) -> tuple[dict[str, tuple[str, str]], list[str]]:
    """(comment id -> (author, text)) of the comments part, and the ids of the body's comment marks."""
    from lxml import etree

    with zipfile.ZipFile(path) as z:
        comments = etree.fromstring(z.read("word/comments.xml"))
        body = etree.fromstring(z.read("word/document.xml"))
    ids = [c.get(f"{{{W}}}id") for c in comments.iter(f"{{{W}}}comment")]
    assert len(ids) == len(set(ids)), ids
    found = {
        c.get(f"{{{W}}}id"): (c.get(f"{{{W}}}author"), "".join(c.itertext())) for c in comments.iter(f"{{{W}}}comment")
    }
    kinds = ("commentRangeStart", "commentRangeEnd", "commentReference")
    marks = [m.get(f"{{{W}}}id") for kind in kinds for m in body.iter(f"{{{W}}}{kind}")]
    return found, marks


@pytest.mark.parametrize(
    "sample, command",
    [
        ("planted-problems.docx", ["build", "brief.docx", "-o", "out.docx"]),
        ("planted-problems.docx", ["check", "brief.docx", "--offline", "--no-cache", "-o", "out.docx"]),
        ("appellate-brief.docx", ["audit", "brief.docx", "-o", "out.docx"]),
    ],
)
@pytest.mark.parametrize("comment_id", ["abc", "-x7"])
def test_a_comment_id_that_is_not_a_number_keeps_its_comment_and_toas_get_fresh_numbers(
    tmp_path, sample, command, comment_id
):
    """Issue 28: a comment id is a number in the schema, and python-docx read every one as a
    number to find the next: a partner's comment under w:id="abc" ended check and audit -o in a
    traceback. The brief's comment stays as it was, with its marks, and toa's own comments get
    numeric ids of their own, each with its range and reference."""
    _with_a_partners_comment(SAMPLES / sample, tmp_path / "brief.docx", comment_id)
    before = (tmp_path / "brief.docx").read_bytes()
    proc = toa(*command, "--pages", "estimate", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "brief.docx").read_bytes() == before
    comments, marks = _comments(tmp_path / "out.docx")
    assert comments.pop(comment_id) == ("Jane Partner", "Partner: tighten this.")
    assert marks.count(comment_id) == 3
    if command[0] != "build":
        assert comments and all(author == "toa" for author, _ in comments.values())
    assert all(cid.isdigit() and marks.count(cid) == 3 for cid in comments), (comments, marks)


def _cache_file(tmp_path: Path) -> Path:
    folder = tmp_path / "xdg" / "toa"
    folder.mkdir(parents=True)
    return folder / "verify.sqlite3"


def test_cache_clear_on_a_file_that_is_not_a_cache_is_one_line(tmp_path):
    cache = _cache_file(tmp_path)
    cache.write_bytes(b"not a database, " * 100)
    proc = toa("cache", "clear", cwd=tmp_path, env={"XDG_CACHE_HOME": str(tmp_path / "xdg")})
    assert_one_line_error(proc, f"the verification cache {cache} cannot be cleared")
    assert cache.read_bytes() == b"not a database, " * 100


@pytest.mark.parametrize(
    ("schema", "why"),
    [
        (["CREATE TABLE answers (key TEXT PRIMARY KEY, value TEXT)"], "another schema"),
        (
            [
                "CREATE TABLE answers (key TEXT PRIMARY KEY, value TEXT NOT NULL, expires REAL NOT NULL)",
                "CREATE TRIGGER keep BEFORE INSERT ON answers BEGIN SELECT RAISE(ABORT, 'read only'); END",
            ],
            "a trigger in it",
        ),
    ],
)
def test_a_cache_file_toa_did_not_make_is_left_as_it_is(tmp_path, schema, why):
    """Issue 28: a database of another schema at the cache path ended check in a traceback (and
    a trigger would have refused every answer). It is treated as absent: the check runs with a
    cache of toa's own beside it and says so in one line; neither check nor cache clear alters
    the file."""
    import sqlite3

    _sample(tmp_path)
    cache = _cache_file(tmp_path)
    db = sqlite3.connect(cache)
    for statement in schema:
        db.execute(statement)
    db.commit()
    db.close()
    before = cache.read_bytes()
    env = {"XDG_CACHE_HOME": str(tmp_path / "xdg")}
    proc = toa("check", "brief.docx", "--pages", "estimate", "--offline", "--keep-cache", cwd=tmp_path, env=env)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    aside = cache.with_name("verify-toa.sqlite3")
    line = f"the verification cache {cache} is not toa's ({why}): left as it is, answers kept in {aside}"
    assert [n for n in proc.stdout.splitlines() if "verification cache" in n] == [f"Note: {line}"], proc.stdout
    proc = toa("cache", "clear", cwd=tmp_path, env=env)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    assert proc.stdout == f"Removed 0 cached answers ({aside})\n"
    assert cache.read_bytes() == before and aside.is_file()


def test_a_symlinked_cache_file_is_not_followed(tmp_path):
    """Neither check nor cache clear follows a link where the cache file should be: the file it
    points at keeps its mode and its bytes."""
    _sample(tmp_path)
    cache = _cache_file(tmp_path)
    target = tmp_path / "elsewhere.txt"
    target.write_text("someone else's file")
    target.chmod(0o644)
    cache.symlink_to(target)
    env = {"XDG_CACHE_HOME": str(tmp_path / "xdg")}
    proc = toa("check", "brief.docx", "--pages", "estimate", "--offline", "--keep-cache", cwd=tmp_path, env=env)
    assert proc.returncode == 0, proc.stderr
    assert f"the verification cache {cache} cannot be used" in proc.stdout and "ran without it" in proc.stdout
    proc = toa("cache", "clear", cwd=tmp_path, env=env)
    assert_one_line_error(proc, "is not a regular file; left as it is")
    assert stat.S_IMODE(target.stat().st_mode) == 0o644 and target.read_text() == "someone else's file"
    assert cache.is_symlink()


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_a_special_file_as_the_cache_is_not_used(tmp_path, kind):
    _sample(tmp_path)
    _cache_file(tmp_path)
    cache = _special(tmp_path / "xdg" / "toa", kind)
    cache.rename(tmp_path / "xdg" / "toa" / "verify.sqlite3")
    proc = toa(
        "check",
        "brief.docx",
        "--pages",
        "estimate",
        "--offline",
        "--keep-cache",
        cwd=tmp_path,
        timeout=60,
        env={"XDG_CACHE_HOME": str(tmp_path / "xdg")},
    )
    assert proc.returncode == 0, proc.stderr
    assert "not a regular file): ran without it" in proc.stdout


# --------------------------------------------------------------------------- LibreOffice


def _fake_soffice(folder: Path, script: str) -> dict:
    """A PATH whose `soffice` is the shell script given: LibreOffice as it misbehaves."""
    bin_dir = folder / "bin"
    bin_dir.mkdir()
    exe = bin_dir / "soffice"
    exe.write_text("#!/bin/sh\n" + script)
    exe.chmod(0o755)
    return {"PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"}


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_a_libreoffice_timeout_ends_everything_it_started(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    _sample(work)
    marks = tmp_path / "pids"
    env = _fake_soffice(tmp_path, f"echo $$ >> {marks}\nsleep 600 &\necho $! >> {marks}\nexec sleep 600\n")
    try:
        proc = toa("build", "brief.docx", cwd=work, env=env | {"TOA_RENDER_TIMEOUT": "1"}, timeout=120)
        assert proc.returncode == 0, proc.stderr
        assert (
            "Pages: estimate (approximate); rendering unavailable (LibreOffice did not finish within 1 s)"
            in proc.stdout
        )
        pids = [int(p) for p in marks.read_text().split()]
        assert pids and not any(_alive(p) for p in pids)
        assert sorted(p.name for p in work.iterdir()) == ["brief.docx", "brief.toa.docx"]
    finally:
        for pid in [int(p) for p in marks.read_text().split()] if marks.exists() else []:
            if _alive(pid):
                os.kill(pid, 9)


def _cmdline(pid: int) -> bytes:
    """The process's command line; empty once it has ended (LibreOffice's first start ends and
    starts again)."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def _processes_mentioning(text: str) -> list[int]:
    """Live processes whose command line holds `text` (LibreOffice's holds its profile's path)."""
    pids = [int(entry.name) for entry in Path("/proc").iterdir() if entry.name.isdigit()]
    return [pid for pid in pids if text.encode() in _cmdline(pid) and _alive(pid)]


def _building_until_libreoffice_lays_out(tmp_path: Path) -> tuple[subprocess.Popen, Path, Path]:
    """`toa build` of a sample, with its temporary folders in a folder of the test's, once
    LibreOffice (soffice.bin, whose command line names its profile there) is laying it out."""
    work, temp = tmp_path / "work", tmp_path / "temp"
    work.mkdir()
    temp.mkdir()
    _sample(work)
    proc = subprocess.Popen(
        [sys.executable, "-m", "toa.cli", "build", "brief.docx", "--pages", "render"],
        cwd=work,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "TMPDIR": str(temp)},
    )
    deadline = time.monotonic() + 120
    while not any(b"soffice.bin" in _cmdline(pid) for pid in _processes_mentioning(str(temp))):
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail("LibreOffice never started")
        time.sleep(0.05)
    time.sleep(0.5)
    return proc, work, temp


needs_libreoffice = pytest.mark.skipif(
    render.find_soffice() is None or not Path("/proc").is_dir(), reason="needs LibreOffice and /proc"
)


@needs_libreoffice
@pytest.mark.parametrize(
    "signum, said",
    [(signal.SIGTERM, "stopped by SIGTERM"), (signal.SIGINT, "interrupted"), (signal.SIGHUP, "stopped by SIGHUP")],
)
def test_a_signal_while_laying_out_ends_libreoffice_and_leaves_nothing(tmp_path, signum, said):
    """As Ctrl-C: LibreOffice is killed, its folder (the copy, the PDF, its profile, its lu*.tmp) removed."""
    proc, work, temp = _building_until_libreoffice_lays_out(tmp_path)
    try:
        proc.send_signal(signum)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 128 + signum
    assert err.splitlines() == [f"toa: {said}; nothing was written"]
    assert out == "" and "Traceback" not in err
    time.sleep(0.5)  # the kernel reaps the killed group
    assert _processes_mentioning(str(temp)) == []
    assert list(temp.iterdir()) == []
    assert [p.name for p in work.iterdir()] == ["brief.docx"]


@needs_libreoffice
def test_libreoffice_does_not_outlive_toa_killed_outright(tmp_path):
    """SIGKILL, which toa can neither catch nor pass on, while LibreOffice lays the pages out:
    LibreOffice goes within seconds instead of running its conversion to the end, and its folder
    (the copy of the brief, its profile) goes with it."""
    proc, work, temp = _building_until_libreoffice_lays_out(tmp_path)
    try:
        # held where it is, LibreOffice cannot finish the layout on its own while the test waits
        for pid in _processes_mentioning(str(temp)):
            if b"soffice.bin" in _cmdline(pid):
                os.kill(pid, signal.SIGSTOP)
        proc.kill()
        proc.communicate(timeout=60)
        deadline = time.monotonic() + 5
        while (_processes_mentioning(str(temp)) or list(temp.iterdir())) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert _processes_mentioning(str(temp)) == []
        assert list(temp.iterdir()) == []
        assert [p.name for p in work.iterdir()] == ["brief.docx"]
    finally:
        for pid in _processes_mentioning(str(temp)):
            os.kill(pid, signal.SIGKILL)


@needs_libreoffice
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_during_a_batch_ends_its_workers_and_their_libreoffice(tmp_path, signum):
    """`toa check DIR --jsonl OUT --jobs 2` stopped while its workers' LibreOffice lays a brief
    out: the workers and their LibreOffice go, their folders too, and OUT is not written."""
    work, temp = tmp_path / "work", tmp_path / "temp"
    (work / "briefs").mkdir(parents=True)
    temp.mkdir()
    for n in range(4):
        shutil.copyfile(SAMPLE, work / "briefs" / f"{n}.docx")
    proc = subprocess.Popen(
        [sys.executable, "-m", "toa.cli", "check", "briefs", "--jsonl", "out.jsonl", "--offline", "--jobs", "2"],
        cwd=work,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "TMPDIR": str(temp), "XDG_CACHE_HOME": str(tmp_path / "cache")},
    )
    try:
        deadline = time.monotonic() + 120
        while not any(b"soffice.bin" in _cmdline(pid) for pid in _processes_mentioning(str(temp))):
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail("LibreOffice never started")
            time.sleep(0.05)
        proc.send_signal(signum)
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 128 + signum
        said = "interrupted" if signum == signal.SIGINT else "stopped by SIGTERM"
        assert err.splitlines()[-1] == f"toa: {said}; nothing was written" and "Traceback" not in err
        assert out == ""
        deadline = time.monotonic() + 5
        while (_processes_mentioning(str(temp)) or list(temp.iterdir())) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert _processes_mentioning(str(temp)) == []
        assert list(temp.iterdir()) == []
        assert sorted(p.name for p in work.iterdir()) == ["briefs"]
    finally:
        proc.kill()
        for pid in _processes_mentioning(str(temp)):
            os.kill(pid, signal.SIGKILL)


def test_a_signal_while_writing_leaves_no_temporary_file(tmp_path):
    """SIGTERM when the output's temporary file is written (sent by the process itself as it
    syncs the file to disk): the temporary file goes, no output appears."""
    _sample(tmp_path)
    code = (
        "import os, signal, sys; real = os.fsync; "
        "os.fsync = lambda fd: (os.kill(os.getpid(), signal.SIGTERM), real(fd)); "
        "from toa.cli import main; sys.exit(main(sys.argv[1:]))"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code, "build", "brief.docx", "--pages", "estimate"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 128 + signal.SIGTERM
    assert proc.stderr.splitlines() == ["toa: stopped by SIGTERM; nothing was written"]
    assert [p.name for p in tmp_path.iterdir()] == ["brief.docx"]


@pytest.mark.parametrize("signum, said", [(signal.SIGTERM, "stopped by SIGTERM"), (signal.SIGINT, "interrupted")])
def test_a_signal_while_a_source_trickles_ends_the_check_at_once(tmp_path, fakes, signum, said):
    """LII sends Rule 56's page one byte a second (its read timeout never fires) while 42 U.S.C.
    § 1983 is looked up beside it: the signal ends `toa check` within seconds, says how far it got,
    and leaves no output, report or temporary file."""
    fakes.reset()
    fakes.lii_state.faults["/rules/frcp/rule_56"] = "trickle"
    work, temp = tmp_path / "work", tmp_path / "temp"
    work.mkdir(), temp.mkdir()
    brief(work / "brief.docx", "Judgment follows. Fed. R. Civ. P. 56(a); 42 U.S.C. § 1983.")
    env = {**os.environ, **fakes.urls(), "TMPDIR": str(temp), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "toa.cli", "check", "brief.docx", "--pages", "estimate", "--json", "report.json"],
        cwd=work,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        deadline = time.monotonic() + 120
        while not any(r.target == "/rules/frcp/rule_56" for r in fakes.recorder.requests):
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"the check never asked for Rule 56: {proc.communicate()}")
            time.sleep(0.05)
        time.sleep(1)  # the trickle has begun, § 1983 is answered
        proc.send_signal(signum)
        sent = time.monotonic()
        out, err = proc.communicate(timeout=60)
        took = time.monotonic() - sent
    finally:
        proc.kill()
    assert proc.returncode == 128 + signum, err
    assert took < 5, f"{took:.1f} s"  # generous: the client looks every quarter second
    assert re.fullmatch(f"toa: {said} after [01] of 2 provisions looked up; nothing was written", err.strip()), err
    assert out == ""
    assert [p.name for p in work.iterdir()] == ["brief.docx"]
    assert list(temp.iterdir()) == []


@pytest.mark.parametrize(
    "script, reason",
    [
        ("exit 134\n", "LibreOffice produced no PDF (exit status 134)"),
        (None, "LibreOffice (soffice) is not installed"),
    ],
)
def test_the_terminal_says_why_pages_are_estimated(tmp_path, script, reason):
    work = tmp_path / "work"
    work.mkdir()
    _sample(work)
    if script is None:  # a PATH without soffice; find_soffice also looks at fixed install paths
        if any(Path(p).exists() for p in ("/usr/lib/libreoffice/program/soffice", "/opt/libreoffice/program/soffice")):
            pytest.skip("LibreOffice is installed at a fixed path on this machine")
        env = {"PATH": str(Path(sys.executable).parent)}
    else:
        env = _fake_soffice(tmp_path, script)
    proc = toa("build", "brief.docx", cwd=work, env=env)
    assert proc.returncode == 0, proc.stderr
    assert f"Pages: estimate (approximate); rendering unavailable ({reason})" in proc.stdout


@pytest.fixture
def listener():
    """A web server on loopback that records every request it gets (and answers 404)."""
    seen: list[tuple[str, str]] = []

    class Record(http.server.BaseHTTPRequestHandler):
        def handle_one_request(self):
            self.raw_requestline = self.rfile.readline(65537)
            if self.raw_requestline and self.parse_request():
                seen.append((self.command, self.path))
                self.send_error(404)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Record)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}", seen
    server.shutdown()
    server.server_close()


def _rel(rid: str, kind: str, target: str, external: bool = True) -> bytes:
    mode = ' TargetMode="External"' if external else ""
    return f'<Relationship Id="{rid}" Type="{R}/{kind}" Target="{target}"{mode}/>'.encode()


def _field(instr: str) -> str:
    return (
        f'<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> {instr} '
        '</w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>result</w:t></w:r>'
        '<w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>'
    )


def _linking_brief(path: Path, url: str) -> None:
    """A brief whose every way of pointing outside the file points at `url`: a linked picture
    (DrawingML and VML), INCLUDETEXT, INCLUDEPICTURE (complex and simple), LINK and DDEAUTO fields,
    altChunks (external, and an HTML one with a picture), a subdocument, a linked OLE object, an
    attached template and a frameset."""
    drawing = (
        '<w:p><w:r><w:drawing><wp:inline><wp:extent cx="9525" cy="9525"/><wp:docPr id="900" name="px"/>'
        '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic>'
        '<pic:nvPicPr><pic:cNvPr id="900" name="px"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill>'
        '<a:blip r:link="rIdX1"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm>'
        '<a:off x="0" y="0"/><a:ext cx="9525" cy="9525"/></a:xfrm><a:prstGeom prst="rect"/></pic:spPr>'
        "</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>"
    )
    body = (
        drawing + '<w:p><w:r><w:pict><v:shape id="s1" style="width:1pt;height:1pt"><v:imagedata r:id="rIdX2"/>'
        "</v:shape></w:pict></w:r></w:p>"
        + _field(f'INCLUDETEXT "{url}/include.docx"')
        + _field(f'INCLUDEPICTURE "{url}/include.png" \\d')
        + f"<w:p><w:fldSimple w:instr=' INCLUDEPICTURE \"{url}/simple.png\" '>"
        "<w:r><w:t>x</w:t></w:r></w:fldSimple></w:p>"
        + _field(f'LINK Word.Document.12 "{url}/link.docx" "" \\a')
        + _field(f'DDEAUTO Excel "{url}/dde.xlsx" "A1"')
        + '<w:altChunk r:id="rIdX3"/><w:altChunk r:id="rIdX4"/><w:p><w:subDoc r:id="rIdX5"/></w:p>'
        + '<w:p><w:r><w:object><v:shape id="o1" style="width:10pt;height:10pt"><v:imagedata r:id="rIdX7"/></v:shape>'
        '<o:OLEObject Type="Link" ProgID="Word.Document.12" ShapeID="o1" r:id="rIdX6" UpdateMode="Always"/>'
        "</w:object></w:r></w:p>"
    )
    rels = [
        _rel("rIdX1", "image", f"{url}/blip.png"),
        _rel("rIdX2", "image", f"{url}/vml.png"),
        _rel("rIdX3", "aFChunk", f"{url}/chunk.docx"),
        _rel("rIdX4", "aFChunk", "chunk.html", external=False),
        _rel("rIdX5", "subDocument", f"{url}/sub.docx"),
        _rel("rIdX6", "oleObject", f"{url}/ole.docx"),
        _rel("rIdX7", "image", f"{url}/ole.png"),
    ]
    b = DocBuilder()
    b.heading("ARGUMENT", level=1)
    b.paragraph("See Celotex Corp. v. Catrett, 477 U.S. 317 (1986).")
    b.save(path.with_name("base.docx"))
    with zipfile.ZipFile(path.with_name("base.docx")) as z:
        doc, settings = z.read("word/document.xml").decode(), z.read("word/settings.xml").decode()
        web = z.read("word/webSettings.xml").decode() if "word/webSettings.xml" in z.namelist() else None
        doc_rels, types = z.read("word/_rels/document.xml.rels"), z.read("[Content_Types].xml")
    namespaces = {
        "wp": "http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing",
        "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
        "pic": "http://schemas.openxmlformats.org/drawingml/2006/picture",
        "v": "urn:schemas-microsoft-com:vml",
        "o": "urn:schemas-microsoft-com:office:office",
    }
    head = doc[: doc.index(">", doc.index("<w:document"))]
    doc = doc.replace(
        "<w:document ",
        "<w:document " + "".join(f'xmlns:{k}="{v}" ' for k, v in namespaces.items() if f"xmlns:{k}=" not in head),
        1,
    )
    at = doc.rindex("<w:sectPr")
    at_settings = settings.index(">", settings.index("<w:settings")) + 1
    changes = {
        "word/document.xml": (doc[:at] + body + doc[at:]).encode(),
        "word/_rels/document.xml.rels": doc_rels.replace(b"</Relationships>", b"".join(rels) + b"</Relationships>"),
        "word/chunk.html": f'<html><body><p>chunk<img src="{url}/in-chunk.png"></p></body></html>'.encode(),
        "[Content_Types].xml": types.replace(
            b"</Types>", b'<Default Extension="html" ContentType="text/html"/></Types>'
        ),
        "word/settings.xml": (
            settings[:at_settings] + '<w:attachedTemplate r:id="rIdT1"/>' + settings[at_settings:]
        ).encode(),
        "word/_rels/settings.xml.rels": (
            b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships '
            b'xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            + _rel("rIdT1", "attachedTemplate", f"{url}/firm.dotx")
            + b"</Relationships>"
        ),
    }
    if web is not None:
        end = web.rindex("</w:webSettings>")
        changes["word/webSettings.xml"] = (
            web[:end] + '<w:frameset><w:frame><w:name w:val="f"/>'
            '<w:sourceFileName r:id="rIdF1"/></w:frame></w:frameset>' + web[end:]
        ).encode()
        changes["word/_rels/webSettings.xml.rels"] = (
            b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships '
            b'xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            + _rel("rIdF1", "frame", f"{url}/frame.docx")
            + b"</Relationships>"
        )
    rewrite(path.with_name("base.docx"), path, changes)
    path.with_name("base.docx").unlink()


@pytest.mark.skipif(render.find_soffice() is None, reason="LibreOffice is not installed")
def test_nothing_is_fetched_while_laying_out(tmp_path, listener):
    """LibreOffice lays out a copy without the brief's links; the output keeps them."""
    url, seen = listener
    _linking_brief(tmp_path / "brief.docx", url)
    before = (tmp_path / "brief.docx").read_bytes()
    runs = {
        "build": toa("build", "brief.docx", "--pages", "render", cwd=tmp_path),
        "check": toa("check", "brief.docx", "--offline", "--no-cache", cwd=tmp_path),
        "extract": toa("extract", "brief.docx", "--json", cwd=tmp_path),
    }
    for command, proc in runs.items():
        assert proc.returncode == 0, (command, proc.stderr)
    assert "Pages: LibreOffice's layout" in runs["build"].stdout
    assert [r["text"] for r in json.loads(runs["extract"].stdout)] == ["Celotex Corp. v. Catrett, 477 U.S. 317 (1986)"]
    assert seen == []
    assert (tmp_path / "brief.docx").read_bytes() == before
    with zipfile.ZipFile(tmp_path / "brief.toa.docx") as z:
        assert z.read("word/_rels/document.xml.rels").count(b'TargetMode="External"') == 6
        assert f'INCLUDETEXT "{url}/include.docx"'.encode() in z.read("word/document.xml")


def test_an_unwritable_output_is_found_before_rendering(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    _sample(work)
    ran = tmp_path / "ran"
    env = _fake_soffice(tmp_path, f"touch {ran}\nexit 1\n")
    before = listing(work)
    proc = toa("build", "brief.docx", "-o", "missing/out.docx", cwd=work, env=env)
    assert_one_line_error(proc, "cannot write missing/out.docx")
    assert not ran.exists()
    assert listing(work) == before


# --------------------------------------------------------------------------- long paragraphs


def test_a_long_paragraph_is_read_in_windows_without_losing_a_citation(tmp_path):
    """47 KB in one paragraph (three windows): every citation found once, none cut at a window's
    edge, and the built copy holds a TA field for each (bench/paragraph_time.py for the sizes)."""
    units = [
        f"See Party{i} v. Other, {100 + i} U.S. {200 + i} (1990). The court so held in that case. " for i in range(600)
    ]
    brief(tmp_path / "brief.docx", "".join(units))
    rows = extract_rows(toa("extract", "brief.docx", "--pages", "estimate", "--json", cwd=tmp_path))
    assert [r["authority"] for r in rows] == [f"Party{i} v. Other, {100 + i} U.S. {200 + i} (1990)" for i in range(600)]
    proc = toa("build", "brief.docx", "--pages", "estimate", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    with zipfile.ZipFile(tmp_path / "brief.toa.docx") as z:
        xml = z.read("word/document.xml").decode()
    assert xml.count(" TA \\l ") == 600
    again = extract_rows(toa("extract", "brief.toa.docx", "--pages", "estimate", "--json", cwd=tmp_path))
    assert [r["text"] for r in again] == [r["text"] for r in rows]


def test_a_fifo_as_the_brief_is_refused_without_waiting(tmp_path):
    os.mkfifo(tmp_path / "brief.docx")
    proc = toa("extract", "brief.docx", "--pages", "estimate", cwd=tmp_path, timeout=60)
    assert_one_line_error(proc, "not a regular file")


# --------------------------------------------------------------------------- the brief's own typed table

OLD_ENTRY = "Smith v. Jones, 1 U.S. 1 (1990)"


def _typed_table_brief(path: Path, fill, heading: bool = True) -> Path:
    """A cover, the front matter's table of authorities (the lines `fill` writes under its
    heading; with heading=False, `fill` writes the heading too), then the body, which cites
    the case of the old table's entry."""
    b = DocBuilder()
    b.paragraph("IN THE SUPREME COURT OF THE UNITED STATES", align="center")
    b.section_break(fmt="lowerRoman", start=1)
    if heading:
        b.heading("TABLE OF AUTHORITIES")
    fill(b)
    b.section_break(fmt="decimal", start=1)
    b.heading("ARGUMENT")
    b.paragraph("The rule is settled. Smith v. Jones, 1 U.S. 1, 3 (1990).")
    return b.save(path)


def _body_lines(path: Path) -> list[str]:
    """The text of every paragraph of the body in document order (a Word table's rows too, a
    row's cells joined by " | "), tabs as "\\t"."""
    with zipfile.ZipFile(path) as z:
        body = etree.fromstring(z.read("word/document.xml")).find(f"{{{W}}}body")

    def text(p) -> str:
        runs = p.xpath(".//w:r/w:t | .//w:r/w:tab", namespaces={"w": W})
        return "".join("\t" if el.tag == f"{{{W}}}tab" else el.text or "" for el in runs)

    lines = []
    for block in body:
        if block.tag == f"{{{W}}}p":
            lines.append(text(block))
        elif block.tag == f"{{{W}}}tbl":
            lines += [" | ".join(text(p) for p in tr.iter(f"{{{W}}}p")) for tr in block.iter(f"{{{W}}}tr")]
    return lines


def _built_lines(tmp_path: Path, fill, heading: bool = True) -> list[str]:
    _typed_table_brief(tmp_path / "brief.docx", fill, heading)
    proc = toa("build", "brief.docx", "--pages", "estimate", cwd=tmp_path, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return _body_lines(tmp_path / "brief.toa.docx")


def test_the_paragraphs_after_a_typed_tables_last_entry_stay(tmp_path):
    """Issue 28, item 1: a typed table ends at its last entry line; the statement about the
    table and the word count under it are the brief's and come out as they went in."""

    def fill(b):
        b.paragraph(f"{OLD_ENTRY}\t3")
        b.paragraph("Authorities chiefly relied upon are marked with asterisks.")
        b.paragraph("Word count of this brief:\t6,120")

    lines = _built_lines(tmp_path, fill)
    kept = ["Authorities chiefly relied upon are marked with asterisks.", "Word count of this brief:\t6,120"]
    assert [line for line in lines if line in kept] == kept
    assert lines.index(kept[0]) < lines.index("ARGUMENT")
    assert f"{OLD_ENTRY}\t3" not in lines  # the old entry was replaced ...
    assert sum(line.startswith(OLD_ENTRY) for line in lines) == 1  # ... by the new table's
    assert lines.count("TABLE OF AUTHORITIES") == 1


@pytest.mark.parametrize("where", ["under the title", "between two categories"])
def test_the_briefs_sentence_among_a_typed_tables_lines_stays(tmp_path, where):
    """The sentence among the old table's lines is the brief's: the lines around it are
    replaced, the sentence comes out as it went in (after the new table), and the run ends 0."""
    statement = "Authorities chiefly relied upon are marked with asterisks."

    def fill(b):
        if where == "under the title":
            b.paragraph(statement)
        b.paragraph("Cases")
        b.paragraph(f"{OLD_ENTRY}\t3")
        if where == "between two categories":
            b.paragraph(statement)
        b.paragraph("Statutes")
        b.paragraph("28 U.S.C. § 1331\t4")

    lines = _built_lines(tmp_path, fill)
    assert lines.count(statement) == 1
    assert lines.index("TABLE OF AUTHORITIES") < lines.index(statement) < lines.index("ARGUMENT")
    assert f"{OLD_ENTRY}\t3" not in lines and "28 U.S.C. § 1331\t4" not in lines
    assert sum(line.startswith(OLD_ENTRY) for line in lines) == 1


@pytest.mark.parametrize(
    "shape",
    [
        "ellipsis leaders",
        "ellipsis leader and tab",
        "word table",
        "word table with a header row",
        "word table holding its heading",
    ],
)
def test_an_old_typed_table_of_any_shape_is_replaced_not_kept_beside_the_new(tmp_path, shape):
    """Issue 28, item 3: leaders of U+2026 and entries in a Word table are the brief's own table:
    the new table takes its place, and the output has one table."""

    def fill(b):
        if shape == "ellipsis leaders":
            b.paragraph("Cases")
            b.paragraph(f"{OLD_ENTRY}……………………… 3")
            b.paragraph("Doe v. Roe, 2 U.S. 2 (1991) … 3, 5")
        elif shape == "ellipsis leader and tab":
            b.paragraph(f"{OLD_ENTRY} …………\t3")
        elif shape == "word table":
            b.table([["Cases", ""], [OLD_ENTRY, "3"], ["Doe v. Roe, 2 U.S. 2 (1991)", "3, 5"]], header=False)
        elif shape == "word table with a header row":
            b.table([["Authority", "Page(s)"], [OLD_ENTRY, "3"], ["Doe v. Roe, 2 U.S. 2 (1991)", "3"]])
        else:  # the title is the first row: the new table once went into its cell, the old rows kept
            rows = [
                ["TABLE OF AUTHORITIES", ""],
                ["Cases", "Page(s)"],
                [OLD_ENTRY, "3"],
                ["Doe v. Roe, 2 U.S. 2 (1991)", "3"],
            ]
            b.table(rows, header=False)

    lines = _built_lines(tmp_path, fill, heading=shape != "word table holding its heading")
    assert not any("Doe v. Roe" in line for line in lines)  # the old table's lines are gone
    assert sum(line.startswith(OLD_ENTRY) for line in lines) == 1  # the new table's entry
    assert lines.count("TABLE OF AUTHORITIES") == 1
    assert lines[-2:] == ["ARGUMENT", "The rule is settled. Smith v. Jones, 1 U.S. 1, 3 (1990)."]


def test_an_old_word_table_that_holds_the_briefs_own_text_is_refused_with_where_it_is(tmp_path):
    """A Word table whose rows are the old table's entries and, after them, the brief's own text
    cannot be replaced without taking the text's row out of its table: one line says where the
    old table is, and nothing is written (never two tables)."""

    def fill(b):
        b.table([[OLD_ENTRY, "3"], ["Word count of this brief:", "6,120"]], header=False)

    _typed_table_brief(tmp_path / "brief.docx", fill)
    before = listing(tmp_path)
    proc = toa("build", "brief.docx", "--pages", "estimate", cwd=tmp_path, timeout=120)
    assert_one_line_error(proc, 'the Word table under "TABLE OF AUTHORITIES"')
    assert "Word count of this brief:" in proc.stderr
    assert listing(tmp_path) == before


# --------------------------------------------------------------------------- typed tables of real shapes

# The last lines of a typed table as briefs print them: the page list wrapped onto a line of its
# own, a page number typed at the foot of the table's page, a dot leader with two spaces in it.
_TYPED_TABLE_ENDS = {
    "wrapped page list": (("Celotex Corp. v. Catrett, 477 U.S. 317 (1986)\t3, 5, 7, 9,",), "11"),
    "typed page number": (("Celotex Corp. v. Catrett, 477 U.S. 317 (1986)\t3",), "ii"),
    "leader with two spaces": ((), "Celotex Corp. v. Catrett, 477 U.S. 317 (1986) . . . . . .  . . 3"),
}


def _typed_table_ending_brief(path: Path, lines: tuple[str, ...], last: str) -> Path:
    b = DocBuilder(fmt="lowerRoman", start=1)
    b.heading("TABLE OF AUTHORITIES", level=1)
    b.paragraph("Cases:")
    b.leader_line("Monroe v. Pape, 365 U.S. 167 (1961)", page="4")
    for line in lines:
        b.paragraph(line)
    b.paragraph(last)
    b.section_break(fmt="decimal", start=1)
    b.heading("ARGUMENT", level=1)
    b.paragraph("Summary judgment is proper. Celotex Corp. v. Catrett, 477 U.S. 317, 322 (1986).")
    b.paragraph("The claim fails. Monroe v. Pape, 365 U.S. 167, 171 (1961).")
    return b.save(path)


@pytest.mark.parametrize("shape", _TYPED_TABLE_ENDS)
@pytest.mark.parametrize("command", ["build", "check", "audit"])
def test_a_typed_table_of_a_real_shape_is_read_and_replaced(tmp_path, shape, command):
    """Each command runs to its end on these shapes and writes its copy with the brief's own
    words; build replaces the old table whole (its last line too), audit reads every page."""
    lines, last = _TYPED_TABLE_ENDS[shape]
    _typed_table_ending_brief(tmp_path / "brief.docx", lines, last)
    options = {"build": [], "check": ["--offline"], "audit": ["-o", "brief.toa.docx", "--json", "report.json"]}
    proc = toa(command, "brief.docx", "--pages", "estimate", *options[command], cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "fault in toa" not in proc.stderr + proc.stdout
    written = tmp_path / ("brief.checked.docx" if command == "check" else "brief.toa.docx")
    body = _visible_paragraphs(written)
    tail = [
        "ARGUMENT",
        "Summary judgment is proper. Celotex Corp. v. Catrett, 477 U.S. 317, 322 (1986).",
        "The claim fails. Monroe v. Pape, 365 U.S. 167, 171 (1961).",
    ]
    assert body[-3:] == tail
    if command == "build":
        assert last not in body  # the stale table's last line went with the table
    else:
        assert last in body
    if command == "audit":
        findings = json.loads((tmp_path / "report.json").read_text())["findings"]
        entries = {f["entry"]: f["printed_pages"] for f in findings}
        celotex = "Celotex Corp. v. Catrett, 477 U.S. 317 (1986)"
        assert entries[celotex] == (["3", "5", "7", "9", "11"] if shape == "wrapped page list" else ["3"])


@pytest.fixture
def connections():
    """A TCP listener on loopback that records every connection made to it (and closes it)."""
    made: list[tuple[str, int]] = []
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.2)
    stop = threading.Event()

    def accept():
        while not stop.is_set():
            try:
                conn, peer = server.accept()
            except OSError:
                continue
            made.append(peer)
            conn.close()

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.getsockname()[1]}", made
    stop.set()
    thread.join()
    server.close()


# A 1x1 white PNG: the picture Word shows for an embedded object (its preview).
_PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c4944415408d763f8ffff3f0005fe02fe"
    "a7d8a58b0000000049454e44ae426082"
)
_PACKAGE_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


def _embedding(path: Path, text: str, picture_url: str, embedded: bytes | None = None) -> bytes:
    """A .docx (built at `path`) with a paragraph of `text`, a picture linked to `picture_url`
    and, when given, the .docx `embedded` as an embedded object (an OLE package, as Word stores
    an embedded document: word/embeddings/*.docx with its preview picture)."""
    b = DocBuilder()
    b.paragraph(text)
    b.save(path.with_name("plain-" + path.name))
    with zipfile.ZipFile(path.with_name("plain-" + path.name)) as z:
        doc, rels, types = (
            z.read(n).decode() for n in ("word/document.xml", "word/_rels/document.xml.rels", "[Content_Types].xml")
        )
    namespaces = {
        "wp": "http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing",
        "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
        "pic": "http://schemas.openxmlformats.org/drawingml/2006/picture",
        "v": "urn:schemas-microsoft-com:vml",
        "o": "urn:schemas-microsoft-com:office:office",
    }
    head = doc[: doc.index(">", doc.index("<w:document"))]
    doc = doc.replace(
        "<w:document ",
        "<w:document " + "".join(f'xmlns:{k}="{v}" ' for k, v in namespaces.items() if f"xmlns:{k}=" not in head),
        1,
    )
    body = (
        '<w:p><w:r><w:drawing><wp:inline><wp:extent cx="9525" cy="9525"/><wp:docPr id="901" name="px"/>'
        '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic>'
        '<pic:nvPicPr><pic:cNvPr id="901" name="px"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill>'
        '<a:blip r:link="rIdL1"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm>'
        '<a:off x="0" y="0"/><a:ext cx="9525" cy="9525"/></a:xfrm><a:prstGeom prst="rect"/></pic:spPr>'
        "</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>"
    )
    added = {}
    new_rels = _rel("rIdL1", "image", picture_url).decode()
    if embedded is not None:
        body += (
            '<w:p><w:r><w:object w:dxaOrig="1440" w:dyaOrig="1440"><v:shape id="e1" style="width:72pt;height:72pt">'
            '<v:imagedata r:id="rIdE2" o:title=""/></v:shape><o:OLEObject Type="Embed" ProgID="Word.Document.12" '
            'ShapeID="e1" DrawAspect="Content" ObjectID="_1700000000" r:id="rIdE1"><o:FieldCodes>\\s</o:FieldCodes>'
            "</o:OLEObject></w:object></w:r></w:p>"
        )
        new_rels += _rel("rIdE1", "package", "embeddings/Microsoft_Word_Document.docx", external=False).decode()
        new_rels += _rel("rIdE2", "image", "media/preview.png", external=False).decode()
        added = {"word/embeddings/Microsoft_Word_Document.docx": embedded, "word/media/preview.png": _PNG}
        types = types.replace(
            "</Types>",
            f'<Default Extension="docx" ContentType="{_PACKAGE_TYPE}"/>'
            + ('<Default Extension="png" ContentType="image/png"/>' if 'Extension="png"' not in types else "")
            + "</Types>",
        )
    at = doc.rindex("<w:sectPr")
    rewrite(
        path.with_name("plain-" + path.name),
        path,
        {
            "word/document.xml": (doc[:at] + body + doc[at:]).encode(),
            "word/_rels/document.xml.rels": rels.replace("</Relationships>", new_rels + "</Relationships>").encode(),
            "[Content_Types].xml": types.encode(),
            **added,
        },
    )
    path.with_name("plain-" + path.name).unlink()
    return path.read_bytes()


@pytest.mark.skipif(render.find_soffice() is None, reason="LibreOffice is not installed")
def test_nothing_is_fetched_from_inside_an_embedded_document(tmp_path, connections):
    """An embedded .docx (an OLE package) links a picture, and so does a .docx embedded in that
    one: LibreOffice lays the brief out without a connection to either, and the output keeps the
    embedded object, its bytes and the brief's words as they were."""
    url, made = connections
    nested = _embedding(tmp_path / "nested.docx", "The nested exhibit.", f"{url}/nested.png")
    exhibit = _embedding(tmp_path / "exhibit.docx", "The exhibit.", f"{url}/exhibit.png", nested)
    brief_bytes = _embedding(
        tmp_path / "brief.docx", "See Celotex Corp. v. Catrett, 477 U.S. 317 (1986).", f"{url}/brief.png", exhibit
    )
    proc = toa("build", "brief.docx", "--pages", "render", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "Pages: LibreOffice's layout" in proc.stdout
    assert made == []
    assert (tmp_path / "brief.docx").read_bytes() == brief_bytes
    with zipfile.ZipFile(tmp_path / "brief.toa.docx") as z:
        assert z.read("word/embeddings/Microsoft_Word_Document.docx") == exhibit
        xml = z.read("word/document.xml").decode()
    assert 'r:id="rIdE1"' in xml and 'ProgID="Word.Document.12"' in xml
    texts = [p.text for p in docx.Document(str(tmp_path / "brief.toa.docx")).paragraphs]
    assert "See Celotex Corp. v. Catrett, 477 U.S. 317 (1986)." in texts
