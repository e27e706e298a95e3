"""Rules and regulations: Federal Rules (abbreviated and spelled out), Supreme Court and circuit
rules, state court rules, short "Rule 54(d)" references, C.F.R. (and Treas. Reg.), U.S.S.G.,
and the Federal Register.

Keys (category "rules_regulations"; see toa.keys):
    RuleKey("Fed. R. Civ. P.", "56(a)")             rule + subsection as cited (+ edition)
    CfrKey("47", "54.709(a)(3)")                    title, section (+ edition); parts "pt. 1910"
    GuidelinesKey("4B1.2(a)(1)")
    FederalRegisterKey("86", "54819")               volume, first page
Sort keys are 6-tuples (group, rank, set name, a, b, extra): group 0 federal rules (App., Bankr.,
Civ., Crim., Evid., then Sup. Ct. R., then circuit rules), 1 state rules, 2 C.F.R., 3 U.S.S.G.,
4 Fed. Reg.  "Rule 54(d)" alone is kind "reference" with key None and meta {"rule": "54(d)"}:
the grouping stage gives it the last rule set cited.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

from ..keys import CfrKey, ExecutiveOrderKey, FarKey, FederalRegisterKey, GuidelinesKey, RuleKey
from ..meta import ProvisionMeta, SeriesMeta
from ..model import CategoryKey, Flag, Occurrence
from . import prefilter
from .common import (
    Emphasis,
    SortKey,
    EDITION_PAREN,
    boundary_before,
    RANK_REFERENCE,
    STATE_CAPS_RE,
    STATE_RE,
    SUBSECS,
    Claim,
    claim,
    claim_one,
    short_claim,
    clean,
    natkey,
    occ,
    squeeze_subsections,
    state_abbr,
)
from .statutes import continue_subsection, extend_last
from .tables import form_pattern, load

CAT: CategoryKey = "rules_regulations"

# (start, end, rule, subdivisions) of one rule number; (start, end, section, subsections, et seq.)
# of one C.F.R. section
RuleItem = tuple[int, int, str, str]
CfrItem = tuple[int, int, str, str, bool]

# The federal sets (data/federal_rule_sets.toml): key word -> the name a table prints
FEDERAL_SETS = load("federal_rule_sets", "rules")
RULE_SETS = {entry["set"]: entry["printed"] for entry in FEDERAL_SETS}
SET_RANK = {v: i for i, v in enumerate(RULE_SETS.values())}
_FEDERAL_RULES = [entry for entry in FEDERAL_SETS if "abbreviation" in entry]
_FOUR_DIGIT = {entry["set"] for entry in _FEDERAL_RULES if entry.get("four_digit")}


def _sets(written: Callable[[dict[str, Any]], str], entries: list[dict[str, Any]] = _FEDERAL_RULES) -> str:
    """An alternation of the sets as `written` gives each, in a group named by the set's key word:
    a match's `lastgroup` is its set."""
    return "|".join(f"(?P<{entry['set']}>{written(entry)})" for entry in entries)


def _long(entry: dict[str, Any]) -> str:
    return form_pattern(entry["long"])


def _first_word(entry: dict[str, Any]) -> str:
    return form_pattern(entry["long"].split()[0])


_RULE_NO = r"\d+[a-z]?(?:\.\d+)*"
# a subsection may follow after a space ("8.104 (a)(1)"), never a year ("Rule 11 (1983)")
_RULE_ITEM = prefilter.compile(
    rf"(?P<rule>{_RULE_NO})(?P<sub>(?:\s(?=\([A-Za-z0-9]{{1,3}}\)))?{SUBSECS})(?!\w|\.\d|-[A-Za-z])"
)
_RULE_SUB_ONLY = prefilter.compile(r"(?:,\s?(?:and\s|or\s)?|\s(?:and|or)\s)(?P<sub>(?:\([A-Za-z0-9]{1,3}\))+)(?![\w(])")
_RULE_JOIN = prefilter.compile(r"(?:,\s(?:and\s|or\s)?|\s(?:and|or|through)\s|\s?-\s?)(?=\d)")
_EDITION = prefilter.compile(r"\s?(" + EDITION_PAREN + ")")

