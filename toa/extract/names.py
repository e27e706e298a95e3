"""Case names as the brief writes them, before a cite eyecite found or one of ours.

eyecite's plain-text name start is wrong for "In re", "Ex parte", "ex rel." and names with
apostrophes, stops at abbreviations it reads as a sentence end ("Metro. Life Ins. Co."), and can
leak back across a sentence: the name is taken from the brief's italics when there are any, and
eyecite's start is mended for those forms when there are none.
"""

from __future__ import annotations

import re

from ..model import Paragraph
from .eyecite_adapter import Citation

_SIGNAL = re.compile(
    r"^(?:(?:[Ss]ee|[Cc]f\.|[Bb]ut|[Cc]ompare|[Cc]ontra|[Aa]ccord|also|generally|[Ee]\.g\.|and|with|quoting|"
    r"citing|in(?! re\b)|In(?! re\b| the Matter\b| Matter\b| the Interest\b| Interest\b)|under|following|"
    r"overruling|(?:overruled|abrogated|disapproved(?: of)?|superseded|questioned|criticized|limited|"
    r"distinguished)(?: in (?:relevant )?part)?(?: by (?:statute|rule|regulation|constitutional amendment))?"
    r"(?: on (?:other|another) grounds?)?"
    r"(?: by| in| as (?:stated|recognized) in)?|as (?:stated|recognized) in)[\s,]+)+"
)
NAME_PREFIX = re.compile(
    r"(?:\b(?:In [Rr]e|Ex [Pp]arte|In the Matter of|Matter of|Estate of|Petition of|Application of)|"
    r"\b[A-Z][\w.'’&-]*(?:\s+[A-Z][\w.'’&-]*)*\s+ex rel\.)\s*$"
)
# The number as district courts write it: "No. 20-1234", "C.A. No. 12711-VCS", "Civil Action No. 20-1234",
# "Case No. 8:20-cv-1234-T-33", "No. CV 20-1234-GW"; a Bloomberg Law cite may follow ("2021 BL 123456").
DOCKET_NO = (
    r"(?:(?:C\.\s?A\.|Civ\.\s?A\.|Civil\sAction|Case|Cause|Adv\.\s?Pro(?:c\.)?|Adversary\sProceeding|"
    r"Misc\.|Crim\.|Criminal\sAction|MDL)\s)?Nos?(?:\.\s*|\s(?=\d))"
)  # "No 3:14-cv-01234": its period left out
# between a name and its cite: a California year, a docket number, a reporter not yet paged
# ("--- F.Supp.3d ----, 2018 WL 1876116")
_GAP_BEFORE_CITE = re.compile(
    r"^[\s,]*(?:\((?:[^()]{0,60}?[\s,])?\d{4}(?:,\s*No\.\s*[\w\-:.]+)?\)\s*)?(?:-{2,}\s*[A-Z][\w.\s]{0,12}?\s*-{2,}[\s,]*)?(?:"
    + DOCKET_NO
    + r"(?:[A-Z]{1,3}\s)?[\w\-:.]+(?:(?:,|\s+&|\s+and)\s*[\w\-:.]+)*[\s,]*)?$"
)


