"""The brief's own words, checked before anything is written: every paragraph outside the table
being replaced must come out with the text it went in with.

`snapshot` is taken before the write stage changes the package; `check` compares it with the
package as it is about to be saved. The text of a paragraph is read independently of
document.read (a fault in the reader must not hide a fault in the writer), by
oxml.text.paragraph_text: every w:t and w:delText, tabs, breaks, symbols and the codes of the
fields a paragraph holds, except TA fields, which are toa's own marks (the old ones are replaced
by new ones). Paragraphs of the body (tables and text boxes included), the notes, the headers
and the footers are compared in document order; the table's old paragraphs and the blocks toa
inserts are left out of the comparison, and nothing else may differ.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..model import Document
from ..oxml.fields import code_starts, paragraphs_in
from ..oxml.sections import ends_section
from ..oxml.text import paragraph_text, paragraphs_of
from .errors import WriteError

# A line of a typed table: text, then a dot leader (its dots one or more spaces apart) or a tab,
# then page references (or none yet: they may follow on the next line); and the placeholders a
# table takes the place of.
_PAGE_REFS = r"(?:\s*(?:[0-9ivxlc]+a?(?:\s*[-–—]\s*[0-9ivxlc]+a?)?|nn?\.\s*\d+|passim)[,;&]?)*\s*$"
_LEADER = r"(?:(?:\.\s*+){3,}|…|\t)"
_ENTRY_LINE = re.compile(rf"\S.*?{_LEADER}\s*{_PAGE_REFS}", re.I)
# A line of page references alone that goes on from the line above: the entry's page list
# wrapped ("..., 9," then "11"), or a page number typed at the foot of a page of the table ("ii").
_PAGES_ALONE = re.compile(rf"^\s*(?=[0-9ivxlcp]){_PAGE_REFS}", re.I)
_OPEN_PAGE_LIST = re.compile(r"(?:,|…|(?<![.\s])\s*+(?:\.\s*+){3,}|(?<!\s)[^\S\t]*+\t)\s*+$")
_ROMAN_ALONE = re.compile(r"^\s*[ivxlc]+\s*$", re.I)
_PLACEHOLDER = re.compile(r"^\[[^\]]*(authorities|toa)[^\]]*\]$|^\{\{\s*toa\s*\}\}$", re.I)


class TextLostError(WriteError):
    """A paragraph of the brief would be lost or changed by the write: nothing is written."""


@dataclass
class TextSnapshot:
    """The text of every paragraph of every story, in document order, before the write."""

    stories: dict[str, list[tuple[object, str]]]  # story -> [(w:p element, its text)]


def snapshot(doc: Document) -> TextSnapshot:
    return TextSnapshot({name: [(p, paragraph_text(p)) for p in paragraphs_of(root)] for name, root in _stories(doc)})


def check(before: TextSnapshot, doc: Document, replaced: Iterable = (), inserted: Iterable = ()) -> None:
    """Raise TextLostError naming the first paragraph of the brief that the package no longer
    holds as it was. `replaced`: the blocks of the old table (or placeholder) that the new
    table takes the place of; `inserted`: the blocks toa added (the table, its page break).

    What was replaced is judged here too, by the shape of a table, not by the reader's
    word for it: a non-empty replaced paragraph must sit inside a TOA field, be a placeholder,
    or come no later than the old table's last entry line (text, leader or tab, pages) or the
    page references alone that go on from it (a wrapped page list, a typed page number), in the
    same section (lines between entries are the table's headings and wrapped entries)."""
    replaced = list(replaced)
    _check_replaced(before, replaced)
    left_out = {p for block in [*replaced, *inserted] for p in paragraphs_of(block)}
    now = dict(_stories(doc))
    for name, paragraphs in before.stories.items():
        expected = [(p, text) for p, text in paragraphs if p not in left_out]
        root = now.get(name)
        found = [paragraph_text(p) for p in paragraphs_of(root) if p not in left_out] if root is not None else []
        for n, (_p, text) in enumerate(expected):
            if n < len(found) and found[n] == text:
                continue
            if n >= len(found) or n + 1 < len(expected) and found[n] == expected[n + 1][1]:
                raise TextLostError(_message("lost", name, text))
            if n + 1 < len(found) and found[n + 1] == text:
                raise TextLostError(_message("put a paragraph before", name, text))
            raise TextLostError(_message("changed", name, text))
        if len(found) > len(expected):
            raise TextLostError(_message("put a paragraph after", name, expected[-1][1] if expected else ""))


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
    lines = [(p, " ".join(text_of.get(p, "").split())) for p in paragraphs]
    # a line where a TOA field starts ends a heading too: a heading the author added, with its
    # category's field still empty (the pane's Add a heading), is the table's
    ends: list[int] = []
    above = ""  # the last line with text before this one
    for n, (p, text) in enumerate(lines):
        raw = text_of.get(p, "")
        if (
            p in in_toa
            or _ENTRY_LINE.search(raw)
            or _PLACEHOLDER.match(text)
            or _starts_toa(p)
            or (ends and _goes_on(above, raw))
        ):
            ends.append(n)
        above = raw if text else above
    last = ends[-1] if ends else -1
    section_end = None
    for n, (p, text) in enumerate(lines):
        if text and p not in in_toa and (n > last or section_end is not None):
            raise TextLostError(_message("lost", "body", text))
        if section_end is None and ends_section(p):
            section_end = n


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
