"""The data that flows through the pipeline: plain dataclasses, one per stage boundary.

document  -> Document (paragraphs with offsets, emphasis, stories, page anchors)
extract   -> list[Occurrence]
authorities -> Table (categories of Authority, each with its occurrences)
pagination  -> PageMap (printed page label of every occurrence)
write / report consume Table + PageMap.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from .keys import Key
from .meta import Meta

# The seven categories, in the order they are printed, with their Word TA category number.
# Numbers agree with Word's built-in names where they coincide (1 Cases, 2 Statutes,
# 3 Other Authorities, 4 Rules, 7 Constitutional Provisions); 8 and 9 are custom.
CategoryKey = Literal[
    "cases", "administrative", "constitutional", "statutes", "rules_regulations", "legislative", "other"
]
CATEGORY_KEYS: tuple[CategoryKey, ...] = get_args(CategoryKey)
CATEGORY_NUMBERS: dict[CategoryKey, int] = {
    "cases": 1,
    "administrative": 8,
    "constitutional": 7,
    "statutes": 2,
    "rules_regulations": 4,
    "legislative": 9,
    "other": 3,
}

Story = Literal["body", "footnote", "endnote", "table"]
STORIES: tuple[Story, ...] = get_args(Story)
# "record" marks a record or brief cite (J.A. 12, Pet. App. 3a): never an authority, but an
# Id. right after it refers to the record, not to the authority cited before.
Kind = Literal["full", "short", "id", "supra", "reference", "record"]
KINDS: tuple[Kind, ...] = get_args(Kind)
# What a citation or an entry is flagged with, for the reviewer (report "flags").
Flag = Literal[
    "informal_reference",  # a mention in prose ("the First Amendment", "Section 1983"), not a citation
    "name_mention",  # a case named in prose after its full cite ("Heien")
    "citing_parenthetical",  # inside "(citing X)": another court's citation
    "parallel_cite",  # the U.S. Code cite in a session law's codification parenthetical
    "docket_only",  # a decision cited by docket number, left out by the style
    "short_cite_mismatch",  # a short cite with a typo, linked to the one case it can be
    "unknown_reporter",  # a reporter eyecite does not know
    "missing_case_name",
    "uncertain_category",  # an unnamed Op. O.L.C.: filed under administrative, perhaps other
    "ambiguous_code",  # a bare section of one of several states' codes: listed in the brief's words
]


@dataclass
class TextPiece:
    """A stretch of paragraph text that comes from one text node of the XML.

    `node` is the lxml element that holds the characters (w:t, w:tab, w:br, w:noBreakHyphen,
    w:sym ...); `node_offset` is where the stretch starts inside that node's text.
    """

    start: int
    end: int
    node: Any = field(repr=False, compare=False)
    node_offset: int = 0


@dataclass
class PageBreak:
    """A page boundary inside (or before) a paragraph, at a text offset.

    kind: "explicit" (w:br type=page, pageBreakBefore), "rendered" (w:lastRenderedPageBreak),
    "section" (a section break before this paragraph starts a new page).
    """

    offset: int
    kind: str


@dataclass
class Section:
    """Page numbering of one section (w:sectPr/w:pgNumType)."""

    index: int
    fmt: str = "decimal"  # ST_NumberFormat: decimal, lowerRoman, upperRoman, lowerLetter, ...
    start: int | None = None  # None: continue from the previous section
    break_type: str = "nextPage"  # nextPage, continuous, evenPage, oddPage
    # the room for text on its pages, in twips (1/1440 inch): w:pgSz less w:pgMar
    text_width: int = 9360
    text_height: int = 12960


@dataclass
class ParagraphFormat:
    """What decides a paragraph's height on the page (lengths in twips, 1/1440 inch), from its
    style chain, the document's defaults and its own direct formatting."""

    size: float = 12.0  # points: the size most of its text is set in
    font: str = ""  # the Latin font most of its text is set in ("" where nothing names one)
    line: int = 240  # w:spacing/@w:line: 240ths of a line (lineRule auto), else twips
    line_rule: str = "auto"  # auto, exact, atLeast
    before: int = 0
    after: int = 0
    left: int = 0
    right: int = 0
    first_line: int = 0  # negative: a hanging indent
    columns: int = 1  # the cells side by side in its table row


