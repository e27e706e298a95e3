"""What each endpoint of the API answers, made in the job's process from the analysis (see
jobs.Work); the views in api only send it.

analysis: the report of `toa build --json`, every occurrence (linked, unlinked, excluded) with
its `locator` (toa.locate) for Body.search. checked: the same after the VERIFY stage, with the
verification records of `toa check --json`. table_and_fields: the report and what the pane
inserts: the table block as Flat OPC for insertOoxml and where it goes (the old table's
paragraphs it replaces, or the paragraph it goes after or before), and per citation the TA
field (see README: "Inserting the table from the pane").
"""

from __future__ import annotations

from .. import pipeline, write
from ..locate import Locator
from ..report import Report, build_report
from .guard import ApiError
from .jobs import Job

FLAT_OPC_NOTE = (
    "pages laid out from the body package Word on the web gives (Body.getOoxml): headers, footers "
    "and anything else the package leaves out are not in the layout, so the pages are approximate"
)


def analysis(result: pipeline.BuildResult, job: Job, _settings) -> dict:
    return _with_emphasis(_report(result, job).to_dict(locate=Locator(result.document).occurrence), result)


def checked(result: pipeline.BuildResult, job: Job, settings) -> dict:
    pipeline.verify_analysis(result, settings, job.progress)
    return _with_emphasis(_report(result, job).to_dict(locate=Locator(result.document).occurrence), result)


def table_and_fields(result: pipeline.BuildResult, job: Job, _settings) -> dict:
    """The report; what pipeline.place_table gives the pane (the table block as Flat OPC, where it
    goes, the TA field of every citation), each place as a locator for Word's search. The report's
    locators are found in the brief as it is, before the table is placed in it; the fields' are
    the same citations'."""
    locate = Locator(result.document)
    report = _with_emphasis(_report(result, job).to_dict(locate=locate.occurrence), result)
    try:
        placed = pipeline.place_table(result)
    except write.TextLostError as exc:
        raise ApiError(500, "would_lose_text", str(exc)) from None
    stale = placed.replaced
    replace = {"first": locate.paragraph(stale[0]), "last": locate.paragraph(stale[-1])} if stale else None
    at = _where(placed.anchor, locate) if placed.anchor else None
    fields = [
        {
            "authority": f.authority,
            "locator": locate.occurrence(f.occurrence),
            "code": f.code,
            "switches": f.code[len("TA") :].strip(),
            "ooxml": f.ooxml,
        }
        for f in placed.fields
    ]
    return {
        "report": report,
        "table": {"mode": placed.placement.mode, "replace": replace, "at": at, "ooxml": placed.ooxml},
        "fields": fields,
    }


def _where(anchor: tuple[str, int | None], locate: Locator) -> dict:
    """Where the pane puts a table that replaces nothing, as toa build does: {"where": "start"} (the
    body's start), or {"where": "after" | "before", "paragraph": a locator of the paragraph it goes
    next to (None when Word's search cannot find that paragraph: the pane says so)}."""
    side, index = anchor
    if side == "start":
        return {"where": "start", "paragraph": None}
    return {"where": side, "paragraph": locate.paragraph(index) if index is not None else None}


def _with_emphasis(report: dict, result: pipeline.BuildResult) -> dict:
    """Each entry of the report with `emphasis`: the [start, end) spans of its text the brief sets
    in italics (case names), for the pane to draw them so."""
    spans = {a.text: a.emphasis for c in result.table.categories for a in c.authorities}
    for c in report["categories"]:
        for a in c["authorities"]:
            a["emphasis"] = [list(s) for s in spans.get(a["text"], [])]
    return report


def _report(result: pipeline.BuildResult, job: Job) -> Report:
    """The report under the upload's name, saying the form it came in; pages laid out from a
    Flat OPC body package are approximate."""
    pages_note = FLAT_OPC_NOTE if job.format == "flat-opc" and result.pagemap.method != "estimate" else None
    return build_report(result, source=job.name, received_as=job.format, pages_note=pages_note)
