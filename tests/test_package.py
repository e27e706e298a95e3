"""The brief's package as toa opens, edits and saves it: the notes python-docx keeps as bytes
are written back as they were until toa changes them, their own relationships kept."""

from __future__ import annotations

import io
import zipfile

from docxbuild import DocBuilder, Footnote
from toa import authorities, document, extract, styles, write
from toa.package import Package

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
NOTE_RELS = "word/_rels/footnotes.xml.rels"
HYPERLINK = (
    '<Relationship Id="rIdNote1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
    'relationships/hyperlink" Target="https://example.com/opinion" TargetMode="External"/>'
)


def _brief(tmp_path):
    """A citation in the body and one in a footnote; the footnotes part, declared as Word declares
    its parts, has a relationship of its own."""
    b = DocBuilder()
    b.heading("ARGUMENT")
    b.paragraph(
        "Summary judgment is proper. See ",
        ("Celotex Corp. v. Catrett", "i"),
        ", 477 U.S. 317 (1986).",
        Footnote("Accord ", ("Anderson v. Liberty Lobby, Inc.", "i"), ", 477 U.S. 242 (1986)."),
    )
    built = b.save(tmp_path / "built.docx")
    path = tmp_path / "brief.docx"
    with zipfile.ZipFile(built) as zin, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename == "word/footnotes.xml":  # as Word writes it, not as lxml would
                data = (
                    b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n'
                    + data[data.index(b"?>") + 2 :].lstrip()
                )
            zout.writestr(info, data)
        zout.writestr(
            NOTE_RELS,
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships '
            f'xmlns="http://schemas.openxmlformats.org/package/2006/relationships">{HYPERLINK}</Relationships>',
        )
    return path


def _parts(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return {name: z.read(name) for name in z.namelist()}


def _saved(doc) -> dict[str, bytes]:
    buf = io.BytesIO()
    write.save_to(doc, buf)
    return _parts(buf.getvalue())


def test_unedited_notes_are_written_back_byte_for_byte(tmp_path):
    path = _brief(tmp_path)
    doc = document.read(str(path))
    assert [story for story, _root in doc.package.stories()] == ["body", "footnote"]
    saved = _saved(doc)
    original = _parts(path.read_bytes())
    assert saved["word/footnotes.xml"] == original["word/footnotes.xml"]
    assert b"https://example.com/opinion" in saved[NOTE_RELS]


def test_edited_notes_are_written_with_their_relationships(tmp_path):
    doc = document.read(str(_brief(tmp_path)))
    table = authorities.build(doc, extract.extract(doc), styles.load("default"))
    assert write.mark_citations(doc, table) == []
    saved = _saved(doc)
    assert saved["word/footnotes.xml"].count(b" TA \\l ") == 1  # Anderson is cited in the note alone
    assert saved["word/document.xml"].count(b" TA \\l ") == 1
    assert b"https://example.com/opinion" in saved[NOTE_RELS]
    reread = Package.open(str(_write(tmp_path / "out.docx", saved)))  # the notes read back as written
    text = "".join(t.text or "" for t in reread.notes["footnote"].iter(f"{{{W}}}t"))
    assert "Anderson v. Liberty Lobby, Inc., 477 U.S. 242 (1986)." in text


def _write(path, parts: dict[str, bytes]):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts.items():
            z.writestr(name, data)
    return path
