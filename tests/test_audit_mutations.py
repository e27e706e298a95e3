"""The mutation test, in-suite size: faults planted in the tables `toa build` writes for the
samples must be reported exactly (bench/audit_accuracy.py runs it at full size, on the
development briefs too). One build per sample (rendered pages, so that entries have several), a seeded RNG."""

from __future__ import annotations

import io
import random
from collections import Counter
from pathlib import Path

import pytest
from audit_mutations import OPERATIONS, mutate, read_bytes, score

from toa import audit, pipeline, printed
from toa.oxml import qn

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
BRIEFS = ("appellate-brief", "trial-memorandum", "planted-problems")
MUTANTS = 24  # per sample: half of them typed lines, half Word fields


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    folder = tmp_path_factory.mktemp("built")
    out = {}
    for name in BRIEFS:
        path = folder / f"{name}.toa.docx"
        result = pipeline.build(str(SAMPLES / f"{name}.docx"), output=str(path), pages="auto")
        out[name] = (path.read_bytes(), result)
    return out


def test_a_clean_built_table_has_no_findings(built):
    for name, (data, result) in built.items():
        table = printed.read_table(read_bytes(data))
        assert len(table.entries) == sum(len(c.authorities) for c in result.table.categories), name
        assert audit.audit(table, result.table, result.pagemap, result.style) == [], name


def test_planted_faults_are_reported_exactly(built):
    rng = random.Random(11)
    planted_total = found_total = findings_total = false_total = 0
    operations: Counter = Counter()
    for data, result in built.values():
        for k in range(MUTANTS):
            mutant, planted = mutate(data, result.table, result.style, rng, rng.randint(1, 4), typed=k % 2 == 1)
            table = printed.read_table(read_bytes(mutant))
            findings = audit.audit(table, result.table, result.pagemap, result.style)
            found, _missed, false = score(findings, planted)
            planted_total += len(planted)
            found_total += found
            findings_total += len(findings)
            false_total += false
            operations.update(p.operation for p in planted)
    assert planted_total >= 150
    assert set(operations) == set(OPERATIONS)  # every kind of edit was planted
    assert found_total / planted_total >= 0.98
    assert (findings_total - false_total) / findings_total >= 0.98


def test_a_typed_copy_keeps_every_entry(built):
    data, result = built["appellate-brief"]
    mutant, planted = mutate(data, result.table, result.style, random.Random(3), 0, typed=True)
    assert planted == []
    table = printed.read_table(read_bytes(mutant))
    assert table.form == "typed"
    assert [e.text for e in table.entries] == [a.text for c in result.table.categories for a in c.authorities]
    assert audit.audit(table, result.table, result.pagemap, result.style) == []


def test_a_line_added_after_the_tables_last_entry_is_the_tables(built):
    """The last entry ends the table's section; a line added after it (as "add" and "move"
    plant them) takes the section's end with it, so it is read as the table's, not the body's."""
    from audit_mutations import _add_after, _copy_entry, _set_content

    data, _result = built["appellate-brief"]  # a table in a section of its own
    doc = read_bytes(data)
    before = printed.read_table(doc)
    last = doc.paragraphs[before.entries[-1].paragraphs[-1]].element
    assert last.find(qn("w:pPr")).find(qn("w:sectPr")) is not None
    new = _copy_entry(last)
    _set_content(new, "Wickard v. Filburn, 317 U.S. 111 (1942)", "9")
    _add_after(last, new)
    buf = io.BytesIO()
    doc.package.save(buf)
    after = printed.read_table(read_bytes(buf.getvalue()))
    assert [e.text for e in after.entries] == [e.text for e in before.entries] + [
        "Wickard v. Filburn, 317 U.S. 111 (1942)"
    ]
