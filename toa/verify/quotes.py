"""Local quotation matching. Quotes never leave the machine: they are compared here against
text fetched by citation components and ids alone.

What legal quotation allows is allowed: an ellipsis between fragments (found in order), a
bracketed alteration ("[t]he", "[the Act]"), a changed capital, curly or straight quotes (and
the source's double quotation marks made single inside the quotation), any dash for any dash,
footnote marks, whitespace and line breaks; and what the brief says after the citation that it
left out: "(citations omitted)" lets the source's citations be absent from the quotation,
"(internal quotation marks omitted)" its quotation marks, "(cleaned up)" both."""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Collection
from dataclasses import dataclass

from eyecite import get_citations
from eyecite.models import UnknownCitation

_DASHES = dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2013\u2014\u2015\u2212"), "-")
# Every quotation mark is one: a quotation inside a quotation turns the source's double marks single.
_QUOTES = {ord("\u2018"): "'", ord("\u2019"): "'", ord("\u201c"): "'", ord("\u201d"): "'", ord('"'): "'"}
_ELLIPSIS = re.compile(r"(?:\s*\.\s*){3,}|\u2026")
_BRACKET = re.compile(r"\[[^\]]{0,20}\]")
_FOOTNOTE = re.compile(r"\[\d+\]")
_EDGE = " ,;:.!?\"'"
CLOSEST_WINDOW = 200  # characters of the closest passage shown
# What a brief may say it left out of a quotation, in a parenthetical after the citation.
CITATIONS, QUOTATION_MARKS, FOOTNOTES = "citations", "quotation marks", "footnotes"
_SIGNAL_BEFORE = re.compile(
    r"(?:\b(?:see(?:,? e\.g\.,?| also| generally)?|e\.g\.,?|cf\.|accord|but see|but cf\.|compare|citing|quoting)\s*)+$",
    re.I,
)
_PIN_AFTER = re.compile(r",?\s*(?:at\s*)?\*?\d+(?:[-\u2013]\d+)?")


def _normalized(text: str) -> tuple[str, list[int]]:
    """The text as compared (NFKC, straight quotes, "-" dashes, footnote marks out, one space for
    any whitespace, case folded), with the offset in `text` of each character."""
    chars: list[str] = []
    where: list[int] = []
    for i, ch in enumerate(text):
        for out in unicodedata.normalize("NFKC", ch).translate(_DASHES).translate(_QUOTES).casefold():
            chars.append(out)
            where.append(i)
    joined = "".join(chars)
    keep = [True] * len(joined)
    for m in _FOOTNOTE.finditer(joined):
        keep[m.start() : m.end()] = [False] * (m.end() - m.start())
    out_chars: list[str] = []
    out_where: list[int] = []
    space = False
    for ch, w, k in zip(joined, where, keep, strict=True):
        if not k:
            continue
        if ch.isspace():
            if space or not out_chars:
                continue
            ch, space = " ", True
        else:
            space = False
        out_chars.append(ch)
        out_where.append(w)
    while out_chars and out_chars[-1] == " ":
        out_chars.pop(), out_where.pop()
    return "".join(out_chars), out_where


def normalize(text: str) -> str:
    return _normalized(text)[0]


@dataclass(frozen=True)
class Haystack:
    """A source text as quotations are matched against it: normalized, with the offset in the
    source of each character."""

    source: str
    text: str
    where: list[int]


def haystack(source: str) -> Haystack:
    return Haystack(source, *_normalized(source))


def _hay(text: str | Haystack) -> Haystack:
    return text if isinstance(text, Haystack) else haystack(text)


def _without(hay: Haystack, drop) -> Haystack:
    """The haystack without the characters `drop(index in hay.text)` says to leave out."""
    keep = [i for i in range(len(hay.text)) if not drop(i)]
    return Haystack(hay.source, "".join(hay.text[i] for i in keep), [hay.where[i] for i in keep])


def _citation_spans(source: str, keep_comma_before: bool = False) -> list[tuple[int, int]]:
    """Where the source's citations stand, each with the signal before it ("see also") and the
    semicolon, comma or period that ends it: what "(citations omitted)" leaves out. A citation set
    off by commas inside a sentence takes both, unless `keep_comma_before` (the sentence's own
    comma: "the record, Doe v. Roe, …, and then")."""
    cites = sorted((c for c in get_citations(source) if not isinstance(c, UnknownCitation)), key=lambda c: c.span())
    spans: list[tuple[int, int]] = []
    for n, cite in enumerate(cites):
        core_end, (start, end) = cite.span()[1], cite.full_span()
        if n + 1 < len(cites) and cites[n + 1].span()[0] < end:
            # a parenthetical read past the next citation is that one's: this one ends at its pinpoint
            end = core_end + (m.end() if (m := _PIN_AFTER.match(source[core_end:])) else 0)
        start = max(start, spans[-1][1] if spans else 0)
        signal = _SIGNAL_BEFORE.search(source[max(0, start - 40) : start])
        if signal:
            start -= len(signal.group())
        rest = re.match(r"\s*[;,.]", source[end:])
        if (
            not keep_comma_before
            and rest
            and rest.group().endswith(",")
            and (lead := re.search(r",\s*$", source[:start]))
        ):
            start = lead.start()
        spans.append((start, end + (rest.end() if rest else 0)))
    return spans