# (also as typed in a hurry: "Fed. R. Civ. P 12", "Fed. R. Civ. Pro. 12")
_FED_ABBR = prefilter.compile(
    r"(?<![\w.])Fed\.\s?R\.\s?(?:"
    + _sets(lambda entry: re.escape(entry["abbreviation"]))
    + r")\.(?:\s?P(?:roc?|ro)?\.?)?\s(?:Rules?\s)?(?=\d)"
)
# District-court motions often write the sets as initials: "FRCP 56(a)", "F.R.C.P. 26(b)(1)", "FRE 702".
_FED_INITIALS = prefilter.compile(
    r"(?<![\w.])(?:"
    + _sets(lambda entry: "|".join(form_pattern(form) for form in entry["initials"]))
    + r")\s(?:Rules?\s)?(?=\d)"
)
_FED_LONG = prefilter.compile(r"(?<![\w.])Federal\sRules?\sof\s(?:" + _sets(_long) + r")\s(?=\d)")
_SET_RULE = prefilter.compile(r"(?<![\w.])(?<!Local\s)(?<!Loc\.\s)(?:" + _sets(_first_word) + r")\sRules?\s(?=\d)")
# "Rule 54(d) of the Federal Rules of Civil Procedure"
_RULE_OF = prefilter.compile(r"(?<![\w.])[Rr]ules?\s(?=\d)")
_OF_FEDERAL = prefilter.compile(r"\sof\sthe\sFederal\sRules\sof\s(?:" + _sets(_long) + ")")
# "Rule 9.4 of the Rules of Appellate Procedure": a set named without its state or "Federal"
_OF_UNNAMED = prefilter.compile(
    r"\sof\s(?:the\s)?Rules\sof\s(?:"
    + _sets(_long, [entry for entry in _FEDERAL_RULES if entry.get("named_by_states")])
    + r")(?![\w’'])"
)
_SCT = prefilter.compile(
    r"(?<![\w.])(?:Sup\.\s?Ct\.\sR\.|S\.\s?Ct\.\sR\.|Supreme\sCourt\sRules?|[Tt]his\sCourt(?:'s|’s)\sRules?)"
    r"\s(?=\d)"
)
# The Supplemental Rules are lettered: "Supp. R. G(5)(a)", "Supplemental Rule G(4)".
_SUPP = prefilter.compile(r"(?<![\w.])(?:Supp\.\s?R\.|Supplemental\sRules?)\s(?=[A-G](?![\w.]))")
_SUPP_ITEM = prefilter.compile(rf"(?P<rule>[A-G])(?!\w|\.\w)(?P<sub>{SUBSECS})")
_LETTER_RULE_REF = prefilter.compile(r"(?<![\w.])Rule\s(?=[A-G]\()")
# Circuit rules are numbered with hyphens ("9th Cir. R. 36-3", "Ninth Circuit Rule 28-2.7"), and
# the Third Circuit's are "L.A.R."; a circuit brief cites its own court's as "Circuit Rule 28(a)".
_CIRCUIT = prefilter.compile(
    r"(?<![\w.])(?:(?P<court>(?:\d+(?:st|d|nd|rd|th)|D\.\s?C\.|Fed\.)\sCir\.)\s(?P<kind>R\.|Rule|L\.\s?A\.\s?R\.)|"
    r"(?P<ordinal>First|Second|Third|Fourth|Fifth|Sixth|Seventh|Eighth|Ninth|Tenth|Eleventh|D\.C\.|"
    r"Federal)\sCircuit\sRules?|(?P<own>Circuit\sRules?|Cir\.\sR\.))\s(?=\d)"
)
_ORDINALS = {
    "First": "1st",
    "Second": "2d",
    "Third": "3d",
    "Fourth": "4th",
    "Fifth": "5th",
    "Sixth": "6th",
    "Seventh": "7th",
    "Eighth": "8th",
    "Ninth": "9th",
    "Tenth": "10th",
    "Eleventh": "11th",
    "D.C.": "D.C.",
    "Federal": "Fed.",
}
# A district court's local rules, with or without the court: "N.D. Cal. Civ. L.R. 7-2(b)", "Civil L.R. 7-3",
# "S.D.N.Y. Local Civ. R. 6.3", "Local Rule 56.1(a)", "LCvR 7(m)", "L. Civ. R. 7.1", "Local Bankruptcy Rule 4001-1".
_LOCAL_KIND = r"(?:Civ(?:il|\.)|Crim(?:inal|\.)|Bankr(?:uptcy|\.)|Pat(?:ent|\.)|Adm(?:iralty|\.))"
_DISTRICT = (
    r"(?:[NSEWMC]\.\s?D\.\s?|D\.\s?)(?:[A-Z][a-z]{1,6}\.(?:\s(?!" + _LOCAL_KIND + r")[A-Z][a-z]{0,6}\.)?|"
    r"(?:[A-Z]\.){1,3})"
)
_LOCAL = prefilter.compile(
    rf"(?<![\w.])(?:(?P<court>{_DISTRICT})\s)?(?P<set>{_LOCAL_KIND}\s?L\.\s?R\.|L\.\s?(?:Civ|Cv|Cr|Crim|Bankr|B|Pat)\.\s?R\.|"
    rf"L\.\s?R\.|LR|LCvR|LCrR|LBR|LPR|Loc(?:al|\.)\s(?:{_LOCAL_KIND}\s)?(?:Rules?|R\.))\s?(?=\d)"
)
# A trial court's local rules, by its county: as the California Style Manual cites them ("Super. Ct.
# Orange County, rule 3.12", "Super. Ct. L.A. County, Local Rules, rule 3.57") and written out ("Orange
# County Superior Court Local Rule 360", "Local Rules of the Civil District Courts of Travis County,
# rule 2.1", "Local Rules of the Bexar County Civil District Courts, Rule 3.4", "Bexar County Dist. Ct.
# Loc. R. 3.4"), as the Bluebook cites them ("Cook Cnty. Cir. Ct. R. 13.3", "Harris Cnty. Crim. Dist. Ct.
# Loc. R. 3.4"), and by the county alone ("Harris County Local Rule 3.4", "Dallas County Local Rules of
# the Civil District Courts, Rule 1.10"). One set per court and county however it is written; a
# signal before the county's name is not part of it ("See Orange County …").
_COUNTY = (
    r"(?P<county>(?:(?!(?:See|Cf|Also|But|Compare|Accord|Under|In|The|And|Or|Contra|Per|Both)\b)[A-Z][\w.'’]*\s){1,3})"
    r"(?:County|Cnty\.)"
)
_COURTS = (
    r"(?:(?:[A-Z][\w.'’]*\s){0,2}(?:Superior|District|Circuit)\sCourts?"
    r"|(?:(?:Civ|Crim|Fam|Prob|Juv)\.\s)?(?:Super\.\sCt\.|Dist\.\sCts?\.|Cir\.\sCt\.))"
)
_SUPERIOR_COURT_LOCAL = prefilter.compile(
    r"(?<![\w.])(?:Super\.\sCt\.\s" + _COUNTY + r",(?:\sLocal\sRules,)?\s[Rr]ules?"
    r"|" + _COUNTY.replace("county", "county2") + r"\s(?:(?P<court>" + _COURTS + r")\s)?"
    r"(?:Local\sRules?(?:,\s[Rr]ule)?|Loc\.\sR\.|(?<=Ct\.\s)R\.)"
    r"|" + _COUNTY.replace("county", "county5") + r"\sLocal\sRules\sof\sthe\s(?P<court5>" + _COURTS + r"),\s[Rr]ule"
    r"|Local\sRules\sof\sthe\s(?:(?P<court3>"
    + _COURTS
    + r")\sof\s"
    + _COUNTY.replace("county", "county3")
    + r"|"
    + _COUNTY.replace("county", "county4")
    + r"\s(?P<court4>"
    + _COURTS
    + r"))"
    + r",\s[Rr]ule)\s(?=\d)"
)
# the words of a court's name in a key: "Dist. Ct." is "District Court"
_COURT_WORDS = {
    "super": "superior",
    "dist": "district",
    "cir": "circuit",
    "ct": "court",
    "cts": "court",
    "courts": "court",
    "civ": "civil",
    "crim": "criminal",
    "fam": "family",
    "prob": "probate",
    "juv": "juvenile",
}
_LOCAL_ITEM = prefilter.compile(rf"(?P<rule>\d+(?:[.-]\d+)*[A-Za-z]?)(?P<sub>{SUBSECS})(?![\w-]|\.\d)")
# A rule numbered by its part and a colon ("N.J. Ct. R. 4:46-2(c)", "Va. Sup. Ct. R. 5:17(c)")
_COLON_ITEM = prefilter.compile(rf"(?P<rule>\d+:\d+(?:[.-]\d+)*[A-Za-z]?)(?P<sub>{SUBSECS})(?![\w-]|\.\d)")
_NUMBERINGS = {"hyphen": _LOCAL_ITEM, "colon": _COLON_ITEM}  # data/state_rule_sets.toml's "numbering"
_LOCAL_WORDS = {
    "civ": "civ",
    "civil": "civ",
    "cv": "civ",
    "crim": "crim",
    "criminal": "crim",
    "cr": "crim",
    "bankr": "bankr",
    "bankruptcy": "bankr",
    "b": "bankr",
    "pat": "pat",
    "patent": "pat",
    "adm": "adm",
    "admiralty": "adm",
    "l": "l",
    "loc": "l",
    "local": "l",
    "r": "r",
    "rule": "r",
    "rules": "r",
}
_LOCAL_INITIALS = {"LR": "l r", "LCvR": "l civ r", "LCrR": "l crim r", "LBR": "l bankr r", "LPR": "l pat r"}
_STATE_RULE = prefilter.compile(
    rf"(?<![\w.])(?P<state>{STATE_RE}|{STATE_CAPS_RE})\s(?:(?P<pre>[A-Z][A-Za-z]*\.)\s)?R\.\s"
    # (a number is never a word of the set: "Mich. Ct. R. 2.116" is rule 2.116 of "Mich. Ct. R.")
    r"(?P<set>(?:(?!\d+\.\d)[A-Z0-9][A-Za-z0-9'’]*(?![A-Za-z0-9'’])\.?\s?(?:&\s)?){1,3}?)(?:,?\s(?:[Rr]ule|R\.)\s?)?(?=\d)"
)
# "Texas Rule of Evidence 404(b)", "Texas Rules of Appellate Procedure 38.1", "Texas Disciplinary Rules of
# Professional Conduct 3.09", "California Rule of Court 8.104", "Cal. Rules of Court, rule 8.204(c)"
_LONG_STATE_SETS = (
    r"(?:Appellate|Civil|Criminal|Juvenile|Family|Disciplinary)\sProcedure|Evidence|Court|Professional\sConduct"
)
_STATE_RULE_LONG = prefilter.compile(
    rf"(?<![\w.])(?P<state>{STATE_RE})\s(?P<pre>Disciplinary\s)?Rules?\sof\s(?P<set>{_LONG_STATE_SETS})"
    r"(?:,?\s(?:[Rr]ules?|R\.)\s?|\s)(?=\d)"
)
_OF_STATE_RULES = prefilter.compile(
    rf"\sof\s(?:the\s)?(?P<state>{STATE_RE})\s(?P<pre>Disciplinary\s)?Rules\sof\s"
    rf"(?P<set>{_LONG_STATE_SETS})"
)
# Rules of professional conduct abbreviated: "Tex. Disciplinary Rules Prof'l Conduct R. 3.03",
# "Cal. Rules Prof. Conduct, rule 3.3" (keyed as "Texas Disciplinary Rules of Professional Conduct 3.03")
_STATE_CONDUCT = prefilter.compile(
    rf"(?<![\w.])(?P<state>{STATE_RE})\s(?P<pre>Disciplinary\s)?Rules\s(?:of\s)?Prof(?:'|’)?l?\.?\s(?:Conduct|Cond\.)"
    r",?\s(?:R\.|[Rr]ules?)\s?(?=\d)"
)
# States' own names for their court rules (data/state_rule_sets.toml): Michigan "MCR 2.116(C)(8)",
# Pennsylvania "Pa.R.A.P. 1925(b)", Washington "RAP 13.4(b)"; and Ohio's, one set a word: "App.R. 16(A)(7)",
# "Civ.R. 12(B)(6)", "Crim.R. 11", "Evid.R. 404(B)"
_OFFICIAL_RULES = tuple(
    (
        prefilter.compile(r"(?<![\w.])(?:" + "|".join(form_pattern(f) for f in entry["forms"]) + r")\s(?=\d)"),
        entry["printed"],
        entry["state"],
        entry.get("numbering"),
    )
    for entry in load("state_rule_sets", "rules")
) + ((prefilter.compile(r"(?<![\w.])(?P<set>App|Civ|Crim|Evid|Juv)\.\s?R\.\s(?=\d)"), "Ohio", "Ohio", None),)
# the state's Supreme Court rules ("Ill. S. Ct. R. 23") and rules of self-regulatory bodies ("FINRA Rule 4530")
_STATE_SCT = prefilter.compile(rf"(?<![\w.])(?P<state>{STATE_RE})\s(?:S\.\s?Ct\.|Sup\.\s?Ct\.)\sR\.\s(?=\d)")
_SRO_RULE = prefilter.compile(r"(?<![\w.])(?P<org>FINRA|NASD|NYSE|MSRB|CBOE|NFA|Nasdaq)\s(?:Rules?|R\.)\s(?=\d)")
# Words of a rule set's name, each spelled one way in keys and entries ("APP. PROC." = "App. P.").
_SET_WORDS = {
    "app": "App.",
    "appellate": "App.",
    "p": "P.",
    "proc": "P.",
    "pro": "P.",
    "procedure": "P.",
    "civ": "Civ.",
    "civil": "Civ.",
    "crim": "Crim.",
    "criminal": "Crim.",
    "evid": "Evid.",
    "evidence": "Evid.",
    "prof": "Prof'l",
    "profl": "Prof'l",
    "professional": "Prof'l",
    "cond": "Conduct",
    "conduct": "Conduct",
    "disc": "Disciplinary",
    "disciplinary": "Disciplinary",
    "juv": "Juv.",
    "juvenile": "Juv.",
    "fam": "Fam.",
    "family": "Fam.",
}


