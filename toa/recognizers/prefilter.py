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

A pattern is parsed on its first use, once: the words are read off that parse and the pattern is
compiled from it only when a text first holds them. Compiling all of them at import cost a tenth
of a second in every process, and a brief needs fewer than half.

The look-behind at a pattern's start also keeps re's compiler from telling the engine which
characters a match can start with (it reads that off the first element only), so a search tries
a whole match at every position. Where every match starts with a character of a known set behind
its zero-width tests, the compiled pattern carries that set, as it would for a pattern that began
with the set itself: the engine then skips in C to the positions that hold one (`_start_set`).
"""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Callable, Iterator, Mapping
from re import _compiler as sre_compile  # type: ignore[attr-defined]  # compiles a parse, stable since 3.11
from re import _constants as sre  # type: ignore[attr-defined]  # the parser's opcodes
from re import _parser as sre_parse  # type: ignore[attr-defined]
from typing import Any

from .. import programs

# A set of more alternatives than this costs more to test than the scan it would save.
_MOST_ALTERNATIVES = 24

Replacement = str | Callable[[re.Match[str]], str]


def required_words(source: str, flags: int = 0) -> tuple[str, ...] | None:
    """Strings one of which every match of the pattern contains, or None when no such set is
    known (one that can match without consuming a literal). The words of an IGNORECASE pattern
    are in lower case, to be looked for in the text lowered."""
    return _words_of(sre_parse.parse(source, flags))


def _words_of(tree: Any) -> tuple[str, ...] | None:
    flags = tree.state.flags  # with the pattern's own global flags, "(?i)" at its start
    words = _sequence(tree.data, flags, fold=bool(flags & re.IGNORECASE))
    if words is None or len(words) > _MOST_ALTERNATIVES:
        return None
    return words


# Letters that Unicode's case folding matches with a letter outside ASCII ("ı" and "İ" with i,
# "ſ" with s, the Kelvin sign with k): no test on the text lowered by str.lower is safe for them.
_UNSAFE_FOLDS = frozenset("iIkKsS")


def _literal(code: int, flags: int, fold: bool) -> str | None:
    """The character a literal stands for in the words, or None when it cannot be one. Folded:
    lowered, and only where every character that matches it lowers to it."""
    ch = chr(code)
    if fold:
        return ch.lower() if ch.isascii() and ch not in _UNSAFE_FOLDS else None
    return None if flags & re.IGNORECASE else ch


def _sequence(items: list[tuple[Any, Any]], flags: int, fold: bool) -> tuple[str, ...] | None:
    """The most selective requirement among the elements of a sequence: all of them are
    consumed, so each one's requirement holds for the whole."""
    best: tuple[str, ...] | None = None
    run: list[str] = []

    def consider(words: tuple[str, ...] | None) -> None:
        nonlocal best
        if words and (best is None or _selectivity(words) > _selectivity(best)):
            best = words

    for op, av in items:
        ch = _literal(av, flags, fold) if op is sre.LITERAL else None
        if ch is not None:
            run.append(ch)
            continue
        if run:
            consider(("".join(run),))
            run = []
        consider(_element(op, av, flags, fold))
    if run:
        consider(("".join(run),))
    return best


def _element(op: Any, av: Any, flags: int, fold: bool) -> tuple[str, ...] | None:
    """What one element of a sequence requires of a match, or None."""
    if op is sre.SUBPATTERN:
        _group, add_flags, del_flags, sub = av
        return _sequence(sub.data, (flags | add_flags) & ~del_flags, fold)
    if op is sre.ATOMIC_GROUP:
        return _sequence(av.data, flags, fold)
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
        least, _most, sub = av
        return _sequence(sub.data, flags, fold) if least >= 1 else None
    if op is sre.BRANCH:
        words: list[str] = []
        for alternative in av[1]:
            one = _sequence(alternative.data, flags, fold)
            if one is None:
                return None
            words.extend(one)
        return tuple(dict.fromkeys(words))
    if op is sre.IN and len(av) <= 4 and all(o is sre.LITERAL for o, _ in av):
        chars = [_literal(v, flags, fold) for _, v in av]
        return tuple(dict.fromkeys(chars)) if None not in chars else None  # type: ignore[arg-type]
    return None  # a class, a look-around, a back-reference, an anchor: nothing certain


# Elements that consume nothing: the characters a match starts with are those of what follows.
_ZERO_WIDTH = (sre.AT, sre.ASSERT, sre.ASSERT_NOT)


def _start_set(items: list[tuple[Any, Any]], flags: int) -> tuple[list[tuple[Any, Any]] | None, bool]:
    """The set items (as in a class) of every character a match of the sequence can start with,
    and whether the sequence can match nothing; None when not known (any character, a case
    folded, a negated class, a back-reference)."""
    starts: list[tuple[Any, Any]] = []
    for op, av in items:
        if op in _ZERO_WIDTH:
            continue
        first, empty = _element_start(op, av, flags)
        if first is None:
            return None, False
        starts.extend(first)
        if not empty:
            return starts, False
    return starts, True


