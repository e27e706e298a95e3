"""The whole build, stage after stage; the CLI and the server are thin shells over this."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import audit as _audit
from . import authorities, contents, document, extract, flatopc, pagination, printed, styles, write
from .errors import BuildError as BuildError  # re-exported: what every entry point here raises
from .model import Authority, Contents, Document, Finding, Occurrence, PageMap, PrintedTable, Table
from .oxml import make
from .oxml.text import paragraphs_of
from .write.fields import ta_code, ta_runs, ta_sites

if TYPE_CHECKING:  # the verify stage (and its HTTP client) loads only when a check runs
    from .render import Office
    from .verify import Settings, Verification
    from .verify.case_index import CaseIndex

VerifyProgress = Callable[[str, int, int], None]  # (stage, done, total)


class NoCitationsError(BuildError):
    """The document holds no citation: nothing to build."""


@dataclass
class BuildResult:
    """What the stages found and did; report.build_report makes the report of it."""

    source: str  # the brief's path
    document: Document
    table: Table
    pagemap: PageMap
    style: styles.Style
    contents: Contents = field(default_factory=Contents)  # the brief's table of contents, line by line
    output: str | None = None  # the .docx written, once it is
    word_update: bool = False  # the output asks Word to update its fields on open
    verification: Verification | None = None
    offline: bool = False  # the verification used no network
    comments: int = 0  # Word comments written on flagged citations
    renumbered: int | None = None  # contents lines the build gave their printed page; None: no build wrote


def default_output(source: str, suffix: str = ".toa.docx") -> str:
    p = Path(source)
    return str(p.with_name(p.stem + suffix))


def analyse(
    source: str,
    style: str | None = None,
    pages: str = "auto",
    template: str | None = None,
    options: document.ReadOptions | None = None,
    progress: Callable[[str], None] | None = None,
    office: Office | None = None,
    passim: int | None = None,
) -> BuildResult:
    """Read, extract, group and paginate; nothing is written. `office`: a render.Office kept warm.
    `passim`: the style's passim threshold changed (0: none), where the style allows passim at all."""
    step = progress or (lambda _msg: None)
    step("reading")
    doc = _read(source, options)
    chosen = _style(doc, style)
    if passim is not None and chosen.passim:
        chosen = replace(chosen, passim=passim)
    document.skip_sections(doc, chosen.skip_sections)
    document.index_front_matter(doc, chosen.index_front_matter)
    step("finding citations")
    try:
        occurrences = extract.extract(doc)
    except extract.TooManyCitations as exc:
        raise BuildError(f"{source} has {exc}") from None
    if not occurrences:
        raise NoCitationsError(f"no citations found in {source}")
    table = authorities.build(doc, occurrences, chosen)
    toc = contents.read(doc)
    step("determining pages")
    try:
        pagemap = pagination.paginate(
            doc,
            table,
            chosen,
            pages,
            reopen=lambda: _read(source, options),
            template=template,
            office=office,
            headings=toc.headings,
        )
    except (pagination.PaginationError, write.WriteError) as exc:  # WriteError: an unusable --template
        raise BuildError(str(exc)) from None
    pagination.apply(table, pagemap, chosen)
    return BuildResult(source, doc, table, pagemap, chosen, toc)


def build(
    source: str,
    output: str | None = None,
    style: str | None = None,
    pages: str = "auto",
    template: str | None = None,
    overwrite_input: bool = False,
    options: document.ReadOptions | None = None,
    progress: Callable[[str], None] | None = None,
    verify: Settings | None = None,
    verify_progress: VerifyProgress | None = None,
    field_update: bool = True,
    passim: int | None = None,
) -> BuildResult:
    """Build the table and write BRIEF.toa.docx (or `output`); the input is never changed unless asked.

    With `field_update` the output asks Word to update its fields on open (w:updateFields), so
    that Word recomputes the table's pages in its own layout.

    With `verify` (the Settings of a check), the authorities are verified too and every flagged
    citation gets a Word comment in the same output, as `check` writes them."""
    output = output or default_output(source)
    if same_file(source, output) and not overwrite_input:
        raise BuildError(f"refusing to overwrite the input {source}; choose another -o or pass --in-place")
    result = analyse(source, style, pages, template, options, progress, passim=passim)
    step = progress or (lambda _m: None)
    if verify is not None:
        step("checking authorities")
        _verify(result, verify, verify_progress)
    step("writing")
    before = write.snapshot(result.document)
    renumbered = write.renumber_contents(result.document, result.contents, result.pagemap)
    result.renumbered = sum(len(r.pages) for r in renumbered)
    write.mark_citations(result.document, result.table)
    try:
        placement = write.write_toa(result.document, result.table, result.style, template=template)
    except write.WriteError as exc:
        raise BuildError(str(exc)) from None
    write.set_field_update(result.document, on=field_update)
    result.word_update = field_update
    if result.verification is not None:  # after the TA fields, so a range holds only the citation
        result.comments = _comment(result)
    _save(
        result,
        output,
        before,
        overwrite_input,
        replaced=placement.replaced,
        inserted=placement.added,
        renumbered={r.element: r.pages for r in renumbered},
    )
    return result


