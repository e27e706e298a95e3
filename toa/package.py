"""The brief's .docx as toa opens, edits and saves it.

`Package.open` refuses what a build must not read (a zip bomb, markup too large to parse, a
DTD, a damaged part) with a one-line DocumentError. A Package gives the stories toa reads and
edits as lxml elements (the body, the footnotes and endnotes, the headers and footers), the
style information, the settings and comments, and saves itself with what was changed.

python-docx holds the parts. Nothing is stored on its objects: the notes, which it keeps as
bytes, are parsed here and held by a part of toa's own class (put in the package's relationships
in place of python-docx's), which writes them back as they were until they are changed.
"""

from __future__ import annotations

import io
import os
import re
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import IO

import docx
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.opc.part import Part, XmlPart
from lxml import etree

from . import opc
from .oxml import qn, safe_parser, serialize
from .oxml.comments import add_comment, fresh_comment_ids
from .oxml.styles import StyleInfo, theme_fonts

# Decompressed size accepted (README "Limits"): a 1,000-page brief's document.xml is about 15 MB.
MAX_PART_BYTES = 100 * 1024 * 1024
MAX_TOTAL_BYTES = 250 * 1024 * 1024
MAX_PARTS = 2000
# Memory grows with the markup parsed and the text read (README "Limits"), counted in every part
# and in the packages embedded in them (LibreOffice lays those out too). A 1,000-page brief has
# some 150,000 tags in its main part (1.5 attributes each), 7,000 paragraphs and 2,000,000
# characters; 30,000 paragraphs of 400 attributes each took 3.1 GB, 16.6 million paragraphs in
# an altChunk 2.2 GB (and LibreOffice 7.5 GB) before the attributes and embedded packages counted.
MAX_TAGS = 2_000_000
MAX_ATTRIBUTES = 2_000_000  # namespace declarations included
MAX_ELEMENT_ATTRIBUTES = 256  # Word's root element declares some 40 namespaces
MAX_PARAGRAPHS = 200_000
MAX_CHARACTERS = 3_000_000
# A package embedded in a part (an altChunk .docx, an embedded document or workbook) is read
# like the brief, and so is one embedded in it, down to this depth; deeper ones are not laid out.
MAX_EMBEDDING_DEPTH = 2
# Every XML part is parsed with this parser: no entities expanded, no DTD loaded, no network.
SAFE_PARSER = safe_parser()

NOTE_KINDS = {"footnote": RT.FOOTNOTES, "endnote": RT.ENDNOTES}
_HEADER_FOOTER = ("wordprocessingml.header+xml", "wordprocessingml.footer+xml")


class DocumentError(Exception):
    """The input cannot be read as a Word document; the message is shown to the user."""