def _element_start(op: Any, av: Any, flags: int) -> tuple[list[tuple[Any, Any]] | None, bool]:
    if flags & re.IGNORECASE:
        return None, False
    if op is sre.LITERAL:
        return [(op, av)], False
    if op is sre.IN:
        return (None, False) if any(o is sre.NEGATE for o, _ in av) else (list(av), False)
    if op is sre.SUBPATTERN:
        _group, add_flags, del_flags, sub = av
        return _start_set(sub.data, (flags | add_flags) & ~del_flags)
    if op is sre.ATOMIC_GROUP:
        return _start_set(av.data, flags)
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
        least, _most, sub = av
        first, empty = _start_set(sub.data, flags)
        return first, empty or least == 0
    if op is sre.BRANCH:
        starts: list[tuple[Any, Any]] = []
        can_be_empty = False
        for alternative in av[1]:
            first, empty = _start_set(alternative.data, flags)
            if first is None:
                return None, False
            starts.extend(first)
            can_be_empty = can_be_empty or empty
        return starts, can_be_empty
    return None, False


def _program(tree: Any, flags: int) -> programs.Program:
    """The parse compiled as re.compile compiles it, with the set of a match's first characters
    in the code's head when re's compiler found none and `_start_set` knows it."""
    flags |= tree.state.flags
    code = sre_compile._code(tree, flags)
    # the head: INFO, its length, what it knows (0: no prefix, no set), a match's least width ...
    starts, can_be_empty = _start_set(tree.data, flags)
    if starts and not can_be_empty and code[0] == sre.INFO and code[2] == 0 and code[3] > 0:
        head = [sre.INFO, 0, sre.SRE_INFO_CHARSET, code[3], code[4]]
        charset, _cased = sre_compile._optimize_charset(starts)
        sre_compile._compile_charset(charset, flags, head)
        head[1] = len(head) - 1
        code = head + code[1 + code[1] :]  # the code's jumps are relative: a new head moves none
    return programs.program_of(tree, flags, code)


def _kept_gate(kept: Any) -> tuple[bool, tuple[str, ...] | None] | None:
    """A gate as an earlier run kept it ([folded, words]), or None when it is not one."""
    if not (isinstance(kept, list) and len(kept) == 2 and isinstance(kept[0], bool)):
        return None
    folded, words = kept
    if words is None:
        return folded, None
    if isinstance(words, list) and words and all(isinstance(w, str) and w for w in words):
        return folded, tuple(words)
    return None


def _selectivity(words: tuple[str, ...]) -> int:
    # longer words are rarer in prose; each alternative is one more chance to pass
    return 4 * min(len(w) for w in words) - len(words)


class Pattern:
    """A compiled pattern whose methods first test that the text holds one of the words every
    match needs; the same methods and results as re.Pattern's for the ones recognizers use."""

    def __init__(self, source: str, flags: int = 0) -> None:
        self.pattern = source
        self.flags = int(flags)

    @functools.cached_property
    def _tree(self) -> Any:
        """The pattern's parse, kept until it is compiled (re's parser: the source is read once)."""
        return sre_parse.parse(self.pattern, self.flags)

    @functools.cached_property
    def _gate(self) -> tuple[bool, tuple[str, ...] | None]:
        """Whether the words are in lower case (looked for in the text lowered), and the words."""
        gate = _kept_gate(programs.KEPT.get("prefilter", self.pattern, self.flags, "words"))
        if gate is None:
            gate = bool(self._tree.state.flags & re.IGNORECASE), _words_of(self._tree)
            programs.KEPT.put("prefilter", self.pattern, self.flags, "words", [gate[0], gate[1] and list(gate[1])])
        return gate

    @property
    def words(self) -> tuple[str, ...] | None:
        """The words one of which every match contains (None: not known)."""
        return self._gate[1]

    @functools.cached_property
    def compiled(self) -> re.Pattern[str]:
        """The pattern compiled from its parse (`_program`), or from the program an earlier run kept."""

        def make() -> programs.Program:
            _ = self._gate  # read off the parse before it goes
            return _program(self._tree, self.flags)

        compiled = programs.KEPT.pattern("prefilter", self.pattern, self.flags, make)
        self.__dict__.pop("_tree", None)  # the parse is large and not needed again
        return compiled

    @property
    def groupindex(self) -> Mapping[str, int]:
        return self.compiled.groupindex

    def may_match(self, text: str) -> bool:
        """False only when no match of the pattern can lie anywhere in `text`."""
        folded, words = self._gate
        if words is None:
            return True
        if folded:
            text = text.lower()
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
