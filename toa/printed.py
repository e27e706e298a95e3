"""The table of authorities a brief already has, read back as headings and entries.

The table is what `toa build` would replace: the paragraphs document.read marks "toa" (a
Word TOA field's cached result, or typed lines under a "Table of Authorities" heading). A line
is an entry when a tab or a dot leader separates its text from a page reference; a line
without one is a heading ("Cases", "Statutes—Continued:") or the first line(s) of an entry
wrapped over several lines. A Word table with the pages in its last column reads as one line per
row. Page references: "3, 7-10, 12 n.3, iv, 5a, passim"; ranges are expanded and note numbers
dropped, since a table lists the page a note's mark is on.
"""

from __future__ import annotations

import re

from .document import is_toa_heading, is_toa_placeholder, row_of, text_with_tabs
from .model import Document, Paragraph, PrintedEntry, PrintedHeading, PrintedTable
from .numbering import format_number, roman_to_int
from .oxml.fields import code_starts, simple_field_starts

_NUMBER = r"(?:\d+[a-z]?|[ivxlcdm]+|[IVXLCDM]+)"
_NOTE = r"(?:\s*(?:&|and)?\s*nn?\.\s*\d+(?:\s*[-–—&]\s*\d+)*)"
_ITEM = rf"(?:passim|{_NUMBER}(?:\s*[-–—]\s*{_NUMBER})?{_NOTE}?)"
_PAGES = re.compile(rf"^(?>{_ITEM})(?>\s*+[,;]?\s*+{_ITEM})*+$", re.I)  # atomic: no item is read twice
_ITEM_RE = re.compile(rf"(passim)|({_NUMBER})(?:\s*[-–—]\s*({_NUMBER}))?{_NOTE}?", re.I)
# The patterns that look for something at the end of a line start only where a run of their
# characters starts (the lookbehind) and take the run whole (possessive quantifiers): a line of
# 50,000 tabs or dots is read once, not once from each of its characters. A leader is a run of
# dots (three or more, however spaced) or ellipses; the page references follow the last one.
_LEADER = re.compile(r"(?<![\s.…])\s*+(?P<dots>(?:[.…]\s*+)++)(?P<pages>[^.…]*+)$")
_TRAILING_LEADER = re.compile(r"(?<![\s.…])\s*+(?P<dots>(?:[.…]\s*+)++)$")
_PAGE_LABEL = re.compile(r"^\s*(?:page\(?s?\)?|pages)\s*:?\s*$", re.I)
_PAGE_LABEL_AFTER = re.compile(r"(?<!\s)\s++(?:page\(?s?\)?|pages)\s*+$", re.I)
_CONTINUED = re.compile(r"(?<![\s,:\-–—(])[\s,:\-–—(]*+\bcont(?:inued|['’]d|\.)\)?\s*+:?\s*+$", re.I)
_HEADING_WORDS = re.compile(
    r"\b(cases|decisions|authorities|statutes|constitution(al)?|provisions|rules|regulations|"
    r"legislative|materials|miscellaneous|misc\.?|treatises|secondary|sources|codes?|"
    r"guidelines?|orders|history|briefs|periodicals|books|articles)\b",
    re.I,
)


def read_table(doc: Document) -> PrintedTable | None:
    """The brief's existing table, or None when it has none (or only a heading/placeholder)."""
    lines = _lines(doc)
    if not lines:
        return None
    reader = _TableReader(PrintedTable(form="fields" if _has_toa_field(doc, lines) else "typed", title=None))
    for para, text, emphasis in lines:
        if text.strip():
            reader.take(para, text, emphasis)
    table = reader.table
    if table.title is None:
        table.title = lines[0][0].index
    return table if table.entries else None


