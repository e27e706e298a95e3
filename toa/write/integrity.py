"""The brief's own words, checked before anything is written: every paragraph outside the table
being replaced must come out with the text it went in with.

`snapshot` is taken before the write stage changes the package; `check` compares it with the
package as it is about to be saved. The text of a paragraph is read independently of
document.read (a fault in the reader must not hide a fault in the writer), by
oxml.text.paragraph_text: every w:t and w:delText, tabs, breaks, symbols and the codes of the
fields a paragraph holds, except TA fields, which are toa's own marks (the old ones are replaced
by new ones). Paragraphs of the body (tables and text boxes included), the notes, the headers
and the footers are compared in document order; the table's old paragraphs and the blocks toa
inserts are left out of the comparison, and nothing else may differ. What the old table's
paragraphs held is judged too: only the lines a table has (entries, headings, wrapped entries,
page lists) may be replaced. The one change allowed in the brief's own paragraphs is the page
numbers of a table of contents' lines (`renumbered`): such a paragraph must come out as it went
in but for page numbers after its leaders (a tab, dots, a field's code), and those that changed
must be, in order, the pages it was given.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from ..model import Document
from ..oxml.fields import code_starts, paragraphs_in
from ..oxml.sections import ends_section
from ..oxml.text import paragraph_text, paragraphs_of, table_row
from .errors import WriteError

# A line of a typed table: text, then a dot leader (dots or "…", the dots one or more spaces
# apart) or a tab, then page references (or none yet: they may follow on the next line); page
# references alone (a page list that wrapped, a page number typed at the foot of a page); and the
# placeholders a table takes the place of.
_PAGE_REFS = r"(?:\s*(?:[0-9ivxlc]+a?(?:\s*[-–—]\s*[0-9ivxlc]+a?)?|nn?\.\s*\d+|passim)[,;&]?)*\s*$"
_LEADER = r"(?:(?:\.\s*+){3,}|…+|\t)"
_ENTRY_LINE = re.compile(rf"\S.*?{_LEADER}\s*{_PAGE_REFS}", re.I)
_PAGES_ALONE = re.compile(rf"^\s*(?=[0-9ivxlcp]){_PAGE_REFS}", re.I)
# The end of a line whose page list goes on on the next line ("..., 9," then "11"), and a page
# number typed alone at the foot of a page of the table ("ii"): such a line after the last entry
# is still the table's.
_OPEN_PAGE_LIST = re.compile(r"(?:,|…|(?<![.\s])\s*+(?:\.\s*+){3,}|(?<!\s)[^\S\t]*+\t)\s*+$")
_ROMAN_ALONE = re.compile(r"^\s*[ivxlc]+\s*$", re.I)
_PLACEHOLDER = re.compile(r"^\[[^\]]*(authorities|toa)[^\]]*\]$|^\{\{\s*toa\s*\}\}$", re.I)
# ... but a label and its value after a tab or leader ("Word count of this brief:<tab>6,120",
# "Total words<tab>6,120") is the brief's own line: an entry's text ends in no colon, and its
# pages are no single number with a thousands separator.
_LABEL_VALUE = re.compile(rf":\s*{_LEADER}|{_LEADER}\s*\d{{1,3}}(?:,\d{{3}})+\s*$")
# A heading of the table ("Cases", "Statutes—Continued:", "Page(s)", the title again on its next
# page): a short line with no number in it. Neither it nor an entry's first lines end as a
# sentence does ("... marked with asterisks.", "... of Rule 33.1."): a citation ends in a
# comma, an abbreviation ("Inc.", "F.3d") or nothing where it wraps.
_HEADING = re.compile(r"^[^\d\t]{1,80}$")
_SENTENCE_END = re.compile(r"(?:\b[a-z]{4,}|\d)\.$")
_WRAPPED = 2  # an entry wrapped over at most this many lines before its last (the one with the pages)
# A contents line's page number: after a leader (a tab, two dots or more, "…") or a field's code
# ({PAGEREF _Toc1 \h}), before space, another field or the end; and a page label it may become.
_LEADER_PAGE = re.compile(r"((?:\t|\.\.|…|\}|\.\s)[\s.…]*+)(\d+a?|[ivxlc]+)(?=\s|$|\{)", re.I)
_PAGE_LABEL = re.compile(r"^(?:\d+a?|[ivxlc]+)$", re.I)


class TextLostError(WriteError):
    """A paragraph of the brief would be lost or changed by the write: nothing is written."""


@dataclass
class TextSnapshot:
    """The text of every paragraph of every story, in document order, before the write."""

    stories: dict[str, list[tuple[object, str]]]  # story -> [(w:p element, its text)]


def snapshot(doc: Document) -> TextSnapshot:
    return TextSnapshot({name: [(p, paragraph_text(p)) for p in paragraphs_of(root)] for name, root in _stories(doc)})


def check(
    before: TextSnapshot,
    doc: Document,
    replaced: Iterable = (),
    inserted: Iterable = (),
    renumbered: Mapping[object, list[str]] | None = None,
) -> None:
    """Raise TextLostError naming the first paragraph of the brief that the package no longer
    holds as it was. `replaced`: the blocks of the old table (or placeholder) that the new
    table takes the place of; `inserted`: the blocks toa added (the table, its page break);
    `renumbered`: w:p -> pages, the contents paragraphs whose page numbers became these pages.

    What was replaced is judged here too, line by line, by what a table holds, not by the
    reader's word for it (a Word table's row is one line): a non-empty replaced line must sit
    inside a TOA field, be a placeholder or an entry line (text, leader or tab, pages), or come
    before the old table's last entry line, in the same section, as one of the lines a table
    has between its entries: a heading, a page list, the first lines of a wrapped entry. A
    sentence, a label and its value ("Word count:<tab>6,120") or any line after the last entry
    is the brief's own text, and replacing it loses it."""
    replaced = list(replaced)
    _check_replaced(before, replaced)
    left_out = {p for block in [*replaced, *inserted] for p in paragraphs_of(block)}
    now = dict(_stories(doc))
    pages = renumbered or {}
    for name, paragraphs in before.stories.items():
        expected = [(p, text) for p, text in paragraphs if p not in left_out]
        root = now.get(name)
        found = [paragraph_text(p) for p in paragraphs_of(root) if p not in left_out] if root is not None else []
        for n, (p, text) in enumerate(expected):
            if n < len(found) and (only_pages_changed(text, found[n], pages[p]) if p in pages else found[n] == text):
                continue
            if n >= len(found) or n + 1 < len(expected) and found[n] == expected[n + 1][1]:
                raise TextLostError(_message("lost", name, text))
            if n + 1 < len(found) and found[n + 1] == text:
                raise TextLostError(_message("put a paragraph before", name, text))
            raise TextLostError(_message("changed", name, text))
        if len(found) > len(expected):
            raise TextLostError(_message("put a paragraph after", name, expected[-1][1] if expected else ""))


