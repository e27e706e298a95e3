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


# A pattern's start set (`prefilter._start_set`): what a match may start with, behind its zero-width
# tests; each of these compiled with it finds what re finds, at a text's start and elsewhere.
START_SET_CASES = [
    (r"(?<![\w.])\d+\sU\.S\.C\.", "42 U.S.C. and x42 U.S.C. and .5 U.S.C. 7 U.S.C."),
    (r"(?<!\w)(?:Cal|Tex)\.\s(?:Gov't|Penal)", "Cal. Gov't; Tex. Penal; xCal. Penal"),
    (r"(?:§\s?)?\d+\.\d+", "§ 12.5 and 3.25 and §4.1"),  # an optional head: the set is its and the rest's
    (r"(?:a|)b\d", "b1 ab2 cb3"),  # a branch that can match nothing
    (r"\b(?=[A-Z])[A-Za-z]+\sAct\b", "the Widget Act and the widget Act"),  # a look-ahead consumes nothing
    (r"(?<![\w.])(?i:rule)\s\d+", "Rule 12 and RULE 13 and rule 14"),  # a case folded: no set
    (r"(?<!\w)(?:[^\d\s]+|\d\d)\s\d", "abc 1 ü 2 12 3"),  # a negated class: no set
    (r"(?<!\w)(\w)\1\d", "aa1 bc2 dd3"),  # a back-reference
    (r"(?<!\w)(?:x*)", "xx y"),  # can match nothing: no set
    (r"(?<=\s)[ÀÉ]\w+", " École Àla"),
]


@pytest.mark.parametrize(("source", "text"), START_SET_CASES)
def test_a_start_set_finds_what_re_finds(source: str, text: str) -> None:
    gated, plain = prefilter.compile(source), re.compile(source)
    for pos in range(len(text) + 1):
        assert [(m.span(), m.groups()) for m in gated.finditer(text, pos)] == [
            (m.span(), m.groups()) for m in plain.finditer(text, pos)
        ]
    assert gated.sub("<\\g<0>>", text) == plain.sub("<\\g<0>>", text)


def _recognizer_patterns() -> list[tuple[str, prefilter.Pattern]]:
    import importlib
    import pkgutil

    import toa.recognizers as package

    found = {}
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        for name, value in vars(module).items():
            if isinstance(value, prefilter.Pattern):
                found[id(value)] = (f"{info.name}.{name}", value)
    return sorted(found.values(), key=lambda item: item[0])


# Text of the kinds the recognizers read, with the starts and ends of words they look for.
RECOGNIZER_TEXTS = [
    "See 42 U.S.C. § 1983 (2018); Cal. Gov. Code, § 12940, subd. (a); Tex. R. App. P. 9.4(e), (i).",
    "U.S. Const. amend. XIV, § 1; Cal. Const., art. I, § 7; 28 C.F.R. §§ 35.130(b)(7), 35.150.",
    "H.R. Rep. No. 101-485, pt. 2, at 51 (1990); S. 396, 94th Gen. Assemb., Reg. Sess. (Ark. 2023).",
    "2 Wayne R. LaFave, Criminal Procedure § 9.1(a) (4th ed. 2015); Black's Law Dictionary (11th ed. 2019).",
    "Smith J, Doe A, et al. Title of a study. J Teen Stud. 2020;5(2):10-20. doi:10.1000/xyz",
    "Jo Gram, A Note, 5 J. Teen Stud. 10, 12 (2020), https://example.org/a-note (last visited May 1, 2024).",
    "In re Widget Co., 2019-Ohio-1234, ¶ 15; Fed. R. Civ. P. 12(b)(6); Fed. R. Evid. 702; CACI No. 2430.",
    "Pub. L. No. 105-206, § 3001, 112 Stat. 685, 726 (1998); 87 Fed. Reg. 12,345 (Mar. 1, 2022).",
    "(ée) Ünïcode — “quoted” ‘text’ § ¶ … 12–14; Id. at 5; supra note 3; ibid.",
]


def test_every_recognizer_pattern_finds_what_re_finds() -> None:
    patterns = _recognizer_patterns()
    assert len(patterns) > 200
    for name, pattern in patterns:
        plain = re.compile(pattern.pattern, pattern.flags)
        for text in RECOGNIZER_TEXTS:
            got = [(m.span(), m.groups()) for m in pattern.finditer(text)]
            assert got == [(m.span(), m.groups()) for m in plain.finditer(text)], name
