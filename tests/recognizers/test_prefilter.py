"""The prefilter: the words every match of a pattern needs, and a pattern that skips a text
without them returning exactly what the plain pattern returns."""

from __future__ import annotations

import re

import pytest

from toa.recognizers import prefilter
from toa.recognizers.prefilter import required_words


@pytest.mark.parametrize(
    ("source", "words"),
    [
        (r"(?<![\w.])\d+\sU\.S\.C\.\s§", ("U.S.C.",)),  # the look-behind is not consumed
        (r"(?:Cal|Tex)\.\sGov't\sCode", ("Gov't",)),  # the longest run, not the branch
        (r"\d+\s(?:Stat|Fed\.\sReg)\.", ("Stat", "Fed.")),  # one of a branch's words
        (r"(?P<mark>§§?)\s?\d", ("§",)),  # inside a group
        (r"[Aa]mendment", ("mendment",)),
        (r"[§¶]\s?\d", ("§", "¶")),
    ],
)
def test_required_words(source: str, words: tuple[str, ...]) -> None:
    assert required_words(source) == words


@pytest.mark.parametrize(
    "source",
    [
        r"(?:U\.S\.C\.)?\s\d+",  # optional: a match may lack it
        r"(?:§|\d)+",  # a branch with a class
        r"(?=U\.S\.C\.)\w+",  # a look-ahead is not consumed
        r"[A-Z][a-z]+",
    ],
)
def test_no_words_known(source: str) -> None:
    assert required_words(source) is None


@pytest.mark.parametrize(
    ("source", "flags", "words"),
    [
        (r"fifth\samendment", re.IGNORECASE, ("amendment",)),  # in lower case, for the text lowered
        (r"(?i)Federal\sRule", 0, ("federal",)),  # the pattern's own flag
        (r"(?i:rule)\s\d", 0, None),  # an ignore-case part of a case-sensitive pattern: nothing
        (r"Sixth", re.IGNORECASE, ("xth",)),  # "ſ" (long s) and "ı" (dotless i) match s and i
        (r"KANSAS", re.IGNORECASE, ("an",)),  # the Kelvin sign matches k
    ],
)
def test_ignorecase_words(source: str, flags: int, words: tuple[str, ...] | None) -> None:
    assert required_words(source, flags) == words


@pytest.mark.parametrize(
    "text",
    [
        "the FIFTH AMENDMENT",
        "the Fifth Amendment",
        "the fifth amendment",
        "the \u017fixth Amendment",
        "the fifth amend",
    ],
)
def test_an_ignorecase_pattern_finds_what_re_finds(text: str) -> None:
    source = r"(?:fifth|sixth)\samendment"
    gated, plain = prefilter.compile(source, re.IGNORECASE), re.compile(source, re.IGNORECASE)
    assert [m.span() for m in gated.finditer(text)] == [m.span() for m in plain.finditer(text)]


def test_too_many_alternatives() -> None:
    assert required_words("|".join(f"{i:02d}w{i:02d}x" for i in range(40))) is None


TEXTS = [
    "See 42 U.S.C. § 1983; Cal. Gov't Code § 12940(a).",
    "Nothing here cites a statute.",
    "",
    "18 U.S.C. §§ 2, 371 (2018)",
]


@pytest.mark.parametrize("source", [r"(?<![\w.])(?P<title>\d+)\sU\.S\.C\.\s(?P<mark>§§?)\s(?P<sec>\d+)", r"Gov't"])
@pytest.mark.parametrize("text", TEXTS)
def test_same_results_as_re(source: str, text: str) -> None:
    gated, plain = prefilter.compile(source), re.compile(source)
    assert [m.span() for m in gated.finditer(text)] == [m.span() for m in plain.finditer(text)]
    assert (gated.search(text) or None) == (plain.search(text) or None) or gated.search(text).span() == plain.search(
        text
    ).span()
    assert gated.sub("X", text) == plain.sub("X", text)
    assert gated.split(text) == plain.split(text)
    assert (gated.match(text) is None) == (plain.match(text) is None)
    assert (gated.fullmatch(text) is None) == (plain.fullmatch(text) is None)


def test_a_text_without_the_words_is_not_scanned() -> None:
    usc = prefilter.compile(r"\d+\sU\.S\.C\.\s§\s\d+")
    assert usc.may_match("42 U.S.C. § 1983")
    assert not usc.may_match("42 USC 1983")