def check(
    source: str,
    output: str | None = None,
    settings: Settings | None = None,
    style: str | None = None,
    pages: str = "auto",
    template: str | None = None,
    options: document.ReadOptions | None = None,
    progress: Callable[[str], None] | None = None,
    verify_progress: VerifyProgress | None = None,
    passim: int | None = None,
) -> BuildResult:
    """Verify every authority and write BRIEF.checked.docx (or `output`): the brief unchanged
    but for a Word comment on each citation of a flagged authority. Network trouble never
    fails a check (those authorities are not verified); bad input raises BuildError."""
    from .verify import Settings as _Settings

    output = output or default_output(source, ".checked.docx")
    if same_file(source, output):
        raise BuildError(f"refusing to overwrite the input {source}; choose another -o")
    result = analyse(source, style, pages, template, options, progress, passim=passim)
    (progress or (lambda _m: None))("checking authorities")
    _verify(result, settings or _Settings.from_env(), verify_progress)
    before = write.snapshot(result.document)
    result.comments = _comment(result)
    _save(result, output, before)
    return result


def _comment(result: BuildResult) -> int:
    """A comment on each citation of a flagged authority, and the check's summary at the start."""
    from .verify import summary_text

    assert result.verification is not None  # comments are written after the check
    return write.add_comments(
        result.document, result.table, result.verification, summary=summary_text(result.verification)
    )


def verify_analysis(
    result: BuildResult, settings: Settings, progress: VerifyProgress | None = None, index: CaseIndex | None = None
) -> None:
    """The VERIFY stage on an analysis (nothing is written): for the server's check and a batch's
    (`index`: the case index a batch's worker keeps open)."""
    _verify(result, settings, progress, index)


def replaced_paragraphs(doc: Document) -> list[int]:
    """Paragraph.index of every paragraph with text that placing the table replaces (those of a
    stale table), in order; nothing changes."""
    _mode, removed = write.target(doc)
    index_of = {p.element: p.index for p in doc.paragraphs if p.story in ("body", "table")}
    return [
        index_of[el]
        for block in removed
        for el in paragraphs_of(block)
        if el in index_of and doc.paragraphs[index_of[el]].text.strip()
    ]


def leave_out(table: Table, texts: Iterable[str]) -> None:
    """The entries whose text is one of `texts` leave the table (an author's Exclude in the pane):
    no entry, no TA field."""
    gone = set(texts)
    if gone:
        for cat in table.categories:
            cat.authorities = [a for a in cat.authorities if a.text not in gone]


def table_anchor(doc: Document) -> tuple[str, int | None]:
    """Where placing the table puts it when it replaces no paragraph with text: ("start", None) at
    the body's start, or ("after" | "before", Paragraph.index of the paragraph it goes next to;
    None when that paragraph is not one the reader keeps); nothing changes."""
    mode, _removed = write.target(doc)
    if mode == "start":
        return "start", None
    side, element = write.anchor(doc)
    index_of = {p.element: p.index for p in doc.paragraphs if p.story in ("body", "table")}
    return side, index_of.get(element)


@dataclass(frozen=True)
class PaneField:
    """The TA field the add-in puts at one citation: its code (for insertField, which takes the
    switches) and the field as a Flat OPC paragraph for insertOoxml, with the \\l text's runs
    formatted as the brief sets them (case names in italics)."""

    occurrence: Occurrence  # where it goes
    authority: str  # the entry's text
    code: str
    ooxml: str


@dataclass
class PaneTable:
    """What the add-in inserts: the table as a Flat OPC package with the brief's styles, where it
    goes in the brief as it was before placing (Paragraph.index values, found before the document
    changed), and the TA field of every citation."""

    placement: write.Placement
    replaced: list[int]  # replaced_paragraphs: the old table's paragraphs with text, in order
    anchor: tuple[str, int | None] | None  # table_anchor, when the table replaces nothing
    ooxml: str  # the placed blocks, for insertOoxml
    fields: list[PaneField]


