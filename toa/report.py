"""Stage 6: the report, built once from what the pipeline found (`build_report`), and what it
becomes at the edges: the JSON of --json and of toa serve (a contract: ../shared/eval and the
add-in read it) and the summaries on the terminal.

{"source", "output", "style",
 "pagination": {"method", "layout", "exact", "note", "fonts_substituted": [{"font", "by",
   "metric_compatible"}], "word_update"},
 "categories": [{"key", "heading", "number", "members", "authorities": [{"text", "category", "pages",
   "passim", "page_text", "occurrences": [{"page", "kind", "story", "text"}], "flags"}]}],
 "unlinked": [{"page", "kind", "story", "text"}],
 "excluded": [{"page", "kind", "story", "text", "flags"}]}   (left out on purpose: "citing_parenthetical")

After a check (toa check, toa build --verify) each authority also has "verification" (its
record, plus "comment": the text of its Word comment or null), and the report a top-level
"verification": {"summary": {verdict: count, "flagged": n}, "not_verified": [{"reason",
"authorities", "fix"}], "summary_text", "as_of", "requests_made", "budget", "budget_exhausted", "notes",
"unlinked", "offline", "commented", "comments"}; "flagged" counts the authorities that need
attention, as the terminal and the add-in do (the pane shows these counts, never its own); "fix"
says in one line how to fix a reason (a token, the case index), else null; "summary_text" is the
summary comment's text;
"comments" (the Word comments written) only when a .docx was written.

`layout` says whose layout the pages follow (libreoffice, word-markers, estimate);
`fonts_substituted` the fonts LibreOffice's layout set in another font (toa.fonts);
`word_update` whether the output asks Word to update its fields, and so renumber, on open.
toa serve adds "input" (docx | flat-opc: the form the document came in) after "excluded", and a
"locator" (toa.locate) to every occurrence, found from the table's own occurrence.

A brief with a table of contents also gets "contents": {"lines": n, "stale": [{"text", "typed",
"page"}], "not_matched": [text], "warnings": [text]}: its lines that gave another page than their
heading prints on with the table in (toa build puts that page in the output's line), and the
lines that name no heading of the brief, left as typed ("contents line 'X' not matched"); and,
when a build wrote the output, "renumbered": how many of the stale lines it gave their page (a
line whose paragraph no longer holds the page as read is left as typed).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import contents as _contents
from .model import (
    FINDING_KINDS,
    Authority,
    Category,
    Contents,
    Finding,
    FontSubstitution,
    Occurrence,
    PageMap,
    PrintedTable,
)

if TYPE_CHECKING:  # the verify stage loads only when a check runs
    from .keys import Key
    from .pipeline import AuditResult, BuildResult
    from .verify.records import Record, Verification

Locate = Callable[[Occurrence], "dict[str, Any] | None"]  # an occurrence -> its locator (toa.locate.Locator.occurrence)


@dataclass(frozen=True)
class Pages:
    """Where the printed pages come from (the report's "pagination")."""

    method: str  # render | word | estimate
    layout: str  # libreoffice | word-markers | estimate
    exact: bool
    note: str
    fonts_substituted: tuple[FontSubstitution, ...]
    word_update: bool  # the output asks Word to update its fields (and so renumber) on open

    def to_dict(self) -> dict[str, Any]:
        return {
            "method": self.method,
            "layout": self.layout,
            "exact": self.exact,
            "note": self.note,
            "fonts_substituted": [
                {"font": f.font, "by": f.by, "metric_compatible": f.metric_compatible} for f in self.fonts_substituted
            ],
            "word_update": self.word_update,
        }


@dataclass(frozen=True)
class Citation:
    """One citation as the report lists it: the table's own occurrence (its locator is found
    from it) and the page it is printed on."""

    occurrence: Occurrence
    page: str | None

    def to_dict(self, locate: Locate | None, with_flags: bool = False) -> dict[str, Any]:
        o = self.occurrence
        out: dict[str, Any] = {"page": self.page, "kind": o.kind, "story": o.story, "text": o.text}
        if with_flags:
            out["flags"] = list(o.flags)
        if locate is not None:
            out["locator"] = locate(o)
        return out


@dataclass(frozen=True)
class Checked:
    """What the VERIFY stage says of one entry: its record and the text of its Word comment
    (None: no comment)."""

    record: Record
    comment: str | None

    def to_dict(self) -> dict[str, Any]:
        return {**self.record.to_dict(), "comment": self.comment}


@dataclass(frozen=True)
class Entry:
    authority: Authority
    citations: tuple[Citation, ...]
    flags: tuple[str, ...]  # the entry's and its citations' (see _entry_flags)
    checked: Checked | None = None

    def to_dict(self, locate: Locate | None) -> dict[str, Any]:
        a = self.authority
        out = {
            "text": a.text,
            "category": a.category,
            "pages": list(a.pages),
            "passim": a.passim,
            "page_text": a.page_text,
            "occurrences": [c.to_dict(locate) for c in self.citations],
            "flags": list(self.flags),
        }
        if self.checked is not None:
            out["verification"] = self.checked.to_dict()
        return out


@dataclass(frozen=True)
class Heading:
    """One heading of the table with its entries (a category of the JSON)."""

    category: Category
    entries: tuple[Entry, ...]

    def to_dict(self, locate: Locate | None) -> dict[str, Any]:
        c = self.category
        return {
            "key": c.key,
            "heading": c.heading,
            "number": c.number,
            "members": list(c.members),
            "authorities": [e.to_dict(locate) for e in self.entries],
        }


@dataclass(frozen=True)
class Checking:
    """The VERIFY stage's run: its totals, requests and notes (the records are per entry)."""

    verification: Verification
    offline: bool
    commented: int  # the authorities whose citations get a comment
    comments: int | None  # the Word comments written; None when no .docx was written
    summary_text: (
        str | None
    )  # the summary comment at the start of the brief (what was not verified and why); None when nothing was checked

    def to_dict(self) -> dict[str, Any]:
        from .verify import NEEDS_ATTENTION

        out = {k: v for k, v in self.verification.to_dict().items() if k != "authorities"}
        out["summary_text"] = self.summary_text
        out["offline"] = self.offline
        out["commented"] = self.commented
        # flagged: the authorities that need attention, as the terminal and the add-in count them
        # (one not verified gets a comment saying why, but is not flagged)
        out["summary"]["flagged"] = out["summary"][NEEDS_ATTENTION]
        if self.comments is not None:
            out["comments"] = self.comments
        return out


WARNING_TEXT = 70  # characters of a contents line a warning shows (the report's not_matched has them all)


def _cut(text: str) -> str:
    return text if len(text) <= WARNING_TEXT else text[: WARNING_TEXT - 1] + "…"


@dataclass(frozen=True)
class ContentsReport:
    """The brief's table of contents against the pages its headings print on (the report's "contents")."""

    lines: int
    stale: tuple[tuple[str, str, str], ...]  # (heading text, page typed, page printed)
    not_matched: tuple[str, ...]  # the lines' texts
    renumbered: int | None = None  # of the stale lines, those a build gave their page; None: no build wrote

    @classmethod
    def of(cls, contents: Contents, pagemap: PageMap, renumbered: int | None = None) -> ContentsReport:
        return cls(
            len(contents.lines),
            tuple((line.text, line.page, page) for line, page in _contents.stale(contents, pagemap)),
            tuple(line.text for line in _contents.unmatched(contents, pagemap)),
            renumbered,
        )

    @property
    def warnings(self) -> list[str]:
        """One a line not matched, its text cut at WARNING_TEXT characters."""
        return [f"contents line '{_cut(text)}' not matched" for text in self.not_matched]

    def to_dict(self) -> dict[str, Any]:
        return {
            "lines": self.lines,
            "stale": [{"text": t, "typed": typed, "page": page} for t, typed, page in self.stale],
            "not_matched": list(self.not_matched),
            "warnings": self.warnings,
        } | ({} if self.renumbered is None else {"renumbered": self.renumbered})


@dataclass(frozen=True)
class Report:
    source: str
    output: str | None
    style: str
    pages: Pages
    headings: tuple[Heading, ...]  # the table's headings that have entries, in order
    unlinked: tuple[Citation, ...]  # short forms that point at nothing found
    excluded: tuple[Citation, ...]  # left out on purpose, with the flag saying why
    received_as: str | None = None  # toa serve: docx | flat-opc ("input")
    checking: Checking | None = None
    contents: ContentsReport | None = None  # None: the brief has no table of contents

    def to_dict(self, locate: Locate | None = None) -> dict[str, Any]:
        """The JSON contract; with `locate`, every occurrence also carries its "locator"."""
        out = {
            "source": self.source,
            "output": self.output,
            "style": self.style,
            "pagination": self.pages.to_dict(),
            "categories": [h.to_dict(locate) for h in self.headings],
            "unlinked": [c.to_dict(locate) for c in self.unlinked],
            "excluded": [c.to_dict(locate, with_flags=True) for c in self.excluded],
        }
        if self.received_as is not None:
            out["input"] = self.received_as
        if self.checking is not None:
            out["verification"] = self.checking.to_dict()
        if self.contents is not None:
            out["contents"] = self.contents.to_dict()
        return out


def build_report(
    result: BuildResult, source: str | None = None, received_as: str | None = None, pages_note: str | None = None
) -> Report:
    """The report of a build, a check or an analysis, once its work is done. `source` names the
    brief (default: the path it was read from); `received_as` the form toa serve received it in;
    `pages_note`: why the pages are approximate whatever their source (it replaces the source's note)."""
    pagemap = result.pagemap
    pages = _pages(result, pages_note)
    checks = _checks(result.verification)

    def cite(o: Occurrence) -> Citation:
        return Citation(o, pagemap.label(o))

    def entry(a: Authority) -> Entry:
        return Entry(a, tuple(cite(o) for o in a.occurrences), _entry_flags(a), checks.get(a.key))

    headings = tuple(
        Heading(c, tuple(entry(a) for a in c.authorities)) for c in result.table.categories if c.authorities
    )
    checking = None
    if result.verification is not None:
        from .verify import summary_text

        checking = Checking(
            result.verification,
            offline=result.offline,
            commented=sum(1 for c in checks.values() if c.comment),
            comments=result.comments if result.output is not None else None,
            summary_text=summary_text(result.verification),
        )
    return Report(
        source=result.source if source is None else source,
        output=result.output,
        style=result.style.name,
        pages=pages,
        headings=headings,
        unlinked=tuple(cite(o) for o in result.table.unlinked),
        excluded=tuple(cite(o) for o in result.table.excluded),
        received_as=received_as,
        checking=checking,
        contents=ContentsReport.of(result.contents, pagemap, result.renumbered) if result.contents.lines else None,
    )


# --- the audit's report ----------------------------------------------------------------------

_AUDIT_LABELS = {
    "missing": "Missing",
    "not_cited": "Not cited",
    "pages": "Pages",
    "heading": "Heading",
    "text": "Text",
    "order": "Order",
}


@dataclass(frozen=True)
class Fault:
    """One finding of the audit, with the brief's citations that justify it and their pages."""

    finding: Finding
    citations: tuple[Citation, ...]

    def to_dict(self) -> dict[str, Any]:
        f = self.finding
        return {
            "kind": f.kind,
            "message": f.message,
            "entry": f.entry,
            "authority": f.authority,
            "heading": f.heading,
            "expected_heading": f.expected_heading,
            "printed_pages": list(f.printed_pages),
            "printed_page_text": f.printed_page_text,
            "computed_pages": list(f.computed_pages),
            "add": list(f.add),
            "remove": list(f.remove),
            "passim": f.passim,
            "details": list(f.details),
            "citations": [c.to_dict(None) for c in self.citations],
        }


@dataclass(frozen=True)
class AuditReport:
    """The audit of a brief's own table (`toa audit`), as --json writes it:

    {"source", "output", "style", "pagination" (as the build's), "table": {"form", "headings",
     "entries"}, "counts": {kind: n}, "findings": [{"kind", "message", "entry", "authority", "heading",
     "expected_heading", "printed_pages", "printed_page_text", "computed_pages", "add", "remove",
     "passim", "details", "citations": [{"page", "kind", "story", "text"}]}],
     "comments" (only when a commented copy was written), "contents" (as the build's)}"""

    source: str
    output: str | None
    style: str
    pages: Pages
    table: PrintedTable
    faults: tuple[Fault, ...]
    comments: int | None = None  # Word comments in the copy written; None: no copy
    contents: ContentsReport | None = None  # None: the brief has no table of contents

    @property
    def counts(self) -> dict[str, int]:
        """Findings per kind, every kind named."""
        return {k: sum(1 for f in self.faults if f.finding.kind == k) for k in FINDING_KINDS}

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "source": self.source,
            "output": self.output,
            "style": self.style,
            "pagination": self.pages.to_dict(),
            "table": {
                "form": self.table.form,
                "headings": [h.text for h in self.table.headings],
                "entries": len(self.table.entries),
            },
            "counts": self.counts,
            "findings": [f.to_dict() for f in self.faults],
        }
        if self.comments is not None:
            out["comments"] = self.comments
        if self.contents is not None:
            out["contents"] = self.contents.to_dict()
        return out


