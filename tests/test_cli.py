"""The command line from the outside: `python -m toa.cli ...` in a scratch folder.

Bad input ends with exit status 2, one line "toa: error: ..." on stderr, no traceback and no
file written. `toa extract` lists every citation; `toa build --json` writes the report. These
runs use `--pages estimate` (no LibreOffice) so they are quick; tests/test_build.py covers the
rendered build.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import zipfile
from collections import Counter
from pathlib import Path

import pytest

from toa.model import KINDS, STORIES

from docxbuild import DocBuilder

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
SAMPLE = SAMPLES / "planted-problems.docx"


def toa(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "toa.cli", *args], cwd=cwd, capture_output=True, text=True, timeout=300
    )


def listing(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


# --------------------------------------------------------------------------- bad input


def _text_file(path: Path):
    path.write_text("This is a plain text file.\nSee Celotex Corp. v. Catrett, 477 U.S. 317 (1986).\n")


def _ole_file(path: Path):  # what Word writes for an encrypted .docx (and what an old .doc is)
    path.write_bytes(bytes.fromhex("D0CF11E0A1B11AE1") + bytes(504) + b"EncryptedPackage" * 64)


def _truncated_zip(path: Path):
    data = SAMPLE.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def _damaged_entry(path: Path):
    """A complete zip whose word/document.xml has flipped bytes (its CRC no longer matches)."""
    data = bytearray(SAMPLE.read_bytes())
    with zipfile.ZipFile(SAMPLE) as z:
        info = z.getinfo("word/document.xml")
    start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
    for i in range(start + 100, start + 140):
        data[i] ^= 0x5A
    path.write_bytes(bytes(data))


def _bad_crc(path: Path):
    """A complete zip whose word/document.xml is intact but whose recorded CRC-32 is wrong."""
    data = bytearray(SAMPLE.read_bytes())
    at = 0
    while (at := data.find(b"PK\x01\x02", at + 1)) >= 0:  # central directory headers
        size = int.from_bytes(data[at + 28 : at + 30], "little")
        if data[at + 46 : at + 46 + size] == b"word/document.xml":
            data[at + 16] ^= 0xFF
            break
    else:
        raise AssertionError("no central directory entry for word/document.xml")
    path.write_bytes(bytes(data))


def _no_citations(path: Path):
    b = DocBuilder()
    b.heading("ARGUMENT", level=1)
    b.paragraph("The plaintiff has not shown any dispute of fact, and the motion should be granted.")
    b.paragraph("Respectfully submitted.")
    b.save(path)


BAD_INPUTS = {
    "text-file": (_text_file, "not a .docx"),
    "encrypted-ole": (_ole_file, "encrypted"),
    "truncated-zip": (_truncated_zip, "damaged"),
    "bad-crc": (_bad_crc, "damaged"),
    "damaged-entry": (_damaged_entry, "damaged"),
    "no-citations": (_no_citations, "no citations"),
}


def assert_one_line_error(proc: subprocess.CompletedProcess, words: str):
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("toa: error: ")
    assert words in lines[0]
    assert "Traceback" not in proc.stderr + proc.stdout
    assert proc.stdout == ""


@pytest.mark.parametrize("command", ["build", "extract"])
@pytest.mark.parametrize("case", sorted(BAD_INPUTS))
def test_bad_input_is_one_line_and_writes_nothing(tmp_path, case, command):
    make, words = BAD_INPUTS[case]
    make(tmp_path / "brief.docx")
    before = listing(tmp_path)
    extra = ["--json", "report.json"] if command == "build" else []
    proc = toa(command, "brief.docx", "--pages", "estimate", *extra, cwd=tmp_path)
    assert_one_line_error(proc, words)
    assert listing(tmp_path) == before


@pytest.mark.parametrize("command", ["build", "extract"])
def test_missing_file(tmp_path, command):
    proc = toa(command, "nowhere.docx", cwd=tmp_path)
    assert_one_line_error(proc, "nowhere.docx")
    assert list(tmp_path.iterdir()) == []


def test_unknown_style(tmp_path):
    shutil.copyfile(SAMPLE, tmp_path / "brief.docx")
    before = listing(tmp_path)
    proc = toa("build", "brief.docx", "--style", "nonesuch", "--json", "report.json", cwd=tmp_path)
    assert_one_line_error(proc, "nonesuch")
    assert listing(tmp_path) == before


def test_unwritable_report_path_writes_nothing(tmp_path):
    shutil.copyfile(SAMPLE, tmp_path / "brief.docx")
    before = listing(tmp_path)
    proc = toa("build", "brief.docx", "--pages", "estimate", "--json", "no/such/folder/report.json", cwd=tmp_path)
    assert_one_line_error(proc, "report.json")
    assert listing(tmp_path) == before


# --------------------------------------------------------------------------- build --json, extract


@pytest.fixture(scope="module")
def estimated(tmp_path_factory):
    """planted-problems.docx built with --pages estimate and --json, once for this module."""
    folder = tmp_path_factory.mktemp("estimate")
    shutil.copyfile(SAMPLE, folder / "brief.docx")
    proc = toa("build", "brief.docx", "--pages", "estimate", "--json", "report.json", cwd=folder)
    return folder, proc


def test_build_json_writes_the_report(estimated):
    folder, proc = estimated
    assert proc.returncode == 0, proc.stderr
    assert {p.name for p in folder.iterdir()} == {"brief.docx", "brief.toa.docx", "report.json"}
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    assert set(report) >= {"source", "output", "style", "pagination", "categories", "unlinked"}
    assert report["source"] == "brief.docx" and report["output"] == "brief.toa.docx"
    assert report["style"] == "default"
    headings = [c["heading"] for c in report["categories"]]
    assert headings == ["Cases", "Constitutional Provisions", "Statutes", "Rules and Regulations"]
    for c in report["categories"]:
        for a in c["authorities"]:
            assert a["text"] and a["occurrences"] and a["category"] in c["members"]
            assert all(o["kind"] in KINDS and o["story"] in STORIES for o in a["occurrences"])
    # the terminal summary agrees with the report
    total = sum(len(a["occurrences"]) for c in report["categories"] for a in c["authorities"])
    assert re.search(
        rf"^Total\s+{sum(len(c['authorities']) for c in report['categories'])}\s+{total}$", proc.stdout, re.M
    )
    assert proc.stdout.rstrip().endswith("Wrote brief.toa.docx")


def test_pages_estimate_is_reported_as_approximate(estimated):
    folder, proc = estimated
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    assert report["pagination"]["method"] == "estimate"
    assert report["pagination"]["exact"] is False
    assert "Pages: estimate (approximate)" in proc.stdout


_LINE = re.compile(r"^\s*(\S+)  (\S+) +(\S+) +(\S.*)$")


def test_extract_lists_every_citation(estimated):
    folder, _ = estimated
    text = toa("extract", "brief.docx", "--pages", "estimate", cwd=folder)
    as_json = toa("extract", "brief.docx", "--pages", "estimate", "--json", cwd=folder)
    assert text.returncode == 0 and as_json.returncode == 0, text.stderr + as_json.stderr
    rows = json.loads(as_json.stdout)
    assert isinstance(rows, list)
    lines = text.stdout.splitlines()
    assert len(lines) == len(rows)
    parsed = [_LINE.match(line).groups() for line in lines]
    assert parsed == [(r["page"] or "?", r["kind"], r["story"], r["text"]) for r in rows]
    assert all(kind in KINDS and story in STORIES for _, kind, story, _ in parsed)
    # the same citations as the build's report, with the same pages (the order may differ)
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    expected = [
        (o["page"], o["kind"], o["story"], o["text"], a["category"], a["text"])
        for c in report["categories"]
        for a in c["authorities"]
        for o in a["occurrences"]
    ]
    expected += [(o["page"], o["kind"], o["story"], o["text"], None, None) for o in report["unlinked"]]
    got = [(r["page"], r["kind"], r["story"], r["text"], r["category"], r["authority"]) for r in rows]
    assert Counter(got) == Counter(expected)
    assert {"footnote", "body"} <= {r["story"] for r in rows}
    assert len(rows) == 22  # planted-problems.docx: 13 authorities, 22 citations


def test_extract_writes_nothing(estimated, tmp_path):
    shutil.copyfile(SAMPLE, tmp_path / "brief.docx")
    proc = toa("extract", "brief.docx", "--pages", "estimate", cwd=tmp_path)
    assert proc.returncode == 0 and proc.stdout
    assert [p.name for p in tmp_path.iterdir()] == ["brief.docx"]


@pytest.mark.parametrize("as_json", [False, True])
def test_extract_into_a_closed_pipe_is_quiet(tmp_path, as_json):
    """`toa extract … | head`: the reader leaving early is no failure of toa's."""
    shutil.copyfile(SAMPLE, tmp_path / "brief.docx")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "toa.cli",
            "extract",
            "brief.docx",
            "--pages",
            "estimate",
            *(["--json"] if as_json else []),
        ],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    proc.stdout.close()  # as `head` does once it has its lines
    err = proc.stderr.read()
    assert proc.wait(timeout=300) == 141
    assert err == ""


