"""An opinion's text as CourtListener serves it, read for its pages: star pagination ("*163"
marks where page 163 of a reporter begins) tells which pages the opinion spans and on which page
a quoted passage stands. Quotations are matched here, on this machine."""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, field

import lxml.html

from . import quotes

# A run of a reporter's pages may skip a marker or two (a page of footnotes, an OCR miss).
MAX_GAP = 3
_SENTINEL = re.compile("\ue000(\\d{1,5})\ue001")  # a page mark, in characters no text holds
# In text without marked-up page labels: "*163" standing alone, not a database's screen page
# cited inside the opinion ("2011 WL 123, at *3").
_BARE_STAR = re.compile(r"(?<![\w*])(?<!at )\*(\d{1,5})(?![\w*])")
_MARKER_CLASSES = ("star-pagination", "page-label", "page-number")
_LINE_END_HYPHEN = re.compile(r"(?<=[a-z])-[ \t]*\n\s*(?=[a-z])")


@dataclass
class OpinionText:
    text: str = ""  # the words of the opinions fetched, page markers taken out
    marks: list[tuple[int, int]] = field(default_factory=list)  # (offset in text, page that begins there)
    _compared: quotes.Haystack | None = field(default=None, repr=False)  # the text as quotations are matched

    def compared(self) -> quotes.Haystack:
        """The text normalized for matching, once (an opinion is matched against many quotations)."""
        if self._compared is None:
            self._compared = quotes.haystack(self.text)
        return self._compared

    def add(self, other: OpinionText) -> None:
        """Another opinion of the case (a concurrence, a dissent) after this one."""
        shift = len(self.text) + 1 if self.text else 0
        self.text = f"{self.text} {other.text}" if self.text else other.text
        self._compared = None
        self.marks += [(pos + shift, page) for pos, page in other.marks]


def read(opinion: dict) -> OpinionText:
    """An opinion's text and page marks, from `html_with_citations` (else `plain_text`)."""
    html = opinion.get("html_with_citations") or ""
    if isinstance(html, str) and html.strip():
        return _from_html(html)
    plain = str(opinion.get("plain_text") or "")
    return _from_plain(plain)


def _from_html(html: str) -> OpinionText:
    root = lxml.html.fromstring(f"<div>{html}</div>")
    for sup in root.xpath("//sup"):  # footnote marks would split quoted words
        sup.drop_tree()
    marked = False
    for el in root.iter():
        cls = el.get("class") or ""
        if el.tag == "page-number" or any(c in cls.split() for c in _MARKER_CLASSES):
            m = re.search(r"\d{1,5}", el.text_content())
            if m:
                tail = el.tail
                el.clear()
                el.text, el.tail = f" \ue000{m.group()}\ue001 ", tail
                marked = True
    text = " ".join(" ".join(root.itertext()).split())
    return _take_marks(text) if marked else _from_plain(text)


def _from_plain(text: str) -> OpinionText:
    text = _LINE_END_HYPHEN.sub("", text)  # "sum-\nmary" in text taken from a printed page
    return _take_marks(_BARE_STAR.sub(lambda m: f" \ue000{m.group(1)}\ue001 ", " ".join(text.split())))


def _take_marks(text: str) -> OpinionText:
    out, marks, last = [], [], 0
    for m in _SENTINEL.finditer(text):
        out.append(text[last : m.start()])
        marks.append((len("".join(out)), int(m.group(1))))
        last = m.end()
    out.append(text[last:])
    clean = "".join(out)
    # collapse the spaces the markers leave, keeping the offsets in step
    squeezed: list[str] = []
    mapping: list[int] = []
    prev_space = False
    for ch in clean:
        mapping.append(len(squeezed))
        space = ch.isspace()
        if not (space and prev_space):
            squeezed.append(" " if space else ch)
        prev_space = space
    mapping.append(len(squeezed))
    return OpinionText("".join(squeezed), [(mapping[pos], page) for pos, page in marks])


def span(opinion: OpinionText, first: int) -> int | None:
    """The last page of the opinion in the reporter whose first page is `first`: the end of the
    run of page marks that starts just after it. None when no mark of that reporter is found
    (the text has no page numbers, or only another reporter's)."""
    pages = sorted({p for _, p in opinion.marks if p > first})
    last = first
    for page in pages:
        if page > last + MAX_GAP:
            break
        last = page
    return last if last > first else None


def page_at(opinion: OpinionText, offset: int, first: int, last: int) -> int:
    """The page of the reporter (first..last) on which the text at `offset` stands."""
    page = first
    for pos, p in opinion.marks:
        if pos > offset:
            break
        if first <= p <= last:
            page = p
    return page


@dataclass
class Found:
    """Where a quotation stands in an opinion, or the closest passage when it does not."""

    start: int | None
    end: int | None
    closest: str = ""
    similarity: float = 0.0


def find_quote(quote: str, opinion: OpinionText, omitted: Collection[str] = ()) -> Found:
    """The quotation's fragments, in order, in the opinion (legal quotation's allowances, and what
    the brief says it left out: see quotes.locate); else the passage that shares the longest run with it."""
    located = quotes.locate(quote, opinion.compared(), omitted)
    if located is not None:
        return Found(*located)
    passage, score = quotes.closest(quote, opinion.compared(), omitted)
    return Found(None, None, passage, score)
