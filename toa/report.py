"""Stage 6: the JSON report (a contract: ../shared/eval and the add-in read it) and the summary.

{"source", "output", "style",
 "pagination": {"method", "layout", "exact", "note", "fonts_substituted": [{"font", "by",
   "metric_compatible"}], "word_update"},
 "categories": [{"key", "heading", "number", "authorities": [{"text", "pages", "passim",
   "page_text", "occurrences": [{"page", "kind", "story", "text"}], "flags"}]}],
 "unlinked": [{"page", "kind", "story", "text"}],
 "excluded": [{"page", "kind", "story", "text", "flags"}]}   (left out on purpose: "citing_parenthetical")

After a check (toa check, toa build --verify) each authority also has "verification" (its
record, plus "comment": the text of its Word comment or null), and the report a top-level
"verification": {"summary": {verdict: count, "flagged": n}, "not_verified": [{"reason",
"authorities"}], "summary_text", "as_of", "requests_made", "budget", "budget_exhausted", "notes",
"unlinked", "offline", "commented", "comments"}; "flagged" counts the authorities that need
attention, as the terminal and the add-in do; "summary_text" is the summary comment's text.

`layout` says whose layout the pages follow (libreoffice, word-markers, estimate);
`fonts_substituted` the fonts LibreOffice's layout set in another font (toa.fonts);
`word_update` whether the output asks Word to update its fields, and so renumber, on open.
"""
from __future__ import annotations

import json

from .model import Occurrence, PageMap, Table


def build_report(table: Table, pagemap: PageMap, source: str, output: str | None, style: str,
                 verification: dict | None = None, word_update: bool = False) -> dict:
    def occ(o: Occurrence) -> dict:
        return {"page": pagemap.label(o), "kind": o.kind, "story": o.story, "text": o.text}

    categories = []
    for c in table.categories:
        if not c.authorities:
            continue
        entries = []
        for a in c.authorities:
            entry = {"text": a.text, "category": a.category, "pages": a.pages, "passim": a.passim,
                     "page_text": a.page_text, "occurrences": [occ(o) for o in a.occurrences],
                     "flags": _entry_flags(a)}
            if verification is not None and a.key in verification:
                entry["verification"] = verification[a.key]
            entries.append(entry)
        categories.append({"key": c.key, "heading": c.heading, "number": c.number, "members": list(c.members),
                           "authorities": entries})
    return {"source": source, "output": output, "style": style,
            "pagination": {"method": pagemap.method, "layout": pagemap.layout, "exact": pagemap.exact,
                           "note": pagemap.note,
                           "fonts_substituted": [{"font": f.font, "by": f.by, "metric_compatible": f.metric_compatible}
                                                 for f in pagemap.fonts],
                           "word_update": word_update},
            "categories": categories, "unlinked": [occ(o) for o in table.unlinked],
            "excluded": [{**occ(o), "flags": list(o.flags)} for o in table.excluded]}


def _entry_flags(a) -> list[str]:
    """The entry's flags and its citations'; "citing_parenthetical" only when the authority
    itself carries it (cited nowhere but inside "(citing X)")."""
    # (a case also named in the text without a citation is no judgment call to review)
    flags = set(a.flags) | {f for o in a.occurrences for f in o.flags if f not in ("citing_parenthetical", "name_mention")}
    return sorted(flags)


def verification_records(verification) -> dict:
    """Authority key -> its record as JSON, with the comment the brief gets (None: no comment)."""
    from .verify import comment_text

    return {key: {**record.to_dict(), "comment": comment_text(record)}
            for key, record in verification.records.items()}


def verification_summary(verification, offline: bool = False) -> dict:
    """The top-level "verification" of the report: totals, what was not verified, requests, notes
    (records are per entry)."""
    from .verify import NEEDS_ATTENTION, comment_text, summary_text

    out = {k: v for k, v in verification.to_dict().items() if k != "authorities"}
    out["summary_text"] = summary_text(verification)
    out["offline"] = offline
    out["commented"] = sum(1 for r in verification.records.values() if comment_text(r))
    out["summary"]["flagged"] = out["summary"][NEEDS_ATTENTION]
    return out


