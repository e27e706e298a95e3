"""Word comments on the citations of the authorities that verification flagged."""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Document, Occurrence, Paragraph, Table
from ..numbering import format_number
from ..oxml.comments import remove_comments as remove_authors_comments
from ..oxml.settings import note_number_format
from ..oxml.text import isolate_note_reference, split_before
from .insert import reread

COMMENT_AUTHOR = "toa"
COMMENT_INITIALS = "toa"
_NOTE_FORMATS = {"footnote": "decimal", "endnote": "lowerRoman"}  # Word's defaults


@dataclass
class _CommentSite:
    """Where one comment goes: characters [start, end) of a body paragraph, or (note set) the
    reference mark of a footnote/endnote in body paragraph `paragraph`."""

    paragraph: int
    start: int
    end: int
    text: str
    note: tuple[str, str] | None = None  # (footnote | endnote, note id)


def add_comments(doc: Document, table: Table, verification, summary: str | None = None) -> int:
    """A Word comment (author and initials "toa") on every occurrence of every authority whose
    verification record has something to say (toa.verify.comment_text is not None), and
    `summary`, the check's summary, on the first paragraph of the body.

    The range is the citation's own text: runs are split so that commentRangeStart and
    commentRangeEnd sit exactly around it. python-docx cannot comment inside notes, so a
    citation in a footnote or endnote is commented on its reference mark in the body, and the
    text says "In footnote N (citation): ...". Comments left by an earlier run are removed
    first. Returns the number of comments added."""
    remove_comments(doc)
    sites = comment_sites(doc, table, verification)
    first = _first_paragraph(doc) if summary else None
    if first is not None and summary:
        text = doc.paragraphs[first].text
        sites.append(_CommentSite(first, len(text) - len(text.lstrip()), len(text.rstrip()), summary))
    styles = doc.package.styles
    by_para: dict[int, list[_CommentSite]] = {}
    for site in sites:
        by_para.setdefault(site.paragraph, []).append(site)
    added = 0
    for pi, group in by_para.items():
        para = doc.paragraphs[pi]
        for site in sorted(group, key=lambda s: (s.start, s.end), reverse=True):  # right to left
            runs = _note_mark_run(para, site.note) if site.note else _isolate(para, site.start, site.end, styles)
            if runs is None:
                continue
            doc.package.add_comment(*runs, site.text, author=COMMENT_AUTHOR, initials=COMMENT_INITIALS)
            reread(para, styles)
            added += 1
    return added


def _first_paragraph(doc: Document) -> int | None:
    """The first paragraph of the body with text (the caption, usually), not a table toa wrote."""
    return next(
        (p.index for p in doc.paragraphs if p.story == "body" and p.text.strip() and p.skipped not in ("toa", "toc")),
        None,
    )


def add_paragraph_comments(doc: Document, notes: dict[int, str]) -> int:
    """A Word comment (author "toa") over the text of each paragraph in `notes` (paragraph
    index -> comment text), as add_comments writes them; earlier "toa" comments go first.
    Returns the number of comments added."""
    remove_comments(doc)
    styles = doc.package.styles
    added = 0
    for pi, text in notes.items():
        para = doc.paragraphs[pi]
        start, end = len(para.text) - len(para.text.lstrip()), len(para.text.rstrip())
        runs = _isolate(para, start, end, styles) if end > start else None
        if runs is None:
            continue
        doc.package.add_comment(*runs, text, author=COMMENT_AUTHOR, initials=COMMENT_INITIALS)
        reread(para, styles)
        added += 1
    return added


def comment_sites(doc: Document, table: Table, verification) -> list[_CommentSite]:
    """One site per (place, authority) for the flagged authorities, in table order."""
    from ..verify import comment_text  # the verify stage is only needed when comments are written

    numbers = _note_numbers(doc)
    sites: list[_CommentSite] = []
    seen: set = set()
    for cat in table.categories:
        for auth in cat.authorities:
            record = verification.get(auth.key)
            text = comment_text(record) if record is not None else None
            if not text:
                continue
            for o in auth.occurrences:
                site = _site(doc, o, text, numbers)
                place = (site.note or (site.paragraph, site.start, site.end), auth.key) if site else None
                if site is None or place in seen:
                    continue
                seen.add(place)
                sites.append(site)
    return sites


def _site(doc: Document, o: Occurrence, text: str, numbers: dict) -> _CommentSite | None:
    if not 0 <= o.paragraph < len(doc.paragraphs) or o.end <= o.start:
        return None
    para = doc.paragraphs[o.paragraph]
    if para.skipped == "toa":
        return None
    if para.story in ("footnote", "endnote"):
        if para.anchor is None or para.note_id is None:
            return None
        number = numbers.get((para.story, para.note_id), "?")
        cited = " ".join(para.text[o.start : o.end].split())
        return _CommentSite(
            para.anchor[0],
            para.anchor[1],
            para.anchor[1],
            f"In {para.story} {number} ({cited}): {text}",
            (para.story, para.note_id),
        )
    return _CommentSite(o.paragraph, o.start, o.end, text)


def _note_numbers(doc: Document) -> dict[tuple[str, str], str]:
    """(kind, note id) -> the number Word prints: notes are numbered in reference order."""
    settings = _settings(doc)
    fmts = {kind: note_number_format(settings, kind) or default for kind, default in _NOTE_FORMATS.items()}
    out: dict[tuple[str, str], str] = {}
    counts = {kind: 0 for kind in fmts}
    for p in doc.paragraphs:
        if p.story in fmts and p.note_id is not None and (p.story, p.note_id) not in out:
            counts[p.story] += 1
            out[(p.story, p.note_id)] = format_number(counts[p.story], fmts[p.story])
    return out


def _settings(doc: Document):
    try:
        return doc.package.settings()
    except Exception:  # no settings part: Word's defaults apply
        return None


def _isolate(para: Paragraph, start: int, end: int, styles) -> list | None:
    """Split runs so that characters [start, end) of the paragraph are whole runs; returns the
    first and last w:r of the stretch (None when the span is not in the paragraph's text)."""
    if not (0 <= start < end <= len(para.text)):
        return None
    try:
        after = _piece_at(para, end - 1)
        split_before(after.node, after.node_offset + (end - 1 - after.start) + 1)
        reread(para, styles)
        before = _piece_at(para, start)
        split_before(before.node, before.node_offset + (start - before.start))
        reread(para, styles)
    except ValueError:
        return None
    return [_piece_at(para, start).node.getparent(), _piece_at(para, end - 1).node.getparent()]


def _piece_at(para: Paragraph, offset: int):
    for pc in para.pieces:
        if pc.start <= offset < pc.end:
            return pc
    raise ValueError(f"offset {offset} is outside paragraph {para.index}")


def _note_mark_run(para: Paragraph, note: tuple[str, str]) -> list | None:
    """The run of a note's reference mark in body paragraph `para`, alone in its run."""
    r = isolate_note_reference(para.element, *note)
    return None if r is None else [r, r]


def remove_comments(doc: Document, author: str = COMMENT_AUTHOR) -> int:
    """Remove the comments `author` left in the brief (their ranges and reference runs too);
    returns how many. Other people's comments stay."""
    comments = doc.package.comments()
    return 0 if comments is None else remove_authors_comments(comments, doc.package.body, author)
