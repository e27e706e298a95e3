"""Recognizers for the authorities eyecite does not handle well.

    from toa.recognizers import recognize, non_authority_spans
    recognize(text, emphasis) -> list[Occurrence]

One module per family; each exposes `find(text, emphasis) -> list[Claim]`.  A claim is a span
the family wants with the occurrences it yields.  Overlapping claims are resolved here: the
lower rank wins (non-authority < formal full cite < heuristic secondary cite < short-form
reference), then the longer span, then the earlier one.  Non-authority claims yield nothing
but block everything they overlap.
"""
from __future__ import annotations

from toa.model import Occurrence

from . import agency, constitution, legislative, nonauthority, rules, secondary, statutes
from .common import Claim
from .nonauthority import non_authority_spans

__all__ = ["recognize", "non_authority_spans", "FAMILIES"]

FAMILIES = (nonauthority, constitution, statutes, rules, legislative, agency, secondary)


def _resolve(claims: list[Claim]) -> list[Claim]:
    """Greedy choice of non-overlapping claims, best first."""
    chosen: list[Claim] = []
    for c in sorted(claims, key=lambda c: (c.rank, -(c.end - c.start), c.start)):
        if c.end <= c.start:
            continue
        if any(c.start < o.end and o.start < c.end for o in chosen):
            continue
        chosen.append(c)
    return chosen


def recognize(text: str, emphasis: list[tuple[int, int]] | None = None) -> list[Occurrence]:
    """Occurrences of non-case authorities in one paragraph, in text order.

    paragraph/story are left for the caller (-1 / "").
    """
    if not text or not text.strip():
        return []
    emphasis = sorted(emphasis or [])
    claims: list[Claim] = []
    for fam in FAMILIES:
        claims.extend(fam.find(text, emphasis))
    out: list[Occurrence] = []
    for c in _resolve(claims):
        out.extend(c.occs)
    out.sort(key=lambda o: (o.start, o.end))
    return out
