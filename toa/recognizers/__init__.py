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

import re

from toa.meta import WorkMeta
from toa.model import Occurrence

from . import (
    agency,
    codes,
    constitution,
    jury,
    legislative,
    literature,
    nonauthority,
    prefilter,
    regulations,
    rules,
    secondary,
    statutes,
)
from .common import RANK_REFERENCE, Claim, is_author_word
from .nonauthority import non_authority_spans

__all__ = ["recognize", "non_authority_spans", "FAMILIES"]

FAMILIES = (
    nonauthority,
    constitution,
    statutes,
    codes,
    regulations,
    rules,
    legislative,
    agency,
    jury,
    secondary,
    literature,
)


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


_WORD_BEFORE = prefilter.compile(r"([A-Za-z][\w'’-]+)(?:,\ssupra,)?\s$")
# "5 Witkin, supra, Torts, § 124": a section right after "supra" (and a division's name) is a pin
# of the work the supra names.
_AFTER_SUPRA = prefilter.compile(r"\bsupra,(?:\s[A-Z][\w.'’]*(?:\s(?:[A-Z][\w.'’]*|of|and|&))*,)?\s$")


def _drop_secondary_pins(claims: list[Claim], text: str) -> list[Claim]:
    """A bare section right after a word that names a secondary source cited earlier in the
    paragraph ("... 4 Wayne R. LaFave, Criminal Procedure § 9.1 (4th ed.) ... LAFAVE § 9.2")
    is that work's pin, not a statute reference; so is a section right after "supra" ("5 Witkin,
    supra, Torts, § 124")."""
    names: list[tuple[int, set[str]]] = []
    for c in claims:
        for o in c.occs:
            if o.category == "other" and o.kind == "full":
                named = f"{o.meta.author} {o.meta.title}" if isinstance(o.meta, WorkMeta) else " "
                words = re.findall(r"[A-Za-z][\w'’-]{2,}", named)
                # words a statute's name could share ("Act", "Code") do not count
                names.append((o.end, {w.lower() for w in words if w[0].isupper() and is_author_word(w.capitalize())}))
    out = []
    for c in claims:
        if c.rank == RANK_REFERENCE and all(o.kind == "reference" for o in c.occs):
            if _AFTER_SUPRA.search(text, max(0, c.start - 60), c.start):
                continue
            w = _WORD_BEFORE.search(text, max(0, c.start - 40), c.start)
            if w and any(end <= c.start and w.group(1).lower() in ws for end, ws in names):
                continue
        out.append(c)
    return out


def recognize(
    text: str, emphasis: list[tuple[int, int]] | None = None, defined_acts: frozenset[str] = frozenset()
) -> list[Occurrence]:
    """Occurrences of non-case authorities in one paragraph, in text order; `defined_acts`: the
    short names earlier paragraphs defined for acts ("the Americans with Disabilities Act (ADA)").

    paragraph/story are left for the caller (-1 / "").
    """
    if not text or not text.strip():
        return []
    emphasis = sorted(emphasis or [])
    claims: list[Claim] = []
    for fam in FAMILIES:
        claims.extend(fam.find(text, emphasis))
    if defined_acts:  # "ADA § 12112" paragraphs after the act was named
        claims.extend(statutes.find_act_sections(text, emphasis, defined_acts))
    claims = _drop_secondary_pins(claims, text)
    out: list[Occurrence] = []
    for c in _resolve(claims):
        out.extend(c.occs)
    out.sort(key=lambda o: (o.start, o.end))
    return out