def state_rule_set(abbr: str, pre: str, words: str) -> str:
    """Canonical name of a state's rule set: ("Tex.", "", "APP. PROC.") -> "Tex. R. App. P."."""
    if words.strip().lower() == "court":
        return f"{abbr} Rules of Court, rule"
    out = []
    for w in re.findall(r"[A-Za-z0-9'’]+\.?|&", words):
        out.append(_SET_WORDS.get(re.sub(r"[^a-z]", "", w.lower()), w if w == "&" else w[:1].upper() + w[1:].lower()))
    head = f"{abbr} " + (_SET_WORDS.get(re.sub(r"[^a-z]", "", pre.lower()), pre.strip()) + " " if pre.strip() else "")
    return f"{head}R. " + " ".join(out)


_CFR_HEAD = prefilter.compile(
    r"(?<![\w.])(?P<title>\d{1,2})\sC\.\s?F\.\s?R\.?\s?"
    r"(?:(?:[Pp]t|[Pp]art)\.?\s?\d+[A-Za-z]?,?\s(?:[Ss]ubpt\.?\s?[A-Z0-9]+,?\s)?(?=§|[Ss]ec))?"
    r"(?P<mark>§§?|[Ss]ections?|[Pp]ts?\.|[Pp]arts?)?\s?(?=\d)"
)
# The Federal Acquisition Regulation and the defense supplement by their own names: title 48 of the C.F.R.
_FAR = prefilter.compile(r"(?<![\w.])(?P<set>FAR|DFARS)\s(?P<mark>§§?\s?)?(?=\d{1,3}\.\d)")
_TREAS_REG = prefilter.compile(r"(?<![\w.])(?:Treas\.\s?Reg\.|Treasury\sRegulations?)\s?(?P<mark>§§?)\s?(?=\d)")
# "240.10b5-1": a letter inside a section number, then a hyphen; the Treasury's "1.501(c)(3)-1",
# whose number holds the Code subsection it serves
# ("240.10b-5", "1.501(c)(3)-1": a hyphen and a number end some sections' numbers; one followed by a
# point and digits is the other end of a range, "1501.1-1501.4")
_CFR_SECTION = r"\d+[A-Za-z]?(?:\.\d+(?:[A-Za-z]+\d*)?)?(?:(?:\([a-z0-9]+\))+(?=-\d))?(?:-\d+[A-Za-z]*(?!\d|\.\d))?"
_CFR_ITEM = prefilter.compile(rf"(?P<sec>{_CFR_SECTION})(?P<sub>{SUBSECS})(?P<etseq>,?\set\sseq\.?)?")
_CFR_JOIN = prefilter.compile(r"(?:,\s(?:and\s|or\s)?|\s(?:and|or)\s)(?=\d)")