def only_pages_changed(before: str, after: str, pages: list[str]) -> bool:
    """`after` is `before` but for page numbers after its leaders, and those that changed are,
    in order, `pages` (each a page label)."""
    old, new = _LEADER_PAGE.split(before), _LEADER_PAGE.split(after)
    if len(old) != len(new) or not all(_PAGE_LABEL.match(page) for page in pages):
        return False
    changed = []
    for i, (was, now) in enumerate(zip(old, new, strict=True)):
        if i % 3 == 2:  # split's pieces: text, leader, page, text, leader, page, ...
            if was != now:
                changed.append(now)
        elif was != now:
            return False
    return changed == pages


def _goes_on(above: str, line: str) -> bool:
    """`line` holds page references alone that belong to the entry line above it (_PAGES_ALONE)."""
    return bool(_PAGES_ALONE.match(line) and (_OPEN_PAGE_LIST.search(above) or _ROMAN_ALONE.match(line)))


def _starts_toa(p) -> bool:
    return code_starts(p, "TOA")  # no other field's name starts so


def _check_replaced(before: TextSnapshot, replaced: list) -> None:
    paragraphs = [p for block in replaced for p in paragraphs_of(block)]
    if not paragraphs:
        return
    text_of = dict(before.stories.get("body", []))
    root = paragraphs[0].getroottree().getroot()
    in_toa = paragraphs_in(root, "TOA")
    lines = [line for line in _lines(paragraphs, text_of) if line.text.strip()]
    # a line where a TOA field starts ends a heading too: a heading the author added, with its
    # category's field still empty (the pane's Add a heading), is the table's
    entries = {n for n, line in enumerate(lines) if line.field(in_toa) or _is_entry(line.text)}
    placeholders = {n for n, line in enumerate(lines) if _PLACEHOLDER.match(" ".join(line.text.split()))}
    last = max(entries | placeholders, default=-1)
    while last + 1 < len(lines) and _goes_on(lines[last].text, lines[last + 1].text):
        last += 1  # a page list that wrapped after the last entry, a page number typed below it
    first_entry = min(entries, default=len(lines))
    for n, line in enumerate(lines):
        if line.field(in_toa) or n in entries or n in placeholders:
            continue
        if n > last or line.after_section or not _may_hold(lines, n, entries, first_entry):
            raise TextLostError(_message("lost", "body", line.own_text))


