"""End to end: `toa build` on the three sample briefs, checked from the outside.

Each sample is built once per session, by the real command line in a scratch directory, with the
default options (pages from a LibreOffice rendering). The tests then read the files it wrote:

* the JSON report and the printed table, pinned with syrupy (tests/__snapshots__/test_build.ambr;
  review a change against samples/README.md before `pytest --snapshot-update`);
* the round trip: outside the table and the hidden TA fields, every character of the brief and
  its run formatting is still there;
* the Word fields: one hidden TA field per occurrence in the report, one TOA field per heading
  whose cached result is the report's entries;
* LibreOffice opens the output, and the body keeps its page numbers;
* the input is untouched, nothing is left behind, the input is never overwritten.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from lxml import etree

from toa import styles

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
NAMES = ("appellate-brief", "trial-memorandum", "planted-problems", "texas-brief", "california-brief")

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships"
W = f"{{{W_NS}}}"

SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
if SOFFICE is None:  # the default build renders pages with LibreOffice; without it the snapshots differ
    pytest.skip("LibreOffice (soffice) is not installed", allow_module_level=True)

TITLE = re.compile(r"^\s*(table|index) of authorities\s*$", re.I)  # Texas calls it an index
PLACEHOLDER = re.compile(r"^\s*\[\s*(table|index) of authorities\s*\]\s*$", re.I)


# --------------------------------------------------------------------------- running toa


def run_toa(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "toa.cli", *args], cwd=cwd, capture_output=True, text=True, timeout=600
    )


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@dataclass
class Built:
    name: str
    folder: Path
    source: Path
    output: Path
    report_path: Path
    returncode: int
    stdout: str
    stderr: str
    hash_before: str
    hash_after: str
    listing: set[str]
    report: dict = field(default_factory=dict)


@pytest.fixture(scope="session")
def builds(tmp_path_factory) -> dict[str, Built]:
    """Every sample built once, by `toa build NAME.docx --json NAME.report.json` run in a folder of
    its own (relative paths, default options); the builds run side by side."""
    jobs = {}
    for name in NAMES:
        folder = tmp_path_factory.mktemp(name)
        source = folder / f"{name}.docx"
        shutil.copyfile(SAMPLES / source.name, source)
        before = sha256(source)
        proc = subprocess.Popen(
            [sys.executable, "-m", "toa.cli", "build", source.name, "--json", f"{name}.report.json"],
            cwd=folder,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        jobs[name] = (folder, source, before, proc)
    out = {}
    for name, (folder, source, before, proc) in jobs.items():
        stdout, stderr = proc.communicate(timeout=600)
        b = Built(
            name,
            folder,
            source,
            folder / f"{name}.toa.docx",
            folder / f"{name}.report.json",
            proc.returncode,
            stdout,
            stderr,
            before,
            sha256(source),
            {p.name for p in folder.iterdir()},
        )
        if proc.returncode == 0:
            b.report = json.loads(b.report_path.read_text(encoding="utf-8"))
        out[name] = b
    return out


@pytest.fixture(params=NAMES)
def built(request, builds) -> Built:
    b = builds[request.param]
    assert b.returncode == 0, f"toa build {b.name}.docx failed:\n{b.stderr}"
    return b


# --------------------------------------------------------------------------- reading a package


def parts(path: Path) -> dict[str, etree._Element]:
    """The main document and the notes parts (found through the relationships), parsed."""
    with zipfile.ZipFile(path) as z:
        names = set(z.namelist())
        out = {"body": etree.fromstring(z.read("word/document.xml"))}
        rels = etree.fromstring(z.read("word/_rels/document.xml.rels"))
        for rel in rels.iter(f"{{{REL_NS}}}Relationship"):
            kind = rel.get("Type", "").rsplit("/", 1)[-1]
            if kind in ("footnotes", "endnotes") and rel.get("TargetMode") != "External":
                target = "word/" + rel.get("Target").lstrip("/").removeprefix("word/")
                if target in names:
                    out[kind[:-1]] = etree.fromstring(z.read(target))
    return out


def owner_p(el):
    return next(el.iterancestors(f"{W}p"), None)


def paragraphs(root) -> list:
    """Every w:p of a story in document order, table cells included."""
    return list(root.iter(f"{W}p"))


def is_hidden(run) -> bool:
    rpr = run.find(f"{W}rPr")
    if rpr is None:
        return False
    v = rpr.find(f"{W}vanish")
    return v is not None and v.get(f"{W}val", "true") not in ("0", "false", "off")


def runs_of(p) -> list:
    return [r for r in p.iter(f"{W}r") if owner_p(r) is p]


def printed_text(p) -> str:
    """What a paragraph prints: w:t and tabs of visible runs (field codes and hidden runs left out)."""
    out = []
    for r in runs_of(p):
        if is_hidden(r):
            continue
        for c in r:
            if c.tag == f"{W}t":
                out.append(c.text or "")
            elif c.tag == f"{W}tab":
                out.append("\t")
    return "".join(out)


@dataclass
class FieldInfo:
    """A complex field: its code, the paragraphs (indices) of begin/separate/end, whether every
    one of its code runs is hidden, and the printed lines of its cached result."""

    instr: str = ""
    begin: int = -1
    separate: int | None = None
    end: int = -1
    hidden: bool = True
    result: list[str] = field(default_factory=list)
    after: str = ""  # what the paragraph prints after the field's end

    @property
    def keyword(self) -> str:
        words = self.instr.split()
        return words[0].upper() if words else ""


def fields(paras: list) -> list[FieldInfo]:
    """The complex fields of a story, in the order they begin (nested ones included). The cached
    result is kept as lines: one line per paragraph from the separator to the end."""
    done: list[FieldInfo] = []
    stack: list[FieldInfo] = []
    for i, p in enumerate(paras):
        for f in stack:
            if f.separate is not None:
                f.result.append("")
        ended: list[FieldInfo] = []  # fields that ended in this paragraph, collecting `after`
        for r in runs_of(p):
            hidden = is_hidden(r)
            for c in r:
                if c.tag == f"{W}fldChar":
                    kind = c.get(f"{W}fldCharType")
                    if kind == "begin":
                        f = FieldInfo(begin=i, hidden=hidden)
                        stack.append(f)
                        done.append(f)
                    elif kind == "separate" and stack:
                        stack[-1].separate = i
                        stack[-1].hidden &= hidden
                        stack[-1].result.append("")
                    elif kind == "end" and stack:
                        f = stack.pop()
                        f.end = i
                        f.hidden &= hidden
                        ended.append(f)
                elif c.tag == f"{W}instrText" and stack:
                    stack[-1].instr += c.text or ""
                    stack[-1].hidden &= hidden
                elif c.tag in (f"{W}t", f"{W}tab") and not hidden:
                    text = (c.text or "") if c.tag == f"{W}t" else "\t"
                    if stack and stack[-1].separate is not None:
                        stack[-1].result[-1] += text
                    for f in ended:
                        f.after += text
    return done


def ta_switches(instr: str) -> dict[str, str | None]:
    """The switches of a TA field code: {"l": long, "s": short, "c": number}; quoted values
    unescaped (Word escapes a quote as \\")."""
    out: dict[str, str | None] = {}
    for m in re.finditer(r'\\([a-z])\s*(?:"((?:\\.|[^"\\])*)"|(\S+))?', instr):
        value = m.group(2) if m.group(2) is not None else m.group(3)
        out[m.group(1)] = re.sub(r"\\(.)", r"\1", value) if value is not None else None
    return out


def reading_order_fields(tree: dict) -> list[FieldInfo]:
    """The fields of the body and of the notes in reading order: a note's fields come where its
    reference mark is."""
    notes = {}
    for kind in ("footnote", "endnote"):
        root = tree.get(kind)
        if root is None:
            continue
        for n in root.iterchildren(f"{W}{kind}"):
            notes[(kind, n.get(f"{W}id"))] = n
    out: list[FieldInfo] = []
    body_paras = paragraphs(tree["body"])
    for p in body_paras:
        out += fields([p])
        for ref in p.iter(f"{W}footnoteReference", f"{W}endnoteReference"):
            kind = "footnote" if ref.tag.endswith("footnoteReference") else "endnote"
            note = notes.get((kind, ref.get(f"{W}id")))
            if note is not None:
                out += fields(paragraphs(note))
    return out


def toa_region(body) -> tuple[int, int]:
    """(title, last) paragraph indices of the written table: from the TOA title before the first
    TOA field to the paragraph where the last TOA field ends."""
    paras = paragraphs(body)
    toas = [f for f in fields(paras) if f.keyword == "TOA"]
    assert toas, "no TOA field in the output"
    first, last = min(f.begin for f in toas), max(f.end for f in toas)
    titles = [i for i in range(first) if TITLE.match(printed_text(paras[i]))]
    assert titles, "no TABLE (or INDEX) OF AUTHORITIES title before the first TOA field"
    return titles[-1], last


def toa_lines(path: Path) -> list[str]:
    """The printed table, read back from the .docx: one line per non-empty paragraph from the
    title to the end of the last TOA field ("entry<TAB>pages" for entries)."""
    body = parts(path)["body"]
    start, end = toa_region(body)
    paras = paragraphs(body)
    return [t for p in paras[start : end + 1] if (t := printed_text(p).strip())]


def _flat(text: str) -> str:
    text = text.replace("\u2013", "-").replace("\u2014", "-").replace("\u2011", "-").replace("\u00a0", " ")
    return " ".join(text.split())


# --------------------------------------------------------------------------- 1. snapshots


def normalised(report: dict) -> dict:
    out = dict(report)
    for key in ("source", "output"):
        if out.get(key):
            out[key] = os.path.basename(out[key])
    return out


def test_report_snapshot(built, snapshot):
    assert normalised(built.report) == snapshot


def test_toa_text_snapshot(built, snapshot):
    assert toa_lines(built.output) == snapshot


def test_report_names_the_files_and_the_render(built):
    r = built.report
    assert r["source"] == f"{built.name}.docx"  # as given on the command line
    assert r["output"] == f"{built.name}.toa.docx"
    assert r["pagination"]["method"] == "render" and r["pagination"]["exact"] is True
    assert f"Wrote {built.name}.toa.docx" in built.stdout


def test_printed_table_is_the_report(built):
    """Title, page label, then per heading the heading and its entries, as the report says."""
    lines = toa_lines(built.output)
    style = styles.load(built.report["style"])
    expected = [style.title, style.page_column]
    for c in built.report["categories"]:
        expected.append(c["heading"])
        expected += [f"{a['text']}\t{a['page_text']}" for a in c["authorities"]]
    assert lines == expected


# --------------------------------------------------------------------------- 2. round trip


def _token(el) -> list[str]:
    """The characters an element of a run contributes, one token per character."""
    tag = etree.QName(el).localname
    if tag in ("t", "delText", "instrText", "delInstrText"):
        return list(el.text or "")
    attrs = " ".join(f"{etree.QName(k).localname}={v}" for k, v in sorted(el.attrib.items()))
    return [f"<{tag}{' ' + attrs if attrs else ''}>"]


def _canonical(rpr) -> str:
    return "" if rpr is None else etree.tostring(rpr, method="c14n", exclusive=True).decode()


def formatted_chars(p) -> list[tuple[str, str]]:
    """(character, canonical rPr) for every character of every visible run of a paragraph."""
    out = []
    for r in runs_of(p):
        if is_hidden(r):
            continue
        rpr = _canonical(r.find(f"{W}rPr"))
        for c in r:
            if c.tag != f"{W}rPr":
                out += [(t, rpr) for t in _token(c)]
    return out


def input_toa_region(body) -> tuple[int, int] | None:
    """The stale table (or placeholder) of the input: from a TABLE OF AUTHORITIES heading or a
    [TABLE OF AUTHORITIES] placeholder to the last paragraph with text before the next heading
    styled Heading*. None when the brief has neither."""
    paras = paragraphs(body)
    for i, p in enumerate(paras):
        text = printed_text(p)
        if PLACEHOLDER.match(text):
            return i, i
        if TITLE.match(text):
            last = i
            for j in range(i + 1, len(paras)):
                style = paras[j].find(f"{W}pPr/{W}pStyle")
                if style is not None and style.get(f"{W}val", "").lower().startswith("heading"):
                    break
                if printed_text(paras[j]).strip():
                    last = j
            return i, last
    return None


def story_sequences(tree: dict, region: tuple[int, int] | None) -> dict[str, list]:
    out = {}
    for story, root in tree.items():
        paras = paragraphs(root)
        if story == "body" and region is not None:
            paras = paras[: region[0]] + paras[region[1] + 1 :]
        out[story] = [formatted_chars(p) for p in paras]
    return out


def _first_difference(a: list, b: list) -> str:
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            k = next((k for k, (u, v) in enumerate(zip(x, y, strict=False)) if u != v), min(len(x), len(y)))
            return (
                f"paragraph {i}, character {k}:\n  input:  {''.join(c for c, _ in x)[:120]!r}"
                f"\n  output: {''.join(c for c, _ in y)[:120]!r}\n  input formatting:  "
                f"{x[k][1] if k < len(x) else '(end)'}\n  output formatting: {y[k][1] if k < len(y) else '(end)'}"
            )
    return f"{len(a)} paragraphs in the input, {len(b)} in the output"


def renumbered(sequences: list, stale: list[dict]) -> list:
    """The input's body paragraphs with the contents lines the report calls stale given their
    printed page: the last characters of such a line (its typed page) become the report's page,
    in the formatting they had; every other character stays as it was."""
    out = [list(seq) for seq in sequences]
    at = 0
    for line in stale:
        wanted = f"{line['text']} {line['typed']}"
        while at < len(out):
            text = "".join(c if len(c) == 1 else " " for c, _ in out[at])
            if " ".join(text.split()) == wanted:
                break
            at += 1
        assert at < len(out), f"no contents line {wanted!r} in the input"
        end = len("".join(c if len(c) == 1 else " " for c, _ in out[at]).rstrip())
        start = end - len(line["typed"])
        look = out[at][start][1]
        out[at][start:end] = [(c, look) for c in line["page"]]
    return out


def test_round_trip_keeps_every_character_and_its_formatting(built):
    """... but for the pages of the contents lines the report says were stale."""
    before, after = parts(built.source), parts(built.output)
    assert before.keys() == after.keys()
    old_region = input_toa_region(before["body"])
    new_region = toa_region(after["body"])
    if old_region is None:
        # the table opens the brief and a page break follows it (toa writes that paragraph too)
        follower = paragraphs(after["body"])[new_region[1] + 1]
        assert formatted_chars(follower) == [("<br type=page>", "")]
        new_region = (new_region[0], new_region[1] + 1)
    old, new = story_sequences(before, old_region), story_sequences(after, new_region)
    old["body"] = renumbered(old["body"], built.report.get("contents", {}).get("stale", []))
    for story in old:
        assert old[story] == new[story], f"{story}: {_first_difference(old[story], new[story])}"


def test_round_trip_sees_the_citations(built):
    """The comparison is not vacuous: the brief's text is in it, the TA fields are not."""
    seq = story_sequences(parts(built.output), toa_region(parts(built.output)["body"]))
    text = "".join(c for p in seq["body"] for c, _ in p)
    assert "§ " in text and "v. " in text and " TA " not in text and "\\s" not in text
    assert sum(len(p) for p in seq["body"]) > 3000


# --------------------------------------------------------------------------- 3. Word fields


def _all_fields(path: Path) -> list[FieldInfo]:
    return reading_order_fields(parts(path))


def test_one_hidden_ta_field_per_occurrence(built):
    tas = [f for f in _all_fields(built.output) if f.keyword == "TA"]
    occurrences = sum(len(a["occurrences"]) for c in built.report["categories"] for a in c["authorities"])
    assert len(tas) == occurrences
    assert all(f.hidden for f in tas), "every run of a TA field is hidden (w:vanish)"
    assert all(f.separate is None for f in tas), "a TA field has no result"


def _ta_groups(path: Path) -> dict[str, list[dict]]:
    """\\s identifier -> the switches of its TA fields, in reading order (a note's fields where
    its reference mark is)."""
    groups: dict[str, list[dict]] = {}
    for f in _all_fields(path):
        if f.keyword == "TA":
            sw = ta_switches(f.instr)
            groups.setdefault(sw.get("s") or "", []).append(sw)
    return groups


def test_ta_fields_name_their_authority_and_category(built):
    """Per authority: its TA fields share one \\s and the \\c of its heading, and exactly one of
    them carries \\l, the entry text."""
    groups = _ta_groups(built.output)
    assert "" not in groups, "every TA field has \\s"
    expected = {
        a["text"]: (str(c["number"]), len(a["occurrences"]))
        for c in built.report["categories"]
        for a in c["authorities"]
    }
    got = {}
    for short, group in groups.items():
        longs = [sw["l"] for sw in group if "l" in sw]
        assert len(longs) == 1, f"{len(longs)} TA fields of {short!r} have \\l"
        numbers = {sw.get("c") for sw in group}
        assert len(numbers) == 1 and None not in numbers, f"TA fields of {short!r}: \\c {numbers}"
        got[longs[0]] = (numbers.pop(), len(group))
    assert got == expected


def _ta_sites(built: Built) -> dict[str, list[tuple[dict, str]]]:
    """Entry text -> (switches, the text printed right after the field) of each of its TA
    fields, in reading order."""
    shorts = {}
    for f in _all_fields(built.output):
        if f.keyword == "TA":
            sw = ta_switches(f.instr)
            shorts.setdefault(sw.get("s"), []).append((sw, _flat(f.after)))
    out = {}
    for group in shorts.values():
        longs = [sw["l"] for sw, _ in group if "l" in sw]
        out[longs[0] if longs else None] = group
    return out


def test_ta_fields_sit_at_the_start_of_their_citations(built):
    """Each TA field is followed by the text of one occurrence of its authority, and each
    occurrence in the report has its TA field."""
    sites = _ta_sites(built)
    unmatched = []
    for c in built.report["categories"]:
        for a in c["authorities"]:
            texts = [_flat(o["text"]) for o in a["occurrences"]]
            for _, after in sites.get(a["text"], []):
                hit = next((t for t in sorted(texts, key=len, reverse=True) if after.startswith(t)), None)
                if hit is None:
                    unmatched.append(f"{a['text'][:40]!r}: a TA field before {after[:40]!r}")
                else:
                    texts.remove(hit)
            unmatched += [f"{a['text'][:40]!r}: no TA field before {t!r}" for t in texts]
    assert unmatched == []


def test_long_citation_is_on_the_first_full_citation(built):
    """The TA field with \\l is the first of its authority (reading order: a note's fields where
    its reference mark is) that stands before a full citation; the first one when there is none."""
    sites = _ta_sites(built)
    wrong = []
    for c in built.report["categories"]:
        for a in c["authorities"]:
            fulls = [_flat(o["text"]) for o in a["occurrences"] if o["kind"] == "full"]
            group = sites.get(a["text"], [])
            firsts = [i for i, (_, after) in enumerate(group) if any(after.startswith(t) for t in fulls)]
            want = firsts[0] if firsts else 0
            have = [i for i, (sw, _) in enumerate(group) if "l" in sw]
            if have != [want]:
                wrong.append(f"{a['text'][:50]!r}: \\l on TA field(s) {have}, expected {want}")
    assert wrong == []


def test_one_toa_field_per_heading_holding_its_entries(built):
    toas = [f for f in fields(paragraphs(parts(built.output)["body"])) if f.keyword == "TOA"]
    cats = built.report["categories"]
    assert len(toas) == len(cats)
    for f, c in zip(toas, cats, strict=True):
        assert re.fullmatch(rf'\s*TOA \\c "{c["number"]}"( \\[a-z]( "[^"]*")?)*\s*', f.instr), f.instr
        assert "\\h" not in f.instr
        assert not f.hidden
        assert f.result == [f"{a['text']}\t{a['page_text']}" for a in c["authorities"]]


# --------------------------------------------------------------------------- 4. LibreOffice


def to_pdf(docxs: dict[str, Path], tmp: Path) -> dict[str, list[str]]:
    """Convert each .docx with LibreOffice (a private profile each, side by side); the text of
    each page of each PDF (pdftotext -layout)."""
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    jobs = {}
    for key, docx in docxs.items():
        folder = tmp / key
        folder.mkdir()
        profile = folder / "lo-profile"
        jobs[key] = (
            folder / (docx.stem + ".pdf"),
            subprocess.Popen(
                [
                    SOFFICE,
                    f"-env:UserInstallation={profile.as_uri()}",
                    "--headless",
                    "--norestore",
                    "--convert-to",
                    "pdf",
                    "--outdir",
                    str(folder),
                    str(docx),
                ],
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
                env={**os.environ, "HOME": str(folder)},
            ),
        )
    out = {}
    for key, (pdf, proc) in jobs.items():
        log, _ = proc.communicate(timeout=300)
        assert pdf.exists(), f"LibreOffice could not convert {docxs[key].name}: {log}"
        text = subprocess.run(
            ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
        ).stdout
        pages = text.split("\f")
        if pages and not pages[-1].strip():
            pages.pop()
        out[key] = pages
    return out


def page_label(page: str) -> str | None:
    """The page number printed in the footer: the last line of the page, when it is a number."""
    lines = [ln.strip() for ln in page.strip().splitlines() if ln.strip()]
    if lines and re.fullmatch(r"\d+|[ivxlc]+", lines[-1]):
        return lines[-1]
    return None


@pytest.fixture(scope="session")
def pdfs(builds, tmp_path_factory) -> dict[str, list[str]]:
    """NAME -> pages of the input (two samples), NAME.toa -> pages of the output (all three)."""
    docxs = {}
    for name, b in builds.items():
        if b.returncode == 0:
            docxs[name + ".toa"] = b.output
            if name != "planted-problems":
                docxs[name] = b.source
    return to_pdf(docxs, tmp_path_factory.mktemp("pdf"))


@pytest.mark.parametrize("name", ["appellate-brief", "trial-memorandum"])
def test_libreoffice_prints_the_table(builds, pdfs, name):
    pages = pdfs[name + ".toa"]
    text = " ".join("\f".join(pages).split())
    assert "TABLE OF AUTHORITIES" in text
    report = builds[name].report
    entries = [a["text"] for c in report["categories"] for a in c["authorities"]]
    for entry in (entries[0], entries[len(entries) // 2], entries[-1]):
        assert entry.split(",")[0] in text
    for c in report["categories"]:
        assert c["heading"] in text


def test_libreoffice_appellate_body_keeps_its_page_numbers(pdfs):
    before, after = pdfs["appellate-brief"], pdfs["appellate-brief.toa"]
    assert len(before) == 17  # cover, ii roman pages, 14 body pages (samples/README.md)
    body = lambda pages: [page_label(p) for p in pages if page_label(p) and page_label(p).isdigit()]  # noqa: E731
    assert body(before) == [str(n) for n in range(1, 15)]
    assert body(after) == body(before)  # the body restarts at 1 in its own section
    # the new table is longer than the stale one: only the roman front matter grows
    roman = [page_label(p) for p in after if page_label(p) and not page_label(p).isdigit()]
    assert roman[:2] == ["i", "ii"] and len(after) == 1 + len(roman) + 14
    first_body = next(p for p in after if page_label(p) == "1")
    assert "STATEMENT OF JURISDICTION" in first_body
    toa_pages = [p for p in after if "TABLE OF AUTHORITIES" in p and "TABLE OF CONTENTS" not in p]
    assert toa_pages and all(not page_label(p).isdigit() for p in toa_pages)


def test_report_pages_are_where_the_citations_print(built, pdfs):
    """Every body or table citation (full, short, supra) is printed on the page the report gives
    it, in LibreOffice's rendering of the output itself."""
    by_label: dict[str, str] = {}
    for page in pdfs[built.name + ".toa"]:
        if page_label(page):
            by_label[page_label(page)] = by_label.get(page_label(page), "") + " " + _flat(page)
    misplaced, checked = [], 0
    for c in built.report["categories"]:
        for a in c["authorities"]:
            for o in a["occurrences"]:
                if o["story"] in ("body", "table") and o["kind"] in ("full", "short", "supra"):
                    checked += 1
                    start = _flat(o["text"])[:12]
                    if start not in by_label.get(o["page"], ""):
                        where = sorted(k for k, v in by_label.items() if start in v)
                        misplaced.append(f"{o['text']!r} on p. {o['page']} (printed on {where})")
    assert checked > 10
    assert misplaced == []


def test_libreoffice_trial_memorandum_body_moves_down(pdfs, builds):
    """One section: the table inserted at the placeholder pushes the body down; the report's
    pages are those of the output (where Palacios is first cited)."""
    before, after = pdfs["trial-memorandum"], pdfs["trial-memorandum.toa"]
    assert len(before) == 7
    shift = len(after) - len(before)
    assert shift >= 1
    assert [page_label(p) for p in after] == [str(n) for n in range(1, len(after) + 1)]
    report = builds["trial-memorandum"].report
    cases = next(c for c in report["categories"] if c["key"] == "cases")
    palacios = next(a for a in cases["authorities"] if "Palacios" in a["text"])
    first = int(palacios["pages"][0])
    assert "Palacios" in after[first - 1] and not any("Palacios" in p for p in after[shift + 1 : first - 1])


# --------------------------------------------------------------------------- 5. files


def test_input_is_byte_identical_after_the_build(built):
    assert built.hash_after == built.hash_before == sha256(SAMPLES / built.source.name)


def test_nothing_else_is_left_in_the_folder(built):
    assert built.listing == {f"{built.name}.docx", f"{built.name}.toa.docx", f"{built.name}.report.json"}


def test_output_is_a_complete_package(built):
    with zipfile.ZipFile(built.output) as z:
        assert z.testzip() is None
        with zipfile.ZipFile(built.source) as src:
            assert set(src.namelist()) <= set(z.namelist())


@pytest.mark.parametrize("spelling", ["brief.docx", "./brief.docx", "{abs}"])
def test_refuses_to_overwrite_the_input(tmp_path, spelling):
    src = tmp_path / "brief.docx"
    shutil.copyfile(SAMPLES / "planted-problems.docx", src)
    before = sha256(src)
    target = spelling.format(abs=src)
    proc = run_toa("build", "brief.docx", "-o", target, "--pages", "estimate", cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.startswith("toa: error: refusing to overwrite the input")
    assert "--in-place" in proc.stderr
    assert sha256(src) == before
    assert {p.name for p in tmp_path.iterdir()} == {"brief.docx"}


def test_in_place_replaces_the_input(tmp_path):
    src = tmp_path / "brief.docx"
    shutil.copyfile(SAMPLES / "planted-problems.docx", src)
    proc = run_toa("build", "brief.docx", "-o", "brief.docx", "--in-place", "--pages", "estimate", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert {p.name for p in tmp_path.iterdir()} == {"brief.docx"}
    assert toa_lines(src)[0] == "TABLE OF AUTHORITIES"


# --------------------------------------------------------------------------- 7. committed outputs


@pytest.mark.parametrize("name", ["appellate-brief", "trial-memorandum", "texas-brief", "california-brief"])
def test_committed_sample_outputs_are_current(builds, name):
    """samples/NAME.report.json and samples/NAME.toa.docx are what `cd samples && toa build
    NAME.docx --json NAME.report.json` makes today (rebuild them so when the engine changes)."""
    b = builds[name]
    assert b.returncode == 0, b.stderr
    committed = json.loads((SAMPLES / f"{name}.report.json").read_text(encoding="utf-8"))
    assert committed == b.report
    assert toa_lines(SAMPLES / f"{name}.toa.docx") == toa_lines(b.output)


def test_building_again_from_the_output_replaces_the_table(built, tmp_path):
    """A brief edited after a build is built again from the output: one table, one TA field per
    citation, the same entries and pages."""
    again = run_toa(
        "build",
        str(built.output),
        "-o",
        str(tmp_path / "again.docx"),
        "--json",
        str(tmp_path / "again.json"),
        cwd=tmp_path,
    )
    assert again.returncode == 0, again.stderr
    report = json.loads((tmp_path / "again.json").read_text(encoding="utf-8"))

    def entries(r):
        return [(a["text"], a["pages"]) for c in r["categories"] for a in c["authorities"]]

    assert entries(report) == entries(built.report)
    first, second = (fields(paragraphs(parts(p)["body"])) for p in (built.output, tmp_path / "again.docx"))
    assert [f.instr.split()[0] for f in second] == [f.instr.split()[0] for f in first]


# --------------------------------------------------------------------------- 8. state briefs


def answer_key(name: str) -> dict[str, list[tuple[str, str]]]:
    """{heading: [(entry, pages)]} of samples/README.md's answer key for NAME, every heading with a
    table, without the italics and the marks (◊ invented, ‡ citing, † mention only)."""
    readme = (SAMPLES / "README.md").read_text(encoding="utf-8")
    section = readme.split(f"## {name}.docx", 1)[1].split("\n## ", 1)[0]
    key = {}
    for heading, body in re.findall(r"\n\*\*([^*\n]+)\*\*\n(.*?)(?=\n\*\*|\Z)", section, re.S):
        lines = [ln for ln in body.splitlines() if ln.startswith("|")][2:]
        if not lines:
            continue  # "Must NOT appear"
        rows = []
        for line in lines:
            entry, pages = [c.strip() for c in line.strip("|").split("|")]
            rows.append((re.sub(r"\s*[◊‡]", "", entry.replace("*", "")).strip(), pages.replace("†", "")))
        key[heading] = rows
    return key


@pytest.mark.parametrize("name, style", [("texas-brief", "texas"), ("california-brief", "california")])
def test_state_briefs_get_their_court_style_and_the_entries_of_the_answer_key(tmp_path, name, style):
    shutil.copyfile(SAMPLES / f"{name}.docx", tmp_path / f"{name}.docx")
    proc = run_toa("build", f"{name}.docx", "--json", "report.json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert report["style"] == style
    got = {
        c["heading"]: [(a["text"], a["page_text"]) for a in c["authorities"]]
        for c in report["categories"]
        if c["authorities"]
    }
    assert got == answer_key(name)