def place_table(result: BuildResult) -> PaneTable:
    """WRITE for the add-in, which inserts the table and the TA fields itself: the fields of the
    brief as it is, then the table placed in the analysed document as toa build places it (nothing
    is saved), under the same guarantee for the brief's words, and no paragraph of the brief
    between the first and the last that it replaces (the pane replaces that whole range). Raises
    write.TextLostError."""
    doc = result.document
    fields = [_pane_field(*site) for site in ta_sites(doc, result.table)]
    stale = replaced_paragraphs(doc)
    anchor = None if stale else table_anchor(doc)
    before = write.snapshot(doc)
    placement = write.write_toa(doc, result.table, result.style)
    write.check_text(before, doc, placement.replaced, placement.added)
    _only_stale_between(doc, stale)
    ooxml = flatopc.body_package(placement.added, doc.package.styles.element)
    return PaneTable(placement, stale, anchor, ooxml, fields)


def _pane_field(occ: Occurrence, auth: Authority, short: str, number: int, with_long: bool) -> PaneField:
    p = make("w:p")
    p.extend(ta_runs(auth, short, number, with_long))
    return PaneField(occ, auth.text, ta_code(auth, short, number, with_long), flatopc.body_package([p]))


def _only_stale_between(doc: Document, stale: list[int]) -> None:
    if not stale:
        return
    kept = set(stale)
    for p in doc.paragraphs[stale[0] : stale[-1] + 1]:
        if p.story in ("body", "table") and p.text.strip() and p.index not in kept:
            raise write.TextLostError(
                f'toa would have lost the brief\'s paragraph "{" ".join(p.text.split())[:70]}" '
                "inside the old table's range; nothing was inserted"
            )


@dataclass
class AuditResult:
    build: BuildResult  # the table `toa build` computes for the brief
    printed: PrintedTable  # the table the brief has
    findings: list[Finding]
    output: str | None = None  # the copy with a comment on each faulty entry (when asked)
    comments: int = 0  # Word comments in that copy


def audit(
    source: str,
    output: str | None = None,
    style: str | None = None,
    pages: str = "auto",
    template: str | None = None,
    options: document.ReadOptions | None = None,
    progress: Callable[[str], None] | None = None,
    passim: int | None = None,
) -> AuditResult:
    """Check the table the brief already has against the one `toa build` computes (same pages,
    same style). With `output`, a copy of the brief gets a Word comment on each faulty entry and
    one on the table's heading listing the missing authorities; the input is never changed."""
    if output and same_file(source, output):
        raise BuildError(f"refusing to overwrite the input {source}; choose another -o")
    no_table = f"{source} has no table of authorities to audit; `toa build {source}` makes one"
    if printed.read_table(_read(source, options)) is None:
        raise BuildError(no_table)
    result = analyse(source, style, pages, template, options, progress, passim=passim)
    table = printed.read_table(result.document)  # the same paragraphs, in the document comments go in
    if table is None:  # found above in the same file; only a file changed in between gets here
        raise BuildError(no_table)
    findings = _audit.audit(table, result.table, result.pagemap, result.style)
    comments = None
    if output:
        (progress or (lambda _m: None))("writing")
        before = write.snapshot(result.document)
        notes = _audit.comments(findings, table) | _audit.contents_comments(result.contents, result.pagemap)
        comments = write.add_paragraph_comments(result.document, notes)
        _save(result, output, before)
    return AuditResult(result, table, findings, result.output, comments or 0)


def _verify(
    result: BuildResult, settings: Settings, progress: VerifyProgress | None, index: CaseIndex | None = None
) -> None:
    """Run the VERIFY stage on the table; its records go with the result."""
    from .verify import verify

    result.verification = verify(result.table, settings, progress=progress, document=result.document, index=index)
    result.offline = not settings.network


def _save(
    result: BuildResult,
    output: str,
    before: write.TextSnapshot,
    overwrite_input: bool = False,
    replaced: list[Any] | None = None,
    inserted: list[Any] | None = None,
    renumbered: dict[Any, list[str]] | None = None,
) -> None:
    """Atomic (write.save), once every paragraph of the brief outside the table being replaced
    is found as it was in `before`, but for the contents lines `renumbered` (else nothing is
    written); afterwards the result names the output."""
    try:
        write.check_text(before, result.document, replaced or [], inserted or [], renumbered)
        write.save(result.document, output, overwrite_input=overwrite_input)
    except write.WriteError as exc:
        raise BuildError(str(exc)) from None
    except OSError as exc:
        raise BuildError(f"cannot write {output}: {exc.strerror or exc}") from None
    result.output = output


def _read(source: str, options: document.ReadOptions | None) -> Document:
    try:
        return document.read(source, options)
    except document.DocumentError as exc:
        raise BuildError(str(exc)) from None


def _style(doc: Document, name: str | None) -> styles.Style:
    if not name or name == "auto":
        first = [p.text for p in doc.paragraphs[:40] if p.story == "body"]
        name = styles.detect(first)
    try:
        return styles.load(name)
    except styles.StyleError as exc:
        raise BuildError(str(exc)) from None


def same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.abspath(a) == os.path.abspath(b)
