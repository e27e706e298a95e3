"""Compiled regular expressions kept between runs (toa.programs): a kept program makes the
pattern re makes, and a file that is missing, damaged or not writable changes no result."""

from __future__ import annotations

import hashlib
import json
import marshal
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from toa import programs
from toa.programs import KeptPrograms
from toa.recognizers import prefilter

SOURCES = [
    r"(?<![\w.])(?P<title>\d+)\sU\.S\.C\.\s(?P<mark>§§?)\s?(?P<sec>\d+[a-z]?)",
    r"(?i)\bcal(?:ifornia)?\.?\s(?:gov(?:ernment)?\.?)\scode",
    r"(\w)\1",
]
TEXTS = ["See 42 U.S.C. §§ 1983, 1988; Cal. Gov. Code § 12940 (aa bb).", "", "California Government Code"]


def _entries(path: Path) -> dict:
    """The patterns a file holds, after the digest line."""
    return marshal.loads(path.read_bytes().partition(b"\n")[2])


def _found(pattern, text: str) -> list:
    return [(m.span(), m.groups(), m.groupdict()) for m in pattern.finditer(text)]


@pytest.mark.parametrize("source", SOURCES)
def test_a_kept_program_finds_what_re_finds(tmp_path: Path, source: str) -> None:
    path = tmp_path / "regex.json"
    first = KeptPrograms(path)
    made = first.compile(source)
    first.save()
    later = KeptPrograms(path)
    assert later.get("re", source, 0, "program") is not None
    kept = later.compile(source)
    plain = re.compile(source)
    for text in TEXTS:
        assert _found(made, text) == _found(plain, text) == _found(kept, text)
    assert kept.groupindex == plain.groupindex and kept.groups == plain.groups and kept.flags == plain.flags


def test_a_prefilter_pattern_from_a_kept_program_is_not_parsed_again(tmp_path: Path, monkeypatch) -> None:
    source = SOURCES[0]
    monkeypatch.setattr(programs, "KEPT", KeptPrograms(tmp_path / "regex.json"))
    first = prefilter.compile(source)
    found = _found(first, TEXTS[0])
    programs.KEPT.save()
    monkeypatch.setattr(programs, "KEPT", KeptPrograms(tmp_path / "regex.json"))
    later = prefilter.compile(source)
    assert later.words == first.words == ("U.S.C.",)
    assert _found(later, TEXTS[0]) == found == _found(re.compile(source), TEXTS[0])
    assert "_tree" not in vars(later)  # words and program both from the file


@pytest.mark.parametrize(
    "content",
    [
        b"\x00\xffnot marshal",
        marshal.dumps([1, 2, 3]),
        marshal.dumps({f"re 0 {SOURCES[0]}": {"program": [32, [1, 2, 3], 0, {}, []]}}),  # refused code
        marshal.dumps({f"re 0 {SOURCES[0]}": {"program": "a string"}}),
        marshal.dumps({f"prefilter 0 {SOURCES[0]}": {"words": [False, ["U.S.C."]], "program": [0]}}),
        marshal.dumps({f"prefilter 0 {SOURCES[0]}": {"words": "U.S.C."}}),
    ],
    ids=["not marshal", "a list", "code the engine refuses", "no program", "a program not one", "words not a list"],
)
def test_a_damaged_file_changes_no_result(tmp_path: Path, monkeypatch, content: bytes) -> None:
    path = tmp_path / "regex.json"
    path.write_bytes(hashlib.sha256(content).hexdigest().encode() + b"\n" + content)
    kept = KeptPrograms(path)
    assert _found(kept.compile(SOURCES[0]), TEXTS[0]) == _found(re.compile(SOURCES[0]), TEXTS[0])
    monkeypatch.setattr(programs, "KEPT", KeptPrograms(path))
    gated = prefilter.compile(SOURCES[0])
    for text in TEXTS:
        assert _found(gated, text) == _found(re.compile(SOURCES[0]), text)


