"""How often each page source puts a page's text on the page Word prints it on.

    python bench/page_fidelity.py LAYOUT_DIR [--sources render,word,estimate] [--json OUT.json]
    python bench/page_fidelity.py --against-render BRIEF.docx... [--sources word,estimate]

LAYOUT_DIR holds one folder per document with doc.docx and word.pdf, the PDF that Microsoft Word
exported from that .docx (../shared/eval/layout/README.md says how to lay the set out; the
documents stay out of this repository). For every page of Word's PDF, the first run of eight
words on it that occurs exactly once in Word's text and exactly once in the document's body text
(so running heads and page numbers are skipped) is found in the .docx; the pagination stage is
asked, through each page source, which page that place is on (toa.pagination.locate: the
document as it is, no table written), and the answer is compared with Word's page. Printed: per
document and pooled, the share of anchored Word pages that each source puts on Word's page
("page"), and the share it puts at the same distance from the start of the page's section as
Word does ("in section": what decides a printed page number where each section restarts its
numbering, as a brief's body does after its roman front matter; a section's start is the first
eight unique words in it).

With --against-render, LibreOffice's layout is the reference instead of Word's PDF (for briefs
that have no Word PDF, such as samples/*.docx): the start of every body paragraph with text is
placed by each other source and compared with LibreOffice's page for it.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import time
import unicodedata
from pathlib import Path

from toa import document, pagination, render
from toa.model import Occurrence

ANCHOR_WORDS = 8
SOURCES = ("render", "word", "estimate")
_WORD = re.compile(r"[0-9a-z\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff]+")
_LIGATURES = {"\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi", "\ufb04": "ffl", "\u00ad": ""}


def pdf_page_words(pdf: Path) -> list[list[str]]:
    text = subprocess.run(["pdftotext", "-enc", "UTF-8", str(pdf), "-"], capture_output=True, check=True).stdout.decode(
        "utf-8", "replace"
    )
    pages = text.split("\f")
    if pages and not pages[-1].strip():
        pages.pop()
    out = []
    for page in pages:
        page = unicodedata.normalize("NFKC", page)
        for k, v in _LIGATURES.items():
            page = page.replace(k, v)
        page = re.sub(r"([a-z])-\n([a-z])", r"\1\2", page.lower())  # a word hyphenated at a line end
        out.append(_WORD.findall(page))
    return out


def docx_words(doc) -> tuple[list[str], list[tuple[int, int]]]:
    """The body's words in order (tables too, notes not), each with (paragraph, offset)."""
    words, where = [], []
    for p in doc.paragraphs:
        if p.story not in ("body", "table"):
            continue
        for m in _WORD.finditer(p.text.lower()):
            words.append(m.group())
            where.append((p.index, m.start()))
    return words, where


def _counts(stream: list[str]) -> dict[tuple, int]:
    out: dict[tuple, int] = {}
    for i in range(len(stream) - ANCHOR_WORDS + 1):
        g = tuple(stream[i : i + ANCHOR_WORDS])
        out[g] = out.get(g, 0) + 1
    return out


def anchors(word_pages: list[list[str]], words: list[str], where: list, section_of) -> tuple[dict, dict]:
    """({Word page: (paragraph, offset) in the .docx of the page's first unique eight words},
    {section: ((paragraph, offset) of its first unique eight words, the Word page they are on)})."""
    word_stream = [w for page in word_pages for w in page]
    word_page = [n for n, page in enumerate(word_pages, 1) for _ in page]
    word_counts = _counts(word_stream)
    word_at = {tuple(word_stream[i : i + ANCHOR_WORDS]): i for i in range(len(word_stream) - ANCHOR_WORDS + 1)}
    doc_counts = _counts(words)
    first_at = {}
    sections: dict[int, tuple] = {}
    for i in range(len(words) - ANCHOR_WORDS + 1):
        g = tuple(words[i : i + ANCHOR_WORDS])
        if doc_counts[g] == 1 and word_counts.get(g) == 1:
            first_at[g] = i
            sections.setdefault(section_of(where[i][0]), (where[i], word_page[word_at[g]]))
    pages = {}
    for number, page in enumerate(word_pages, 1):
        for i in range(len(page) - ANCHOR_WORDS + 1):
            g = tuple(page[i : i + ANCHOR_WORDS])
            if g in first_at:
                pages[number] = where[first_at[g]]
                break
    return pages, sections


