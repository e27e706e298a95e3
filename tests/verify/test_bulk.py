"""Reading CourtListener's bulk files (toa/verify/bulk.py): every quoting COPY has written, fields
with quotes, commas, backslashes, newlines and non-ASCII text, and broken files named in one line."""

from __future__ import annotations

import bz2

import pytest

from fakes.bulk import QUOTINGS, write
from toa.verify.bulk import BulkError, newest_generation, rows

AWKWARD = [
    {"id": 1, "case_name": 'Smith v. "Big" Jones, Inc.', "case_name_full": "Line one\nline two, with a comma"},
    {"id": 2, "case_name": "C:\\path\\ v. O'Brien", "case_name_full": None},
    {"id": 3, "case_name": "Société Générale v. Müller", "case_name_full": ""},
    {"id": 4, "case_name": "Ends with a backslash \\", "syllabus": "x" * 200_000},  # past csv's default limit
    {"id": 5, "case_name": " padded ", "case_name_full": "`backquoted` and \\` both"},
]


@pytest.mark.parametrize("packed", [True, False])
@pytest.mark.parametrize("quoting", QUOTINGS)
def test_every_quoting_reads_back_the_same_values(tmp_path, quoting, packed):
    path = write(tmp_path, "opinion-clusters", "2026-03-31", AWKWARD, quoting, packed)
    got = list(rows(path, ("case_name_full", "id", "case_name")))
    assert [values for _, values in got] == [
        [r.get("case_name_full") or None, str(r["id"]), r["case_name"]] for r in AWKWARD
    ]
    assert [n for n, _ in got] == [2, 4, 5, 6, 7]  # the line each row starts on (row 1 spans two)


def test_the_newest_complete_generation_is_read(tmp_path):
    for day in ("2025-12-31", "2026-03-31"):
        write(tmp_path, "citations", day, [])
        write(tmp_path, "opinion-clusters", day, [])
    write(tmp_path, "citations", "2026-06-30", [])  # its clusters are not there (yet): not a generation
    write(tmp_path, "dockets", "2026-03-31", [], packed=False)
    write(tmp_path, "dockets", "2026-03-31", [])
    (tmp_path / "citations-2026-09-30.csv.bz2.part").write_bytes(b"")  # a download under way
    generation = newest_generation(tmp_path)
    assert generation.date == "2026-03-31"
    assert {k: p.name for k, p in generation.files.items()} == {
        "citations": "citations-2026-03-31.csv.bz2",
        "opinion-clusters": "opinion-clusters-2026-03-31.csv.bz2",
        "dockets": "dockets-2026-03-31.csv",  # uncompressed reads faster
    }


def test_a_folder_without_bulk_files(tmp_path):
    (tmp_path / "citations.csv").write_text("id\n")
    with pytest.raises(BulkError, match="no CourtListener bulk files"):
        newest_generation(tmp_path)
    with pytest.raises(BulkError, match="not a folder"):
        newest_generation(tmp_path / "missing")


def _error(path, columns=("id", "case_name")) -> str:
    with pytest.raises(BulkError) as caught:
        list(rows(path, columns))
    message = str(caught.value)
    assert "\n" not in message
    return message


def test_broken_files_are_named_with_their_line(tmp_path):
    good = write(tmp_path, "opinion-clusters", "2026-03-31", AWKWARD[:3] * 50)
    data = good.read_bytes()
    truncated = tmp_path / "opinion-clusters-2026-06-30.csv.bz2"
    truncated.write_bytes(data[: len(data) // 2])
    assert _error(truncated).startswith("opinion-clusters-2026-06-30.csv.bz2, near line ")
    assert "truncated or corrupt" in _error(truncated)
    corrupt = tmp_path / "citations-2026-06-30.csv.bz2"
    corrupt.write_bytes(b"BZh9" + b"\x00" * 100)
    assert "truncated or corrupt" in _error(corrupt)
    other = tmp_path / "dockets-2026-06-30.csv"
    other.write_text("pk,name\n1,x\n")
    assert _error(other) == "dockets-2026-06-30.csv: no column id, case_name in its header (another file?)"
    short = tmp_path / "courts-2026-06-30.csv"
    short.write_text("id,case_name,extra\n1,a,b\n2,only two\n")
    assert _error(short) == "courts-2026-06-30.csv, line 3: 2 fields where the header has 3"
    latin = tmp_path / "courts-2026-09-30.csv.bz2"
    latin.write_bytes(bz2.compress("id,case_name\n1,Soci\xe9t\xe9\n".encode("latin-1")))
    assert _error(latin) == "courts-2026-09-30.csv.bz2, near line 1: not UTF-8 text"
    unclosed = tmp_path / "courts-2026-12-31.csv"
    unclosed.write_text('id,case_name\n1,"never closed\n')
    assert _error(unclosed).startswith("courts-2026-12-31.csv, line ")