def _as_quoted(
    quote: str, text: str | Haystack, omitted: Collection[str], keep_comma_before: bool = False
) -> tuple[str, Haystack]:
    """The quotation's words and the source, each without what the brief says it left out."""
    hay = _hay(text)
    if CITATIONS in omitted:
        cited = bytearray(len(hay.source))  # 1 where a citation stands in the source
        for a, b in _citation_spans(hay.source, keep_comma_before):
            cited[a:b] = b"\x01" * (b - a)
        hay = _without(hay, lambda i: cited[hay.where[i]] == 1)
    if QUOTATION_MARKS in omitted:
        marks = hay
        hay = _without(marks, lambda i: marks.text[i] == "'")
        quote = quote.translate(_QUOTES).replace("'", "")
    return quote, hay


def _fragment_pattern(fragment: str) -> re.Pattern:
    """Regex for one fragment. A bracketed alteration: a changed letter ("[t]he") is that letter
    (case aside); words put in ("[the Act]") stand for a few words of the source between what
    precedes and follows them, or for nothing at either end of the fragment."""
    parts, last = [], 0
    for m in _BRACKET.finditer(fragment):
        parts.append(re.escape(fragment[last : m.start()]))
        inside = m.group()[1:-1]
        if len(inside) == 1 and inside.isalpha():
            parts.append(re.escape(inside))
        elif 0 < m.start() and m.end() < len(fragment):
            parts.append(r".{0,25}?")
        last = m.end()
    parts.append(re.escape(fragment[last:]))
    return re.compile("".join(parts).strip().replace(r"\ ", r"\s*"))


def fragments(quote: str) -> list[str]:
    quote = normalize(quote).strip(_EDGE)
    return [f.strip(_EDGE) for f in _ELLIPSIS.split(quote) if f.strip(_EDGE)]


def locate(quote: str, text: str | Haystack, omitted: Collection[str] = ()) -> tuple[int, int] | None:
    """Where the quotation stands in `text` (offsets in the source text): every fragment found, in
    order. `omitted`: what the brief says it left out (CITATIONS, QUOTATION_MARKS, FOOTNOTES)."""
    found = _locate(*_as_quoted(quote, text, omitted))
    if found is None and CITATIONS in omitted:  # the sentence's comma may stay where a citation went
        found = _locate(*_as_quoted(quote, text, omitted, keep_comma_before=True))
    return found


def _locate(quote: str, hay: Haystack) -> tuple[int, int] | None:
    where = hay.where
    frags, pos, start = fragments(quote), 0, None
    if not frags:
        return None
    for frag in frags:
        m = _fragment_pattern(frag).search(hay.text, pos)
        if not m:
            return None
        start = m.start() if start is None else start
        pos = m.end()
    assert start is not None  # set by the first fragment, and there is one
    return where[start], where[pos - 1] + 1


def matches(quote: str, text: str | Haystack, omitted: Collection[str] = ()) -> bool:
    return locate(quote, text, omitted) is not None


def similarity(quote: str, text: str | Haystack, omitted: Collection[str] = ()) -> float:
    """Share of the quote covered by its longest common run with the text (for the report)."""
    return closest(quote, text, omitted)[1]


def closest(quote: str, text: str | Haystack, omitted: Collection[str] = ()) -> tuple[str, float]:
    """The passage of `text` around the longest run it shares with the quotation, and the share
    of the quotation that run covers."""
    quote, hay = _as_quoted(quote, text, omitted)
    q = " ".join(fragments(quote))
    if not q or not hay.text:
        return "", 0.0
    sm = difflib.SequenceMatcher(None, q, hay.text, autojunk=False)
    m = sm.find_longest_match(0, len(q), 0, len(hay.text))
    if not m.size:
        return "", 0.0
    lo = max(0, m.b - m.a - 20)
    hi = min(len(hay.text), lo + max(len(q) + 40, 60), lo + CLOSEST_WINDOW)
    passage = " ".join(hay.source[hay.where[lo] : hay.where[hi - 1] + 1].split())
    return passage, round(m.size / len(q), 3)