@dataclass
class Paragraph:
    """One paragraph of one story, its text normalised one character for one."""

    index: int  # position in reading order across all stories
    story: Story
    text: str
    emphasis: list[tuple[int, int]] = field(default_factory=list)  # italic/underlined spans
    # `text` with the brief's own dashes (en, em) where `text` has "-" for eyecite: for entry texts
    printed: str = ""
    pieces: list[TextPiece] = field(default_factory=list, repr=False, compare=False)
    element: Any = field(default=None, repr=False, compare=False)  # the w:p element
    section: int = 0  # index into Document.sections
    breaks: list[PageBreak] = field(default_factory=list)
    note_id: str | None = None  # footnote/endnote id, for note paragraphs
    # For note paragraphs: the body paragraph index and offset of the reference mark,
    # whose page is the page the note's citations are credited to.
    anchor: tuple[int, int] | None = None
    skipped: str | None = None  # why the paragraph is not scanned (front matter, toc, toa), else None
    # A footnote typed as an ordinary paragraph in small print, its number first (briefs
    # converted from PDF): printed where it stands, but its citations are not the text's.
    typed_note: bool = False
    # A typed note carried over to the foot of the next page: the paragraph of the note it
    # continues (a citation cut at the turn is read whole, and an Id. goes on from there).
    continues: int | None = None
    style: str | None = None
    # set off as a block quotation: a quotation style, or indented from both margins
    block_quote: bool = False
    format: ParagraphFormat = field(default_factory=ParagraphFormat, repr=False, compare=False)


@dataclass
class Document:
    path: str
    paragraphs: list[Paragraph]
    sections: list[Section]
    package: Any = field(default=None, repr=False, compare=False)  # the package.Package it was read from
    toa_anchor: int | None = None  # index of the paragraph where the TOA goes (heading/placeholder)
    saved_by_word: bool = False


@dataclass
class Occurrence:
    """One citation of one authority at one place in the brief."""

    paragraph: int  # Paragraph.index
    start: int  # span in the paragraph text (case name through court/year parenthetical)
    end: int
    kind: Kind
    story: Story | Literal[""]  # "" until extract places a recognizer's occurrence in its paragraph
    text: str  # the source text of the span
    category: CategoryKey | None = None  # for full citations
    key: Key | None = None  # identity of the authority (set for full cites, resolved for others)
    display: str | None = None  # entry text proposed by a full cite
    sort_key: tuple[Any, ...] | None = None
    flags: list[Flag] = field(default_factory=list)
    anchor_end: int | None = None  # where a TA field would go (end of the citation proper)
    meta: Meta | None = None  # what the recognizer read besides the key (see toa.meta)
    display_emphasis: list[tuple[int, int]] = field(default_factory=list)  # italic spans within `display`
    in_parenthetical: bool = False  # in an explanatory parenthetical: "(quoting X)"
    # the words the brief quotes from the provision here: verification compares them with its text
    quotation: str | None = None
    # for a short form of a provision, linked: the full citation it stands for ("§ 437c(c)" after
    # "Code Civ. Proc., § 657" stands for "Code Civ. Proc., § 437c(c)")
    completes: Occurrence | None = field(default=None, repr=False)


@dataclass
class Authority:
    key: Key
    category: CategoryKey
    text: str  # display text of the TOA entry
    sort_key: tuple[Any, ...] | str | None  # the recognizer's, or the entry text (see authorities.total_order)
    occurrences: list[Occurrence] = field(default_factory=list)
    emphasis: list[tuple[int, int]] = field(default_factory=list)  # italic spans within `text`
    flags: list[Flag] = field(default_factory=list)
    short: str = ""  # the TA \s identifier
    # Filled by pagination: printed labels in page order, and the text printed in the table.
    pages: list[str] = field(default_factory=list)
    passim: bool = False
    page_text: str = ""


@dataclass
class Category:
    """One heading of the printed table. A court style may fold several of the seven
    categories under one heading (`members`); `key` says which category the heading is
    (Heading.key: "other" for a catch-all heading, else the first member)."""

    key: CategoryKey
    heading: str
    number: int  # Word TA \c category
    authorities: list[Authority] = field(default_factory=list)
    members: tuple[CategoryKey, ...] = ()


@dataclass
class Table:
    categories: list[Category]
    unlinked: list[Occurrence] = field(default_factory=list)  # short forms that point at nothing found
    excluded: list[Occurrence] = field(default_factory=list)  # left out on purpose, with the flag saying why


@dataclass
class FontSubstitution:
    """A font the brief asks for that the layout set in another (`by`; None: not known)."""

    font: str
    by: str | None
    metric_compatible: bool  # the same advance widths: lines and pages break alike


# Whose layout a page source follows.
LAYOUTS = {"render": "libreoffice", "word": "word-markers", "estimate": "estimate"}
# The page sources one may ask for; "auto": LibreOffice's layout when it can lay the brief out,
# else Word's saved markers in a brief Word saved, else the estimate (pagination.paginate).
PAGE_METHODS = ("auto", *LAYOUTS)


