"""eyecite as the extract stage calls it: one paragraph's text in, its case citations, short
cites, Id. and supra out, in text order, as `Citation`s (what the stage reads of them), so that
nothing else in the stage knows eyecite's types. Two things differ from a plain
`eyecite.get_citations`, and only inside these calls (eyecite called by anything else, the verify
stage's offline lookup for one, is as released):

- eyecite 2.7.8 reads a court/year parenthetical lazily across later citations on its line
  (eyecite issue #321): a year-only "(2015)" takes the year of the next cite, "(Mar. 3, 2020)".
  The court group is kept to text without parentheses, as upstream PR #347 does. eyecite reads
  that regex from `eyecite.helpers` at each citation, so it is set there for the length of one
  call and put back; a lock keeps a second thread from calling in between. Its warnings ("Unknown
  overlap case") are silenced for the call too.
- eyecite finds a parenthetical's court by normalising every one of courts-db's 2,800 citation
  strings again for each citation (a regex substitution each); inside these calls the same lookup
  reads a table of them normalised once per process, and remembers its answers.
- eyecite's tokenizer runs its extractors in the order of a set of them, hashed by their text,
  so that where two readings of one span differ the one that wins changed with PYTHONHASHSEED:
  "126 T.C. at 8" was a short cite, or a full cite in reporters-db's variation "T.C. at". They run
  here in eyecite's own order (an edition's exact name before its variations), as eyecite's
  plain Tokenizer runs them.
"""

from __future__ import annotations

import logging
import re
import threading
from bisect import bisect_left
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Literal

import regex
from courts_db import courts
from eyecite import get_citations
from eyecite import find as eyecite_find
from eyecite import helpers as eyecite_helpers
from eyecite import regexes as eyecite_regexes
from eyecite.models import (
    CitationBase,
    FullCaseCitation,
    IdCitation,
    ReferenceCitation,
    ResourceCitation,
    ShortCaseCitation,
    SupraCitation,
    TokenExtractor,
)
from eyecite.models import Document as EyeciteDocument
from eyecite.tokenizers import EXTRACTORS, Tokenizer, _strip_ws, default_tokenizer
from reporters_db import EDITIONS

from .. import programs

_COURT = "(?P<court>.*?)"
_COURT_IN_ITS_PARENTHESIS = "(?P<court>[^()]*?)"
_POST_CITATION_REGEX = eyecite_regexes.POST_FULL_CITATION_REGEX.replace(_COURT, _COURT_IN_ITS_PARENTHESIS)
_ONE_CALL_AT_A_TIME = threading.Lock()


Kind = Literal["full", "short", "id", "supra"]  # which of eyecite's citation types


@dataclass(frozen=True)
class Citation:
    """One of eyecite's case citations, short cites, Id. or supra, as the extract stage reads it
    (offsets index the paragraph's text)."""

    kind: Kind
    span: tuple[int, int]  # "576 U.S. 155"; a short cite, Id. or supra with its pin ("Id. at 164")
    full_span: tuple[int, int]  # from where eyecite guessed the name begins (a short cite's, a supra's)
    volume: str = ""
    reporter: str = ""  # as eyecite corrects it ("F. App'x" for "Fed. Appx."), else as written
    page: str = ""  # a short cite's pin page
    year: str | None = None
    court: str | None = None  # eyecite's court id ("scotus")
    pin_cite: str | None = None
    antecedent: str = ""  # the word before a short cite or supra that eyecite took for its name


_KINDS: tuple[tuple[type[CitationBase], Kind], ...] = (
    (FullCaseCitation, "full"),
    (ShortCaseCitation, "short"),
    (IdCitation, "id"),
    (SupraCitation, "supra"),
)


def citations(text: str) -> list[Citation]:
    """eyecite's case citations, short cites, Id. and supra in one paragraph's text, in text
    order: eyecite can return a California cite's bracketed parallel before the cite itself."""
    given = _short_cites_spaced(_ids_unglued(text))
    with _ONE_CALL_AT_A_TIME, _court_kept_in_its_parenthesis(), _no_reference_citations():
        found = get_citations(given.text, tokenizer=_TOKENIZER)
    read = [_read(cite, given) for cite in sorted(found, key=lambda c: c.span()[0])]
    return [c for c in read if c is not None]