_USSG = prefilter.compile(
    r"(?<![\w.])(?:(?P<head>U\.\s?S\.\s?S\.\s?G\.|USSG|(?:United\sStates\s|U\.S\.\s)?Sentencing\sGuidelines?(?:\sManual)?|"
    r"Guidelines?)\s?)?(?P<mark>§§?)\s?(?P<sec>\d[A-Z]\d\.\d+[A-Za-z]?)(?P<sub>" + SUBSECS + r")"
    r"(?:,?\s(?:cmt\.|comment\.?)\s?(?:\(n\.\s?\d+(?:\([A-Za-z0-9]+\))*\)|\(backg(?:'|’)?d\.\)))?"
)

_FR = prefilter.compile(
    r"(?<![\w.])(?P<vol>\d{1,3})\sFed\.\s?Reg\.\s(?P<page>\d{1,3}(?:,\d{3})+|\d+)"
    r"(?P<pin>,\s(?:\d{1,3}(?:,\d{3})+|\d+)(?:\s?-\s?\d[\d,]*)?(?![\d,]*\s?[A-Za-z]))?"
    r"(?P<date>\s?\((?:[a-z][a-z\s.]*?\s)?[A-Z][a-z]{2,8}\.?\s\d{1,2},\s\d{4}\))?"
    # "(to be codified at 12 C.F.R. pt. 1041)" says where the rule will go: part of this cite
    r"(?:\s?\((?:to\sbe\s)?codified\s(?:at|in)\s(?:[^()]|\([^()]{0,8}\))*\))?"
)

_FR_SHORT = prefilter.compile(r"(?<![\w.])(?P<vol>\d{1,3})\sFed\.\s?Reg\.\sat\s(?P<pin>\d{1,3}(?:,\d{3})+|\d+)")


def rule_sort(group: int, set_name: str, a: str, b: str = "", extra: str = "") -> SortKey:
    return (group, SET_RANK.get(set_name, len(SET_RANK)), set_name, natkey(a), natkey(b), extra)


def parse_rules(text: str, pos: int) -> tuple[list[RuleItem], int]:
    """Rule numbers at `pos`: "56(a)", "12(b)(6) and 56", "413-415" (expanded, max 20).

    Returns ([(start, end, rule, sub)], end)."""
    m = _RULE_ITEM.match(text, pos)
    if not m:
        return [], pos
    items = [_rule_item(m)]
    end = _with_sub_range(text, items)
    while True:
        b = _RULE_SUB_ONLY.match(text, end)
        if b and items[-1][3]:
            # "8.104(a)(1), (f)": bare subsections continue the rule before, and the rule cited
            # with its list of subsections is one provision, as the brief cites it
            s, _e, rule, sub = items[-1]
            items[-1] = (s, b.end(), rule, f"{sub}, {b.group('sub')}")
            end = b.end()
            continue
        j = _RULE_JOIN.match(text, end)
        if not j:
            break
        n = _RULE_ITEM.match(text, j.end())
        if not n or re.match(r"\s?(?:[A-Z]|\d)", text[n.end() : n.end() + 2]) and not text.startswith(" (", n.end()):
            break
        joiner = j.group(0).strip()
        prev = items[-1]
        if joiner == "-" and not (prev[2].isdigit() and n.group("rule").isdigit() and not prev[3]):
            # "Rule 10b-5" is an SEC rule, not a range of procedural rules
            return ([], pos) if len(items) == 1 else (items, end)
        if joiner in ("-", "through") and prev[2].isdigit() and n.group("rule").isdigit() and not prev[3]:
            lo, hi = int(prev[2]), int(n.group("rule"))
            if not (lo < hi <= lo + 20) or n.group("rule").startswith("0"):
                break  # "839-020": one number written with a hyphen, not a range

            # every rule of the range shares the span of the whole range
            items.pop()
            items.extend((prev[0], n.end(), str(k), "") for k in range(lo, hi + 1))
        else:
            items.append(_rule_item(n))
        end = _with_sub_range(text, items) if items[-1][1] == n.end() else n.end()
    return items, end


_SUB_RANGE = prefilter.compile(r"\s?-\s?(?P<to>(?:\([A-Za-z0-9]{1,3}\))+)")


def _with_sub_range(text: str, items: list[RuleItem]) -> int:
    """ "65(b)(1)(A)-(B)": a range of subdivisions is one rule as cited (the last item grows over it)."""
    s, e, rule, sub = items[-1]
    r = _SUB_RANGE.match(text, e) if sub else None
    if r:
        items[-1] = (s, r.end(), rule, f"{sub}-{r.group('to')}")
        return r.end()
    return e


def subsection_list(sub: str) -> list[str]:
    """ "(a)(1), (f)" -> ["(a)(1)", "(f)"]: each subsection of a list written in full."""
    out: list[str] = []
    for part in filter(None, (p.strip() for p in sub.split(","))):
        out.append(continue_subsection(out[-1], part) if out else part)
    return out


def _rule_item(m: re.Match[str]) -> RuleItem:
    """(start, end, rule, subdivisions) of a rule's number (_RULE_ITEM, or _LOCAL_ITEM for a
    circuit's or a court's rule numbered with hyphens)."""
    return m.start(), m.end(), m.group("rule"), re.sub(r"\s", "", squeeze_subsections(m.group("sub")))


