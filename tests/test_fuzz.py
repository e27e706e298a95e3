"""Fuzzing the command line with damaged briefs: hypothesis mutates the samples' XML parts and
their zip structure, and every run must end in a result (exit 0) or one line and exit 2 —
never a traceback or an "unexpected failure" (exit 1), never a hang, never a changed input,
never a stray file. 300 examples by default (about 20 s); TOA_FUZZ_EXAMPLES=3000 runs longer."""

from __future__ import annotations

import contextlib
import io
import os
import signal
import tempfile
import warnings
import zipfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toa.cli import main

SAMPLES = sorted((Path(__file__).resolve().parent.parent / "samples").glob("*.docx"))
SAMPLES = [p for p in SAMPLES if not p.name.endswith((".toa.docx", ".checked.docx"))]
EXAMPLES = int(os.environ.get("TOA_FUZZ_EXAMPLES", "300"))
HANG_SECONDS = 30

# Fragments that make XML odd in the ways briefs and attackers do.
SNIPPETS = [
    b"<w:tbl><w:tr><w:tc><w:p><w:r><w:t>x</w:t></w:r></w:p>",
    b"</w:tc></w:tr></w:tbl>",
    b"<w:p>",
    b"</w:p>",
    b"<!DOCTYPE d [<!ENTITY e 'x'>]>",
    b"&e;",
    b"&amp;",
    b"<![CDATA[ ]]>",
    b"<?pi x?>",
    b"<!-- -->",
    "\u2028\u0085\u200b\ufeff\u00ad".encode(),
    b"\xff\xfe",
    b"\x00",
    b'<w:fldChar w:fldCharType="begin"/>',
    b"<w:instrText> TOA \\c 1 </w:instrText>",
    b'<w:footnoteReference w:id="99"/>',
    b'<w:sectPr><w:pgNumType w:fmt="lowerRoman" w:start="x"/></w:sectPr>',
    b"477 U.S. 317 (1986); Id. at 5; 42 U.S.C. \xc2\xa7 1983; supra note 3",
    b'<w:br w:type="page"/>',
    b"<w:del><w:r><w:delText>x</w:delText></w:r></w:del>",
]


def _parts(sample: Path) -> list[tuple[zipfile.ZipInfo, bytes]]:
    with zipfile.ZipFile(sample) as z:
        return [(i, z.read(i)) for i in z.infolist()]


@st.composite
def xml_mutation(draw, data: bytes) -> bytes:
    """A few edits of one XML part: cut, repeat or move a slice, insert a fragment or bytes."""
    for _ in range(draw(st.integers(1, 4))):
        n = len(data)
        a = draw(st.integers(0, n))
        b = draw(st.integers(a, min(n, a + 400)))
        kind = draw(st.sampled_from(["cut", "repeat", "snippet", "bytes", "tag"]))
        if kind == "cut":
            data = data[:a] + data[b:]
        elif kind == "repeat":
            data = data[:b] + data[a:b] * draw(st.integers(1, 3)) + data[b:]
        elif kind == "snippet":
            data = data[:a] + draw(st.sampled_from(SNIPPETS)) + data[a:]
        elif kind == "bytes":
            data = data[:a] + draw(st.binary(min_size=1, max_size=8)) + data[b:]
        else:  # wrap a slice in a table cell or a content control
            wrap = draw(
                st.sampled_from(
                    [
                        (b"<w:sdt><w:sdtContent>", b"</w:sdtContent></w:sdt>"),
                        (b"<w:tbl><w:tr><w:tc>", b"</w:tc></w:tr></w:tbl>"),
                    ]
                )
            )
            data = data[:a] + wrap[0] + data[a:b] + wrap[1] + data[b:]
    return data


class Damaged(bytes):
    """The bytes of a damaged .docx; its repr says how it was damaged (not 100 KB of bytes)."""

    how = ""

    def __repr__(self) -> str:
        return f"<{len(self)} bytes: {self.how}>"


@st.composite
def damaged_docx(draw) -> Damaged:
    sample = draw(st.sampled_from(SAMPLES))
    data, how = draw(_damage(sample))
    out = Damaged(data)
    out.how = f"{sample.name}: {how}"
    return out


@st.composite
def _damage(draw, sample: Path) -> tuple[bytes, str]:
    parts = _parts(sample)
    names = [i.filename for i, _ in parts]
    kind = draw(st.sampled_from(["xml", "xml", "xml", "drop", "duplicate", "rename", "stored", "raw"]))
    out = io.BytesIO()
    if kind == "raw":  # bytes of the archive itself: flip, cut or repeat a stretch
        data = bytearray(sample.read_bytes())
        a = draw(st.integers(0, len(data) - 1))
        b = draw(st.integers(a, min(len(data), a + 64)))
        action = draw(st.sampled_from(["flip", "cut", "repeat"]))
        how = f"{action} bytes {a}-{b} of the archive"
        if action == "flip":
            for k in range(a, b):
                data[k] ^= 0xFF
            return bytes(data), how
        return (bytes(data[:a] + data[b:]) if action == "cut" else bytes(data[:b] + data[a:b] + data[b:])), how
    target = draw(st.sampled_from([n for n in names if n.endswith((".xml", ".rels"))]))
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for info, data in parts:
            name = info.filename
            if name == target:
                if kind == "drop":
                    continue
                if kind == "xml":
                    data = draw(xml_mutation(data))
                if kind == "rename":
                    name = name + draw(st.sampled_from(["x", "/", ".bak", "\u00e9"]))
            compress = zipfile.ZIP_STORED if kind == "stored" else zipfile.ZIP_DEFLATED
            z.writestr(zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0)), data, compress_type=compress)
            if kind == "duplicate" and name == target:
                with _quiet_duplicate():
                    z.writestr(name, draw(xml_mutation(data)))
    return out.getvalue(), f"{kind} {target}"


@contextlib.contextmanager
def _quiet_duplicate():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "Duplicate name": exactly what we want to write
        yield


class Hang(Exception):
    pass


def _alarm(_signum, _frame):
    raise Hang(f"a run took more than {HANG_SECONDS} s")


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=damaged_docx(), command=st.sampled_from(["extract", "build", "check"]))
def test_damaged_briefs_never_crash_hang_or_leave_files(data, command):
    with tempfile.TemporaryDirectory(prefix="toa-fuzz-") as tmp:
        folder = Path(tmp)
        (folder / "brief.docx").write_bytes(data)
        args = {
            "extract": ["extract", "brief.docx", "--json"],
            "build": ["build", "brief.docx", "-o", "out.docx", "--json", "report.json"],
            "check": ["check", "brief.docx", "-o", "out.docx", "--offline", "--no-cache"],
        }[command]
        out, err = io.StringIO(), io.StringIO()
        cwd = os.getcwd()
        previous = signal.signal(signal.SIGALRM, _alarm)
        signal.alarm(HANG_SECONDS)
        try:
            os.chdir(folder)
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = main(args + ["--pages", "estimate"])
        finally:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, previous)
            os.chdir(cwd)
        assert code in (0, 2), err.getvalue()
        if code == 2:
            lines = err.getvalue().splitlines()
            assert len(lines) == 1 and lines[0].startswith("toa: error: "), err.getvalue()
        assert (folder / "brief.docx").read_bytes() == data
        written = {p.name for p in folder.iterdir()} - {"brief.docx"}
        expected = (
            set()
            if code == 2 or command == "extract"
            else {"out.docx", "report.json"}
            if command == "build"
            else {"out.docx"}
        )
        assert written == expected