def _read(cite: CitationBase, given: _Given) -> Citation | None:
    kind = next((k for cls, k in _KINDS if isinstance(cite, cls)), None)
    if kind is None:
        return None  # a statute, a journal, a bare "§": the recognizers read those
    span = given.original(cite.span())
    meta = cite.metadata
    if kind == "id":
        return Citation("id", span, span, pin_cite=meta.pin_cite)
    if kind == "supra":
        return Citation("supra", span, given.original(cite.full_span()), antecedent=meta.antecedent_guess or "")
    return Citation(
        kind,
        span,
        given.original(cite.full_span()),
        volume=cite.groups.get("volume") or "",
        reporter=_reporter(cite),
        page=cite.groups.get("page") or "",
        year=meta.year,
        court=meta.court,
        pin_cite=meta.pin_cite,
        antecedent=meta.antecedent_guess or "",
    )


def _reporter(cite: CitationBase) -> str:
    """The reporter as eyecite corrects it ("F. App'x" for "Fed. Appx."), else as written."""
    try:
        return str(cite.corrected_reporter())  # type: ignore[attr-defined]  # case citations have it; the base type does not
    except Exception:  # eyecite raises on reporters without an edition guess
        return cite.groups.get("reporter", "")


@contextmanager
def _court_kept_in_its_parenthesis() -> Iterator[None]:
    logger = logging.getLogger("eyecite")
    post_regex, court_lookup, level = (
        eyecite_helpers.POST_FULL_CITATION_REGEX,
        eyecite_helpers.get_court_by_paren,
        logger.level,
    )
    eyecite_helpers.POST_FULL_CITATION_REGEX = _POST_CITATION_REGEX
    eyecite_helpers.get_court_by_paren = _court_by_paren
    logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        eyecite_helpers.POST_FULL_CITATION_REGEX = post_regex
        eyecite_helpers.get_court_by_paren = court_lookup
        logger.setLevel(level)


@contextmanager
def _no_reference_citations() -> Iterator[None]:
    """eyecite looks for reference citations (a case's party named again later, "Smith held")
    after every full citation, rescanning the rest of the paragraph each time: a quarter of its
    time on the evaluation briefs. toa keeps none of them (it reads name mentions itself,
    extract/case_mentions.py), so the search is left out; what else eyecite finds is the same."""
    search = eyecite_find.extract_reference_citations
    eyecite_find.extract_reference_citations = _none_referenced
    try:
        yield
    finally:
        eyecite_find.extract_reference_citations = search


def _none_referenced(citation: ResourceCitation, document: EyeciteDocument) -> list[ReferenceCitation]:
    return []


def _court_key(text: str) -> str:
    """A court's citation string as eyecite compares it: without spaces and punctuation, in lower case
    ("Pa.Super." and "Pa. Super." alike)."""
    return regex.sub(r"[^\w]", "", text).lower()


@cache
def _court_keys() -> tuple[tuple[str, str], ...]:
    """(key, court id) of every court in courts-db, in its order."""
    return tuple((_court_key(court["citation_string"]), str(court["id"])) for court in courts)


@lru_cache(maxsize=4096)
def _court_by_paren(paren_string: str) -> str | None:
    """eyecite's get_court_by_paren: the first court whose key is the parenthetical's, else the last
    whose key begins with it."""
    wanted = _court_key(paren_string)
    if not wanted:
        return None
    keys = _court_keys()
    exact = next((court for key, court in keys if key == wanted), None)
    if exact is not None:
        return exact
    return next((court for key, court in reversed(keys) if key.startswith(wanted)), None)


class _InEyecitesOrder(Tokenizer):
    """eyecite's default tokenizer, which finds with Aho-Corasick the extractors a text can match
    (its filters' strings against the text, both without whitespace; some case-insensitively),
    running them in the order eyecite lists them. The extractors found are gathered by their place
    in that list: eyecite's own set of them hashes each extractor by its repr, which cost a tenth
    of a build's time. An extractor that can find only a statute or a journal (reporters-db's laws
    and journals, a third of eyecite's list) is not run: toa keeps no such citation of eyecite's,
    the recognizers read those."""

    def get_extractors(self, text: str) -> list[TokenExtractor]:
        place, unfiltered, unwanted = _places()
        stripped = _strip_ws(text)  # as eyecite stripped its filters' strings
        found = set(unfiltered)
        for _, extractors in default_tokenizer.case_sensitive_filter.iter(stripped):
            found.update(place[id(e)] for e in extractors)
        for _, extractors in default_tokenizer.case_insensitive_filter.iter(stripped.lower()):
            found.update(place[id(e)] for e in extractors)
        chosen = [EXTRACTORS[i] for i in sorted(found - unwanted)]
        for extractor in chosen:  # compiled as eyecite compiles it, from a kept program when there is one
            if "_compiled_regex" not in vars(extractor):
                extractor._compiled_regex = programs.KEPT.compile(extractor.regex, extractor.flags)
        return chosen