class Package:
    """An opened brief: `body` (w:body), `notes` (footnote | endnote -> the parsed root of that
    part), `styles` (StyleInfo) and `saved_by_word`; the rest through the methods below."""

    def __init__(self, document):
        """`document`: a python-docx Document that Package.open checked."""
        self._document = document
        self.body = document.element.body
        # python-docx adds a default styles part when the brief has none (written out with it)
        self.styles = StyleInfo(_styles_element(document), theme_fonts(self.theme()))
        self.notes: dict[str, etree._Element] = {}
        self._kept: dict[str, _NotesPart] = {}  # the notes parts python-docx keeps as bytes
        for kind, reltype in NOTE_KINDS.items():
            rels = [rel for rel in document.part.rels.values() if rel.reltype == reltype and not rel.is_external]
            if not rels:
                continue
            part = rels[-1].target_part
            if isinstance(part, XmlPart):  # a part python-docx parsed itself serialises its own element
                self.notes[kind] = part.element
                continue
            kept = _NotesPart(part, etree.fromstring(part.blob, SAFE_PARSER))
            _replace_part(document.part.package, part, kept)
            self._kept[kind] = kept
            self.notes[kind] = kept.root
        self.saved_by_word = _saved_by_word(document)
        self._comment_ids: Iterator[int] | None = None  # read at the first comment toa adds

    @classmethod
    def open(cls, path: str) -> Package:
        """Open and check the brief at `path`. Raises DocumentError with a one-line reason on bad input."""
        return cls(_open(path))

    def stories(self) -> Iterator[tuple[str, etree._Element]]:
        """(story, root) of the body and the notes: the stories citations are read from and marked in."""
        yield "body", self.body
        yield from self.notes.items()

    def headers_footers(self) -> Iterator[tuple[str, etree._Element]]:
        """(part name, root) of every header and footer."""
        for part in self._document.part.package.iter_parts():
            if part.content_type.endswith(_HEADER_FOOTER):
                yield str(part.partname), part.element

    def changed(self, story: str) -> None:
        """Say that a story was edited (the body and parts python-docx parsed are always written)."""
        if story in self._kept:
            self._kept[story].changed = True

    def settings(self):
        """The w:settings root; python-docx adds a default settings part when the brief has none."""
        return self._document.settings.element

    def comments(self):
        """The w:comments root, None when the brief has no comments part."""
        try:
            return self._document.part.part_related_by(RT.COMMENTS).element
        except KeyError:
            return None

    def theme(self):
        """The theme part's parsed root (its fonts and colours), None when the brief has none or
        it does not parse."""
        try:
            theme = self._document.part.part_related_by(RT.THEME)
        except KeyError:
            return None
        try:
            return etree.fromstring(theme.blob, SAFE_PARSER)
        except etree.XMLSyntaxError:
            return None

    def add_comment(self, first_run, last_run, text: str, author: str, initials: str) -> None:
        """A Word comment from run `first_run` through run `last_run` of the body, under an id
        that no comment or comment mark of the brief has (python-docx's own add_comment reads
        every id as a number, and a brief's w:id="abc" stopped it)."""
        self._document.comments  # noqa: B018 - python-docx adds a comments part when the brief has none
        comments = self.comments()
        if self._comment_ids is None:
            self._comment_ids = fresh_comment_ids(comments, [root for _, root in self.stories()])
        date = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        add_comment(comments, next(self._comment_ids), first_run, last_run, text, author, initials, date)

    def save(self, stream: IO[bytes]) -> None:
        """Write the package, as a .docx, to a binary stream."""
        self._document.save(stream)


class _NotesPart(Part):
    """A footnotes or endnotes part that python-docx keeps as bytes, with the root toa parsed
    from them: its bytes are written back as they were until `changed`."""

    def __init__(self, part: Part, root):
        super().__init__(part.partname, part.content_type, part.blob, part.package)
        self.root = root
        self.changed = False
        for rel in part.rels.values():  # a note's hyperlinks and pictures
            self.load_rel(rel.reltype, rel.target_ref if rel.is_external else rel.target_part, rel.rId, rel.is_external)

    @property
    def blob(self) -> bytes:
        return serialize(self.root) if self.changed else super().blob


def _replace_part(package, old: Part, new: Part) -> None:
    """Every relationship in the package that points at `old` points at `new` instead (same id,
    same place among its part's relationships)."""
    for source in [package, *package.iter_parts()]:
        for rel in list(source.rels.values()):
            if not rel.is_external and rel.target_part is old:
                source.rels.add_relationship(rel.reltype, new, rel.rId)


def _styles_element(document):
    try:
        return document.styles.element
    except Exception:  # a styles relationship to a part python-docx cannot use as one
        return None


def _saved_by_word(document) -> bool:
    """Word (not a generator) wrote the file last, so its rendered page breaks can be trusted."""
    try:
        app = document.part.package.part_related_by(RT.EXTENDED_PROPERTIES)
    except KeyError:
        return False
    blob = app.blob.decode("utf-8", "replace")
    return "Microsoft" in blob and "Word" in blob


def _open(path: str):
    if os.path.exists(path) and not os.path.isfile(path) and not os.path.isdir(path):
        raise DocumentError(f"{path} is not a regular file")  # a FIFO would block the read below
    try:
        with open(path, "rb") as fh:
            head = fh.read(8)
    except OSError as exc:
        raise DocumentError(f"cannot read {path}: {exc.strerror or exc}") from None
    if head.startswith(b"\xd0\xcf\x11\xe0"):
        raise DocumentError(f"{path} is encrypted or an old binary .doc file; save it as an unprotected .docx")
    if not head.startswith(b"PK"):
        raise DocumentError(f"{path} is not a .docx file")
    try:
        with zipfile.ZipFile(path) as zf:
            check_sizes(path, zf.infolist())
            _check_markup(path, zf)
            bad = zf.testzip()
            if bad is not None:
                raise DocumentError(f"{path} is damaged (corrupt entry {bad})")
            if "word/document.xml" not in zf.namelist():
                raise DocumentError(f"{path} is not a Word document (no word/document.xml)")
            check_xml_parts(path, zf)
    except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError, ValueError, OSError):
        # OSError: offsets in a damaged directory that point before the start of the file
        raise DocumentError(f"{path} is damaged (not a readable zip archive)") from None
    try:
        document = docx.Document(path)
        # The main part must be a document with a body: a damaged one may hold any element.
        if document.element.tag != qn("w:document") or document.element.find(qn("w:body")) is None:
            raise ValueError("the main part is not a Word document with a body")
        # A relationship without an id, type or target reads, but cannot be written back.
        for rel in document.part.package.iter_rels():
            if not all(isinstance(v, str) and v for v in (rel.rId, rel.reltype, rel.target_ref)):
                raise ValueError("a relationship without an id, a type or a target")
    except Exception as exc:  # noqa: BLE001 - python-docx fails on a damaged package in many ways
        # (a relationship without a target, a content type without a name ...): all bad input.
        raise DocumentError(f"{path} cannot be opened as a .docx ({type(exc).__name__})") from None
    _check_roots(path, document)
    return document