def audit_report(result: AuditResult) -> AuditReport:
    """The report of an audit, once its copy with comments is written (when asked)."""
    build = result.build
    return AuditReport(
        source=build.source,
        output=result.output,
        style=build.style.name,
        pages=_pages(build),
        table=result.printed,
        faults=tuple(
            Fault(f, tuple(Citation(o, build.pagemap.label(o)) for o in f.citations)) for f in result.findings
        ),
        comments=result.comments if result.output is not None else None,
        contents=ContentsReport.of(build.contents, build.pagemap) if build.contents.lines else None,
    )


def audit_summary(report: AuditReport) -> str:
    """For the terminal: the counts per kind, then one line per finding with its entry; then
    every stale line of the table of contents and every line not matched."""
    table = report.table
    form = "Word TOA fields" if table.form == "fields" else "typed lines"
    lines = [f"Table: {len(table.entries)} entries under {len(table.headings)} headings ({form})"]
    width = max(len(v) for v in _AUDIT_LABELS.values())
    lines += [f"{_AUDIT_LABELS[k]:<{width}}  {n:>4}" for k, n in report.counts.items()]
    lines.append(f"{'Total':<{width}}  {len(report.faults):>4}")
    lines += pages_lines(report.pages)
    if report.faults:
        lines.append("")
    for fault in report.faults:
        f = fault.finding
        lines.append(f"{_AUDIT_LABELS[f.kind]:<{width}}  {f.entry or f.authority}: {f.message}")
    if report.contents is not None:
        c = report.contents
        lines += ["", f"Contents: {c.lines} lines, {len(c.stale)} with a stale page"]
        lines += [f"  {_contents.stale_message(text, typed, page)}" for text, typed, page in c.stale]
        lines += [f"  contents line '{text}' not matched" for text in c.not_matched]
    return "\n".join(lines)


