"""Local quotation matching. Quotes never leave the machine: they are compared here against
text we fetched by citation components alone."""
from __future__ import annotations

import difflib
import re
import unicodedata

_DASHES = dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2013\u2014\u2015\u2212"), "-")
_QUOTES = {ord("\u2018"): "'", ord("\u2019"): "'", ord("\u201c"): '"', ord("\u201d"): '"'}
_ELLIPSIS = re.compile(r"(?:\s*\.\s*){3,}|\u2026")
_BRACKET = re.compile(r"\[[^\]]{0,20}\]")
_FOOTNOTE = re.compile(r"\[\d+\]")


def normalize(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).translate(_DASHES).translate(_QUOTES)
    text = _FOOTNOTE.sub("", text)
    return re.sub(r"\s+", " ", text).strip().casefold()


def _fragment_pattern(fragment: str) -> re.Pattern:
    """Regex for one fragment: a bracketed alteration ("[t]he") matches a short wildcard."""
    parts, last = [], 0
    for m in _BRACKET.finditer(fragment):
        parts.append(re.escape(fragment[last:m.start()]))
        parts.append(r".{0,25}?")
        last = m.end()
    parts.append(re.escape(fragment[last:]))
    return re.compile("".join(parts).replace(r"\ ", r"\s*"))


def fragments(quote: str) -> list[str]:
    quote = normalize(quote).strip("\"' ")
    return [f.strip(" ,;:\"'") for f in _ELLIPSIS.split(quote) if f.strip(" ,;:\"'")]


def matches(quote: str, text: str) -> bool:
    """Every fragment found, in order, in the (normalized) text."""
    haystack, pos = normalize(text), 0
    frags = fragments(quote)
    if not frags:
        return False
    for frag in frags:
        m = _fragment_pattern(frag).search(haystack, pos)
        if not m:
            return False
        pos = m.end()
    return True


def similarity(quote: str, text: str) -> float:
    """Share of the quote covered by its longest common run with the text (for the report)."""
    q, t = " ".join(fragments(quote)), normalize(text)
    if not q or not t:
        return 0.0
    sm = difflib.SequenceMatcher(None, q, t, autojunk=False)
    m = sm.find_longest_match(0, len(q), 0, len(t))
    return round(m.size / len(q), 3)