# The parts toa reads or edits beside the main one, and the element each must hold.
_PART_ROOTS = {
    RT.COMMENTS: "w:comments",
    RT.FOOTNOTES: "w:footnotes",
    RT.ENDNOTES: "w:endnotes",
    RT.STYLES: "w:styles",
    RT.SETTINGS: "w:settings",
}
# Those edited through python-docx, which gives them their class by content type.
_EDITED = {RT.COMMENTS, RT.STYLES, RT.SETTINGS}


def _check_roots(path: str, document) -> None:
    """A comments part whose root is `<foo/>` (or whose content type is not that of comments)
    reads, then fails when a comment is added."""
    for rel in document.part.rels.values():
        want = _PART_ROOTS.get(rel.reltype)
        if want is None or rel.is_external:
            continue
        part = rel.target_part
        root = part.element if isinstance(part, XmlPart) else None
        if root is None and rel.reltype in _EDITED:
            raise DocumentError(
                f"{path} is damaged (part {part.partname.lstrip('/')} has the content type "
                f"{part.content_type or 'none'}, not that of a {want[2:]} part)"
            )
        if root is None:
            try:
                root = etree.fromstring(part.blob, SAFE_PARSER)
            except etree.XMLSyntaxError:
                raise DocumentError(
                    f"{path} is damaged (part {part.partname.lstrip('/')} is not well-formed XML)"
                ) from None
        if root.tag != qn(want):
            raise DocumentError(f"{path} is damaged (part {part.partname.lstrip('/')} does not hold {want})")


def is_package(data: bytes) -> bool:
    """A part that is itself a zip package (an embedded .docx, .xlsx, .pptx), whatever its name:
    one that starts as a zip does, or whose end is a zip directory (a zip reader, LibreOffice's
    too, finds a package from its end, past anything put before it)."""
    return data.startswith(b"PK") or zipfile.is_zipfile(io.BytesIO(data))


def check_sizes(path: str, infos: list[zipfile.ZipInfo]) -> None:
    """Refuse a zip bomb before inflating anything: the sizes are those the archive declares,
    and zipfile never inflates an entry past its declared size."""
    if len(infos) > MAX_PARTS:
        raise DocumentError(f"{path} has {len(infos)} parts; at most {MAX_PARTS} are accepted")
    for info in infos:
        if info.file_size > MAX_PART_BYTES:
            raise DocumentError(
                f"{path}: part {info.filename} inflates to {info.file_size // 2**20} MB; "
                f"at most {MAX_PART_BYTES // 2**20} MB per part is accepted"
            )
    total = sum(info.file_size for info in infos)
    if total > MAX_TOTAL_BYTES:
        raise DocumentError(
            f"{path} inflates to {total // 2**20} MB; at most {MAX_TOTAL_BYTES // 2**20} MB is accepted"
        )


def _check_markup(path: str, zf: zipfile.ZipFile) -> None:
    """Refuse a brief whose parts, and the packages embedded in them, hold more markup or text
    than a build should hold in memory, before any part is parsed (README "Limits")."""
    infos = zf.infolist()
    volume = Volume(parts=len(infos), inflated=sum(info.file_size for info in infos))
    if not _within_limits_at_most(zf, Volume(parts=volume.parts, inflated=volume.inflated)):
        _count_package(path, zf, volume, "", 0)


