"""Stage 6: the JSON report (a contract: ../shared/eval and the add-in read it) and the summary.

{"source", "output", "style", "pagination": {"method", "exact", "note"},
 "categories": [{"key", "heading", "number", "authorities": [{"text", "pages", "passim",
   "page_text", "occurrences": [{"page", "kind", "story", "text"}], "flags"}]}],
 "unlinked": [{"page", "kind", "story", "text"}]}
"""
from __future__ import annotations

import json
import os
import tempfile

from .model import Occurrence, PageMap, Table


def build_report(table: Table, pagemap: PageMap, source: str, output: str | None, style: str,
                 verification: dict | None = None) -> dict:
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
                     "flags": sorted(set(a.flags + [f for o in a.occurrences for f in o.flags]))}
            if verification is not None and a.key in verification:
                entry["verification"] = verification[a.key]
            entries.append(entry)
        categories.append({"key": c.key, "heading": c.heading, "number": c.number, "members": list(c.members),
                           "authorities": entries})
    return {"source": source, "output": output, "style": style,
            "pagination": {"method": pagemap.method, "exact": pagemap.exact, "note": pagemap.note},
            "categories": categories, "unlinked": [occ(o) for o in table.unlinked]}


def write_json(report: dict, path: str) -> None:
    """Atomic: a reader never sees half a report."""
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".toa-", suffix=".json", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(report, fh, indent=2, ensure_ascii=False)
            fh.write("\n")
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def summary(report: dict) -> str:
    """A plain table for the terminal: one line per heading, then the totals."""
    rows = [(c["heading"], len(c["authorities"]), sum(len(a["occurrences"]) for a in c["authorities"]))
            for c in report["categories"]]
    width = max([len(r[0]) for r in rows] + [len("Total")])
    lines = [f"{'Heading':<{width}}  Authorities  Citations"]
    lines += [f"{h:<{width}}  {n:>11}  {k:>9}" for h, n, k in rows]
    lines.append(f"{'Total':<{width}}  {sum(r[1] for r in rows):>11}  {sum(r[2] for r in rows):>9}")
    p = report["pagination"]
    lines.append(f"Pages: {p['method']}{'' if p['exact'] else ' (approximate)'}")
    if report["unlinked"]:
        lines.append(f"Unlinked short forms: {len(report['unlinked'])} (see the report)")
    return "\n".join(lines)