def _supp_item(m: re.Match[str]) -> RuleItem:
    """(start, end, rule, subdivisions) of a Supplemental Rule, lettered: "G(5)"."""
    return m.start(), m.end(), m.group("rule"), squeeze_subsections(m.group("sub"))


def _rule_occs(
    text: str,
    head_start: int,
    items: list[RuleItem],
    set_name: str,
    end: int,
    edition: str,
    group: int = 0,
    juris: str = "US",
    flags: list[Flag] | None = None,
) -> list[Occurrence]:
    occs = []
    for i, (s, e, rule, sub) in enumerate(items):
        cite = f"{rule}{sub}"
        key = RuleKey(set_name, cite, edition)
        display = f"{set_name} {cite}" + (f" ({edition})" if edition else "")
        subs = subsection_list(sub)
        meta = ProvisionMeta(
            rule_set=set_name,
            rule=rule,
            subsection=subs[0].split("-")[0] if subs else "",
            jurisdiction=juris,
            subsections=subs if len(subs) > 1 else [],
            edition=edition,
        )
        o = occ(
            text,
            head_start if i == 0 or s == items[0][0] else s,
            e,
            category=CAT,
            key=key,
            display=display,
            sort_key=rule_sort(group, set_name, rule, sub, edition),
            meta=meta,
            flags=flags,
        )
        occs.append(o)
    if edition and occs:
        last = max(o.end for o in occs)
        for o in occs:
            if o.end == last:
                o.end = o.anchor_end = end
                o.text = text[o.start : end]
    return occs


def rule_of(set_name: str, key_set: str, number: str, group: int, jurisdiction: str) -> Occurrence | None:
    """Rule `number` ("56(a)") of the set a brief cites as `set_name` ("Fed. R. Civ. P.") and keys
    as `key_set`, as find_rules makes "Fed. R. Civ. P. 56(a)" (a circuit's or a court's local rule
    numbered with hyphens, "36-3(a)"): the full citation a short form of it stands for. None for a
    number that is no rule, or is several ("413-415")."""
    written = f"{set_name} {number}"
    at = len(set_name) + 1
    if set_name == RULE_SETS["supp"]:
        m = _SUPP_ITEM.match(written, at)
        items = [_supp_item(m)] if m else []
    elif key_set != set_name or _CIRCUIT.match(written):
        m = _LOCAL_ITEM.match(written, at)
        items = [_rule_item(m)] if m else []
    else:
        items, _end = parse_rules(written, at)
    if len(items) != 1:
        return None
    [o] = _rule_occs(written, 0, items, set_name, items[0][1], "", group, jurisdiction)
    assert isinstance(o.key, RuleKey)
    o.key = replace(o.key, rule_set=key_set)
    return o


def _edition_after(text: str, end: int) -> tuple[str, int]:
    m = _EDITION.match(text, end)
    return (clean(m.group(1)[1:-1]), m.end()) if m else ("", end)


def _numbered_rules(
    text: str,
    head: re.Match[str],
    set_name: str,
    key_set: str | None = None,
    group: int = 0,
    juris: str = "US",
    item: prefilter.Pattern = _LOCAL_ITEM,
) -> Claim | None:
    """Circuit and local rules, numbered with hyphens and points ("36-3(a)", "28-2.7", "56.1"): a
    hyphen is part of the number there, never a range. `key_set` keys rule sets written in
    several ways (a local rule with or without its court) as one."""
    items: list[RuleItem] = []
    end = head.end()
    m = item.match(text, end)
    while m:
        items.append(_rule_item(m))
        end = m.end()
        j = _CFR_JOIN.match(text, end)
        m = item.match(text, j.end()) if j else None
        if m and re.match(r"\s?(?:[A-Z]|\d)", text[m.end() : m.end() + 2]):
            break  # the volume or title of the next citation
    if not items or key_set and re.match(r"\s(?:[A-Z][A-Za-z]*\.){1,3}\s?\d", text[items[0][1] : items[0][1] + 12]):
        return None  # "L.R. 3 H.L. 330": the English Law Reports, not a local rule
    if key_set and re.fullmatch(r"(?:19|20)\d\d", items[0][2]) and not items[0][3]:
        return None  # "LR 2019 guidance": a year, not a rule
    edition, end2 = _edition_after(text, end)
    occs = _rule_occs(text, head.start(), items, set_name, end2, edition, group, juris)
    if key_set:
        for o in occs:
            assert isinstance(o.key, RuleKey)
            o.key = replace(o.key, rule_set=key_set)
    return claim(occs)


def _local_set(written: str) -> str:
    """One spelling of a local rule set for keys: "Civ. L.R.", "L. Civ. R.", "Local Civil Rule" and
    "LCvR" are all "civ l r"."""
    words = _LOCAL_INITIALS.get(written, "").split() or [
        _LOCAL_WORDS.get(w.lower(), w.lower()) for w in re.findall(r"[A-Za-z]+", written)
    ]
    return " ".join(sorted(words))


# "Fed. R. Civ. P. 26 advisory committee's note to 2015 amendment": the note is an authority of its own
_COMMITTEE_NOTE = prefilter.compile(
    r"\s(?P<note>(?:advisory\scommittee(?:'|’)?s?|adv\.\scomm\.)\snotes?"
    r"(?:\sto\s(?:the\s)?\d{4}\samendments?|\s\(\d{4}(?:\samendments?)?\))?)"
)


def _full_rules(text: str, head: re.Match[str], set_name: str, group: int = 0, juris: str = "US") -> Claim | None:
    items, end = parse_rules(text, head.end())
    if not items:
        return None
    edition, end2 = _edition_after(text, end)
    occs = _rule_occs(text, head.start(), items, set_name, end2, edition, group, juris)
    note = _COMMITTEE_NOTE.match(text, end2) if len(occs) == 1 else None
    if note:
        o = occs[0]
        assert isinstance(o.key, RuleKey)
        o.key = replace(o.key, note=clean(note.group("note")))
        o.display = f"{o.display} {clean(note.group('note'))}"
        assert o.sort_key is not None
        o.sort_key = o.sort_key[:-1] + (f"{o.sort_key[-1]}|{clean(note.group('note'))}",)
        assert isinstance(o.meta, ProvisionMeta)
        o.meta.committee_note = clean(note.group("note"))
        o.end = o.anchor_end = note.end()
        o.text = text[o.start : o.end]
    return claim(occs)