class _TableReader:
    """The lines of a table read one by one into its entries: a wrapped entry's first lines wait
    in `pending` for the line that holds its pages."""

    def __init__(self, table: PrintedTable) -> None:
        self.table = table
        self.pending: list[tuple[Paragraph, str, list]] = []
        self.group = _Group()

    def take(self, para: Paragraph, text: str, emphasis: list) -> None:
        stripped = text.strip()
        if is_toa_placeholder(stripped) or _is_title(stripped):
            if self.table.title is None:
                self.table.title = para.index
            return
        if _PAGE_LABEL.match(stripped):
            return
        entry_text, page_text = _split(text)
        if page_text is not None and not entry_text.strip():
            self._pages_alone(page_text, para)
        elif page_text is not None:
            self._end_entry([*self.pending, (para, entry_text, emphasis)], page_text)
        elif parse_pages(stripped) is not None:
            self._page_list(stripped, para)
        elif not self.pending and _is_heading(stripped, para):
            self._heading(stripped, para, text, emphasis)
        else:
            self.pending.append((para, text, emphasis))

    def _end_entry(self, lines: list[tuple[Paragraph, str, list]], page_text: str) -> None:
        self.table.entries.append(self.group.entry(lines, page_text, self.table))
        self.pending = []

    def _continues_pages(self) -> bool:
        """The last entry's page list ends in a comma: it goes on on the next line."""
        return bool(self.table.entries) and self.table.entries[-1].page_text.rstrip().endswith(",")

    def _pages_alone(self, page_text: str, para: Paragraph) -> None:
        """A line of a leader and pages only."""
        if self.pending:  # a wrapped entry whose last line holds only the pages
            self._end_entry(self.pending, page_text)
        elif self._continues_pages():
            _more_pages(self.table.entries[-1], page_text, para.index)

    def _page_list(self, stripped: str, para: Paragraph) -> None:
        """A line that is a page list and nothing else."""
        pending = self.pending
        if pending and _trailing_leader(pending[-1][1]) is not None:  # "text ....." then the pages
            last_para, last_text, last_em = pending[-1]
            pending[-1] = (last_para, _without_trailing_leader(last_text), last_em)
            self._end_entry(pending, stripped)
        elif not pending and self._continues_pages():
            _more_pages(self.table.entries[-1], stripped, para.index)  # a page list that wrapped
        # else a page number typed at the foot of a page of the table

    def _heading(self, stripped: str, para: Paragraph, text: str, emphasis: list) -> None:
        name = _PAGE_LABEL_AFTER.sub("", stripped)
        if _GROUP_LINE.match(name) and "." in name and not _HEADING_WORDS.search(name):
            self.pending.append((para, text, emphasis))  # "U.S. Const.:" over "Art. II", or a wrapped title
            return
        self.group.text = None
        _heading(self.table, name, para.index)


_GROUP_LINE = re.compile(r"^(?!.*\bv\.\s).{2,80}:$")
# A sub-entry under a group line: "§ 6330", "Art. II, § 2, Cl. 2", "Amend. V", "Rule 12(b)(6)".
_SUBENTRY = re.compile(
    r"^(?:§|¶|(?:Arts?|Amends?|Secs?|Cls?|Paras?|Pts?|Subpts?)\.|Section\b|Rules?\b|Title\b|"
    r"\(\w{1,4}\))",
    re.I,
)


class _Group:
    """The group line of a table that lists sections under their code ("Internal Revenue Code
    (26 U.S.C.):" then "§ 6330 ... 3"): its text goes before each sub-entry's text."""

    def __init__(self):
        self.text: str | None = None

    def entry(self, lines: list[tuple[Paragraph, str, list]], page_text: str, table: PrintedTable) -> PrintedEntry:
        if len(lines) > 1 and _GROUP_LINE.match(lines[0][1].strip()) and _SUBENTRY.match(lines[1][1].strip()):
            self.text = lines[0][1].strip().rstrip(":").strip()
            lines = lines[1:]
        entry = _entry(lines, page_text, table)
        if self.text and _SUBENTRY.match(entry.text):
            prefix = self.text + " "
            entry.text, entry.printed = prefix + entry.text, prefix + entry.printed
            entry.emphasis = [(a + len(prefix), b + len(prefix)) for a, b in entry.emphasis]
        else:
            self.text = None
        return entry


def parse_pages(page_text: str) -> tuple[list[str], bool] | None:
    """(page labels, passim) of a printed page reference, or None when it is not one."""
    text = page_text.strip().rstrip(".,;")
    if not text or not _PAGES.match(text):
        return None
    labels: list[str] = []
    passim = False
    for m in _ITEM_RE.finditer(text):
        if m.group(1):
            passim = True
            continue
        for label in _expand(m.group(2), m.group(3)):
            if label not in labels:
                labels.append(label)
    return labels, passim


def _lines(doc: Document) -> list[tuple[Paragraph, str, list]]:
    """(paragraph, text with tabs, emphasis) of every line of the table; a Word table row is one
    line, its cells joined by tabs."""
    out: list[tuple[Paragraph, str, list]] = []
    last_row = None
    for p in doc.paragraphs:
        if p.skipped != "toa" or p.story not in ("body", "table"):
            continue
        text = text_with_tabs(p)
        row = row_of(p) if p.story == "table" else None
        if row is not None and row is last_row and out:
            prev_p, prev_text, prev_em = out[-1]
            shift = len(prev_text) + 1
            out[-1] = (prev_p, prev_text + "\t" + text, prev_em + [(a + shift, b + shift) for a, b in p.emphasis])
            continue
        last_row = row
        out.append((p, text, list(p.emphasis)))
    return out


def _has_toa_field(doc: Document, lines) -> bool:
    if any(code_starts(p.element, "TOA") for p, _t, _e in lines):
        return True
    return doc.package is not None and simple_field_starts(doc.package.body, "TOA")


def _is_title(text: str) -> bool:
    """ "TABLE OF AUTHORITIES", also "—Continued" and with the page column's label after it."""
    return is_toa_heading(_CONTINUED.sub("", _PAGE_LABEL_AFTER.sub("", text.replace("\t", " "))))