def _pages(result: BuildResult, pages_note: str | None = None) -> Pages:
    pagemap = result.pagemap
    return Pages(
        method=pagemap.method,
        layout=pagemap.layout,
        exact=pagemap.exact and pages_note is None,
        note=pagemap.note if pages_note is None else pages_note,
        fonts_substituted=tuple(pagemap.fonts),
        word_update=result.word_update,
    )


def _checks(verification: Verification | None) -> dict[Key, Checked]:
    """Authority key -> what the check says of it, with the comment the brief gets."""
    if verification is None:
        return {}
    from .verify import comment_text

    return {key: Checked(record, comment_text(record)) for key, record in verification.records.items()}


def _entry_flags(a: Authority) -> tuple[str, ...]:
    """The entry's flags and its citations'; "citing_parenthetical" only when the authority
    itself carries it (cited nowhere but inside "(citing X)")."""
    # (a case also named in the text without a citation is no judgment call to review)
    flags = set(a.flags) | {
        f for o in a.occurrences for f in o.flags if f not in ("citing_parenthetical", "name_mention")
    }
    return tuple(sorted(flags))


def to_json(report: dict[str, Any]) -> bytes:
    """A report (the build's or the audit's) as --json writes it."""
    return (json.dumps(report, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def summary(report: Report) -> str:
    """A plain table for the terminal: one line per heading, then the totals."""
    rows = [(h.category.heading, len(h.entries), sum(len(e.citations) for e in h.entries)) for h in report.headings]
    width = max([len(r[0]) for r in rows] + [len("Total")])
    lines = [f"{'Heading':<{width}}  Authorities  Citations"]
    lines += [f"{h:<{width}}  {n:>11}  {k:>9}" for h, n, k in rows]
    lines.append(f"{'Total':<{width}}  {sum(r[1] for r in rows):>11}  {sum(r[2] for r in rows):>9}")
    lines += pages_lines(report.pages)
    if report.contents is not None:
        c = report.contents
        stale = (
            f"{len(c.stale)} with a stale page"
            if c.renumbered is None
            else f"{c.renumbered} renumbered to the pages they print on"
            + (f", {len(c.stale) - c.renumbered} stale left as typed" if len(c.stale) > c.renumbered else "")
        )
        lines.append(
            f"Contents: {c.lines} lines, {stale}"
            + (f", {len(c.not_matched)} not matched (left as typed)" if c.not_matched else "")
        )
    if report.unlinked:
        lines.append(f"Unlinked short forms: {len(report.unlinked)} (see the report)")
    return "\n".join(lines)


_LAYOUT_NAMES = {
    "libreoffice": "LibreOffice's layout",
    "word-markers": "Word's saved page breaks",
    "estimate": "estimate",
}


def pages_lines(p: Pages) -> list[str]:
    """One line: whose layout the pages follow, and the fonts substituted in it; then a warning
    for every font set in one of other widths."""
    line = f"Pages: {_LAYOUT_NAMES.get(p.layout, p.layout)}{'' if p.exact else ' (approximate)'}"
    if p.note.startswith("rendering unavailable"):  # why LibreOffice's layout is not used
        line += f"; {p.note.split(';')[0]}"
    if p.word_update:
        line += "; Word will renumber on open"
    line += "."
    subs = p.fonts_substituted
    if p.layout == "libreoffice":
        if subs:
            line += " Fonts substituted: " + ", ".join(
                f"{f.font} → {f.by or '?'} ({'same widths' if f.metric_compatible else 'other widths'})" for f in subs
            )
        else:
            line += " No font substituted."
    lines = [line]
    lines += [
        f"Warning: {f.font} is not installed and has no same-width substitute here; the pages are "
        "approximate (see the README's Fonts)"
        for f in subs
        if not f.metric_compatible
    ]
    return lines


NAMES_SHOWN = 8  # authorities named per reason something was not verified (the report has them all)


def check_summary(report: Report) -> str:
    """A plain table for the terminal after a check: one line per authority that got a comment
    (verdict, flags, entry text), the totals by verdict, what was not verified and why, and the
    requests made."""
    rows = [
        (e.checked.record.verdict, ", ".join(e.checked.record.flags) or "-", e.authority.text)
        for h in report.headings
        for e in h.entries
        if e.checked is not None and e.checked.comment
    ]
    checking = report.checking
    assert checking is not None, "check_summary is for the report of a check"
    v = checking.verification
    lines = []
    if rows:
        w1 = max(len("Verdict"), *(len(r[0]) for r in rows))
        w2 = max(len("Flags"), *(len(r[1]) for r in rows))
        lines.append(f"{'Verdict':<{w1}}  {'Flags':<{w2}}  Authority")
        lines += [f"{a:<{w1}}  {b:<{w2}}  {t}" for a, b, t in rows]
    else:
        lines.append("No authority needs attention.")
    counts = v.summary()
    lines.append(
        f"Checked {sum(counts.values())} authorities: {counts['VERIFIED']} verified, "
        f"{counts['NEEDS_ATTENTION']} need attention, {counts['NOT_VERIFIED']} not verified"
    )
    for group in v.not_verified():
        names, more = group["authorities"][:NAMES_SHOWN], len(group["authorities"]) - NAMES_SHOWN
        lines.append(f"Not verified: {group['reason']}: {'; '.join(names)}{f'; and {more} more' if more > 0 else ''}")
        if group["fix"]:
            lines.append(f"To fix: {group['fix']}")
    mode = " (offline: cache and offline checks only)" if checking.offline else ""
    exhausted = ", budget exhausted" if v.budget_exhausted else ""
    lines.append(f"Requests: {v.requests_made} of a budget of {v.budget}{exhausted}{mode}")
    if v.unlinked:
        lines.append(f"Unlinked short forms: {len(v.unlinked)} (see the report)")
    lines += [f"Note: {n}" for n in v.notes]
    if checking.comments is not None:
        lines.append(f"Comments: {checking.comments}")
    return "\n".join(lines)