def _federal_rules(text: str) -> Iterator[Claim | None]:
    """The Federal Rules by their abbreviation ("Fed. R. Civ. P. 56"), initials ("FRCP 56"), long
    name ("Federal Rule of Evidence 403", "Civil Rule 12") and the Supreme Court's Rules."""
    for rx in (_FED_ABBR, _FED_INITIALS, _FED_LONG, _SET_RULE):
        for m in rx.finditer(text):
            key = str(m.lastgroup)
            if (
                rx is _FED_INITIALS
                and key not in _FOUR_DIGIT
                and re.match(r"(?:19|20)\d\d(?![\d(.-])", text[m.end() : m.end() + 5])
            ):
                continue  # "FRE 2020 plan": a year (only the Bankruptcy Rules run to four digits, Rule 2004)
            yield _full_rules(text, m, RULE_SETS[key])
    for m in _SCT.finditer(text):
        yield _full_rules(text, m, RULE_SETS["sct"])


def _supplemental_rules(text: str) -> Iterator[Claim | None]:
    """The Supplemental Rules for Admiralty, lettered ("Supp. R. G(5)"), and "Rule G(5)" after one."""
    for m in _SUPP.finditer(text):
        item = _SUPP_ITEM.match(text, m.end())
        if item:
            edition, end = _edition_after(text, item.end())
            yield claim(_rule_occs(text, m.start(), [_supp_item(item)], RULE_SETS["supp"], end, edition))
    for m in _LETTER_RULE_REF.finditer(text):
        item = _SUPP_ITEM.match(text, m.end())
        if item:
            yield claim_one(
                text,
                m.start(),
                item.end(),
                category=None,
                key=None,
                display=None,
                sort_key=None,
                kind="reference",
                meta=ProvisionMeta(rule=item.group("rule") + squeeze_subsections(item.group("sub"))),
                rank=RANK_REFERENCE,
            )


def _circuit_and_local_rules(text: str) -> Iterator[Claim | None]:
    """A circuit's rules ("9th Cir. R. 36-3"), a district court's local rules ("Civ. L.R. 7-3") and a
    county court's (see _SUPERIOR_COURT_LOCAL), numbered with hyphens and points."""
    for m in _CIRCUIT.finditer(text):
        if m.group("court"):
            kind = "R." if m.group("kind") == "Rule" else re.sub(r"\s", "", m.group("kind"))
            set_name = f"{clean(m.group('court')).replace('D. C.', 'D.C.')} {kind}"
        elif m.group("ordinal"):
            set_name = f"{_ORDINALS[m.group('ordinal')]} Cir. R."
        else:
            set_name = "Cir. R." if m.group("own").startswith("Cir.") else "Circuit Rule"
        yield _numbered_rules(text, m, set_name)
    for m in _LOCAL.finditer(text) if "L" in text else ():
        yield _numbered_rules(text, m, clean(m.group(0)), key_set="local " + _local_set(m.group("set")))
    for m in _SUPERIOR_COURT_LOCAL.finditer(text) if "Local" in text or "Super." in text or "R." in text else ():
        written = next(m.group(g) for g in ("county", "county2", "county3", "county4", "county5") if m.group(g))
        county = " ".join(re.findall(r"[a-z]+", written.lower()))
        court_w = next((m.group(g) for g in ("court", "court3", "court4", "court5") if m.group(g)), None)
        court_w = court_w or ("court" if m.group("county2") else "superior court")
        court = " ".join(_COURT_WORDS.get(w, w) for w in re.findall(r"[a-z]+", court_w.lower()))
        yield _numbered_rules(text, m, clean(m.group(0)), key_set=f"{court} {county} county local")


def _state_rules(text: str) -> Iterator[Claim | None]:
    """A state's rules: "Tex. R. Civ. P. 166a", its official forms ("Ohio Civ.R. 56"), its rules of
    professional conduct and of its supreme court, and a self-regulatory body's ("FINRA Rule 4530")."""
    # (each scan only where its fixed words occur: these patterns start with every state's name)
    for rx, word in ((_STATE_RULE, "R. "), (_STATE_RULE_LONG, "Rule")):
        for m in rx.finditer(text) if word in text else ():
            abbr = state_abbr(m.group("state")) or state_abbr(m.group("state").title())
            if abbr is not None:
                rule_set = state_rule_set(abbr, m.group("pre") or "", m.group("set"))
                yield _full_rules(text, m, rule_set, group=1, juris=abbr)
    for rx, set_name, juris, numbering in _OFFICIAL_RULES:
        for m in rx.finditer(text):
            if set_name == "Ohio" and re.search(r"[A-Za-z]\.\s?$", text[max(0, m.start() - 6) : m.start()]):
                continue  # "Mass. App. R. 5" would be another state's; Ohio's stand alone
            name = f"{m.group('set')}.R." if set_name == "Ohio" else set_name
            if numbering:  # "Md. Rule 2-322(b)", "N.J. Ct. R. 4:46-2": the hyphen is part of the number
                yield _numbered_rules(text, m, name, group=1, juris=juris, item=_NUMBERINGS[numbering])
            else:
                yield _full_rules(text, m, name, group=1, juris=juris)
    for m in _STATE_CONDUCT.finditer(text) if "Conduct" in text or "Cond." in text else ():
        abbr = state_abbr(m.group("state"))
        if abbr:
            rule_set = state_rule_set(abbr, m.group("pre") or "", "Professional Conduct")
            yield _full_rules(text, m, rule_set, group=1, juris=abbr)
    for m in _STATE_SCT.finditer(text) if "Ct. R." in text else ():
        abbr = state_abbr(m.group("state"))
        if abbr:
            if _COLON_ITEM.match(text, m.end()):  # Virginia's "Va. Sup. Ct. R. 5:17(c)"
                yield _numbered_rules(text, m, f"{abbr} S. Ct. R.", group=1, juris=abbr, item=_COLON_ITEM)
            else:
                yield _full_rules(text, m, f"{abbr} S. Ct. R.", group=1, juris=abbr)
    for m in _SRO_RULE.finditer(text) if "R" in text else ():
        yield _full_rules(text, m, f"{m.group('org')} Rule", group=1, juris="")