def measure(folder: Path, sources: tuple[str, ...]) -> dict:
    path = str(folder / "doc.docx")
    word_pages = pdf_page_words(folder / "word.pdf")
    doc = document.read(path)
    words, where = docx_words(doc)
    section_of = lambda pi: doc.paragraphs[pi].section  # noqa: E731
    anchored, sections = anchors(word_pages, words, where, section_of)

    def occ(pi, off):
        return Occurrence(paragraph=pi, start=off, end=off + 1, kind="full", story="body", text="")

    occs = {page: occ(*pos) for page, pos in anchored.items()}
    starts = {s: (occ(*pos), word_page) for s, (pos, word_page) in sections.items()}
    result = {"word_pages": len(word_pages), "anchored": len(anchored), "sources": {}}
    for source in sources:
        started = time.perf_counter()
        try:
            pm = pagination.locate(
                doc, list(occs.values()) + [o for o, _ in starts.values()], source, reopen=lambda: document.read(path)
            )
        except (render.RenderError, pagination.PaginationError) as exc:
            result["sources"][source] = {"error": str(exc)}
            continue
        if source == "word" and not any(b.kind == "rendered" for p in doc.paragraphs for b in p.breaks):
            result["sources"][source] = {"error": "no markers saved by Word"}
            continue
        same = sum(1 for page, o in occs.items() if pm.physical(o) == page)
        in_section = 0
        for page, o in occs.items():
            start, word_start = starts[section_of(o.paragraph)]
            in_section += pm.physical(o) - pm.physical(start) == page - word_start
        result["sources"][source] = {
            "same": same,
            "in_section": in_section,
            "seconds": round(time.perf_counter() - started, 1),
            "fonts_substituted": [f"{f.font} -> {f.by}" for f in pm.fonts if not f.metric_compatible],
        }
    return result


def measure_against_render(path: Path, sources: tuple[str, ...]) -> dict:
    """The share of body paragraphs each source starts on LibreOffice's page for them."""
    doc = document.read(str(path))
    occs = [
        Occurrence(paragraph=p.index, start=0, end=1, kind="full", story=p.story, text="")
        for p in doc.paragraphs
        if p.story in ("body", "table") and p.text.strip()
    ]
    reference = pagination.locate(doc, occs, "render", reopen=lambda: document.read(str(path)))
    result = {"paragraphs": len(occs), "render_last_page": max(map(reference.physical, occs), default=0), "sources": {}}
    for source in sources:
        started = time.perf_counter()
        try:
            pm = pagination.locate(doc, occs, source)
        except pagination.PaginationError as exc:
            result["sources"][source] = {"error": str(exc)}
            continue
        result["sources"][source] = {
            "same": sum(pm.physical(o) == reference.physical(o) for o in occs),
            "off_by": sum(abs(pm.physical(o) - reference.physical(o)) for o in occs),
            "last_page": max(map(pm.physical, occs), default=0),
            "seconds": round(time.perf_counter() - started, 2),
        }
    return result


