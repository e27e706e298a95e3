"""The sandbox a firm's TOA template renders in: Jinja's immutable sandbox, with no globals, and
a budget of size and time for the rendering.

A template arrives by email like any document. The sandbox keeps it from reaching anything but
the variables it is given; the budget keeps it from asking for more than a table can be
(`{{ 'x' * 300000000 }}`, a loop in a loop) or for longer than a build should wait. Rendering
stops at the first step past the budget, before the step is taken when its size can be known
in advance (a repetition, a width, a power), or at once after it, and never holds more than
the budget. The limits are those of a brief (toa.document, toa.package): the table goes into
the brief, and the brief with its table must be readable again."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import wraps
from typing import Any

from jinja2 import StrictUndefined, Template, nodes
from jinja2.sandbox import ImmutableSandboxedEnvironment

from ..package import MAX_PARAGRAPHS, MAX_TAGS

# A table has a paragraph per authority (at most 20,000 citations) of some 700 characters of XML
# (the shipped template); 20,000,000 characters hold them with room for a firm's own markup.
MAX_RENDERED_CHARACTERS = 20_000_000
MAX_RENDERED_PARAGRAPHS = MAX_PARAGRAPHS
MAX_RENDERED_TAGS = MAX_TAGS
# A loop turns once for each category and entry: no more turns than the table has paragraphs.
MAX_LOOP_TURNS = MAX_RENDERED_PARAGRAPHS
RENDER_SECONDS = 30
# Python cannot print an integer of more than 4,300 digits; a power past that is refused unasked.
_MAX_POWER_BITS = 4300 * 4
_LOOP_FILTER = "toa_bounded_loop"
# A run of digits in a format ("%300000000s", "{:>300000000}") is a width the result will have.
_DIGITS = re.compile(r"\d+")
_FORMAT_METHODS = {"format", "format_map"}


class TemplateLimitError(Exception):
    """The template asked for more than a table may be; the message says what."""


@dataclass
class Budget:
    """What one rendering has spent, and when it must end."""

    deadline: float
    characters: int = 0
    printed: int = 0  # characters of the values printed, before they are escaped
    paragraphs: int = 0
    tags: int = 0
    loop_turns: int = 0

    def check_time(self) -> None:
        if time.monotonic() > self.deadline:
            raise TemplateLimitError(f"it took more than {RENDER_SECONDS} s to render")

    def spend(self, piece: str) -> None:
        """Count a piece of the rendered XML."""
        self.characters += len(piece)
        self.tags += piece.count("<")
        self.paragraphs += piece.count("<w:p>") + piece.count("<w:p ") + piece.count("<w:p/>")
        if self.characters > MAX_RENDERED_CHARACTERS:
            raise TemplateLimitError(f"it renders more than {MAX_RENDERED_CHARACTERS:,} characters")
        if self.paragraphs > MAX_RENDERED_PARAGRAPHS:
            raise TemplateLimitError(f"it renders more than {MAX_RENDERED_PARAGRAPHS:,} paragraphs")
        if self.tags > MAX_RENDERED_TAGS:
            raise TemplateLimitError(f"it renders more than {MAX_RENDERED_TAGS:,} XML tags")
        self.check_time()

    def print(self, value: Any) -> Any:
        """Count a value printed by `{{ }}`, wherever it is printed (a macro's output is kept
        until the macro returns, and Jinja's render never sees its pieces)."""
        self.printed += len(value) if _sized(value) else 1
        if self.printed > MAX_RENDERED_CHARACTERS:
            raise TemplateLimitError(f"it prints more than {MAX_RENDERED_CHARACTERS:,} characters")
        self.check_time()
        return value

    def turn(self) -> None:
        self.loop_turns += 1
        if self.loop_turns > MAX_LOOP_TURNS:
            raise TemplateLimitError(f"its loops turn more than {MAX_LOOP_TURNS:,} times")
        self.check_time()


def _sized(value: Any) -> bool:
    return isinstance(value, str | bytes | list | tuple | dict | set | frozenset)


def _check_value(value: Any) -> Any:
    """A value a step made: no bigger than the whole rendering may be."""
    if _sized(value) and len(value) > MAX_RENDERED_CHARACTERS:
        raise TemplateLimitError(f"it makes a value of more than {MAX_RENDERED_CHARACTERS:,} characters or items")
    return value


def _check_arguments(args: Iterable[Any], formats: Iterable[Any] = ()) -> None:
    """A value bigger than the whole rendering may be is refused as it is passed on (a string
    doubled at each call of a macro); a count or width above the budget can only ask for more
    than it (`'x'.ljust(n)`, `|center(n)`, `|batch(n)`), and so can a width written in a format."""
    args = list(args)
    for a in args:
        _check_value(a)
    numbers = [a for a in args if isinstance(a, int) and not isinstance(a, bool)]
    numbers += [int(d) for f in formats if isinstance(f, str) for d in _DIGITS.findall(f)]
    if any(abs(n) > MAX_RENDERED_CHARACTERS for n in numbers):
        raise TemplateLimitError(f"it asks for a count or width over {MAX_RENDERED_CHARACTERS:,}")


def _check_operation(operator: str, left: Any, right: Any) -> None:
    """Refuse, before it is made, a repetition, a power or a format bigger than the budget."""
    if operator == "*":
        for seq, n in ((left, right), (right, left)):
            if _sized(seq) and isinstance(n, int) and len(seq) * n > MAX_RENDERED_CHARACTERS:
                raise TemplateLimitError(f"it makes a value of more than {MAX_RENDERED_CHARACTERS:,} characters")
    elif operator == "**" and isinstance(left, int) and isinstance(right, int) and abs(left) > 1:
        if right * abs(left).bit_length() > _MAX_POWER_BITS:
            raise TemplateLimitError("it raises a number to a power too large to print")
    elif operator == "%":
        _check_arguments(right if isinstance(right, tuple) else [right], [left])


class BoundedSandbox(ImmutableSandboxedEnvironment):
    """Jinja's immutable sandbox (no attribute that reaches Python's internals, no method that
    changes a value), with no globals (an undefined name is an error), that renders within
    `budget`: every output piece, printed value, loop turn, call, filter, test and arithmetic
    step is checked against it."""

    intercepted_binops = frozenset({"*", "**", "%", "+"})

    def __init__(self, budget: Budget):
        super().__init__(autoescape=True, undefined=StrictUndefined, finalize=budget.print)
        self.budget = budget
        self.globals.clear()
        self.template_class = BoundedTemplate
        self.filters = {name: self._bounded(name, f) for name, f in self.filters.items()}
        self.tests = {name: self._bounded(name, f) for name, f in self.tests.items()}
        self.filters[_LOOP_FILTER] = self._loop

    def _bounded(self, name: str, function: Any) -> Callable:
        @wraps(function)  # (keeps Jinja's pass_context and pass_environment marks)
        def bounded(*args, **kwargs):
            self.budget.check_time()
            formats = args[:1] if name == "format" else []
            _check_arguments([*args, *kwargs.values()], formats)
            return _check_value(function(*args, **kwargs))

        return bounded

    def _loop(self, iterable: Iterable) -> Iterator:
        for item in iterable:
            self.budget.turn()
            yield item

    def call_binop(self, context, operator: str, left: Any, right: Any) -> Any:
        self.budget.check_time()
        _check_operation(operator, left, right)
        return _check_value(super().call_binop(context, operator, left, right))

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 - Jinja's own signature
        __self.budget.check_time()
        method = getattr(__obj, "__wrapped__", __obj)  # (the sandbox wraps str.format in a function of its own)
        formats = [getattr(method, "__self__", None)] if getattr(method, "__name__", "") in _FORMAT_METHODS else []
        _check_arguments([*args, *kwargs.values()], formats)
        return _check_value(super().call(__context, __obj, *args, **kwargs))

    def from_string(self, source, globals=None, template_class=None):  # noqa: A002 - Jinja's own signature
        """Every loop of the template turns through the budget."""
        tree = self.parse(source) if isinstance(source, str) else source
        for loop in tree.find_all(nodes.For):
            loop.iter = nodes.Filter(loop.iter, _LOOP_FILTER, [], [], None, None, lineno=loop.lineno)
        return super().from_string(tree, globals, template_class)


class BoundedTemplate(Template):
    """A template whose rendering is counted piece by piece, and stops at the first piece past
    the budget (Jinja's own render would join every piece first)."""

    def render(self, *args, **kwargs) -> str:
        budget = self.environment.budget  # type: ignore[attr-defined]
        pieces = []
        for piece in self.generate(*args, **kwargs):
            budget.spend(piece)
            pieces.append(piece)
        return "".join(pieces)


def new_budget() -> Budget:
    return Budget(deadline=time.monotonic() + RENDER_SECONDS)