# Counting every element with a parser's callbacks cost a twentieth of a second on a brief of
# 60 pages, a tenth of what plain eyecite spends on it. What a part's bytes show at C speed is
# enough for nearly every brief: every tag, comment and instruction starts with "<", every
# attribute and namespace declaration has an "=" (and no "<" can sit inside a start tag), text is
# no longer than the bytes that hold it, and a paragraph is an element named p. When those counts
# stay within the limits, the exact ones do too; when not, every part is counted exactly.
_MANY_ATTRIBUTES = re.compile(rb"<(?:[^<=]*=){%d}" % (MAX_ELEMENT_ATTRIBUTES + 1))
# (an attribute takes five bytes at least, ' a=""': a tag shorter than this has too few to count)
_LONG_TAG = re.compile(rb"<[^<]{%d}" % (5 * (MAX_ELEMENT_ATTRIBUTES + 1)))
_P_ELEMENT = re.compile(rb"<(?:[^\s<>/:]*:)?p[\s/>]")


def _within_limits_at_most(zf: zipfile.ZipFile, bound: Volume) -> bool:
    """Whether counts at least as large as the markup's stay within the limits (False: not known;
    an embedded package is always counted exactly)."""
    for info in zf.infolist():
        data = zf.read(info)
        if is_package(data):
            return False
        if not data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<"):
            try:
                count_markup(data, bound)  # not XML (an image), or XML in UTF-16: its parse stops early
            except PastLimit:
                return False
            continue
        if _LONG_TAG.search(data) and _MANY_ATTRIBUTES.search(data):
            return False
        bound.tags += data.count(b"<")
        bound.attributes += data.count(b"=")
        bound.paragraphs += len(_P_ELEMENT.findall(data))
        bound.characters += len(data)
        if not (
            bound.tags <= MAX_TAGS
            and bound.attributes <= MAX_ATTRIBUTES
            and bound.paragraphs <= MAX_PARAGRAPHS
            and bound.characters <= MAX_CHARACTERS
        ):
            return False
    return True


@dataclass
class Volume:
    """What a package holds, its embedded packages included, counted so far."""

    parts: int = 0
    inflated: int = 0  # bytes
    tags: int = 0  # elements, comments and processing instructions
    attributes: int = 0
    paragraphs: int = 0
    characters: int = 0  # of text (w:t)


class PastLimit(Exception):
    """The markup counted passes a limit of README "Limits"; the message says which (it follows
    the name of the part or document where it was passed)."""


class _Uncounted(Exception):
    """The data declares a DTD: it is not counted further."""


def _count_package(path: str, zf: zipfile.ZipFile, volume: Volume, prefix: str, depth: int) -> None:
    """Count into `volume` every part of `zf` that is XML (whatever its name or type: one that
    does not parse is refused later if anything reads it as XML), and every package embedded in
    it down to MAX_EMBEDDING_DEPTH (deeper ones are never laid out)."""
    for info in zf.infolist():
        data = zf.read(info)
        name = prefix + info.filename
        if is_package(data):
            if depth < MAX_EMBEDDING_DEPTH:
                _count_embedded(path, name, data, volume, depth + 1)
            continue
        try:
            count_markup(data, volume)
        except PastLimit as exc:
            raise DocumentError(f"{path}: part {name} {exc}") from None


