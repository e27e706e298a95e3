"""Recall and precision of `toa audit` on planted faults (the mutation test at full size).

    python bench/audit_accuracy.py [--cases DIR] [--mutants N] [--seed S] [--pages estimate|render]

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
    args = ap.parse_args()
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
            print(f"{name:<28} style {result.style.name:<8} entries {sum(len(c.authorities) for c in result.table.categories):>4}"
                  f"  clean-table findings {len(base):>2}  planted {faults:>4}  false findings {false:>3}")
    planted = sum(planted_by_op.values())
    found = sum(found_by_op.values())
    print()
    for op in OPERATIONS:
        if planted_by_op[op]:
            print(f"{op:<14} {found_by_op[op]:>4} / {planted_by_op[op]:<4} found")
    recall = found / planted if planted else 0.0
    precision = (findings_total - false_total) / findings_total if findings_total else 0.0
    print(f"\nplanted faults {planted}, found {found}: recall {recall:.4f}")
    print(f"findings {findings_total}, explained by a planted fault {findings_total - false_total}: "
          f"precision {precision:.4f}")
    print(f"time {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
