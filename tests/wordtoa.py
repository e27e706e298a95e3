"""What Word's Update Field makes of a TOA field, from the TA fields of a document (a test
utility, like docxbuild; it reads lxml trees and knows nothing of the toa package).

Word's rules, as /work/shared/reference/word-toa.md gives them:

* a TOA field `\\c "N"` collects the TA fields whose `\\c` is N;
* a TA field with `\\l "long"` makes an entry; the entry's text and its formatting (italics) are
  those of the \\l text; TA fields with the same `\\s` short citation and category add their pages
  to it; entries with the same long citation are one entry;
* entries are sorted by their long citation, character by character (Word compares case-blind);
* the page of a TA field is the page where the field sits;
* `\\p`: five or more different pages print as "passim"; `\\l "sep"` separates pages (", " by
  default); `\\e "sep"` separates the entry from its pages (a tab with a dot leader by default);
  `\\h` prints the category's name (kept per computer) before the entries;
* the result paragraphs take Word's "table of authorities" paragraph style.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
W = f"{{{W_NS}}}"
PASSIM_PAGES = 5  # Word's \p: "five or more different page references"
ENTRY_STYLE = "table of authorities"


@dataclass
class TAField:
    """One TA field: its switches, the (text, italic) pieces of \\l, and the page it sits on."""

    short: str | None
    long: list[tuple[str, bool]] | None
    category: str | None
    page: str | None = None

    @property
    def long_text(self) -> str | None:
        return None if self.long is None else "".join(t for t, _ in self.long)


@dataclass
class Entry:
    text: str
    italic: list[tuple[str, bool]]  # (piece, italic), adjacent pieces of one kind merged
    pages: str
    style: str | None = None


@dataclass
class TOAField:
    instr: str
    switches: dict = field(default_factory=dict)
    result: list = field(default_factory=list)  # w:p elements of the cached result

    @property
    def category(self) -> str:
        return (self.switches.get("c") or "").strip('"')


def switches(instr: str) -> dict[str, str | None]:
    """Field switches: {"l": value, "p": None, ...}; quoted values unescaped (\\" is a quote)."""
    out: dict[str, str | None] = {}
    for m in re.finditer(r'\\([a-z])(?:\s+(?:"((?:\\.|[^"\\])*)"|([^\\\s"]\S*)))?', instr):
        value = m.group(2) if m.group(2) is not None else m.group(3)
        out[m.group(1)] = re.sub(r"\\(.)", r"\1", value) if value is not None else None
    return out


def _is_on(el) -> bool:
    return el is not None and el.get(f"{W}val", "true") not in ("0", "false", "off")


def _italic(run) -> bool:
    rpr = run.find(f"{W}rPr")
    return rpr is not None and _is_on(rpr.find(f"{W}i"))


def _hidden(run) -> bool:
    rpr = run.find(f"{W}rPr")
    return rpr is not None and _is_on(rpr.find(f"{W}vanish"))


def merge(pieces: list[tuple[str, bool]]) -> list[tuple[str, bool]]:
    out: list[tuple[str, bool]] = []
    for text, it in pieces:
        if not text:
            continue
        if out and out[-1][1] == it:
            out[-1] = (out[-1][0] + text, it)
        else:
            out.append((text, it))
    return out


def ta_field(instr_runs: list) -> TAField:
    """A TA field from its instrText runs: the \\l text keeps each run's italics."""
    chars: list[tuple[str, bool]] = []
    for r in instr_runs:
        it = _italic(r)
        for c in r.iter(f"{W}instrText"):
            chars += [(ch, it) for ch in (c.text or "")]
    instr = "".join(ch for ch, _ in chars)
    sw = switches(instr)
    long = None
    m = re.search(r'\\l\s+"((?:\\.|[^"\\])*)"', instr)
    if m:
        pieces, i = [], m.start(1)
        while i < m.end(1):
            if chars[i][0] == "\\" and i + 1 < m.end(1):
                i += 1
            pieces.append(chars[i])
            i += 1
        long = merge(pieces)
    return TAField(short=sw.get("s"), long=long, category=sw.get("c"))


def word_order_key(text: str) -> str:
    """Word sorts a table's entries by the long citation, character by character, case-blind."""
    return text.casefold()


def assemble(tas: list[TAField], toa: TOAField) -> list[Entry]:
    """The entries Word prints for one TOA field, from the document's TA fields (with pages)."""
    sw = toa.switches
    mine = [t for t in tas if (t.category or "").strip('"') == toa.category]
    by_long: dict[str, dict] = {}
    short_to_long: dict[str, str] = {}
    for t in mine:
        if t.long is not None:
            by_long.setdefault(t.long_text, {"italic": t.long, "pages": []})
            if t.short:
                short_to_long.setdefault(t.short, t.long_text)
    for t in mine:
        key = t.long_text if t.long is not None else short_to_long.get(t.short or "")
        if key is not None and t.page is not None and t.page not in by_long[key]["pages"]:
            by_long[key]["pages"].append(t.page)
    sep = sw.get("l") if sw.get("l") is not None else ", "
    out = []
    for text in sorted(by_long, key=word_order_key):
        pages = by_long[text]["pages"]
        page_text = "passim" if "p" in sw and len(pages) >= PASSIM_PAGES else sep.join(pages)
        out.append(Entry(text, merge(by_long[text]["italic"]), page_text, ENTRY_STYLE))
    return out


def fields_in(paragraphs: list) -> tuple[list[tuple[object, list]], list[TOAField]]:
    """The TA fields ((paragraph, instr runs), in order) and TOA fields of a list of w:p."""
    tas, toas = [], []
    stack: list[dict] = []
    for p in paragraphs:
        for f in stack:
            if f["sep"]:
                f["result"].append(p)
        for r in p.iter(f"{W}r"):
            if next(r.iterancestors(f"{W}p"), None) is not p:
                continue
            for c in r:
                if c.tag == f"{W}fldChar":
                    kind = c.get(f"{W}fldCharType")
                    if kind == "begin":
                        stack.append({"p": p, "runs": [], "sep": False, "result": []})
                    elif kind == "separate" and stack:
                        stack[-1]["sep"] = True
                        stack[-1]["result"].append(p)
                    elif kind == "end" and stack:
                        f = stack.pop()
                        instr = "".join(t.text or "" for r2 in f["runs"] for t in r2.iter(f"{W}instrText"))
                        word = instr.split()[0].upper() if instr.split() else ""
                        if word == "TA":
                            tas.append((f["p"], f["runs"]))
                        elif word == "TOA":
                            toas.append(TOAField(instr, switches(instr), f["result"]))
                elif c.tag == f"{W}instrText" and stack and r not in stack[-1]["runs"]:
                    stack[-1]["runs"].append(r)
    return tas, toas


def printed_entries(toa: TOAField, style_names: dict[str, str]) -> list[Entry]:
    """The entries a TOA field's cached result prints: text (with italics) before the separator,
    the pages after it, and the paragraph style's name."""
    sw = toa.switches
    sep = sw.get("e")
    out = []
    for p in toa.result:
        pieces: list[tuple[str, bool]] = []
        for r in p.iter(f"{W}r"):
            if _hidden(r):
                continue
            for c in r:
                if c.tag == f"{W}t":
                    pieces.append((c.text or "", _italic(r)))
                elif c.tag == f"{W}tab":
                    pieces.append(("\t", False))
        text = "".join(t for t, _ in pieces)
        if not text.strip():
            continue
        cut = text.rfind("\t") if sep is None else text.rfind(sep)
        width = 1 if sep is None else len(sep)
        entry, pages = (text, "") if cut < 0 else (text[:cut], text[cut + width :])
        kept, n = [], 0
        for t, it in pieces:
            if n >= len(entry):
                break
            kept.append((t[: len(entry) - n], it))
            n += len(t)
        ppr = p.find(f"{W}pPr")
        ps = ppr.find(f"{W}pStyle") if ppr is not None else None
        style = style_names.get(ps.get(f"{W}val")) if ps is not None else None
        out.append(Entry(entry, merge(kept), pages.strip(), style))
    return out


def style_names(styles_root) -> dict[str, str]:
    """styleId -> the style's name (lower-cased, as Word compares built-in names)."""
    out = {}
    for s in styles_root.iter(f"{W}style"):
        n = s.find(f"{W}name")
        if n is not None:
            out[s.get(f"{W}styleId")] = (n.get(f"{W}val") or "").lower()
    return out