def case_name(cite: Citation, para: Paragraph) -> tuple[int, int]:
    """(start, end) of the case name before a full cite; (c, c) when the cite has none."""
    text = para.text
    c_start = cite.span[0]
    # Italics first: the emphasized stretch that ends just before the cite.
    for i in range(len(para.emphasis) - 1, -1, -1):
        a, b = para.emphasis[i]
        if b > c_start:
            continue
        close = b
        if (
            text.startswith(")", b)
            and text[a - 1 : a] == "("
            and i
            and re.fullmatch(r"\s?\(", text[para.emphasis[i - 1][1] : a])
        ):
            # "*People v. Superior Court* (*Romero*) (1996) 13 Cal.4th 497": the real party is part of the name
            close, a = b + 1, para.emphasis[i - 1][0]
        if not _GAP_BEFORE_CITE.match(text[close:c_start]):
            break
        start = _with_prefix(text, _italic_name_start(para, a, b))
        if close > start:
            return start, close
    # Plain text: eyecite's start, mended for the forms it gets wrong.
    f_start = cite.full_span[0]
    if f_start >= c_start:
        return c_start, c_start
    paren = f_start if text[f_start] == "(" else f_start - 1 if text[f_start - 1 : f_start] == "(" else None
    if paren is not None:
        named = _name_before_parenthesis(text, paren, c_start)
        if named is not None:
            return named
    seg = text[f_start:c_start]
    cut = max(seg.rfind("). "), seg.rfind("; "))
    if cut >= 0:  # the name leaked back over an earlier citation
        f_start += cut + 2
    f_start = skip_opening(text, f_start, c_start)  # "(People v. Morris (1991) 53 Cal.3d 152.)"
    f_start = skip_opening(text, strip_signal(text, f_start, c_start), c_start)
    f_start = _with_prefix(text, f_start)
    if text.count(")", f_start, c_start) > text.count("(", f_start, c_start):
        # "Comm. v. Ragsdale (In re Stone), 588 B.R. 800": the name goes on before its parenthesis
        opening = text.rfind("(", 0, f_start)
        if opening > 0 and plain_name_start(text, opening) < opening:
            f_start = plain_name_start(text, opening)
    if (
        re.search(r"\b(?:v|vs)\.\s*$", text[max(0, f_start - 6) : f_start])
        or re.match(r"(?:v|vs)\.\s", text[f_start:])
        or _NAME_JOINT.search(text, max(0, f_start - 12), f_start)
    ):
        # eyecite began after "vs." ("Ed Friedman vs. Fish"), at "v." ("Doe 1 v. Roe", "Smith et al. v. Jones"),
        # or after a word it does not take for a name's ("eBay Inc.", "In re: Google", "Corp. d/b/a XYZ")
        f_start = plain_name_start(text, f_start)
    f_start = _before_abbreviations(text, f_start, c_start)
    f_start = strip_signal(text, f_start, c_start)  # "Cf. United States ex rel. X": the signal is no part of it
    label = _LABEL.match(text, f_start, c_start)
    if label:  # "Text: Smith v. Jones, …": a one-word label before the name
        f_start = label.end()
    f_start = after_openers(text, f_start, c_start)
    end = c_start
    m = re.search(
        r"[\s,]*(?:" + DOCKET_NO + r"(?:[A-Z]{1,3}\s)?[\w\-:.]+(?:,\s*[\w\-:.]+)*[\s,]*)?$", text[f_start:c_start]
    )
    if m:
        end = f_start + m.start()
    return f_start, end


# One capitalised word and a colon before a name ("Source: Smith v. Jones"); "In re:" is a name's.
_LABEL = re.compile(r"[A-Z][a-z]{2,}:\s+(?=[A-Z])")


# Words that case names abbreviate (the Bluebook's tables 6 and 10): a period after one of them is
# not a sentence end, so eyecite's plain-text name, which stops there, goes on before it.
_NAME_ABBREVIATIONS = frozenset(
    """
    Acad Admin Admr Adver Agric Am Ams Ass Assocs Atl Auth Auto Ave Bankr Bd Bhd Bros Bldg Bus Cap Cas Cent Chem Cmty
    Cnty Co Coal Coll Comm Commc Commr Comp Condo Cong Consol Constr Cont Coop Corp Corr Ctr Def Del Dep Dev Dir
    Disc Dist Distrib Div Econ Educ Elec Emps Enf Eng Ent Enters Envtl Equal Equip Exch Exec Fam Fed Fin Fla Found Gen
    Grp Guar Hldgs Hosp Hous Ill Inc Indem Indep Indus Info Ins Inst Int Inv Invs Lab Liab Litig Loc Ltd Mach Mag
    Maint Mar Mass Med Merch Metro Mfg Mfrs Mgmt Mich Mkt Mktg Mortg Mun Mut Nat Ne Nw Org Pac Pharm Pharms Pol Prob
    Prod Prods Prof Prop Prot Pty Pub Rd Rec Ref Reg Regs Rehab Rels Rep Res Resol Ret Rev Rsch Rsrv Sav Sch Sci Sec
    Serv Servs Soc Sol Spec Sq St Sta Stat Sur Sys Tech Tel Temp Tex Twp Transp Tr Tpk Unif Univ Util Vill Wash
    Ala Ariz Ark Cal Colo Conn Ga Haw Ind Kan Ky La Md Minn Miss Mo Mont Neb Nev Okla Pa Tenn Vt Va Wis Wyo
    """.split()
)
# Capitalised words that open a sentence or clause before a name ("Under Metro. Life Ins. Co. v. …")
_SENTENCE_OPENERS = frozenset(
    """The This That These Those Under As When Because While Although Like Unlike Following
    After Before Here There Thus Indeed Moreover Accordingly Similarly Likewise And Or Both With Applying Citing Quoting
    Per By From To Where If Since Only Even Yet So Then Also""".split()
)
# "The" opens names ("The Florida Bar v. …"); the other openers never do.
_OPENER = re.compile(r"(?:" + "|".join(sorted(_SENTENCE_OPENERS - {"The"})) + r"),?\s+(?=[A-Z])")