def _rules_by_number(text: str) -> Iterator[Claim | None]:
    """ "Rule 8.204(c) of the California Rules of Court" and "Rule 54(d) of the Federal Rules of Civil
    Procedure" are full citations; a bare "Rule 56(c)" is a reference to a rule cited before."""
    for m in _RULE_OF.finditer(text):
        items, end = parse_rules(text, m.end())
        if not items:
            continue
        of = _OF_STATE_RULES.match(text, end)
        abbr = state_abbr(of.group("state")) if of else None
        if of is not None and abbr:
            set_name = state_rule_set(abbr, of.group("pre") or "", of.group("set"))
            yield claim(_rule_occs(text, m.start(), items, set_name, of.end(), "", 1, abbr))
            continue
        of = _OF_FEDERAL.match(text, end)
        if of:
            yield claim(_rule_occs(text, m.start(), items, RULE_SETS[str(of.lastgroup)], of.end(), ""))
            continue
        of = _OF_UNNAMED.match(text, end)
        kind = str(of.lastgroup) if of else ""
        if m.group()[0] == "r" and "." not in items[0][2] and not kind:
            continue  # "rule 8.204" is California's or Texas's way to cite a rule; "the rule 12 motion" is prose
        yield claim(
            [
                _rule_reference(text, m.start() if i == 0 or s == items[0][0] else s, e, rule + sub, kind)
                for i, (s, e, rule, sub) in enumerate(items)
            ],
            RANK_REFERENCE,
        )


def _rule_reference(text: str, start: int, end: int, number: str, set_kind: str = "") -> Occurrence:
    """A rule named by its number alone: linked to the rule set cited before it (of `set_kind`, when
    the brief names the kind of set and not its state: "of the Rules of Appellate Procedure")."""
    return occ(
        text,
        start,
        end,
        category=None,
        key=None,
        display=None,
        sort_key=None,
        kind="reference",
        meta=ProvisionMeta(rule=number, set_kind=set_kind),
    )


def find_rules(text: str, _emphasis: Emphasis | None = None) -> list[Claim]:
    claims: list[Claim] = []
    for scan in (_federal_rules, _supplemental_rules, _circuit_and_local_rules, _state_rules, _rules_by_number):
        claims.extend(c for c in scan(text) if c is not None)
    return claims


# ---------------------------------------------------------------------------
# regulations
# ---------------------------------------------------------------------------


_CFR_RANGE_END = prefilter.compile(r"\s?-\s?(?P<part>\d+)\.(?P<sec>\d+[A-Za-z]?)(?![\w(]|\.\d)")


_CFR_RANGE = prefilter.compile(r"(\d+)\.\d+[A-Za-z]?-\1\.\d+[A-Za-z]?")


def _cfr_items(text: str, pos: int) -> tuple[list[CfrItem], int]:
    m = _CFR_ITEM.match(text, pos)
    if not m:
        return [], pos
    items: list[CfrItem] = [
        (m.start(), m.end(), m.group("sec"), squeeze_subsections(m.group("sub")), bool(m.group("etseq")))
    ]
    end = m.end()
    to = _CFR_RANGE_END.match(text, end)
    if to and not m.group("sub") and to.group("part") == m.group("sec").split(".")[0] and "." in m.group("sec"):
        # "§§ 1501.1-1501.4": the range within one part, as cited
        items[0] = (m.start(), to.end(), f"{m.group('sec')}-{to.group('part')}.{to.group('sec')}", "", False)
        end = to.end()
    while True:
        j = _CFR_JOIN.match(text, end)
        if not j:
            break
        n = _CFR_ITEM.match(text, j.end())
        if not n or re.match(r"\s?(?:[A-Z]|\d)", text[n.end() : n.end() + 2]) and not text.startswith(" (", n.end()):
            break
        items.append((n.start(), n.end(), n.group("sec"), squeeze_subsections(n.group("sub")), bool(n.group("etseq"))))
        end = n.end()
    return items, end


def _cfr_occ(
    text: str,
    start: int,
    end: int,
    title: str,
    head_w: str,
    mark: str,
    sec: str,
    sub: str,
    etseq: bool,
    edition: str,
) -> Occurrence:
    is_part = bool(mark) and mark[0] in "pP"
    cite = f"{sec}{sub}" + (" et seq." if etseq else "")
    k = f"pt. {cite}" if is_part else cite
    key = CfrKey(title, k, edition)
    if is_part:
        mk = "pt. "
    elif mark or head_w == "Treas. Reg.":
        mk = "§§ " if _CFR_RANGE.fullmatch(sec) else "§ "  # "§§ 1501.1-1501.4": a range
    else:
        mk = ""
    head_disp = head_w if head_w == "Treas. Reg." else f"{title} C.F.R."
    display = f"{head_disp} {mk}{cite}" + (f" ({edition})" if edition else "")
    meta = ProvisionMeta(
        code="Treas. Reg." if head_w == "Treas. Reg." else "C.F.R.",
        title=title,
        section=sec,
        subsection=sub,
        edition=edition,
    )
    return occ(
        text,
        start,
        end,
        category=CAT,
        key=key,
        display=display,
        sort_key=rule_sort(2, "C.F.R.", title, k, edition),
        meta=meta,
    )


def cfr_section(title: str, mark: str, number: str) -> Occurrence | None:
    """Section `number` of title `title` of the C.F.R., as find_cfr makes "29 C.F.R. § 1910.95(b)"
    (with the section sign when `mark` is "§"): the full citation a short form of it stands for.
    None for a number that is no section, or is two."""
    if not re.fullmatch(r"\d{1,2}", title):
        return None
    head = f"{title} C.F.R. {mark} " if mark else f"{title} C.F.R. "
    written = head + number
    items, _end = _cfr_items(written, len(head))
    if len(items) != 1:
        return None
    _start, e, sec, sub, etseq = items[0]
    return _cfr_occ(written, 0, e, title, f"{title} C.F.R.", mark, sec, sub, etseq, "")


def find_cfr(text: str, _emphasis: Emphasis | None = None) -> list[Claim]:
    claims = []
    heads = [
        (m, m.group("title"), clean(text[m.start() : m.start("mark") if m.group("mark") else m.end()]))
        for m in _CFR_HEAD.finditer(text)
    ]
    heads += [(m, "26", "Treas. Reg.") for m in _TREAS_REG.finditer(text)]
    for m, title, head_w in heads:
        items, end = _cfr_items(text, m.end())
        if not items:
            continue
        edition, end2 = _edition_after(text, end)
        mark = m.group("mark") or ""
        occs = [
            _cfr_occ(text, m.start() if i == 0 else s, e, title, head_w, mark, sec, sub, etseq, edition)
            for i, (s, e, sec, sub, etseq) in enumerate(items)
        ]
        if edition:
            extend_last(text, occs, end2)
        if title == "3" and len(occs) == 1:
            _as_presidential_document(text, occs[0])
        claims.append(claim(occs))
    return claims


