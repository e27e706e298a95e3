"""Where a citation is, in terms Word's Body.search understands: for the add-in's Go to,
comments and TA fields.

A locator is {"story", "note", "search", "ordinal", "end"}: `search` is a stretch of the
citation's own characters (at most 255 UTF-16 units, Body.search's limit) that starts the
citation, and `ordinal` the index of the wanted match among all matches of `search` in the
story (the body, or footnote/endnote number `note`, 0-based in document order), counted the
way Word searches by default: case-insensitive, not across paragraphs, matches not
overlapping. When the citation is longer than one search string, or a tab or line break cuts
it, `end` locates its last stretch the same way and the pane expands the first range to it.
Hidden text and field codes, which Word's search skips, are not in the reader's text either.
"""

from __future__ import annotations

from .model import Document, Occurrence, Paragraph
from .oxml.text import is_text

MAX_SEARCH = 255
_BREAK = "\x00"  # a character Word does not match literally (tab, line break, special symbol)


def raw_text(para: Paragraph) -> str:
    """The paragraph's characters as Word holds them (the reader's text maps some of them):
    w:t text as written, anything else as a break that no search string crosses."""
    out = [_BREAK] * len(para.text)
    for pc in para.pieces:
        node_text = (pc.node.text or "") if is_text(pc.node) else None
        for i in range(pc.start, pc.end):
            if node_text is not None:
                k = pc.node_offset + (i - pc.start)
                out[i] = node_text[k] if k < len(node_text) else _BREAK
    return "".join(out)


class Locator:
    """Locators for the occurrences of one document (stories read once)."""

    def __init__(self, doc: Document):
        self.doc = doc
        self.stories: dict[tuple[str, int | None], list[int]] = {}  # (story, note number) -> paragraphs
        self.note_of: dict[int, tuple[str, int | None]] = {}
        numbers: dict[tuple[str, str], int] = {}
        for p in doc.paragraphs:
            key: tuple[str, int | None]
            if p.story in ("body", "table"):
                key = ("body", None)
            else:
                ident = (p.story, p.note_id or "")
                numbers.setdefault(ident, sum(1 for k in numbers if k[0] == p.story))
                key = (p.story, numbers[ident])
            self.stories.setdefault(key, []).append(p.index)
            self.note_of[p.index] = key
        self._raw: dict[int, str] = {}

    def raw(self, index: int) -> str:
        if index not in self._raw:
            self._raw[index] = raw_text(self.doc.paragraphs[index])
        return self._raw[index]

    def occurrence(self, occ: Occurrence) -> dict | None:
        return self.span(occ.paragraph, occ.start, occ.end)

    def paragraph(self, index: int) -> dict | None:
        """A locator of a whole paragraph (its first and last stretches)."""
        text = self.raw(index)
        start = len(text) - len(text.lstrip(" " + _BREAK))
        end = len(text.rstrip(" " + _BREAK))
        return self.span(index, start, end) if end > start else None

    def span(self, index: int, start: int, end: int) -> dict | None:
        text = self.raw(index)
        stretches = _stretches(text, start, end)
        if not stretches:
            return None
        story, note = self.note_of[index]
        first_a, first_b = stretches[0]
        first_b = _cut(text, first_a, first_b)
        loc = {"story": story, "note": note, **self._find(index, first_a, first_b), "end": None}
        last_a, last_b = stretches[-1]
        if last_b > first_b:  # the end stretch may overlap the first: the pane expands one to the other
            loc["end"] = self._find(index, _cut_left(text, last_a, last_b), last_b)
        return loc

    def _find(self, index: int, a: int, b: int) -> dict:
        needle = self.raw(index)[a:b]
        low = needle.lower()
        ordinal = 0
        for pi in self.stories[self.note_of[index]]:
            hay = self.raw(pi).lower()
            pos = hay.find(low)
            while pos != -1 and not (pi == index and pos >= a):
                ordinal += 1
                pos = hay.find(low, pos + len(low))
            if pi == index:
                break
        return {"search": needle.replace("^", "^^"), "ordinal": ordinal}


def _stretches(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The runs of searchable characters in [start, end), trimmed of spaces."""
    out, a = [], None
    for i in range(start, end + 1):
        ch = text[i] if i < end else _BREAK
        if ch == _BREAK:
            if a is not None:
                s, e = a, i
                while s < e and text[s] == " ":
                    s += 1
                while e > s and text[e - 1] == " ":
                    e -= 1
                if e > s:
                    out.append((s, e))
                a = None
        elif a is None:
            a = i
    return out


def _units(s: str) -> int:
    return len(s.encode("utf-16-le")) // 2


def _cut(text: str, a: int, b: int) -> int:
    """The end of the longest stretch from `a` that fits Body.search (at a word end if it must cut)."""
    if _units(text[a:b]) <= MAX_SEARCH:
        return b
    e = a
    while e < b and _units(text[a : e + 1]) <= MAX_SEARCH:
        e += 1
    space = text.rfind(" ", a, e)
    return space if space > a + MAX_SEARCH // 2 else e


def _cut_left(text: str, a: int, b: int) -> int:
    if _units(text[a:b]) <= MAX_SEARCH:
        return a
    s = b
    while s > a and _units(text[s - 1 : b]) <= MAX_SEARCH:
        s -= 1
    space = text.find(" ", s, b)
    return space + 1 if 0 <= space < b - MAX_SEARCH // 2 else s
