"""Jury instructions (category "other"): California's official sets, federal circuits' model and
pattern instructions, Texas's pattern jury charges and New York's pattern jury instructions.

    "CACI No. 2430", "CALCRIM Nos. 220, 222"          JuryInstructionKey("caci", "2430")
    "Judicial Council of California Civil Jury Instructions (2024) CACI No. 2430"   the same key
    "Ninth Circuit Manual of Model Civil Jury Instructions § 9.3 (2017)"
                                                      JuryInstructionKey("<title words>", "9.3")
    "Tex. Pattern Jury Charges PJC 100.3 (2020)"      JuryInstructionKey("<title words>", "100.3")
    "2 N.Y. PJI2d 2:216, at 345 (2021)", "PJI 2:216"   JuryInstructionKey("ny pji", "2:216")
Each instruction is an entry of its own, as each statute section is: the number names what is
cited, so it stays in the entry; a signal or "the" before the set's name does not. A set named
without a number or a year ("the Ninth Circuit's model instructions") is prose, not a citation.
Sort: (set name, natural key of the number).
"""

from __future__ import annotations

import re

from ..keys import JuryInstructionKey
from ..model import CategoryKey, Occurrence
from . import prefilter
from .common import Emphasis, RANK_SECONDARY, Claim, alpha_key, claim, clean, natkey, occ, claim_one

CAT: CategoryKey = "other"

_NUMBER = r"\d{1,4}(?:[.:]\d{1,3})*[A-Z]?"
# California's sets: the Judicial Council's civil (CACI) and criminal (CALCRIM) instructions and
# their predecessors (BAJI, CALJIC); a list ("CACI Nos. 2430, 2431 & 2432") cites each one.
_CALIFORNIA = prefilter.compile(
    # the set's full name, as the California Style Manual writes it: "Judicial Council of California
    # Civil Jury Instructions (2024) CACI No. 2430", "Jud. Council of Cal. Crim. Jury Instns. (2023)"
    r"(?<![\w.])(?P<name>Jud(?:icial|\.)\sCouncil\sof\sCal(?:ifornia|\.)\s(?:Civil|Civ\.|Criminal|Crim\.)\sJury\s"
    r"(?:Instructions|Instns\.|Instrs?\.)(?:\s\([^()]{0,20}\d{4}[^()]{0,10}\))?,?\s)?"
    rf"(?P<set>CACI|CALCRIM|CALJIC|BAJI)\s(?P<mark>Nos?\.\s?)?(?P<nums>{_NUMBER}(?:(?:,\s|,?\s(?:and|&)\s){_NUMBER})*)"
    r"(?P<paren>\s\((?:[^()]{0,30}?\s)?\d{4}(?:\sed\.|\srev\.)?\))?"
)
_LIST_ITEM = prefilter.compile(_NUMBER)
# A federal or state pattern set, its title ending in "Jury Instructions" / "Jury Charges", then
# the instruction ("§ 9.3", "No. 4.1", "Instruction 2.02", "PJC 100.3", "Instr. 4.1") and/or the year.
_TITLE_WORD = r"(?:[A-Z0-9][\w.’'&-]*|of|on|for|the|and|&)"
_PATTERN = prefilter.compile(
    rf"(?<![\w.])(?P<title>(?:[A-Z0-9][\w.’'&-]*\s(?:{_TITLE_WORD}\s){{0,8}}?)?"
    r"(?:Model|Pattern|Standard)\s(?:(?:Civil|Criminal|Civ\.|Crim\.)\s)?Jury\s(?:Instructions|Instr\.|Charges)"
    r"(?:\s?[-:–]\s?[A-Z][\w’'&-]*(?:\s(?:(?!PJC\b)[A-Z][\w’'&-]*|of|on|for|the|and|&)){0,6})?"
    r"(?:\s\((?:Civil|Criminal|Civ\.|Crim\.)(?:\sCases)?\))?"
    # "... for the District Courts of the Ninth Circuit", "... of the Seventh Circuit"
    r"(?:\s(?:for|of)\sthe\s[A-Z][\w.’'&-]*(?:\s(?:[A-Z][\w.’'&-]*|of|the|and|&)){0,8}(?<=[a-z]))?)"
    rf"(?:,?\s(?:§§?\s?|No\.\s|Instruction\s|Instr\.\s|PJC\s)(?P<num>{_NUMBER})|\s(?P<bare>\d{{1,3}}[.:]\d{{1,3}}[A-Z]?))?"
    r"(?P<paren>\s\((?:[^()]{0,40}?\s)?\d{4}(?:\sed\.)?\))?"
)
# New York's Pattern Jury Instructions, numbered by volume's part and colon: "PJI 2:216", "2 N.Y. PJI2d
# 2:216, at 345 (2021)" (the page pin is left out of the entry, as a statute's is)
_NEW_YORK = prefilter.compile(
    r"(?<![\w.])(?:(?P<vol>\d{1,2})\s)?(?P<set>(?:N\.\s?Y\.\s)?PJI(?:2d|3d)?)\s(?P<num>\d{1,2}:\d{1,3}[A-Z]?)(?![\d:])"
    r"(?P<pin>,\sat\s\d+(?:-\d+)?)?(?P<paren>\s\((?:[^()]{0,30}?\s)?\d{4}\))?"
)
# Words that open a sentence or a citation clause, not the set's title.
_LEAD = prefilter.compile(r"^(?:(?:See|Also|Cf\.|Compare|But|Accord|Under|In|The|Both|And|E\.g\.,?|Contra)\s)+")