def test_words_kept_for_another_pattern_are_trusted_only_by_their_key(tmp_path: Path, monkeypatch) -> None:
    # the key is the source and flags: a kept gate is read for that pattern and no other
    path = tmp_path / "regex.json"
    body = marshal.dumps({f"prefilter 0 {SOURCES[0]}x": {"words": [False, ["never"]]}})
    path.write_bytes(hashlib.sha256(body).hexdigest().encode() + b"\n" + body)
    monkeypatch.setattr(programs, "KEPT", KeptPrograms(path))
    assert prefilter.compile(SOURCES[0]).words == ("U.S.C.",)


def test_a_file_changed_since_it_was_written_is_not_read(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "regex.json"
    monkeypatch.setattr(programs, "KEPT", KeptPrograms(path))
    _found(prefilter.compile(SOURCES[0]), TEXTS[0])
    programs.KEPT.save()
    written = path.read_bytes()
    assert b"U.S.C." in written
    path.write_bytes(written.replace(b"U.S.C.", b"U.S.X."))  # a gate that would pass no text
    monkeypatch.setattr(programs, "KEPT", KeptPrograms(path))
    later = prefilter.compile(SOURCES[0])
    assert later.words == ("U.S.C.",)
    assert _found(later, TEXTS[0]) == _found(re.compile(SOURCES[0]), TEXTS[0]) != []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_or_a_link_in_the_files_place_is_not_read(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    kept = KeptPrograms(fifo)  # a read would wait for a writer for ever
    assert _found(kept.compile(SOURCES[0]), TEXTS[0]) == _found(re.compile(SOURCES[0]), TEXTS[0])
    target = tmp_path / "elsewhere.json"
    elsewhere = KeptPrograms(target)
    elsewhere.compile(SOURCES[2])
    elsewhere.save()
    link = tmp_path / "link.json"
    link.symlink_to(target)
    assert KeptPrograms(link).get("re", SOURCES[2], 0, "program") is None


def test_runs_that_save_in_turn_keep_both(tmp_path: Path) -> None:
    path = tmp_path / "regex.json"
    one, two = KeptPrograms(path), KeptPrograms(path)
    one.compile(SOURCES[0])
    two.compile(SOURCES[2])
    one.save()
    two.save()
    assert {k.split(" ", 2)[2] for k in _entries(path)} == {SOURCES[0], SOURCES[2]}


def test_a_folder_that_cannot_be_written_is_left_alone(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where the folder would be")
    kept = KeptPrograms(blocker / "toa" / "regex.json")
    assert _found(kept.compile(SOURCES[0]), TEXTS[0]) == _found(re.compile(SOURCES[0]), TEXTS[0])
    kept.save()  # no error
    assert blocker.read_text() == "a file where the folder would be"


def test_the_file_is_left_out_when_asked(monkeypatch) -> None:
    monkeypatch.setenv("TOA_NO_REGEX_CACHE", "1")
    assert programs.default_path() is None
    monkeypatch.delenv("TOA_NO_REGEX_CACHE")
    path = programs.default_path()
    assert path is not None and path.name.startswith("regex-") and path.suffix == ".marshal"


def test_a_build_keeps_its_programs_and_the_next_build_writes_the_same(tmp_path: Path) -> None:
    sample = Path(__file__).resolve().parent.parent / "samples" / "california-brief.docx"
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    outputs = []
    for run in ("first", "second"):
        out = tmp_path / f"{run}.docx"
        report = tmp_path / f"{run}.json"
        proc = subprocess.run(
            [sys.executable, "-m", "toa.cli", "build", str(sample), "-o", str(out), "--json", str(report)],
            capture_output=True,
            text=True,
            env=env,
            timeout=300,
        )
        assert proc.returncode == 0, proc.stderr
        outputs.append(json.loads(report.read_text())["categories"])
        kept = list((tmp_path / "cache" / "toa").glob("regex-*.marshal"))
        assert len(kept) == 1 and len(_entries(kept[0])) > 100
    assert outputs[0] == outputs[1]