def after_openers(text: str, start: int, end: int) -> int:
    """Past the capitalised words that open a sentence before a roman case name ("Also Smith v.
    Jones, …", "And Brown v. Green, …"), which eyecite takes into the plaintiff's name."""
    while m := _OPENER.match(text, start, end):
        start = m.end()
    return start


_ABBREVIATED_WORD = re.compile(r"(?:[A-Z][a-z]*(?:['’][a-z]+)?|(?:[A-Z]\.){1,3}[A-Z]?)\.,?$")


def _before_abbreviations(text: str, start: int, c_start: int) -> int:
    """Where a plain-text case name begins when eyecite stopped after an abbreviation it read as a
    sentence end ("Metro. Life Ins. Co. v. Glenn", "Cnty. of Sacramento v. Lewis"): back over
    capitalised words, abbreviations and "of", "for", "&", never over a word that ends a sentence
    ("the Act."), a lower-case word, or a signal; a number only inside the name ("Loc. 338 Ret. Fund")."""
    if " v. " not in text[start:c_start] and not text.startswith(("In re", "Ex parte"), start):
        return start
    new = start
    for w in reversed(list(re.finditer(r"\S+", text[max(0, start - 120) : start]))):
        token = w.group(0)
        if token in ("of", "for", "&", "and", "the", "de", "ex", "rel."):
            ok = True
        elif token.endswith(".") or token.endswith(".,"):
            word = token.rstrip(".,")
            ok = bool(_ABBREVIATED_WORD.match(token)) and (
                re.sub(r"['’].*", "", word) in _NAME_ABBREVIATIONS
                or "'" in word
                or "’" in word
                or re.fullmatch(r"(?:[A-Z]\.?){1,4}", word) is not None
            )
        else:
            ok = (
                bool(re.fullmatch(r"[A-Z][\w'’&-]*,?|\d+", token))
                and not _SIGNAL.match(token + " ")
                and token.rstrip(",") not in _SENTENCE_OPENERS
            )
        if not ok:
            break
        new = max(0, start - 120) + w.start()
    while new < start and re.match(r"(?:of|for|&|and|the|de|\d+)\s", text[new:start]):
        new = text.index(" ", new) + 1  # nor with a connector or a number (a note's reference: "144 Lund v. Moss")
    return new


def italic_names_before(para: Paragraph, pattern: re.Pattern, group: str, taken: list[tuple[int, int]]):
    """(name start, name end, name, match) for each case name that `pattern` follows, outside
    the spans other citations already took: the brief's italics, else (a brief typed without
    italics) the run of name words before the match."""
    seen = set()
    for a, b in para.emphasis:
        m = pattern.match(para.text, b)
        if m and not inside(m.start(group), taken) and not inside(a, taken):
            start = _italic_name_start(para, a, b)
            seen.add(m.start())
            yield start, b, para.text[start:b].strip(" ,"), m
    for m in pattern.finditer(para.text):
        if m.start() in seen or inside(m.start(group), taken) or any(a < m.start() <= b for a, b in para.emphasis):
            continue
        start = plain_name_start(para.text, m.start())
        if start < m.start() and not inside(start, taken):
            yield start, m.start(), para.text[start : m.start()].strip(" ,"), m


# A word of a case name written in roman: capitalised, or one of the small words names hold.
_NAME_WORD = re.compile(
    r"(?:[A-Z$\d][\w.'’&$,-]*|[a-z]+[A-Z][\w.'’&-]*,?|v\.?|vs\.|ex|rel\.|of|the|and|for|de|del|la|"
    r"in|re:?|parte|on|behalf|&|d/b/a|f/k/a|a/k/a|n/k/a|et\.?|al\.?,?)$"
)
# A name's word that eyecite does not take as one, just before where its name begins
_NAME_JOINT = re.compile(r"(?:\b[a-z]+[A-Z][\w'’&.-]*|\bre:|\b(?:d/b/a|f/k/a|a/k/a|n/k/a))\s+$")


# Where eyecite begins a California cite inside the parenthesis after its name: the court and year
# ("United States v. Smith (9th Cir. 2020) 961 F.3d 1203") or the real party ("People v. Superior
# Court (Romero) (1996) 13 Cal.4th 497").
_COURT_YEAR_REST = re.compile(r"[^()]{0,60}?\b\d{4}(?:,\s*No\.\s*[\w\-:.]+)?\)\s*$")
_REAL_PARTY_REST = re.compile(r"[A-Z][^()]{0,40}\)(?=\s*\(\d{4}\)\s*$)")