def _california(text: str, m: re.Match[str]) -> Claim:
    setname = m.group("set")
    paren = clean(m.group("paren") or "")
    name = clean(m.group("name") or "")
    occs: list[Occurrence] = []
    items = list(_LIST_ITEM.finditer(m.group("nums")))
    if (m.group("mark") or "").startswith("No.") and len(items) > 1:
        # a list only after "Nos.": "CALJIC No. 8.80.1, 1 CT 23" cites the record next
        item = items[0]
        end = m.start("nums") + item.end()
        return claim(
            [
                occ(
                    text,
                    m.start(),
                    end,
                    category=CAT,
                    key=JuryInstructionKey(setname.lower(), item.group(0)),
                    display=(f"{name} " if name else "") + f"{setname} No. {item.group(0)}",
                    sort_key=(alpha_key(setname), "", natkey(item.group(0))),
                )
            ],
            RANK_SECONDARY,
            end=end,
        )
    for item in items:
        start = m.start() if not occs else m.start("nums") + item.start()
        end = m.start("nums") + item.end()
        number = item.group(0)
        display = (f"{name} " if name and not occs else "") + f"{setname} No. {number}" + (f" {paren}" if paren else "")
        occs.append(
            occ(
                text,
                start,
                end,
                category=CAT,
                key=JuryInstructionKey(setname.lower(), number),
                display=display,
                sort_key=(alpha_key(setname), "", natkey(number)),
            )
        )
    occs[-1].end = m.end()
    return claim(occs, RANK_SECONDARY, end=m.end())


def _pattern(text: str, m: re.Match[str]) -> Claim | None:
    if not (m.group("num") or m.group("bare") or m.group("paren")):
        return None
    lead = _LEAD.match(m.group("title"))
    start = m.start("title") + (lead.end() if lead else 0)
    title = clean(text[start : m.end("title")])
    number = m.group("num") or m.group("bare") or ""
    display = clean(text[start : m.end()])
    return claim_one(
        text,
        start,
        m.end(),
        category=CAT,
        key=JuryInstructionKey(alpha_key(title), number),
        display=display,
        sort_key=(alpha_key(title), "", natkey(number)),
        rank=RANK_SECONDARY,
    )


def _new_york(text: str, m: re.Match[str]) -> Claim:
    number = m.group("num")
    written = clean(text[m.start() : m.end("num")])
    paren = clean(m.group("paren") or "")
    return claim_one(
        text,
        m.start(),
        m.end(),
        category=CAT,
        key=JuryInstructionKey("ny pji", number),
        display=f"{written} {paren}" if paren else written,
        sort_key=(alpha_key("PJI"), "", natkey(number)),
        rank=RANK_SECONDARY,
    )


def find(text: str, emphasis: Emphasis | None = None) -> list[Claim]:
    claims = [_california(text, m) for m in _CALIFORNIA.finditer(text)] if "C" in text or "BAJI" in text else []
    if "Jury" in text:
        claims.extend(c for c in (_pattern(text, m) for m in _PATTERN.finditer(text)) if c is not None)
    claims.extend(_new_york(text, m) for m in _NEW_YORK.finditer(text))
    return claims