def test_an_internal_failure_is_one_line_and_leaves_the_input(tmp_path, monkeypatch, capsys):
    from toa import cli, extract

    src = tmp_path / "brief.docx"
    shutil.copyfile(SAMPLE, src)
    before = src.read_bytes()

    def broken(_doc):
        raise RuntimeError("boom")

    monkeypatch.setattr(extract, "extract", broken)
    monkeypatch.delenv("TOA_DEBUG", raising=False)
    assert cli.main(["build", str(src), "--pages", "estimate"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("toa: error: unexpected failure (RuntimeError: boom)")
    assert src.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["brief.docx"]


@pytest.mark.parametrize("in_place", [False, True])
def test_a_build_that_would_lose_a_paragraph_writes_nothing(tmp_path, monkeypatch, capsys, in_place):
    """The brief's words are checked before the output is saved: a write stage that lost a
    paragraph (forced here) ends in one line naming it, exit 2, the input as it was, no output,
    also with --in-place."""
    from toa import cli, write

    src = tmp_path / "brief.docx"
    shutil.copyfile(SAMPLE, src)
    before = src.read_bytes()
    real = write.write_toa

    def losing(doc, *args, **kw):
        placement = real(doc, *args, **kw)
        victim = next(p for p in doc.paragraphs if p.story == "body" and p.text.strip() == "ARGUMENT").element
        victim.getparent().remove(victim)
        return placement

    monkeypatch.setattr(write, "write_toa", losing)
    args = ["build", str(src), "--pages", "estimate"] + (["--in-place", "-o", str(src)] if in_place else [])
    assert cli.main(args) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith('toa: error: toa would have lost the brief\'s paragraph "ARGUMENT"')
    assert "nothing was written" in err[0]
    assert src.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["brief.docx"]


def test_no_field_update_leaves_word_to_keep_the_pages(tmp_path):
    shutil.copyfile(SAMPLE, tmp_path / "brief.docx")
    proc = toa("build", "brief.docx", "--pages", "estimate", "--no-field-update", "--json", "r.json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    with zipfile.ZipFile(tmp_path / "brief.toa.docx") as z:
        assert b"updateFields" not in z.read("word/settings.xml")
    assert json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["pagination"]["word_update"] is False
    assert "Word will renumber" not in proc.stdout
    again = toa("build", "brief.docx", "--pages", "estimate", cwd=tmp_path)
    assert "Pages: estimate (approximate); Word will renumber on open." in again.stdout
    with zipfile.ZipFile(tmp_path / "brief.toa.docx") as z:
        assert b'<w:updateFields w:val="true"/>' in z.read("word/settings.xml")


def test_passim_threshold_and_footnotes_as_the_pane_sends_them(tmp_path):
    """--passim N and --no-footnotes do what the pane's Passim and Include footnotes ask of the
    API (?passim=N, ?footnotes=0): an entry on N pages or more prints passim where the style allows
    it, and citations in notes are left out."""
    brief = SAMPLES / "appellate-brief.docx"
    plain = toa("build", str(brief), "--style", "default", "--json", "plain.json", "-o", "plain.docx", cwd=tmp_path)
    chosen = toa(
        "build", str(brief), "--style", "default", "--passim", "3", "--no-footnotes", "--json", "chosen.json",
        "-o", "chosen.docx", cwd=tmp_path,
    )  # fmt: skip
    assert plain.returncode == 0 and chosen.returncode == 0, plain.stderr + chosen.stderr

    def entries(name):
        report = json.loads((tmp_path / name).read_text())
        return {a["text"]: a for c in report["categories"] for a in c["authorities"]}

    before, after = entries("plain.json"), entries("chosen.json")
    notes = {t for t, a in before.items() if any(o["story"] != "body" for o in a["occurrences"])}
    assert notes and not any(o["story"] != "body" for a in after.values() for o in a["occurrences"])
    on_three = {t for t, a in after.items() if len(a["pages"]) >= 3}
    assert on_three and {t for t, a in after.items() if a["page_text"] == "passim"} == on_three
    assert not any(a["page_text"] == "passim" for t, a in before.items() if t in on_three and len(a["pages"]) < 5)
    # a style that allows no passim keeps every page; a bad threshold is one line and exit 2
    sg = toa(
        "build", str(brief), "--style", "scotus", "--passim", "2", "--json", "sg.json", "-o", "sg.docx", cwd=tmp_path
    )
    assert sg.returncode == 0 and not any(a["page_text"] == "passim" for a in entries("sg.json").values())
    bad = toa("build", str(brief), "--passim", "1", cwd=tmp_path)
    assert bad.returncode == 2 and "passim '1' is not a number of pages from 2 to 99" in bad.stderr
    assert "Traceback" not in bad.stderr and sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".docx") == [
        "chosen.docx", "plain.docx", "sg.docx",
    ]  # fmt: skip


def test_python_dash_m_toa_runs_the_command_line(tmp_path):
    """`python -m toa` is the `toa` script: the same build, the same exit statuses."""
    brief = DocBuilder()
    brief.paragraph("See ", ("Celotex Corp. v. Catrett", "i"), ", 477 U.S. 317, 322 (1986).")
    brief.save(tmp_path / "brief.docx")
    run = [sys.executable, "-m", "toa"]
    built = subprocess.run([*run, "build", "brief.docx", "--pages", "estimate"], cwd=tmp_path, capture_output=True)
    assert built.returncode == 0, built.stderr
    assert (tmp_path / "brief.toa.docx").exists()
    missing = subprocess.run([*run, "build", "nothing.docx"], cwd=tmp_path, capture_output=True, text=True)
    assert missing.returncode == 2 and missing.stderr.count("\n") == 1