def _name_before_parenthesis(text: str, paren: int, c_start: int) -> tuple[int, int] | None:
    """(start, end) of a roman case name before the parenthesis at `paren`, or None."""
    if _COURT_YEAR_REST.match(text, paren + 1, c_start):
        end = len(text[:paren].rstrip())
    elif m := _REAL_PARTY_REST.match(text, paren + 1, c_start):
        end = m.end()
    else:
        return None
    start = plain_name_start(text, len(text[:paren].rstrip()))
    return (
        (start, end)
        if start < paren
        and re.search(
            r"\s(?:v|vs)\.\s|^(?:In\sre|Ex\sparte|Estate|Conservatorship|"
            r"Guardianship|Marriage|Adoption)\b",
            text[start:paren],
        )
        else None
    )


def plain_name_start(text: str, end: int) -> int:
    """Where a case name typed in roman that ends at `end` starts: back over name words to the
    first word that cannot be part of one, then past a signal ("See") or "In"."""
    words = list(re.finditer(r"\S+", text[max(0, end - 200) : end]))
    start = end
    for w in reversed(words):
        token = w.group(0).rstrip(",")
        if (
            token.endswith((";", ")", ":"))
            and token != "re:"
            or token.startswith(("(", "["))
            or not _NAME_WORD.match(token)
        ):
            if token.startswith(("(", "[")) and _NAME_WORD.match(token.lstrip("([")):
                start = max(0, end - 200) + w.start() + 1
            break
        start = max(0, end - 200) + w.start()
    start = strip_signal(text, start, end)
    while (
        start < end
        and not text[start].isupper()
        and text[start] not in "$0123456789"
        and not re.match(r"[a-z]+[A-Z]", text[start:end])
    ):
        nxt = text.find(" ", start, end)  # a leading lower-case word ("in", "the") is not the name
        start = end if nxt < 0 else nxt + 1
    return start


def _italic_name_start(para: Paragraph, a: int, b: int) -> int:
    """Where the case name whose italics run from `a` to `b` starts: earlier italic parts are
    joined across a roman "v.", "ex rel.", "&" ("*Willson* v. *Commissioner*"), and a leading
    signal ("*See*") or space is left out. A roman "and" before a part that holds its own "v."
    joins nothing: "*Nadaf-Rahrov* and *Scotch v. Art Inst.*" names two cases, the first cited
    before."""
    text, start, start_end = para.text, a, b  # the part the name starts at, and where that part ends
    for a2, b2 in reversed([e for e in para.emphasis if e[1] <= a]):
        joint = re.fullmatch(r"\s*(v\.|vs\.|ex rel\.|&|and|of|for|on behalf of)?\s*", text[b2:start])
        if joint is None or joint.group(1) == "and" and re.search(r"\svs?\.\s", text[start:start_end]):
            break
        start, start_end = a2, b2
    start = strip_signal(text, start, b)
    while start < b and text[start].isspace():
        start += 1
    return start


def skip_opening(text: str, start: int, end: int) -> int:
    """Past the brackets and spaces that open a citation sentence: "(People v. …", "[See …"."""
    while start < end and text[start] in "([ \t":
        start += 1
    return start


# A note's number run into its first words ("… so. 17 See Complaint, State v. Widget Co., No. 2:23-cv-1",
# a brief converted from PDF): a number before a capitalised signal begins no case's name.
_NOTE_NUMBER = re.compile(r"\d{1,3}\s+(?=(?:See|Cf\.|But|Compare|Contra|Accord|E\.g\.)[\s,])")


def strip_signal(text: str, start: int, end: int) -> int:
    """Past a signal at `start` ("See also", "Cf."), and past a note's number run in before it."""
    number = _NOTE_NUMBER.match(text, start, end)
    after = number.end() if number else start
    m = _SIGNAL.match(text[after:end])
    return after + m.end() if m and after + m.end() < end else start


def _with_prefix(text: str, start: int) -> int:
    m = NAME_PREFIX.search(text[max(0, start - 80) : start])
    if m:
        return max(0, start - 80) + m.start() + (len(m.group(0)) - len(m.group(0).lstrip()))
    return start


def inside(pos: int, spans) -> bool:
    """Whether `pos` lies in one of the (start, end) spans (those other citations took)."""
    return any(a <= pos < b for a, b in spans)