def _count_embedded(path: str, name: str, data: bytes, volume: Volume, depth: int) -> None:
    """Count a package embedded in part `name`: its parts and their sizes add to the brief's."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            infos = zf.infolist()
            check_sizes(f"{path}: embedded package {name}", infos)
            volume.parts += len(infos)
            volume.inflated += sum(info.file_size for info in infos)
            if volume.parts > MAX_PARTS:
                raise DocumentError(
                    f"{path} has more than {MAX_PARTS} parts with its embedded packages; "
                    f"at most {MAX_PARTS} are accepted"
                )
            if volume.inflated > MAX_TOTAL_BYTES:
                raise DocumentError(
                    f"{path} inflates to {volume.inflated // 2**20} MB with its embedded packages; "
                    f"at most {MAX_TOTAL_BYTES // 2**20} MB is accepted"
                )
            _count_package(path, zf, volume, name + "/", depth)
    except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError, ValueError, OSError):
        return  # a damaged package is never laid out (render.inert drops it)


def count_markup(data: bytes, volume: Volume) -> None:
    """Add the tags, attributes, paragraphs and characters of the XML `data` to `volume`, with a
    parser that builds nothing; PastLimit at the first limit passed, which stops the parse. Data
    that is not XML counts as far as it parses."""
    # huge_tree: counted as far as any parse would go (Flat OPC's is huge_tree, for its base64)
    parser = etree.XMLParser(
        target=_Counter(volume), resolve_entities=False, load_dtd=False, no_network=True, huge_tree=True
    )
    try:
        parser.feed(data)
        parser.close()
    except (etree.LxmlError, _Uncounted):
        pass


_W_P, _W_T = qn("w:p"), qn("w:t")


class _Counter:
    """An lxml parser target that counts into a Volume what streams past (a namespace
    declaration is an attribute of the element that follows) and raises PastLimit at a limit."""

    def __init__(self, volume: Volume):
        self.volume = volume
        self._declared = 0  # namespaces declared on the element about to start
        self._in_text = 0  # w:t elements open: their text is the brief's

    def start_ns(self, prefix, uri) -> None:
        self._declared += 1

    def start(self, tag, attrib) -> None:
        v = self.volume
        attributes, self._declared = len(attrib) + self._declared, 0
        if attributes > MAX_ELEMENT_ATTRIBUTES:
            raise PastLimit(
                f"has an element with {attributes:,} attributes; "
                f"at most {MAX_ELEMENT_ATTRIBUTES} per element are accepted"
            )
        v.tags += 1
        v.attributes += attributes
        if tag == _W_P:
            v.paragraphs += 1
        elif tag == _W_T:
            self._in_text += 1
        _check_volume(v)

    def end(self, tag) -> None:
        if tag == _W_T:
            self._in_text -= 1

    def data(self, text) -> None:
        if self._in_text:
            self.volume.characters += len(text)
            _check_volume(self.volume)

    def comment(self, text) -> None:
        self.volume.tags += 1
        _check_volume(self.volume)

    def pi(self, target, data=None) -> None:
        self.comment(data)

    def doctype(self, *declaration) -> None:
        # Before the DTD's entities are read, so that none expands here. Such a part is refused
        # when it is read as XML (check_xml_parts); a chunk of HTML may declare one.
        raise _Uncounted

    def close(self) -> None:
        return None


def _check_volume(v: Volume) -> None:
    # (called for every element: the common case is a single comparison chain)
    if v.tags <= MAX_TAGS and v.attributes <= MAX_ATTRIBUTES and v.paragraphs <= MAX_PARAGRAPHS:
        if v.characters <= MAX_CHARACTERS:
            return
    for count, limit, what in (
        (v.tags, MAX_TAGS, "XML tags"),
        (v.attributes, MAX_ATTRIBUTES, "XML attributes"),
        (v.paragraphs, MAX_PARAGRAPHS, "paragraphs"),
        (v.characters, MAX_CHARACTERS, "characters of text"),
    ):
        if count > limit:
            raise PastLimit(f"takes the brief past {limit:,} {what}; at most that many are accepted")


def check_xml_parts(path: str, zf: zipfile.ZipFile) -> None:
    """_check_xml on every part that something parses as XML, whatever its name: an XML content
    type in [Content_Types].xml, the target of a relationship read as XML (opc.XML_RELATIONSHIPS:
    toa reads the footnotes by relationship), every relationship part, and every *.xml."""
    names = zf.namelist()
    present = set(names)
    roots: dict[str, etree._Element] = {}

    def check(name: str):
        if name not in roots:
            roots[name] = _check_xml(path, name, zf.read(name))
        return roots[name]

    type_of = opc.content_types(check(opc.TYPES_PART) if opc.TYPES_PART in present else None)
    for name in names:
        if opc.is_rels(name) or name.lower().endswith((".xml", ".rels")) or opc.is_xml(type_of(name)):
            check(name)
    for name in [n for n in names if opc.is_rels(n)]:
        for rel in opc.relationships(name, roots[name]):
            if rel.kind in opc.XML_RELATIONSHIPS and not opc.is_external(rel.element) and rel.target in present:
                check(rel.target)


def _check_xml(path: str, name: str, data: bytes):
    """Every XML part must be well-formed and declare no DTD (a DOCTYPE is how entity bombs and
    external entities come in; Word never writes one). Returns the parsed root."""
    refused = f"{path}: part {name} declares a DTD (DOCTYPE), which Word never writes; refusing it"
    try:
        root = etree.fromstring(data, SAFE_PARSER)
    except etree.XMLSyntaxError:
        if b"<!DOCTYPE" in data[:65536]:  # an entity loop or bomb fails to parse
            raise DocumentError(refused) from None
        raise DocumentError(f"{path} is damaged (part {name} is not well-formed XML)") from None
    if root.getroottree().docinfo.doctype:
        raise DocumentError(refused)
    return root
