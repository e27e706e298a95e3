"""Recall and precision of `toa audit` on planted faults (the mutation test at full size), and its time.

    python bench/audit_accuracy.py [--cases DIR] [--mutants N] [--seed S] [--pages estimate|render]
    python bench/audit_accuracy.py --sizes 1000 2000 4000

With --sizes, the time of `toa audit` (estimated pages) on a typed table of that many entries
instead: an invented brief citing that many cases, built, one fault planted and its table turned
into typed lines. The time should grow in proportion to the entries (issue 20: 4,000 took 58 s,
nine times the time of 1,000, when every entry was compared with every authority).

For every sample brief and every development brief (DIR/*/brief.docx, by default the shared
evaluation set), `toa build` writes the table once; then N copies of it get 1 to 4 realistic
faults each (tests/audit_mutations.py: dropped or invented entries, shifted, dropped or added
pages, swapped entries, a changed reporter page or year, an entry under another heading, passim
where it does not belong), half of them turned into plain typed lines. Each copy is audited
against the built table and the findings are matched with the planted faults. Prints the figures
per operation and in total: recall (planted faults reported) and precision (findings that a
planted fault explains).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from audit_mutations import OPERATIONS, mutate, read_bytes, score  # noqa: E402

from toa import audit, pipeline, printed  # noqa: E402

EVAL_CASES = ROOT.parents[1] / "shared" / "eval" / "cases"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=Path, default=EVAL_CASES, help="folder of <case>/brief.docx")
    ap.add_argument("--mutants", type=int, default=25, help="mutated tables per brief")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--pages", default="estimate", help="page source of the builds")
    ap.add_argument("--sizes", type=int, nargs="+", help="time audits of typed tables of these many entries")
    args = ap.parse_args()
    if args.sizes:
        return timing(args.sizes, random.Random(args.seed))
    briefs = sorted(p for p in (ROOT / "samples").glob("*.docx") if ".toa." not in p.name and ".checked." not in p.name)
    briefs += sorted(args.cases.glob("*/brief.docx")) if args.cases.is_dir() else []
    rng = random.Random(args.seed)
    planted_by_op: Counter = Counter()
    found_by_op: Counter = Counter()
    findings_total = false_total = 0
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for brief in briefs:
            out = Path(tmp, "built.docx")
            try:
                result = pipeline.build(str(brief), output=str(out), pages=args.pages)
            except pipeline.BuildError as exc:
                print(f"{brief}: skipped ({exc})")
                continue
            built = out.read_bytes()
            base = audit.audit(printed.read_table(read_bytes(built)), result.table, result.pagemap, result.style)
            faults = findings = false = 0
            for k in range(args.mutants):
                data, planted = mutate(built, result.table, result.style, rng, rng.randint(1, 4), typed=k % 2 == 1)
                table = printed.read_table(read_bytes(data))
                got = audit.audit(table, result.table, result.pagemap, result.style) if table else []
                for p in planted:
                    planted_by_op[p.operation] += 1
                    if score(got, [p])[0]:
                        found_by_op[p.operation] += 1
                _found, _missed, wrong = score(got, planted)
                faults += len(planted)
                findings += len(got)
                false += wrong
            findings_total += findings
            false_total += false
            name = brief.parent.name if brief.name == "brief.docx" else brief.stem
            print(
                f"{name:<28} style {result.style.name:<8} "
                f"entries {sum(len(c.authorities) for c in result.table.categories):>4}"
                f"  clean-table findings {len(base):>2}  planted {faults:>4}  false findings {false:>3}"
            )
    planted = sum(planted_by_op.values())
    found = sum(found_by_op.values())
    print()
    for op in OPERATIONS:
        if planted_by_op[op]:
            print(f"{op:<14} {found_by_op[op]:>4} / {planted_by_op[op]:<4} found")
    recall = found / planted if planted else 0.0
    precision = (findings_total - false_total) / findings_total if findings_total else 0.0
    print(f"\nplanted faults {planted}, found {found}: recall {recall:.4f}")
    print(
        f"findings {findings_total}, explained by a planted fault {findings_total - false_total}: "
        f"precision {precision:.4f}"
    )
    print(f"time {time.perf_counter() - start:.1f} s")
    return 0


def timing(sizes: list[int], rng: random.Random) -> int:
    from docxbuild import DocBuilder

    print(f"{'entries':>8}  {'seconds':>8}  {'s per 1,000':>11}  findings")
    for n in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            b = DocBuilder(fmt="lowerRoman", start=1)  # the table on roman pages, the argument from 1
            b.heading("TABLE OF AUTHORITIES", level=1)
            b.section_break(fmt="decimal", start=1)
            b.heading("ARGUMENT", level=1)
            for i in range(n):
                b.paragraph(
                    f"The rule is settled. See Party{i} v. Other{i % 97}, {100 + i % 400} U.S. {200 + i} "
                    f"({1900 + i % 120})."
                )
                if i % 20 == 19:
                    b.page_break()
            src, built = Path(tmp, "brief.docx"), Path(tmp, "built.docx")
            b.save(src)
            result = pipeline.build(str(src), output=str(built), pages="estimate")
            data, _planted = mutate(built.read_bytes(), result.table, result.style, rng, 1, typed=True)
            built.write_bytes(data)
            start = time.perf_counter()
            audited = pipeline.audit(str(built), pages="estimate")
            elapsed = time.perf_counter() - start
        print(
            f"{len(audited.printed.entries):>8}  {elapsed:>8.1f}  {elapsed / n * 1000:>11.2f}  {len(audited.findings)}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