@cache
def _places() -> tuple[dict[int, int], frozenset[int], frozenset[int]]:
    """The place of each of eyecite's extractors in its list, by the extractor's id; the places of
    those no filter selects (eyecite runs them on every text); and of those that find only laws
    and journals."""
    place = {id(e): i for i, e in enumerate(EXTRACTORS)}
    unfiltered = frozenset(place[id(e)] for e in default_tokenizer.unfiltered_extractors)
    return place, unfiltered, frozenset(i for i, e in enumerate(EXTRACTORS) if _laws_or_journals_only(e))


def _laws_or_journals_only(extractor: TokenExtractor) -> bool:
    extra = extractor.extra or {}
    editions = list(extra.get("exact_editions", [])) + list(extra.get("variation_editions", []))
    return bool(editions) and all(edition.reporter.source != "reporters" for edition in editions)


_TOKENIZER = _InEyecitesOrder()


# eyecite reads no "Id." glued to the bracket before it, nor an "Ibid." to the one after (the
# California Style Manual's "(Id. at p. 161.)" and "(Ibid.)"), nor an Id.'s pin with an en dash.
_GLUED_BEFORE_ID = re.compile(r"[(\[](?=(?:[Ii]d|[Ii]bid)\.)")
_GLUED_AFTER_IBID = re.compile(r"(?<=[Ii]bid\.)[)\]]")
_ID_PIN_DASH = re.compile(r"(?<=[Ii]d\.\sat\s)((?:pp?\.\s)?\d+)[–—](?=\d)")
# Nor a pin that a dash joins to the words after it ("Greene-Thapedi, 126 T.C. at 8—just as"): the
# short cite or Id. loses its pin and ends at "at ". The dash there is a break in the sentence.
_PIN_BEFORE_WORDS = re.compile(r"(?<=\sat\s)(\d+)[-–—](?=[A-Za-z]{2})")
# Nor California's pages after a short cite's reporter ("Jensen v. Wells Fargo Bank, supra, 85
# Cal.App.4th at pp. 264-265"): its short cite takes "at p." and "at page" only, so "at pp. " is
# given as "atpage " (as long). An Id.'s or a supra's pin reads "pp." already.
_PAGES_AFTER_REPORTER = re.compile(r"(?<![Ii]d\.\s)(?<![Ii]bid\.\s)(?<!supra,\s)\bat\spp\.\s(?=\d)")


def _ids_unglued(text: str) -> str:
    """The paragraph as eyecite is given it: those brackets read as spaces, the dash in an Id.'s
    pin as a hyphen, the one after a pin as a comma, "at pp." after a reporter as "atpage"
    (offsets unchanged)."""
    text = _GLUED_AFTER_IBID.sub(" ", _GLUED_BEFORE_ID.sub(" ", text))
    text = _PAGES_AFTER_REPORTER.sub("atpage ", text)
    return _PIN_BEFORE_WORDS.sub(r"\1,", _ID_PIN_DASH.sub(r"\1-", text))


# Nor a short cite whose reporter lost its last period or the space before "at" ("Adams, 317 U.S at
# 278", "Johnson, 304 U.S.at 464"): where the words before "at" are a reporter's edition but for
# that character (reporters-db's names, "U.S."), eyecite is given it, one character longer.
_BEFORE_AT = re.compile(r"\b\d{1,4} (?P<reporter>[A-Z][A-Za-z0-9.'& ]{0,20}?)(?P<space> ?)at (?=\d)")


@dataclass(frozen=True)
class _Given:
    """The text as eyecite is given it, and where in it characters were added."""

    text: str
    added: tuple[int, ...] = ()  # offsets in `text` of the added characters, ascending

    def original(self, span: tuple[int, int]) -> tuple[int, int]:
        """A span of `text` as offsets into the paragraph's own text."""
        start, end = span
        return start - bisect_left(self.added, start), end - bisect_left(self.added, end)


def _short_cites_spaced(text: str) -> _Given:
    """The text with each such reporter's period or space put back (offsets of the rest moved)."""
    pieces: list[str] = []
    added: list[int] = []
    at = 0
    for m in _BEFORE_AT.finditer(text):
        reporter, space = m.group("reporter"), m.group("space")
        if space and not reporter.endswith(".") and reporter + "." in EDITIONS:
            missing, where = ".", m.end("reporter")
        elif not space and reporter in EDITIONS:
            missing, where = " ", m.end("reporter")
        else:
            continue
        pieces.append(text[at:where])
        added.append(where + len(added))
        pieces.append(missing)
        at = where
    if not added:
        return _Given(text)
    pieces.append(text[at:])
    return _Given("".join(pieces), tuple(added))
