"""The sandbox a firm's template renders in: what it renders, and where its budget stops it."""

import time

import pytest

from toa.write.sandbox import (
    MAX_RENDERED_CHARACTERS,
    BoundedSandbox,
    Budget,
    TemplateLimitError,
    new_budget,
)


def render(source: str, budget: Budget | None = None, **context) -> str:
    return BoundedSandbox(budget or new_budget()).from_string(source).render(**context)


def test_a_table_renders_as_jinja_renders_it():
    source = "{% for c in cats %}{{ c.heading|upper }}:{% for e in c.entries %} {{ e }}{% endfor %};{% endfor %}"
    cats = [{"heading": "Cases", "entries": ["A v. B", "C & D"]}, {"heading": "Statutes", "entries": []}]
    assert render(source, cats=cats) == "CASES: A v. B C &amp; D;STATUTES:;"
    assert render("{{ '%-6s|' % 'ab' }}{{ 'x' * 3 }}{{ 2 ** 10 }}{{ 'ab'.center(6, '.') }}") == "ab    |xxx1024..ab.."


@pytest.mark.parametrize(
    "source, says",
    [
        ("{{ 'x' * 300000000 }}", "characters"),
        ("{{ 300000000 * ['x'] }}", "characters"),
        ("{{ ('x' * 10000000) ~ ('x' * 10000000) ~ 'x' }}", "characters"),
        ("{% for i in 'xyz' %}{{ 'y' * 10000000 }}{% endfor %}", "characters"),
        ("{% for i in 'x' * 1000000 %}{{ i }}{% endfor %}", "loops turn"),
        ("{% for a in 'x' * 100000 %}{% for b in 'x' * 100000 %}{% endfor %}{% endfor %}", "loops turn"),
        ("{{ 'x'.ljust(300000000) }}", "count or width"),
        ("{{ 'x'|center(300000000) }}", "count or width"),
        ("{{ '%300000000s' % 'x' }}", "count or width"),
        ("{{ '%300000000s'|format('x') }}", "count or width"),
        ("{{ '{:>300000000}'.format('x') }}", "count or width"),
        ("{{ 9 ** 99999999 }}", "power"),
        ("{% macro d(s, n) %}{{ d(s ~ s, n - 1) if n else s }}{% endmacro %}{{ d('x', 40) }}", "characters"),
        ("{{ ('x' * 10000000)|list|join(', ') }}", "characters"),
        (
            "{% macro m() %}{% for i in 'x' * 400 %}{{ 'y' * 1000000 }}{% endfor %}{% endmacro %}{{ m()|length }}",
            "prints",
        ),
    ],
)
def test_a_template_that_asks_for_more_than_a_table_stops_with_what_it_asked(source, says):
    with pytest.raises(TemplateLimitError, match=says):
        render(source)


def test_rendering_stops_at_the_first_piece_past_the_budget():
    budget = new_budget()
    with pytest.raises(TemplateLimitError, match="paragraphs"):
        render("{% for i in 'x' * 150000 %}<w:p/><w:p></w:p>{% endfor %}", budget)
    assert budget.loop_turns == 100_001 and budget.paragraphs == 200_002  # (two in the piece that passed)
    assert budget.characters <= MAX_RENDERED_CHARACTERS


def test_rendering_stops_when_its_time_is_up():
    """A loop that prints nothing still turns through the clock."""
    with pytest.raises(TemplateLimitError, match="took more than"):
        render("{% for a in 'xy' %}{% endfor %}", Budget(deadline=time.monotonic() - 1))
