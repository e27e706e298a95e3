"""Patterns that skip a text holding none of the words every match of theirs needs.

    from . import prefilter
    _USC = prefilter.compile(r"(?<![\\w.])(?P<title>\\d+)\\sU\\.S\\.C\\.\\s§")
    _USC.finditer(text)   # as re.Pattern.finditer; no scan at all when "U.S.C." is not in text

A recognizer runs some three hundred patterns over every paragraph, and most paragraphs hold
nothing any one of them wants; most patterns start with a look-behind ("(?<![\\w.])"), which
keeps Python's regular-expression engine from skipping ahead to a first character, so each
pattern tries a match at every position of every paragraph. A substring test (`"U.S.C." in text`)
is far cheaper. The words are read off the pattern itself, from the literal text that every
match consumes (never from a look-around), so the test is sound by construction: when it fails
no match exists, and the methods return what the pattern would have returned for no match.
"""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Callable, Iterator
from re import _constants as sre  # type: ignore[attr-defined]  # the parser's opcodes, stable since 3.11
from re import _parser as sre_parse  # type: ignore[attr-defined]
from typing import Any

# A set of more alternatives than this costs more to test than the scan it would save.
_MOST_ALTERNATIVES = 24

Replacement = str | Callable[[re.Match[str]], str]


def required_words(source: str, flags: int = 0) -> tuple[str, ...] | None:
    """Strings one of which every match of the pattern contains, or None when no such set is
    known (an IGNORECASE pattern, one that can match without consuming a literal)."""
    if flags & re.IGNORECASE:
        return None
    words = _sequence(sre_parse.parse(source, flags).data, flags)
    if words is None or len(words) > _MOST_ALTERNATIVES:
        return None
    return words


def _sequence(items: list[tuple[Any, Any]], flags: int) -> tuple[str, ...] | None:
    """The most selective requirement among the elements of a sequence: all of them are
    consumed, so each one's requirement holds for the whole."""
    best: tuple[str, ...] | None = None
    run: list[str] = []

    def consider(words: tuple[str, ...] | None) -> None:
        nonlocal best
        if words and (best is None or _selectivity(words) > _selectivity(best)):
            best = words

    for op, av in items:
        if op is sre.LITERAL and not flags & re.IGNORECASE:
            run.append(chr(av))
            continue
        if run:
            consider(("".join(run),))
            run = []
        consider(_element(op, av, flags))
    if run:
        consider(("".join(run),))
    return best


def _element(op: Any, av: Any, flags: int) -> tuple[str, ...] | None:
    """What one element of a sequence requires of a match, or None."""
    if op is sre.SUBPATTERN:
        _group, add_flags, del_flags, sub = av
        return _sequence(sub.data, (flags | add_flags) & ~del_flags)
    if op is sre.ATOMIC_GROUP:
        return _sequence(av.data, flags)
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
        least, _most, sub = av
        return _sequence(sub.data, flags) if least >= 1 else None
    if op is sre.BRANCH:
        words: list[str] = []
        for alternative in av[1]:
            one = _sequence(alternative.data, flags)
            if one is None:
                return None
            words.extend(one)
        return tuple(dict.fromkeys(words))
    if op is sre.IN and not flags & re.IGNORECASE and len(av) <= 4 and all(o is sre.LITERAL for o, _ in av):
        return tuple(chr(v) for _, v in av)
    return None  # a class, a look-around, a back-reference, an anchor: nothing certain


def _selectivity(words: tuple[str, ...]) -> int:
    # longer words are rarer in prose; each alternative is one more chance to pass
    return 4 * min(len(w) for w in words) - len(words)


class Pattern:
    """A compiled pattern whose methods first test that the text holds one of the words every
    match needs; the same methods and results as re.Pattern's for the ones recognizers use."""

    def __init__(self, source: str, flags: int = 0) -> None:
        self.compiled = re.compile(source, flags)
        self.pattern = self.compiled.pattern
        self.flags = self.compiled.flags
        self.groupindex = self.compiled.groupindex

    @functools.cached_property
    def words(self) -> tuple[str, ...] | None:
        """The words one of which every match contains (None: not known). Read on first use:
        parsing the pattern again costs a fifth of a millisecond, and a brief uses only some of
        the patterns."""
        return required_words(self.pattern, self.flags)

    def may_match(self, text: str) -> bool:
        """False only when no match of the pattern can lie anywhere in `text`."""
        words = self.words
        if words is None:
            return True
        for word in words:
            if word in text:
                return True
        return False

    def search(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled.search(text, pos, endpos) if self.may_match(text) else None

    def match(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled.match(text, pos, endpos) if self.may_match(text) else None

    def fullmatch(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled.fullmatch(text, pos, endpos) if self.may_match(text) else None

    def finditer(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[re.Match[str]]:
        return self.compiled.finditer(text, pos, endpos) if self.may_match(text) else iter(())

    def sub(self, repl: Replacement, text: str, count: int = 0) -> str:
        return self.compiled.sub(repl, text, count) if self.may_match(text) else text

    def split(self, text: str, maxsplit: int = 0) -> list[str | Any]:
        return self.compiled.split(text, maxsplit) if self.may_match(text) else [text]


def compile(source: str, flags: int = 0) -> Pattern:  # noqa: A001 - read as prefilter.compile, beside re.compile
    """`source` compiled, with the words that every match of it needs."""
    return Pattern(source, flags)