def _split(text: str) -> tuple[str, str | None]:
    """(entry text, page reference) of a line; the page reference is None when the line has none."""
    if "\t" in text:
        head, _, tail = text.rstrip().rpartition("\t")
        if parse_pages(tail) is not None:
            return _without_trailing_leader(head.replace("\t", " ")).rstrip(), tail.strip()
        if not tail.strip():
            return _without_trailing_leader(head.replace("\t", " ")).rstrip(), None
    m = _LEADER.search(text.rstrip())
    if m and _is_leader(m.group("dots")) and parse_pages(m.group("pages")) is not None:
        return text[: m.start()].replace("\t", " ").rstrip(), m.group("pages").strip()
    return text.replace("\t", " "), None


def _is_leader(dots: str) -> bool:
    """A run of dots and spaces is a leader with three dots or more, or an ellipsis; "U.S." is none."""
    return dots.count(".") >= 3 or "…" in dots


def _trailing_leader(text: str) -> int | None:
    """Where the leader that ends `text` starts; None when it ends in none."""
    m = _TRAILING_LEADER.search(text)
    return m.start() if m and _is_leader(m.group("dots")) else None


def _without_trailing_leader(text: str) -> str:
    at = _trailing_leader(text)
    return text if at is None else text[:at]


def _is_heading(text: str, para: Paragraph) -> bool:
    """A category line: short, no citation in it, and a heading's words, colon, style or case."""
    if len(text) > 80 or re.search(r"\d|§|\bv\.\s", text):
        return False
    name = _CONTINUED.sub("", text).rstrip(":").strip()
    if not name:
        return False
    styled = "heading" in (para.style or "").lower()
    return bool(_HEADING_WORDS.search(name)) or text.rstrip().endswith(":") or styled or name.isupper()


def _heading(table: PrintedTable, text: str, index: int) -> None:
    name = _CONTINUED.sub("", text).rstrip(":").strip()
    if table.headings and _key(table.headings[-1].text) == _key(name):
        return  # "Cases—Continued" on the next page
    table.headings.append(PrintedHeading(name, index))


def _key(s: str) -> str:
    return re.sub(r"[^a-z]", "", s.lower())


def _entry(lines: list[tuple[Paragraph, str, list]], page_text: str, table: PrintedTable) -> PrintedEntry:
    text, printed, emphasis = "", "", []
    for para, line, em in lines:
        flat = line.replace("\t", " ")
        piece = flat.strip()
        if not piece:
            continue
        lead = len(flat) - len(flat.lstrip())
        if text:
            text += " "
            printed += " "
        base = len(text)
        emphasis += [
            (base + max(a - lead, 0), base + min(b - lead, len(piece)))
            for a, b in em
            if b - lead > 0 and a - lead < len(piece)
        ]
        # the brief's own dashes: Paragraph.printed holds them, one character for one
        same = len(flat) <= len(para.text) and para.text.startswith(flat.rstrip().replace("\t", " "))
        text += piece
        printed += para.printed[lead : lead + len(piece)] if same else piece
    pages, passim = parse_pages(page_text) or ([], False)
    return PrintedEntry(
        text=text,
        page_text=page_text,
        pages=pages,
        passim=passim,
        heading=len(table.headings) - 1 if table.headings else None,
        paragraphs=[p.index for p, _l, _e in lines],
        printed=printed,
        emphasis=emphasis,
    )


def _more_pages(entry: PrintedEntry, page_text: str, index: int) -> None:
    entry.page_text = f"{entry.page_text.rstrip()} {page_text.strip()}"
    pages, passim = parse_pages(entry.page_text) or (entry.pages, entry.passim)
    entry.pages, entry.passim = pages, passim
    entry.paragraphs.append(index)


def _expand(first: str, last: str | None) -> list[str]:
    """ "7-10" -> 7, 8, 9, 10; "iv-vi" -> iv, v, vi; "3a-5a" -> 3a, 4a, 5a; else the two ends."""
    if not last:
        return [first]
    a, b = _value(first), _value(last)
    if a and b and a[1] == b[1] and 0 < b[0] - a[0] <= 200:
        fmt = a[1]
        return [_label(n, fmt) for n in range(a[0], b[0] + 1)]
    return [first, last]


def _value(label: str) -> tuple[int, str] | None:
    m = re.fullmatch(r"(\d+)([a-z]?)", label)
    if m:
        return int(m.group(1)), "arabic" + m.group(2)
    value = roman_to_int(label) if re.fullmatch(r"[ivxlcdm]+", label.lower()) else None
    if value is not None:
        return value, "upper" if label.isupper() else "lower"
    return None


def _label(n: int, fmt: str) -> str:
    if fmt.startswith("arabic"):
        return f"{n}{fmt[6:]}"
    return format_number(n, "upperRoman" if fmt == "upper" else "lowerRoman")