def to_json(report: dict) -> bytes:
    """The report as --json writes it."""
    return (json.dumps(report, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def summary(report: dict) -> str:
    """A plain table for the terminal: one line per heading, then the totals."""
    rows = [(c["heading"], len(c["authorities"]), sum(len(a["occurrences"]) for a in c["authorities"]))
            for c in report["categories"]]
    width = max([len(r[0]) for r in rows] + [len("Total")])
    lines = [f"{'Heading':<{width}}  Authorities  Citations"]
    lines += [f"{h:<{width}}  {n:>11}  {k:>9}" for h, n, k in rows]
    lines.append(f"{'Total':<{width}}  {sum(r[1] for r in rows):>11}  {sum(r[2] for r in rows):>9}")
    lines += pages_lines(report["pagination"])
    if report["unlinked"]:
        lines.append(f"Unlinked short forms: {len(report['unlinked'])} (see the report)")
    return "\n".join(lines)


_LAYOUT_NAMES = {"libreoffice": "LibreOffice's layout", "word-markers": "Word's saved page breaks",
                 "estimate": "estimate"}


def pages_lines(p: dict) -> list[str]:
    """One line: whose layout the pages follow, and the fonts substituted in it; then a warning
    for every font set in one of other widths."""
    line = f"Pages: {_LAYOUT_NAMES.get(p['layout'], p['layout'])}{'' if p['exact'] else ' (approximate)'}"
    if p.get("note", "").startswith("rendering unavailable"):  # why LibreOffice's layout is not used
        line += f"; {p['note'].split(';')[0]}"
    if p.get("word_update"):
        line += "; Word will renumber on open"
    line += "."
    subs = p.get("fonts_substituted", [])
    if p["layout"] == "libreoffice":
        if subs:
            line += " Fonts substituted: " + ", ".join(
                f"{f['font']} → {f['by'] or '?'} ({'same widths' if f['metric_compatible'] else 'other widths'})"
                for f in subs)
        else:
            line += " No font substituted."
    lines = [line]
    lines += [f"Warning: {f['font']} is not installed and has no same-width substitute here; the pages are "
              "approximate (see the README's Fonts)" for f in subs if not f["metric_compatible"]]
    return lines


NAMES_SHOWN = 8  # authorities named per reason something was not verified (the report has them all)


def check_summary(report: dict) -> str:
    """A plain table for the terminal after a check: one line per authority that got a comment
    (verdict, flags, entry text), the totals by verdict, what was not verified and why, and the
    requests made."""
    rows = [(a["verification"]["verdict"], ", ".join(a["verification"]["flags"]) or "-", a["text"])
            for c in report["categories"] for a in c["authorities"]
            if a.get("verification") and a["verification"].get("comment")]
    v = report["verification"]
    lines = []
    if rows:
        w1 = max(len("Verdict"), *(len(r[0]) for r in rows))
        w2 = max(len("Flags"), *(len(r[1]) for r in rows))
        lines.append(f"{'Verdict':<{w1}}  {'Flags':<{w2}}  Authority")
        lines += [f"{a:<{w1}}  {b:<{w2}}  {t}" for a, b, t in rows]
    else:
        lines.append("No authority needs attention.")
    counts = v["summary"]
    total = sum(n for k, n in counts.items() if k != "flagged")
    lines.append(f"Checked {total} authorities: {counts['VERIFIED']} verified, {counts['NEEDS_ATTENTION']} need "
                 f"attention, {counts['NOT_VERIFIED']} not verified")
    for group in v["not_verified"]:
        names, more = group["authorities"][:NAMES_SHOWN], len(group["authorities"]) - NAMES_SHOWN
        lines.append(f"Not verified: {group['reason']}: {'; '.join(names)}{f'; and {more} more' if more > 0 else ''}")
    mode = " (offline: cache and offline checks only)" if v.get("offline") else ""
    exhausted = ", budget exhausted" if v["budget_exhausted"] else ""
    lines.append(f"Requests: {v['requests_made']} of a budget of {v['budget']}{exhausted}{mode}")
    if v.get("unlinked"):
        lines.append(f"Unlinked short forms: {len(v['unlinked'])} (see the report)")
    lines += [f"Note: {n}" for n in v["notes"]]
    if "comments" in v:
        lines.append(f"Comments: {v['comments']}")
    return "\n".join(lines)