# Title 3 of the C.F.R. compiles the President's documents: "Exec. Order No. 12,866, 3 C.F.R. 638 (1994),
# reprinted in 5 U.S.C. § 601 note" is one citation of the order, its compilation and a reprint.
_PRESIDENTIAL = prefilter.compile(
    r"(?:Exec(?:\.|utive)\sOrder|Proclamation|Proc\.|Presidential\sMemorandum)"
    r"(?:\sNo\.)?\s\d[\d,]*,\s$"
)
_REPRINTED = prefilter.compile(
    r",\s(?:reprinted\sin|as\samended\sby)\s\d{1,2}\sU\.\s?S\.\s?C\.?\s(?:app\.\s)?§?\s?"
    r"\d+[\w-]*(?:\([^()\s]{1,6}\))*(?:\snote)?"
)


def _as_presidential_document(text: str, o: Occurrence) -> None:
    """An executive order or proclamation cited to 3 C.F.R.: the entry begins with its name and
    keeps the reprint that follows."""
    name = _PRESIDENTIAL.search(text, max(0, o.start - 40), o.start)
    if not name:
        return
    o.start = name.start()
    o.display = f"{text[name.start() : name.end()].strip()} {o.display}"
    o.key = ExecutiveOrderKey(clean(text[name.start() : name.end()]).rstrip(", "))
    assert isinstance(o.meta, ProvisionMeta)
    o.meta.code = "3 C.F.R. compilation"  # a page of the compilation, not a section to look up
    reprint = _REPRINTED.match(text, o.end)
    if reprint:
        o.display += clean(reprint.group(0))
        o.end = o.anchor_end = reprint.end()
    o.text = text[o.start : o.end]


def find_far(text: str, _emphasis: Emphasis | None = None) -> list[Claim]:
    """ "FAR 52.249-2", "DFARS 252.204-7012(b)": listed as cited, verified as 48 C.F.R. sections."""
    claims = []
    for m in _FAR.finditer(text):
        items, end = _cfr_items(text, m.end())
        occs = []
        for i, (s, e, sec, sub, etseq) in enumerate(items):
            cite = f"{sec}{sub}" + (" et seq." if etseq else "")
            occs.append(
                occ(
                    text,
                    m.start() if i == 0 else s,
                    e,
                    category=CAT,
                    key=FarKey(m.group("set"), cite),
                    display=f"{m.group('set')} {(m.group('mark') or '').strip() + ' ' if m.group('mark') else ''}"
                    f"{cite}",
                    sort_key=rule_sort(2, "C.F.R.", "48", cite, m.group("set")),
                    meta=ProvisionMeta(code="C.F.R.", title="48", section=sec, subsection=sub),
                )
            )
        if occs:
            claims.append(claim(occs))
    return claims


def find_ussg(text: str, _emphasis: Emphasis | None = None) -> list[Claim]:
    claims = []
    for m in _USSG.finditer(text):
        sub = squeeze_subsections(m.group("sub"))
        head = clean(m.group("head") or "")
        if not head or head.startswith("Guideline"):
            head = "U.S.S.G." if not head else "Sentencing Guidelines"
        cite = f"{m.group('sec')}{sub}"
        o = occ(
            text,
            m.start(),
            m.end(),
            category=CAT,
            key=GuidelinesKey(cite),
            display=f"{head} § {cite}",
            sort_key=rule_sort(3, "U.S.S.G.", m.group("sec"), sub),
            meta=ProvisionMeta(code="U.S.S.G.", section=m.group("sec"), subsection=sub),
            flags=None if m.group("head") else ["informal_reference"],
        )
        claims.append(claim([o]))
    return claims


def _notice_title(text: str, pos: int, emphasis: Emphasis | None) -> int | None:
    """Start of a notice's title written before its Federal Register cite ("Deeming Tobacco
    Products To Be Subject to the Federal Food, Drug, and Cosmetic Act, 81 Fed. Reg. 28,974"):
    an italic title that ends there, else the clause before ", " when it reads as a title (starts
    with a capital, no citation in it)."""
    if not text.endswith(", ", 0, pos):
        return None
    italic = [a for a, b in emphasis or () if pos - 3 <= b <= pos - 2]
    if italic:
        return italic[0]
    start = boundary_before(text, pos - 2, limit=300)
    while text.count(")", start, pos - 2) > text.count("(", start, pos - 2):
        # "Truth in Lending (Regulation Z), 85 Fed. Reg. …": the clause broke at the title's own paren
        opening = text.rfind("(", 0, start)
        if opening < 0:
            return None
        start = boundary_before(text, opening, limit=300)
    while start >= 2 and text[start - 2 : start] == "; ":
        # "Medicaid Program; Ensuring Access to Medicaid Services": the agency's heading is part of the title
        before = boundary_before(text, start - 2, limit=120)
        head = text[before : start - 2]
        if not re.fullmatch(r"[A-Z][\w'’&-]*(?:\s(?:[A-Z][\w'’&.-]*|of|and|for|the|on|to|in)){0,7}", head):
            break
        start = before
    title = text[start : pos - 2]
    words = title.split()
    if len(words) < 2 or not title[:1].isupper() or re.search(r"\d+\s(?:[A-Z][\w.]*\s)+\d|§|\bv\.\s", title):
        return None
    capitalised = sum(1 for w in words if w[:1].isupper())
    return start if capitalised >= len(words) / 2 else None


def find_fed_reg(text: str, emphasis: Emphasis | None = None) -> list[Claim]:
    claims = []
    for m in _FR.finditer(text):
        page = m.group("page")
        date = clean(m.group("date") or "")
        display = f"{m.group('vol')} Fed. Reg. {page}" + (f" {date}" if date else "")
        start = m.start()
        title = _notice_title(text, m.start(), emphasis)
        if title is not None:  # the entry, and the page it is credited to, begin with the title
            start = title
            display = f"{text[title : m.start()].rstrip(', ')}, {display}"
        o = occ(
            text,
            start,
            m.end(),
            category=CAT,
            key=FederalRegisterKey(m.group("vol"), page.replace(",", "")),
            display=display,
            sort_key=rule_sort(4, "Fed. Reg.", m.group("vol"), page.replace(",", "")),
            meta=SeriesMeta("Fed. Reg.", m.group("vol"), page=page.replace(",", ""), date=date.strip("()")),
        )
        claims.append(claim([o]))
    for m in _FR_SHORT.finditer(text):  # "88 Fed. Reg. at 9340": kind "short", the volume and pin page
        claims.append(
            short_claim(
                text,
                m.start(),
                m.end(),
                SeriesMeta("Fed. Reg.", m.group("vol"), pin=m.group("pin").replace(",", "")),
                rank=RANK_REFERENCE,
            )
        )
    return claims


FINDERS = (find_rules, find_cfr, find_far, find_ussg, find_fed_reg)


def find(text: str, emphasis: Emphasis | None = None) -> list[Claim]:
    out = []
    for f in FINDERS:
        out.extend(f(text, emphasis))
    return out
