"""Hostile and odd input through the real command line: every defect of issue 10 that a .docx,
an option or the machine can provoke ends in one line and exit status 2 (or in a correct run),
never in a traceback, a hang, a changed input or a stray file."""
from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

from docxbuild import DocBuilder

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
SAMPLE = SAMPLES / "planted-problems.docx"
W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def toa(*args: str, cwd: Path, env: dict | None = None, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "toa.cli", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=timeout, env={**os.environ, **(env or {})})


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
        inner = (f'<w:tbl><w:tblPr/><w:tblGrid><w:gridCol w:w="5000"/></w:tblGrid><w:tr><w:tc>'
                 f'<w:p><w:r><w:t xml:space="preserve">{text}</w:t></w:r></w:p>{inner}<w:p/></w:tc></w:tr></w:tbl>')
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
    _with_body(tmp_path, _nested(2, ["See Celotex Corp. v. Catrett, 477 U.S. 317 (1986).",
                                     "See Anderson v. Liberty Lobby, Inc., 477 U.S. 242 (1986)."]))
    rows = extract_rows(toa("extract", "brief.docx", "--pages", "estimate", "--json", cwd=tmp_path))
    assert sorted(r["text"] for r in rows) == ["Anderson v. Liberty Lobby, Inc., 477 U.S. 242 (1986)",
                                              "Celotex Corp. v. Catrett, 477 U.S. 317 (1986)"]
    assert {r["story"] for r in rows} == {"table"}


def test_tables_fifty_deep_finish_in_seconds(tmp_path):
    texts = [""] * 49 + ["See Celotex Corp. v. Catrett, 477 U.S. 317 (1986)."]
    _with_body(tmp_path, _nested(50, texts))
    rows = extract_rows(toa("extract", "brief.docx", "--pages", "estimate", "--json", cwd=tmp_path, timeout=60))
    assert [r["text"] for r in rows] == ["Celotex Corp. v. Catrett, 477 U.S. 317 (1986)"]