def against_render(paths: list[Path], sources: tuple[str, ...]) -> dict:
    print("same: the share of body paragraphs a source starts on LibreOffice's page; off: pages off on average;")
    print("last: the page of the last paragraph (LibreOffice's first)")
    print(f"{'document':26} {'paras':>5} {'last':>4} " + " ".join(f"{s + ' same/off/last':>26}" for s in sources))
    results = {}
    for path in paths:
        r = results[path.name] = measure_against_render(path, sources)
        cells = []
        for s in sources:
            rs = r["sources"][s]
            if "error" in rs:
                cells.append(f"{'n/a':>26}")
                continue
            off = rs["off_by"] / r["paragraphs"] if r["paragraphs"] else 0
            cells.append(f"{_pct(rs['same'], r['paragraphs'])} / {off:4.2f} / {rs['last_page']:>3}".rjust(26))
        print(f"{path.name[:26]:26} {r['paragraphs']:>5} {r['render_last_page']:>4} " + " ".join(cells), flush=True)
    for s in sources:
        done = [r for r in results.values() if "error" not in r["sources"][s]]
        same, n = sum(r["sources"][s]["same"] for r in done), sum(r["paragraphs"] for r in done)
        print(f"{s}: {same} of {n} paragraphs on LibreOffice's page ({_pct(same, n).strip()})")
    return results


def _pct(same: int, total: int) -> str:
    return f"{100 * same / total:5.1f}%" if total else "    -"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("layout", type=Path, nargs="+", help="folder of <name>/doc.docx + <name>/word.pdf pairs")
    ap.add_argument("--sources", default=",".join(SOURCES), help="comma-separated: render, word, estimate")
    ap.add_argument("--json", type=Path, help="also write the figures here")
    ap.add_argument(
        "--against-render", action="store_true", help="the arguments are .docx files; LibreOffice is the reference"
    )
    args = ap.parse_args()
    sources = tuple(s for s in args.sources.split(",") if s)
    if any(s not in SOURCES for s in sources):
        sys.exit(f"unknown page source in {args.sources!r}: use {', '.join(SOURCES)}")
    if args.against_render:
        results = against_render(args.layout, tuple(s for s in sources if s != "render"))
        if args.json:
            args.json.write_text(json.dumps({"documents": results}, indent=1), encoding="utf-8")
        return
    if len(args.layout) != 1:
        sys.exit("give one layout folder (or --against-render with .docx files)")
    args.layout = args.layout[0]
    folders = sorted(f for f in args.layout.iterdir() if (f / "doc.docx").is_file() and (f / "word.pdf").is_file())
    if not folders:
        sys.exit(f"no <name>/doc.docx + word.pdf pairs in {args.layout}")
    print(
        "page / in section: the share of anchored Word pages a source puts on Word's page / at\n"
        "Word's distance from the start of their section"
    )
    print(f"{'document':22} {'Word pp':>7} {'anchored':>8} " + " ".join(f"{s:>15}" for s in sources))
    results, pooled = {}, {s: [0, 0, 0] for s in sources}
    for folder in folders:
        r = measure(folder, sources)
        results[folder.name] = r
        cells = []
        for s in sources:
            rs = r["sources"][s]
            if "error" in rs:
                cells.append(f"{'n/a':>15}")
                continue
            pooled[s][0] += rs["same"]
            pooled[s][1] += rs["in_section"]
            pooled[s][2] += r["anchored"]
            cells.append(f"{_pct(rs['same'], r['anchored'])} / {_pct(rs['in_section'], r['anchored'])}")
        print(f"{folder.name[:22]:22} {r['word_pages']:>7} {r['anchored']:>8} " + " ".join(cells), flush=True)
    total_pages = sum(r["word_pages"] for r in results.values())
    total_anchored = sum(r["anchored"] for r in results.values())
    print(
        f"{'pooled':22} {total_pages:>7} {total_anchored:>8} "
        + " ".join(f"{_pct(a, n)} / {_pct(b, n)}" for a, b, n in (pooled[s] for s in sources))
    )
    for s in sources:
        a, b, n = pooled[s]
        print(f"{s}: {a} of {n} anchored Word pages on Word's page, {b} at Word's place in their section")
    if args.json:
        args.json.write_text(
            json.dumps(
                {
                    "documents": results,
                    "pooled": {s: {"same": a, "in_section": b, "anchored": n} for s, (a, b, n) in pooled.items()},
                },
                indent=1,
            ),
            encoding="utf-8",
        )


if __name__ == "__main__":
    main()