@dataclass
class _Line:
    """A line of the replaced region as a table has it: a paragraph, or a Word table's row (an
    entry's text and its pages are two cells of it), its cells' text joined by tabs."""

    paragraphs: list
    text: str
    after_section: bool  # a section ended before it: a table ends with its section

    def field(self, in_toa: set) -> bool:
        """Inside a TOA field's result, or where a TOA field starts."""
        return all(p in in_toa for p in self.paragraphs) or any(_starts_toa(p) for p in self.paragraphs)

    @property
    def own_text(self) -> str:
        return next((t for t in self.text.split("\t") if t.strip()), self.text)


def _lines(paragraphs: list, text_of: dict) -> list[_Line]:
    lines: list[_Line] = []
    last_row = None
    ended = False
    for p in paragraphs:
        row = table_row(p)
        text = text_of.get(p, "")
        if row is not None and row is last_row:
            lines[-1].paragraphs.append(p)
            lines[-1].text += "\t" + text
        else:
            lines.append(_Line([p], text, ended))
        last_row = row
        ended = ended or ends_section(p)
    return lines


def _is_entry(text: str) -> bool:
    return bool(_ENTRY_LINE.search(text)) and not _LABEL_VALUE.search(text)


def _may_hold(lines: list[_Line], n: int, entries: set[int], first_entry: int) -> bool:
    """Line n, no entry line and before the table's last one, is one a table holds: a heading,
    a page list after an entry, or the first line(s) of an entry whose last line (text, leader,
    pages) follows closely; never a sentence."""
    text = " ".join(lines[n].text.split())
    if _SENTENCE_END.search(text):  # a statement about the table, a certificate's sentence
        return False
    if _HEADING.match(text):
        return True
    if _PAGES_ALONE.match(text):
        return n > first_entry
    return any(k in entries for k in range(n + 1, n + 1 + _WRAPPED))


def _stories(doc: Document) -> Iterator[tuple[str, object]]:
    yield from doc.package.stories()
    yield from doc.package.headers_footers()


def _message(what: str, story: str, text: str) -> str:
    where = {"body": "", "footnote": " in a footnote", "endnote": " in an endnote"}.get(
        story, " in a header" if "header" in story else " in a footer"
    )
    shown = " ".join(text.split())
    shown = shown if len(shown) <= 70 else shown[:67] + "..."
    return (
        f'toa would have {what} the brief\'s paragraph{where} "{shown}"; nothing was written. '
        "This is a fault in toa: please report it with the brief's shape (not its text)"
    )