@dataclass
class PageMap:
    """Printed page label of every occurrence, keyed by (paragraph index, start offset).

    The physical page number orders labels across sections (roman front matter, arabic body,
    "1a" appendix pages)."""

    method: str  # render | word | estimate
    exact: bool
    # (paragraph index, start offset) -> (physical page number from 1, printed label)
    pages: dict[tuple[int, int], tuple[int, str]] = field(default_factory=dict)
    note: str = ""
    fonts: list[FontSubstitution] = field(default_factory=list)  # substituted in the layout (render)
    # Paragraph.index of a heading a table of contents names -> (physical page, printed label)
    headings: dict[int, tuple[int, str]] = field(default_factory=dict)
    # where the table toa writes starts, in the same layout (None: the page source cannot say)
    table_page: tuple[int, str] | None = None

    @property
    def layout(self) -> str:
        """libreoffice | word-markers | estimate"""
        return LAYOUTS[self.method]

    def label(self, occ: Occurrence) -> str | None:
        hit = self.pages.get((occ.paragraph, occ.start))
        return hit[1] if hit else None

    def physical(self, occ: Occurrence) -> int | None:
        hit = self.pages.get((occ.paragraph, occ.start))
        return hit[0] if hit else None


@dataclass
class ContentsLine:
    """One line of the brief's table of contents: a heading's text and the page it gives."""

    paragraph: int  # Paragraph.index of the line (the paragraph with the page)
    text: str  # the heading as the line gives it (a wrapped line's paragraphs joined, when matched so)
    page: str  # the page label it gives, as typed (or as a TOC field's result holds it)
    in_field: bool  # a line of a TOC field's result; else typed
    wrapped: str = ""  # the text of the paragraphs before it that it wrapped from (if any)
    end: int = 0  # where its page ends in Paragraph.text (a paragraph may hold several lines)
    heading: int | None = None  # Paragraph.index of the heading it names; None: none found
    names_table: bool = False  # it names the table of authorities: the table toa writes


@dataclass
class Contents:
    """The brief's table of contents (contents.read); no lines when it has none."""

    lines: list[ContentsLine] = field(default_factory=list)

    @property
    def headings(self) -> list[int]:
        """Paragraph.index of every heading a line names, in order."""
        return sorted({line.heading for line in self.lines if line.heading is not None})


@dataclass
class PrintedHeading:
    """A heading line of a table the brief already has ("Cases", "Statutes—Continued" is folded in)."""

    text: str
    paragraph: int  # Paragraph.index of its (first) line


@dataclass
class PrintedEntry:
    """One entry of a table the brief already has, as printed: its text (wrapped lines joined),
    the page reference as printed and the page labels it names (ranges expanded, note numbers
    dropped: "12 n.3" is page 12)."""

    text: str  # normalised as Paragraph.text ("-" for dashes)
    page_text: str
    pages: list[str]
    passim: bool
    heading: int | None  # index into PrintedTable.headings; None before the first heading
    paragraphs: list[int]  # Paragraph.index of every line of the entry
    printed: str = ""  # the text with the brief's own dashes
    emphasis: list[tuple[int, int]] = field(default_factory=list)  # italic spans within `text`


@dataclass
class PrintedTable:
    """The table of authorities a brief already has, read from its cached field results or its
    typed lines. form: "fields" (Word TOA fields) or "typed" (plain paragraphs)."""

    form: str
    title: int | None  # Paragraph.index of the table's title line (or its first line)
    headings: list[PrintedHeading] = field(default_factory=list)
    entries: list[PrintedEntry] = field(default_factory=list)


FindingKind = Literal["missing", "not_cited", "pages", "heading", "text", "order"]
FINDING_KINDS: tuple[FindingKind, ...] = get_args(FindingKind)  # in the order the audit reports them


@dataclass
class Finding:
    """One thing wrong with a printed table, found by the audit.

    kind: missing (cited, not in the table), not_cited (in the table, cited nowhere), pages,
    heading (filed under another heading), text (disagrees with the brief's own citation),
    order (out of the style's order)."""

    kind: FindingKind
    message: str
    entry: str | None = None  # the printed entry's text (None for a missing authority)
    authority: str | None = None  # the computed entry's text (None when not cited)
    heading: str | None = None  # the printed heading the entry is under
    expected_heading: str | None = None  # the heading the style files it under
    printed_pages: list[str] = field(default_factory=list)
    printed_page_text: str = ""
    computed_pages: list[str] = field(default_factory=list)
    add: list[str] = field(default_factory=list)  # pages the table should list
    remove: list[str] = field(default_factory=list)  # pages it lists wrongly
    passim: str | None = None  # "unwarranted" | "not_allowed" | "warranted"
    details: list[str] = field(default_factory=list)  # text: which parts disagree
    citations: list[Occurrence] = field(default_factory=list)  # the brief's citations that justify it
    paragraphs: list[int] = field(default_factory=list)  # Paragraph.index of the printed entry's lines
