"""Secondary sources (category "other"): Restatements, model and uniform codes, law review
articles, dictionaries, treatises and other books, reports, newspaper and web articles.

Formal shapes (Restatement, Model Penal Code, U.C.C.) are matched by pattern.  Everything else
relies on two general signals:
  * the title is italic/underlined (`emphasis`), authors precede it ("Name, Name & Name, "),
    and what follows says what kind of work it is: a parenthetical with a year (book, report,
    web page), ", <vol> <journal> <page>" (article), ", <Publication>, <date>" (news);
  * without emphasis: "<vol> <Author>, <Title Case Title> <pin> (<ed.> <year>)", and titles
    ending in Dictionary/Lexicon.
Display drops pin pages/sections ("2 Jane Q. Author, A Treatise on Torts § 689, at 375 (4th ed.
1868)" -> "... A Treatise on Torts (4th ed. 1868)"); keys include volume and edition/year so
"Black's Law Dictionary (5th ed. 1979)" and "(7th ed. 1999)" are separate entries.

A journal without a law-review word ("2 Current Trends in Medicine 32 (2018)") counts only
after an italic title and with a plain date parenthetical.  Articles keep their first page and
drop the pin and any URL (volume/journal/page identify them); web and reference entries ("*Poison*,
Encyclopedia Britannica (Sept. 4, 2024), https://...") keep the URL, which is what locates them.
A treatise short form with a page pin ("Bishop § 682, at 371") is a "supra" occurrence whose
antecedent is the surname; the statute layer never reads its "§" as a statute.

Keys: RestatementKey("second", "torts", "402A"); ModelCodeKey("model penal code", "1.13(7)");
      ArticleKey(vol, journal, page); WorkKey(author, title, vol, edition/date)
Sort: (author last name or title without leading article/volume, title, natural key of the rest)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from ..keys import (
    ArticleKey,
    AttorneyGeneralOpinionKey,
    CodeCommentKey,
    EncyclopediaKey,
    EthicsOpinionKey,
    EuActKey,
    FederalistKey,
    Key,
    ManualForComplexLitigationKey,
    ModelCodeKey,
    RestatementKey,
    TreatyKey,
    WebKey,
    WorkKey,
)
from ..meta import ProvisionMeta, RestatementMeta, SupraMeta, WorkMeta
from ..model import CategoryKey, Flag, Occurrence
from . import prefilter
from .common import (
    Emphasis,
    SortKey,
    MONTH,
    RANK_SECONDARY,
    STATE_RE,
    SUBSECS,
    SURNAME,
    Claim,
    alpha_key,
    boundary_before,
    claim,
    claim_one,
    short_claim,
    clean,
    is_author_word,
    natkey,
    norm,
    note_mark_end,
    occ,
    squeeze_subsections,
    state_abbr,
)

CAT: CategoryKey = "other"

_YEAR_PAREN = r"\((?:[^()]{0,60}?)\b(?:1[5-9]\d\d|20\d\d)\)"
# A pin between a title and its edition parenthetical: "§ 689, at 375", "§ 16.2(a), at 750",
# "ch. 3, at 12", "311-312", "¶ 4.02", "§ 12.34[1][b]".  The page after a section/chapter ("at 375") is part of it.
_PIN_TOKEN = (
    r"(?:(?:[Vv]ol\.\s\d+,?\s)?(?:§§?\s?\d[\w.:-]*(?:\([\w]+\)|\[\w+\])*|¶¶?\s?\d[\d.]*|at\s\d+|pt\.\s\w+|ch\.\s\d+|"
    r"\d+[a-z]?(?:\s?-\s?\d+)?(?:\s?n\.\s?\d+)?|[ivxlc]+)"
    r"(?:,\s(?:at\s)?\d+(?:\s?-\s?\d+)?(?:\s?n\.\s?\d+)?)*)"
)
_URL = prefilter.compile(r"(?:,\s|\s)(?P<url>(?:https?://|www\.|perma\.cc/)[^\s]+)")

_RESTATEMENT = prefilter.compile(
    r"(?<![\w.])Restatement\s(?:\((?P<ed>First|Second|Third|Fourth)\)\s)?of\s(?:the\s)?"
    r"(?P<subject>[A-Z][\w'’]*(?:\s(?:[A-Z][\w'’]*|of|the|and|&|on))*"
    # a volume's subtitle: "Restatement (Third) of Torts: Liab. for Physical & Emotional Harm § 7"
    r"(?::\s[A-Z][\w'’.]*(?:\s(?:[A-Z][\w'’.]*|of|the|and|&|on|for))*)?)"
    r"(?:,?\s(?P<mark>§§?)\s?(?P<sec>\d+[A-Za-z]?(?:\.\d+)?)(?P<cmt>\s?(?:cmt\.|comment)\s?[a-z](?:,\sillus\.\s\d+)?)?)?"
    rf"(?P<paren>\s?{_YEAR_PAREN})?"
)
# A Restatement's short form: "Restatement § 402A cmt. c", "Restatement (Second) § 402A",
# "Restatement (Second) of Torts, supra, § 402A": the section of a Restatement cited before.
_RESTATEMENT_SHORT = prefilter.compile(
    r"(?<![\w.])Restatement(?:\s\((?P<ed>First|Second|Third|Fourth)\))?"
    r"(?:\sof\s(?:the\s)?(?P<subject>[A-Z][\w'’]*(?:\s(?:[A-Z][\w'’]*|of|the|and|&|on))*))?"
    r"(?P<supra>,\ssupra)?,?\s§\s?(?P<sec>\d+[A-Za-z]?(?:\.\d+)?)(?:,?\s(?:cmt\.|comment)\s?[a-z](?:,\sillus\.\s\d+)?)?"
)
# The California Style Manual's "Rest.2d Torts, § 402A, com. c", "Rest.3d Agency, § 7.03".
_CSM_RESTATEMENT = prefilter.compile(
    r"(?<![\w.])Rest\.\s?(?P<ed>2d|3d|4th)?\s?(?P<subject>[A-Z][\w'’]*\.?(?:\s(?:[A-Z][\w'’]*\.?|of|the|and|&|on))*?)"
    r",\s(?P<mark>§§?)\s?(?P<sec>\d+[A-Za-z]?(?:\.\d+)?)(?P<cmt>,?\s(?:com\.|cmt\.|comment)\s?[a-z](?:,\sillus\.\s\d+)?)?"
)
_CSM_EDITIONS = {"2d": "second", "3d": "third", "4th": "fourth"}
_MODEL = prefilter.compile(
    r"(?<![\w.])(?P<code>Model\sPenal\sCode|U\.\s?C\.\s?C\.|Uniform\sCommercial\sCode|"
    r"(?P<rules>(?:ABA\s)?Model\sRules?\s(?:of\sPro(?:f(?:'|’|essiona)l|\.)\sConduct\s)?)|"
    r"Unif\.\s[A-Z][\w.]*(?:\s[A-Z][\w.]*){0,4}?\sAct)"
    # "Model Rule 1.7", "Model Rule of Professional Conduct 1.7": the number right after the name
    r"\s?(?:(?P<mark>§§?)|R\.|r\.|Rule\s|(?<=Rule\s)|(?<=Conduct\s)(?=\d+\.\d))"
    r"\s?(?P<sec>\d+(?:\.\d+)*(?:-\d+)?)(?P<sub>" + SUBSECS + r")"
    r"(?P<cmt>,?\s(?:cmt\.|comment)\s?(?:\d+|[a-z])?)?"
    rf"(?P<paren>\s?{_YEAR_PAREN})?"
)

# The Federal Judicial Center's manual, cited by section: "Fed. Jud. Ctr., Manual for Complex
# Litigation (Fourth) § 21.61 (2004)", "Manual for Complex Litigation, Fourth § 21.61 (2004)".
_MANUAL = prefilter.compile(
    r"(?<![\w.])(?P<org>Fed(?:\.|eral)\sJud(?:\.|icial)\sC(?:tr\.|enter),\s)?Manual\sfor\sComplex\sLitigation"
    r"(?:,?\s\(?(?P<ed>Fourth|Third|Second|4th|3d|2d)\)?)?(?P<pin>\s§§?\s?\d[\d.]*(?:,\sat\s\d+)?)?"
    r"(?P<paren>\s\((?:[^()]{0,20}\s)?\d{4}\))?"
)
_MANUAL_EDITIONS = {"4th": "Fourth", "3d": "Third", "2d": "Second"}

# Legal encyclopedias, each section an entry: "75 Am. Jur. 2d Trial § 123 (2022)", "88 C.J.S. Trial
# § 12", "12 Tex. Jur. 3d Criminal Law § 45", and the California Style Manual's "4 Cal.Jur.3d (2023)
# Appellate Review, § 12".
_ENCYCLOPEDIA = prefilter.compile(
    r"(?<![\w.])(?P<vol>\d{1,3}[A-Z]?)\s(?P<series>Am\.\s?Jur\.(?:\s?(?:2d|3d))?|C\.\s?J\.\s?S\.|"
    r"(?:Tex|Cal|N\.\s?Y|Fla|Ohio|Ill|Pa|Mich|Ga|Mass|N\.\s?J)\.\s?Jur\.(?:\s?(?:2d|3d|4th))?)"
    r"\s(?P<csm>\((?:[^()]{0,20}\s)?\d{4}\)\s)?"
    r"(?P<title>[A-Z][\w.'’&-]*(?:\s(?:[A-Z][\w.'’&-]*|of|and|&|to|in|on|the|for))*?),?\s(?P<mark>§§?)\s?"
    r"(?P<sec>\d+[\w.:-]*?)(?=[\s,;.)]|$)(?P<pin>,\s(?:at\s|p\.\s)?\d+(?:-\d+)?)?"
    r"(?P<paren>\s\((?:[^()]{0,20}\s)?\d{4}\))?"
)
# American Law Reports annotations: "Annotation, Title, 12 A.L.R.5th 123 (1993)"; a case reported
# in an old A.L.R. volume ("Smith v. Jones, 12 A.L.R. 123") is left to the case layer.
_ALR = prefilter.compile(
    r"(?<![\w.])(?P<vol>\d{1,3})\sA\.\s?L\.\s?R\.(?P<series>\s?(?:2d|3d|4th|5th|6th|7th)|\s?Fed\.(?:\s?(?:2d|3d|4th))?)?"
    r"\s(?P<page>\d{1,4}|Art\.\s\d+)(?P<pin>,\s(?:at\s)?\d+(?:\s?-\s?\d+)?)?(?P<paren>\s\((?:[^()]{0,20}\s)?\d{4}\))"
)
# "The Federalist No. 78, at 465 (Alexander Hamilton) (Clinton Rossiter ed., 1961)": one entry a paper.
_FEDERALIST = prefilter.compile(
    r"(?<![\w.])(?:The\s)?Federalist\s(?:Papers?\s)?No\.\s(?P<num>\d{1,2})(?P<pin>,\sat\s\d+(?:\s?-\s?\d+)?)?"
    r"(?P<author>\s\((?:Alexander\s)?Hamilton\)|\s\((?:James\s)?Madison\)|\s\((?:John\s)?Jay\)|"
    r"\s\((?:Alexander\s)?Hamilton\sor\s(?:James\s)?Madison\))?(?P<ed>\s\([^()]{0,60}?\d{4}\))?"
)

# A commission's or committee's official comment on a California code section, printed after it in
# the annotated code: "Cal. Law Revision Com. com., 29B pt. 1 West's Ann. Evid. Code (2015 ed.) foll.
# § 1200, p. 3" (the page is a pin). One entry per section commented on.
_CODE_COMMENT = prefilter.compile(
    r"(?<![\w.])(?P<author>Cal\.\sLaw\sRevision\sCom\.|California\sLaw\sRevision\sCommission|"
    r"(?:Jud(?:icial|\.)\sCouncil\sof\sCal\.,\s)?Advisory\sCom\.|Legis\.\sCom\.|"
    r"(?:Assem\.|Sen\.)\sCom\.\son\s[A-Z][\w.]*(?:\s(?:[A-Z][\w.]*|&|and|of))*)\s(?:com\.|comment),?\s"
    r"(?:reprinted\sat\s|reprinted\sin\s)?(?P<src>\d{1,3}[A-Z]?(?:\spt\.\s\d+[A-Z]?)?\sWest(?:'|’)s\sAnn\.\s[^()]{2,40}?"
    r"\s\((?:\d{4}\sed\.|\d{4})\)|Deering(?:'|’)s\sAnn\.\s[^()]{2,40}?\s\((?:\d{4}\sed\.|\d{4})\))"
    r"\sfoll\.\s§\s?(?P<sec>\d+(?:\.\d+)*[a-z]?)(?![\w(])"
)

# Ethics opinions of bar committees: "ABA Comm. on Ethics & Pro. Resp., Formal Op. 498 (2021)",
# "ABA Formal Op. 06-439 (2006)", "Cal. State Bar Formal Opn. No. 2015-193", "Tex. Comm. on Prof'l
# Ethics, Op. 680 (2018)". The issuer, written before the opinion, must be a bar or ethics body.
_ETHICS_OP = prefilter.compile(
    r"(?P<op>(?:Formal|Informal|Ethics)\s(?:Op\.|Opn\.|Opinion)|Op\.|Opn\.)\s(?:No\.\s)?"
    r"(?P<num>\d{1,4}(?:-\d{1,4})?[A-Z]?)(?![\w-])(?P<paren>\s\((?:[^()]{0,30}\s)?\d{4}\))?"
)
_ETHICS_ISSUER = prefilter.compile(
    r"^(?:[A-Z][\w.'’&-]*|on|of|the|and|for|&)(?:,?\s(?:[A-Z][\w.'’&-]*|on|of|the|and|for|&))*,?\s$"
)
_ETHICS_WORD = prefilter.compile(
    r"\b(?:ABA|Bar|Ethics|Prof(?:'|’|essional|\.|l)?|Pro\.|Resp\.|Responsibility)(?=[\s,.]|$)"
)
# A state attorney general's opinion by number: "Tex. Att'y Gen. Op. No. KP-0123 (2017)",
# "Op. Tex. Att'y Gen. No. GA-0456 (2006)".
_AG_OP = prefilter.compile(
    rf"(?<![\w.])(?:(?P<s1>{STATE_RE})\sAtt(?:'|’)y\sGen\.\sOp\.|Op\.\s(?P<s2>{STATE_RE})\sAtt(?:'|’)y\sGen\.)"
    r"\s(?:No\.\s)?(?P<num>[A-Z]{1,3}-?\d{1,5}(?:-\d+)?|\d{2,4}-\d{1,4})(?P<paren>\s\((?:[^()]{0,30}\s)?\d{4}\))?"
)

# "55 Harv. L. Rev. 615, 620 (1942)": a journal must have a law-review word in it
# Tokens are separated by a mandatory space ("L.J." is one token), so there is one way to
# split a journal name and no backtracking blow-up.
_JTOKEN = r"(?:(?:[A-Z][A-Za-z'’]*\.){2,}|[A-Z][A-Za-z'’]*\.?|&|of|on|the|in|for|and)"
_JOURNAL = prefilter.compile(
    # a volume with its issue: "7(1) J. Child & Adolescent Counseling 42-55 (2021)"
    rf"(?<![\w.])(?P<vol>\d{{1,4}})(?P<issue>\(\d{{1,3}}\))?\s(?P<journal>[A-Z][A-Za-z'’.]*(?:\s{_JTOKEN}){{0,9}}?)"
    # a forthcoming article has no first page yet: "74 Stan. L. Rev. (forthcoming 2023)", "110 Geo. L.J. ___";
    # the article's last page after its first ("1427-38") is part of the cite, a pin after a comma is not
    r"(?:\s(?P<page>\d{1,5})(?P<last>-\d{1,5})?(?P<pin>,\s\d+(?:\s?-\s?\d+)?(?:\s?n\.\s?\d+)?)?|(?:\s_{1,6})?(?=\s\(forthcoming\s))"
    r"\s?\((?P<year>[^()]{0,20}?\d{4})\)"
)
# Without a law-review word, a journal is accepted only after an italic title and with a plain
# date parenthetical ("(2018)", "(Spring 2018)", "(Mar. 2018)"): a court in the parenthetical
# ("(9th Cir. 2018)") makes it a case.
_PLAIN_YEAR = prefilter.compile(r"(?:[A-Z][a-z]+\.?\s(?:\d{1,2},\s)?)?\d{4}")
_JOURNAL_WORD = prefilter.compile(r"(?:\bL\.|\bRev\.|\bJ\.|\bQ\.|\bLaw\b|\bJournal\b|\bReview\b|\bForum\b)")

_DICTIONARY = prefilter.compile(
    r"(?<![\w.])(?:(?P<vol>\d{1,2})\s)?(?P<title>(?:[A-Z][\w'’-]*\.?\s|\d[a-z]{1,2}\s){0,6}?(?:Dictionary|Dict\.|Lexicon|Thesaurus)"
    r"(?:\sof\sthe\sEnglish\sLanguage|\sof\s(?:[A-Z]\w+)(?:\s[A-Z]\w+){0,2})?)"
    rf"(?P<pin>\s{_PIN_TOKEN})?\s?(?P<paren>{_YEAR_PAREN})(?P<after>\s[Vv]ol\.\s\d+)?"
)

_NAME_TOKEN = r"[A-Z][a-z'’]+(?:-[A-Z][a-z'’]+)?"
# "W. LaFave", "B.E. Witkin", "B. E. Witkin": initials and a surname, as the Supreme Court writes
# authors (not "U.S." and a word)
_PERSON = (
    rf"(?:(?<![A-Z]\.\s)(?!U\.\s?S\.)[A-Z]\.(?:\s?[A-Z]\.)?\s(?:Mc|Mac|La|De|O'|O’)?{_NAME_TOKEN}|"
    rf"(?:[A-Z]\.\s)?{_NAME_TOKEN}(?:\s(?:[A-Z]\.|{_NAME_TOKEN})){{0,3}}\s(?:Mc|Mac|La|De|O'|O’)?{_NAME_TOKEN})"
    r"(?:,?\s(?:Jr\.|Sr\.|II|III))?"
)
_AUTHORS = rf"{_PERSON}(?:(?:,\s|\s)(?:&|and)\s{_PERSON}|,\s{_PERSON})*(?:\set\sal\.)?"
# Plain-text treatise: "2 Wayne R. LaFave, Substantive Criminal Law § 14.1 (3d ed. 2018)"
_TREATISE = prefilter.compile(
    # authors by surname alone when two: "5C Wright & Miller, Federal Practice & Procedure § 1363"
    rf"(?<![\w.])(?:(?P<vol>\d{{1,2}}[A-Z]?)\s)?(?P<author>{_AUTHORS}|{SURNAME}\s&\s{SURNAME}),\s"
    # a subtitle after a colon: "Constitutional Law: Principles and Policies"
    r"(?P<title>(?:A\s|An\s|The\s)?[A-Z][\w'’-]*:?(?:\s(?:[A-Z][\w'’-]*:?|of|the|and|in|on|for|to|a|an|&|at))+)"
    rf"(?P<pin>\s{_PIN_TOKEN})?\s?(?P<paren>{_YEAR_PAREN})"
)
# A classic work cited by its star pages, the original edition's paging that reprints keep, with
# no year: "4 W. Blackstone, Commentaries *151", "2 J. Kent, Commentaries on American Law *123".
_STAR_PAGED = prefilter.compile(
    rf"(?<![\w.])(?:(?P<vol>\d{{1,2}})\s)?(?P<author>{_AUTHORS}|{SURNAME}),\s"
    r"(?P<title>[A-Z][\w'’-]*(?:\s(?:[A-Z][\w'’-]*|of|the|and|on|in|for|to|&))*)\s\*\d+"
)
# A report with its number, cited without italics: "U.S. Gov't Accountability Off., GAO-21-123,
# Consumer Protection: Actions Needed 15 (2021)", "Cong. Rsch. Serv., R45678, Title 3 (2020)".
_NUMBERED_REPORT = prefilter.compile(
    r"(?P<num>(?:[A-Z]{2,5}-)?\d{2,4}(?:-\d{1,5})+[A-Z]?|(?:GAO|OIG)-\d{2}-\d{1,5}[A-Z]?|R[LS]?\d{5}|IF\d{5}|LSB\d{5}),\s"
    r"(?P<title>[A-Z][^()\[\];]{3,200}?)(?P<pin>,?\s(?:at\s)?\d{1,4}(?:\s?[-–]\s?\d{1,4})?)?\s(?P<paren>\((?:[^()]{0,30}\s)?\d{4}\))"
)
# A news article cited without italics: "Jane Roe, Regulators Weigh New Rules, N.Y. Times, Jan. 5,
# 2022, at A1": a person's name, a title, a publication that says it is news, a full date.
_PLAIN_NEWS = prefilter.compile(
    rf"(?<![\w.])(?P<author>{_AUTHORS}),\s(?P<title>[A-Z“\"][^,;()]{{3,150}}?),\s"
    r"(?P<pub>(?:The\s)?(?:[A-Z][\w.'’&-]*\s){0,3}(?:Times|Post|J\.|Journal|News|Tribune|Herald|Gazette|Chronicle|"
    r"Reuters|Bloomberg|Associated\sPress|Magazine|Mag\.|Daily|Register|Inquirer|Globe|Atlantic|New\sYorker|Politico|"
    r"Axios|Law360|Slate|Forbes|Fortune|Economist|Statesman|Dispatch|Bee|Examiner|Wkly\.|Weekly|Week)"
    r"(?:\s[A-Z][\w.'’&-]*){0,2}),\s"
    rf"(?P<date>{MONTH}\s\d{{1,2}},\s\d{{4}})(?P<pin>,\sat\s[A-Z]?\d+)?"
)

# A book in California Style Manual form, the pin after the publisher and year: "Chin et al., Cal.
# Practice Guide: Employment Litigation (The Rutter Group 2024) ¶ 5:1520", "Witkin, Cal. Procedure
# (6th ed. 2021) Pleading, § 12". The pin names the part of a looseleaf guide cited, so it stays.
_CSM_BOOK = prefilter.compile(
    rf"(?<![\w.])(?:(?P<vol>\d{{1,2}}[A-Z]?)\s)?(?P<author>(?:{_AUTHORS}|{SURNAME}(?:\s(?:&|and)\s{SURNAME})?)(?:\set\sal\.)?),\s"
    r"(?P<title>[A-Z][^()\[\];]{3,150}?)\s(?P<paren>\((?:[A-Z][^()]{0,60}?\s)?(?:\d+(?:st|nd|rd|d|th)\sed\.\s)?"
    r"(?:1[5-9]\d\d|20\d\d)\))"
    r"(?P<pin>(?:\s[A-Z][a-z]+(?:\s[A-Za-z]+){0,3},)?\s(?:¶¶?|§§?)\s?\d[\w:-]*(?:\.\d[\w:-]*)*(?:\s?[-–]\s?\d[\w:]*(?:\.\d[\w:]*)*)?)"
)
_CSM_SIGNAL = prefilter.compile(r"(?:(?:see|also|cf\.|but|accord|compare|e\.g\.|generally)[,]?\s+)+", re.I)
_SKIP_TITLE = prefilter.compile(
    r"^(?:see|see also|cf\.?|e\.g\.|id\.?|ibid\.?|supra|infra|passim|et seq\.?|i\.e\.|"
    r"compare|contra|accord|but|and|or|per curiam|sic|not|only|any|all|must|cert\. denied)\W*$",
    re.I,
)
_CASE_LIKE = prefilter.compile(r"\sv\.\s|^In\sre\b|^Ex\sparte\b|^Matter\sof\b|^United\sStates\s(?:ex|v)")
_AFTER_NEWS = prefilter.compile(
    r",\s(?P<pub>(?:The\s)?[A-Z][\w.'’&-]*(?:\s(?:[A-Z][\w.'’&-]*|of|&|the|on))*?),\s"
    rf"(?P<date>{MONTH}\s(?:\d{{1,2}},\s)?\d{{4}})(?P<pin>,\sat\s[A-Z]?\d+)?"
)
# A news article with its title in quotation marks: "Jane Roe, “Regulators Weigh New Rules,” N.Y.
# Times, Jan. 5, 2022, at A1" (the page is a pin).
_QUOTED_NEWS = prefilter.compile(
    r"[“\"](?P<title>[A-Z][^”\"]{3,200}?),?[”\"],?\s(?P<pub>(?:The\s)?[A-Z][\w.'’&-]*(?:\s(?:[A-Z][\w.'’&-]*|of|&|the|on))*?)"
    rf",\s(?P<date>{MONTH}\s(?:\d{{1,2}},\s)?\d{{4}})(?P<pin>,\sat\s[A-Z]?\d+)?(?![\w(])"
)
# A web or reference entry: the site/publisher between the title and a date parenthetical
# ("*Poison*, Encyclopedia Britannica (Sept. 4, 2024), https://...").
_AFTER_SITE = prefilter.compile(
    r",\s(?P<pub>[A-Z][\w.'’&-]*(?:\s(?:[A-Z][\w.'’&-]*|of|&|the|on|for|and)){0,6})"
    rf"\s?(?P<paren>{_YEAR_PAREN})"
)
_DATED = prefilter.compile(rf"{MONTH}\s(?:\d{{1,2}},\s)?\d{{4}}|last\svisited|updated", re.I)
# A looseleaf or current treatise gives its edition without a year: "(4th ed.)".
_EDITION_ONLY = r"\((?:\d+(?:st|nd|rd|d|th)|rev\.)\sed\.(?:,\s[^()]{1,60})?\)"  # "(4th ed.)", "(2d ed., 2024-1 ed.)"
# A treatise known by its author's name, cited without italics: "2 McCormick on Evidence § 185 (7th
# ed. 2013)", "Prosser and Keeton on the Law of Torts", "2 Moore's Federal Practice § 12.34 (3d ed.)",
# "4 Weinstein's Federal Evidence". The edition or year parenthetical is required.
_EPONYMOUS = prefilter.compile(
    rf"(?<![\w.])(?:(?P<vol>\d{{1,2}}[A-Z]?)\s)?(?P<title>(?:{SURNAME}\s(?:and|&)\s)?(?P<name>{SURNAME})(?:'s|’s)?\s"
    r"(?:on\s(?:the\s)?(?:Law\sof\s)?[A-Z][a-z]+(?:\s(?:(?:and|&)\s)?[A-Z][a-z]+){0,3}|"
    r"Federal\s(?:Practice(?:\sand\sProcedure)?|Evidence)))"
    rf"(?P<pin>\s{_PIN_TOKEN})?\s?(?P<paren>{_YEAR_PAREN}|{_EDITION_ONLY})"
)
_AFTER_BOOK = prefilter.compile(rf"(?P<pin>,?\s{_PIN_TOKEN})?\s?(?P<paren>{_YEAR_PAREN}|{_EDITION_ONLY})")
_SIGNAL_PREFIX = prefilter.compile(
    r"(?:(?:See|see|Also|also|Cf\.|cf\.|Compare|compare|But|but|E\.g\.|e\.g\.|generally|accord|"
    r"Accord|with|and|quoting|citing)[,]?\s+)+"
)
# An author/organisation segment: capitalised words and connectors ("Pew Research Ctr.",
# "U.S. Dep't of the Treasury", "Report No. 2023-10-038").
# A name's particle ("Sander van der Linden") and a name that starts with a digit ("5Rights Foundation") count.
_AUTHOR_SEGMENT = prefilter.compile(
    r"^(?:\d{1,2}\s)?(?:\d?[A-Z][\w.'’&-]*|&|and|of|the|for|on|et\sal\.|Jr\.|[A-Z]\.)"
    r"(?:\s(?:\d?[A-Z][\w.'’&-]*|&|and|of|the|for|on|in|et\sal\.|Jr\.|[A-Z]\.|\d[\w-]*|"
    r"(?:van|von|de|der|den|du|da|di|la|le)(?=(?:\s(?:van|von|de|der|den|du|da|di|la|le))*\s[A-Z])))*$"
)


@cache
def _reporter_names() -> frozenset[str]:
    """Case reporters ("L. Ed.", "F. Supp.") and their variant spellings ("Fed. Appx."): never
    journals.  Built once per process (the reporters_db tables are large and this is consulted
    for every paragraph)."""
    try:
        import reporters_db
    except Exception:  # pragma: no cover - reporters_db is installed with eyecite
        return frozenset({"L. Ed.", "L. Ed. 2d"})
    names = {k for k in reporters_db.REPORTERS if k not in reporters_db.JOURNALS}
    names |= {v for v, keys in reporters_db.VARIATIONS_ONLY.items() if any(k in names for k in keys)}
    return frozenset(names)


def _last_name(author: str) -> str:
    """Sort name: the first author's last name ("Wayne R. LaFave & ..." -> "lafave"); an
    organisation sorts by its full name."""
    first = re.split(r"\s(?:&|and)\s|,\s(?=[A-Z][a-z]+\s[A-Z])", author)[0]
    first = re.sub(r"\set\sal\.$|,?\s(?:Jr\.|Sr\.|II|III)$", "", first.strip())
    toks = first.split()
    if 2 <= len(toks) <= 4 and all(re.match(r"^(?:[A-Z][a-z'’-]+|[A-Z]\.|Mc\w+|Mac\w+|La\w+|De\w+)$", t) for t in toks):
        return norm(toks[-1])
    return alpha_key(first)


def _other_sort(author: str, title: str, rest: str = "") -> SortKey:
    primary = _last_name(author) if author else alpha_key(title)
    return (primary, alpha_key(title), natkey(rest))


def _work_occ(
    text: str,
    start: int,
    end: int,
    *,
    vol: str | None,
    author: str | None,
    title: str,
    tail: str,
    paren: str,
    key_extra: str,
    flags: list[Flag] | None = None,
) -> Occurrence:
    head = ((f"{vol} " if vol else "") + (f"{author}, " if author else "") + title).strip()
    display = head + (f", {tail}" if tail else "") + (f" {paren}" if paren else "")
    key = WorkKey(alpha_key(author or ""), alpha_key(title), vol or "", norm(key_extra))
    return occ(
        text,
        start,
        end,
        category=CAT,
        key=key,
        display=display,
        sort_key=_other_sort(author or "", title, f"{vol or ''} {key_extra}"),
        flags=flags,
        meta=WorkMeta(author or "", title),
    )


def _drop_signal(s: str) -> str:
    """The words after the signals that open `s` ("See also Jane Doe" -> "Jane Doe")."""
    m = _SIGNAL_PREFIX.match(s)
    return s[m.end() :] if m else s


def _strip_signals(text: str, start: int, end: int) -> int:
    m = _SIGNAL_PREFIX.match(text, start, end)
    return m.end() if m else start


def find_formal(text: str) -> list[Claim]:
    claims = []
    for m in _RESTATEMENT.finditer(text):
        ed = (m.group("ed") or "").lower()
        subject = clean(m.group("subject"))
        sec = m.group("sec") or ""
        paren = clean(m.group("paren") or "")
        work = f"Restatement{' (' + m.group('ed') + ')' if m.group('ed') else ''} of {subject}"
        display = work + (f" § {sec}" if sec else "") + (f" {paren}" if paren else "")
        claims.append(
            claim_one(
                text,
                m.start(),
                m.end(),
                category=CAT,
                key=RestatementKey(ed, norm(subject), sec),
                display=display,
                sort_key=(alpha_key(work), "", natkey(sec)),
                meta=RestatementMeta(ed, subject, sec),
            )
        )
    for m in _RESTATEMENT_SHORT.finditer(text) if "Restatement" in text else ():
        if m.group("subject") and not m.group("supra"):
            continue  # a full cite
        meta = RestatementMeta((m.group("ed") or "").lower(), norm(m.group("subject") or ""), m.group("sec"))
        claims.append(short_claim(text, m.start(), m.end(), meta))
    for m in _CSM_RESTATEMENT.finditer(text) if "Rest." in text else ():
        ed, subject, sec = _CSM_EDITIONS.get(m.group("ed") or "", ""), clean(m.group("subject")), m.group("sec")
        work = clean(text[m.start() : m.end("subject")])
        display = f"{work}, § {sec}"
        # one key with the Bluebook form: "Rest.2d Torts" is "Restatement (Second) of Torts"
        claims.append(
            claim_one(
                text,
                m.start(),
                m.end(),
                category=CAT,
                key=RestatementKey(ed, norm(subject), sec),
                display=display,
                sort_key=(alpha_key("Restatement " + subject), "", natkey(sec)),
                meta=RestatementMeta(ed, subject, sec),
            )
        )
    for m in _MODEL.finditer(text):
        code = clean(m.group("code"))
        if m.group("rules") and not code.endswith("Conduct") and not code.startswith("ABA"):
            continue  # "Model Rule 3.3" alone may be any model; "ABA Model Rule 3.3" is the ABA's
        sec = m.group("sec") + squeeze_subsections(m.group("sub"))
        paren = clean(m.group("paren") or "")
        mark = "§" if m.group("mark") else "r." if "r." in m.group(0) else "R."
        display = (f"{code} {mark} {sec}" if not code.endswith("Rule") else f"{code} {sec}") + (
            f" {paren}" if paren else ""
        )
        # the ABA's Model Rules, however a brief names them, are one code
        ident = "model rules of professional conduct" if m.group("rules") else norm(code)
        claims.append(
            claim_one(
                text,
                m.start(),
                m.end(),
                category=CAT,
                key=ModelCodeKey(ident, sec),
                display=display,
                sort_key=(alpha_key(code), "", natkey(sec)),
                meta=ProvisionMeta(code=code, section=m.group("sec"), subsection=squeeze_subsections(m.group("sub"))),
            )
        )
    return claims


def find_reference_works(text: str) -> list[Claim]:
    """Legal encyclopedias, A.L.R. annotations and The Federalist (Other Authorities)."""
    claims = []
    key: Key
    for m in _ENCYCLOPEDIA.finditer(text) if "Jur." in text or "C.J.S." in text or "J. S." in text else ():
        series = clean(m.group("series"))
        title = clean(m.group("title"))
        display = clean(text[m.start() : m.end("sec")]) + (f" {clean(m.group('paren'))}" if m.group("paren") else "")
        key = EncyclopediaKey(m.group("vol"), norm(series), alpha_key(title), m.group("sec"))
        claims.append(
            claim_one(
                text,
                m.start(),
                m.end(),
                category=CAT,
                key=key,
                display=display,
                sort_key=(alpha_key(series), alpha_key(title), natkey(f"{m.group('vol')} {m.group('sec')}")),
                meta=WorkMeta("", title),
            )
        )
    for m in _ALR.finditer(text) if "L.R" in text or "L. R" in text else ():
        start = _strip_signals(text, boundary_before(text, m.start(), limit=300), m.start())
        head = text[start : m.start()]
        if " v. " in head or not re.search(r"\bAnnot(?:ation|\.)|[a-z]", head):
            continue  # a reported case, or a bare cite with no title
        series = clean(m.group("series") or "")
        cite = f"{m.group('vol')} A.L.R.{' ' if series.startswith('Fed') else ''}{series} {m.group('page')}"
        display = clean(head).rstrip(" ,") + ", " + cite + " " + clean(m.group("paren"))
        key = ArticleKey(m.group("vol"), norm("A.L.R." + clean(m.group("series") or "")), m.group("page"))
        claims.append(
            claim_one(
                text,
                start,
                m.end(),
                category=CAT,
                key=key,
                display=display,
                sort_key=_other_sort("", re.sub(r"^Annot(?:ation|\.),\s", "", clean(head)), cite),
            )
        )
    for m in _MANUAL.finditer(text) if "Complex Litigation" in text else ():
        if not (m.group("pin") or m.group("paren") or m.group("ed")):
            continue  # the manual named in prose
        ed = _MANUAL_EDITIONS.get(m.group("ed") or "", m.group("ed") or "")
        display = (
            (clean(m.group("org") or "") + " Manual for Complex Litigation").strip()
            + (f" ({ed})" if ed else "")
            + (f" {clean(m.group('paren'))}" if m.group("paren") else "")
        )
        claims.append(
            claim_one(
                text,
                m.start(),
                m.end(),
                category=CAT,
                key=ManualForComplexLitigationKey(ed.lower()),
                display=display,
                sort_key=("manual for complex litigation", "", natkey(ed)),
            )
        )
    for m in _FEDERALIST.finditer(text) if "Federalist" in text else ():
        display = clean(text[m.start() : m.end("num")] + (m.group("author") or "") + (m.group("ed") or ""))
        claims.append(
            claim_one(
                text,
                m.start(),
                m.end(),
                category=CAT,
                key=FederalistKey(m.group("num")),
                display=display,
                sort_key=("federalist", "", natkey(m.group("num"))),
            )
        )
    return claims


def find_code_comments(text: str) -> list[Claim]:
    claims = []
    for m in _CODE_COMMENT.finditer(text) if "foll." in text else ():
        display = clean(m.group(0))
        key = CodeCommentKey(alpha_key(m.group("author")), norm(m.group("src")), m.group("sec"))
        claims.append(
            claim_one(
                text,
                m.start(),
                m.end(),
                category=CAT,
                key=key,
                display=display,
                sort_key=(alpha_key(m.group("author")), norm(m.group("src")), natkey(m.group("sec"))),
            )
        )
    return claims


def find_opinions(text: str) -> list[Claim]:
    """Bar ethics opinions and state attorney general opinions (Other Authorities)."""
    claims = []
    for m in _ETHICS_OP.finditer(text) if "Op" in text else ():
        start = boundary_before(text, m.start(), limit=160)
        issuer = text[start : m.start()]
        if not _ETHICS_ISSUER.match(issuer) or not _ETHICS_WORD.search(issuer):
            continue
        display = clean(text[start : m.end()])
        key = EthicsOpinionKey(alpha_key(issuer), m.group("num"))
        claims.append(
            claim_one(
                text,
                start,
                m.end(),
                category=CAT,
                key=key,
                display=display,
                sort_key=(alpha_key(issuer), "", natkey(m.group("num"))),
            )
        )
    for m in _AG_OP.finditer(text) if "Gen." in text else ():
        state = state_abbr(m.group("s1") or m.group("s2")) or clean(m.group("s1") or m.group("s2"))
        display = clean(m.group(0))
        claims.append(
            claim_one(
                text,
                m.start(),
                m.end(),
                category=CAT,
                key=AttorneyGeneralOpinionKey(state, m.group("num")),
                display=display,
                sort_key=(alpha_key(display), "", natkey(m.group("num"))),
            )
        )
    return claims


def _title_before(text: str, pos: int, emphasis: Emphasis, lo: int, upto: int | None = None) -> tuple[int, int] | None:
    """An italic title ending right before `pos` (the ", " after it), as (start, end).  The
    span may run on to `upto` over the separator (a comma or quote set in italics)."""
    for a, b in emphasis:
        if lo <= a < pos and pos - 3 <= b <= (upto or pos):
            return a, b
    return None


# A one-word head and colon before an authorless title, which boundary_before takes for a label.
_TITLE_HEAD = prefilter.compile(r"(?:^|(?<=[\s(]))[A-Z][a-z]{2,}:\s+$")
# Between a title and the volume: ", " or, after a quotation that ends the title, ",” ".
_TITLE_SEP = prefilter.compile(r",[”’\"']?\s$")


def _title_sep(text: str, pos: int) -> int | None:
    """Offset of the comma separating a title from a cite starting at `pos`, or None."""
    m = _TITLE_SEP.search(text, max(0, pos - 3), pos)
    return m.start() if m else None


def _author_before(text: str, title_start: int) -> tuple[int, str, str]:
    """(start, volume, author) of "2 Wayne R. LaFave, " / "Pew Research Ctr., " before a title."""
    bstart = boundary_before(text, title_start, limit=200)
    while bstart < title_start and text[bstart].isspace():  # a note's text starts after a space
        bstart += 1
    if bstart and text[bstart - 1] in ';.,)”"':  # "…(2022);12 Sarah Perez, …": a note's number, not a volume
        bstart = note_mark_end(text, bstart)
    note = re.compile(r"\d{1,3}\s+(?=\S)").match(text, bstart, title_start)
    if note and _SIGNAL_PREFIX.match(text, note.end(), title_start):
        bstart = note.end()  # "144 See Jane Doe, …": a note's number typed before its text
    bstart = _strip_signals(text, bstart, title_start)
    prefix = text[bstart:title_start]
    if not prefix.strip():
        return title_start, "", ""
    vm = re.fullmatch(r"(\d{1,2}[A-Z]?)\s", prefix)  # "2 ", "10A "
    if vm:
        return bstart, vm.group(1), ""
    if not prefix.endswith(", ") and not prefix.endswith(","):
        return title_start, "", ""
    body = prefix.rstrip(", ")
    vol = ""
    vm = re.match(r"(\d{1,2}[A-Z]?)\s", body)
    if vm:
        vol, body = vm.group(1), body[vm.end() :]
        sig = _SIGNAL_PREFIX.match(body)
        if sig:  # "8 See Name, ...": the number is a note mark, not a volume
            vol, body = "", body[sig.end() :]
    segs = body.split(", ")
    # keep the trailing segments that look like names/organisations (max 3)
    kept: list[str] = []
    for seg in reversed(segs):
        signal = _SIGNAL_PREFIX.match(seg)
        if signal:  # "…its history, see Michael S. Hull et al., Title": the author starts after "see"
            seg = seg[signal.end() :]
        if len(kept) == 3 or not _AUTHOR_SEGMENT.match(seg) or len(seg.split()) > 9:
            break
        kept.insert(0, seg)
        if signal:
            break
    if not kept:
        return title_start, "", ""
    author = ", ".join(kept)
    start = title_start - len(prefix) + prefix.rfind(author) if not vol or len(kept) < len(segs) else bstart
    if vol and len(kept) == len(segs):
        start = bstart
    return start, vol, clean(author)


def find_articles(text: str, emphasis: Emphasis) -> list[Claim]:
    claims = []
    reporters = _reporter_names()
    for m in _JOURNAL.finditer(text):
        journal = clean(m.group("journal"))
        if journal in reporters:
            continue
        lo = boundary_before(text, m.start(), limit=300)
        sep = _title_sep(text, m.start())
        t = _title_before(text, sep, emphasis, lo, m.start()) if sep is not None else None
        if not _JOURNAL_WORD.search(journal) and not (
            t and _PLAIN_YEAR.fullmatch(clean(m.group("year"))) and not _CASE_LIKE.search(text[t[0] : t[1]])
        ):
            continue  # a journal outside the law reviews needs an italic title before it
        page = m.group("page") or ""
        pages = page + (m.group("last") or "")
        at_pages = " " + pages if page else ""
        cite = f"{m.group('vol')}{m.group('issue') or ''} {journal}{at_pages} ({clean(m.group('year'))})"
        start, author, title = m.start(), "", ""
        if sep is not None:
            if t:
                start, _vol, author = _author_before(text, t[0])
                # a title ending in a quotation keeps its comma inside the quotes
                title = (
                    clean(text[t[0] : m.start()]).rstrip(" ,")
                    if text[sep + 1] != " "
                    else clean(text[t[0] : t[1]]).rstrip(",")
                )
            else:
                seg_start = _strip_signals(text, note_mark_end(text, lo), m.start())
                seg = text[seg_start : sep if text[sep + 1] == " " else m.start()].rstrip()
                parts = seg.split(", ", 1)
                if len(parts) == 2 and _AUTHOR_SEGMENT.match(parts[0]) and parts[1].lstrip("“\"'‘")[:1].isupper():
                    author, title, start = clean(parts[0]), clean(parts[1]), seg_start
                elif seg[:1].isupper() and " v. " not in seg and len(seg) < 200:
                    head = _TITLE_HEAD.search(text, max(0, seg_start - 20), seg_start)
                    if head:  # "Privacy: A Story, 12 …": with no author, the word before the colon heads the title
                        seg = text[head.start() : seg_start] + seg
                        seg_start = head.start()
                    title, start = clean(seg), seg_start
        # the article's link is part of its citation (not of the entry): the occurrence runs on to
        # it, so a link the next line carries goes with the article, not to an entry of its own
        url = _URL.match(text, m.end())
        end = url.end("url") - (len(url.group("url")) - len(url.group("url").rstrip(".,;)"))) if url else m.end()
        display = ", ".join(x for x in (author, title) if x)
        display += (" " if title.endswith((',"', ",'")) else ", ") + cite if display else cite
        key = ArticleKey(m.group("vol"), norm(journal), page or alpha_key(title))
        claims.append(
            claim_one(
                text,
                start,
                end,
                category=CAT,
                key=key,
                display=display,
                sort_key=_other_sort(author, title or journal, f"{m.group('vol')} {page}"),
                meta=WorkMeta(author, title),
                anchor_end=m.end(),
                rank=RANK_SECONDARY,
            )
        )
    return claims


# The California Style Manual's article: "Author, Title (2015) 48 Loyola L.A. L.Rev. 1, 12": the
# year before the volume. The journal needs a law-review word, which no case reporter has.
_CSM_ARTICLE = prefilter.compile(
    rf"\s\((?P<year>(?:[A-Z][a-z]+\.?\s)?\d{{4}})\)\s(?P<vol>\d{{1,4}})\s(?P<journal>[A-Z][A-Za-z'’.]*(?:\s{_JTOKEN}){{0,9}}?)"
    r"\s(?P<page>\d{1,5})(?P<pin>,\s\d+(?:\s?-\s?\d+)?)?(?!\w|\.\d)"
)


def find_csm_articles(text: str) -> list[Claim]:
    claims = []
    for m in _CSM_ARTICLE.finditer(text) if ") " in text else ():
        journal = clean(m.group("journal"))
        if not _JOURNAL_WORD.search(journal) or journal in _reporter_names():
            continue
        start = _strip_signals(text, boundary_before(text, m.start(), limit=300), m.start())
        while start < m.start() and text[start].isspace():
            start += 1
        seg = text[start : m.start()]
        author, sep, title = seg.partition(", ")
        if not sep or " v. " in seg or not _AUTHOR_SEGMENT.match(author) or not title.lstrip("“\"'‘")[:1].isupper():
            continue
        cite = f"{m.group('vol')} {journal} {m.group('page')}"
        display = f"{clean(seg)} ({clean(m.group('year'))}) {cite}"
        key = ArticleKey(m.group("vol"), norm(journal), m.group("page"))
        claims.append(
            claim_one(
                text,
                start,
                m.end(),
                category=CAT,
                key=key,
                display=display,
                sort_key=_other_sort(clean(author), clean(title), f"{m.group('vol')} {m.group('page')}"),
                meta=WorkMeta(clean(author), clean(title)),
                rank=RANK_SECONDARY,
            )
        )
    return claims


def find_quoted_news(text: str) -> list[Claim]:
    """News articles with an author and a quoted title, cited without a URL."""
    claims = []
    for m in _QUOTED_NEWS.finditer(text) if "“" in text or '"' in text else ():
        start, vol, author = _author_before(text, m.start())
        if not author:
            continue
        quoted = clean(text[m.start() : m.start("pub")]).rstrip(" ")
        quoted += "" if quoted.endswith((",", ',"')) else ","  # the comma before the publication, as written
        pub = clean(m.group("pub"))
        display = f"{author}, {quoted} {pub}, {m.group('date')}"
        key = WorkKey(alpha_key(author), alpha_key(m.group("title")), "", norm(f"{pub} {m.group('date')}"))
        claims.append(
            claim_one(
                text,
                start,
                m.end(),
                category=CAT,
                key=key,
                display=display,
                sort_key=_other_sort(author, m.group("title")),
                meta=WorkMeta(author, m.group("title")),
                rank=RANK_SECONDARY,
            )
        )
    return claims


def _merged_emphasis(text: str, emphasis: Emphasis) -> list[tuple[int, int]]:
    """Join emphasis runs split by formatting changes ("Black's" + " Law Dictionary")."""
    out: list[list[int]] = []
    for a, b in sorted(emphasis):
        if out and a - out[-1][1] <= 1 and not text[out[-1][1] : a].strip():
            out[-1][1] = max(out[-1][1], b)
        else:
            out.append([a, b])
    return [(a, b) for a, b in out]


def find_emphasized_works(text: str, emphasis: Emphasis) -> list[Claim]:
    claims = []
    for a, b in _merged_emphasis(text, emphasis):
        raw = text[a:b]
        title = raw.strip().rstrip(",;")
        if (
            len(title) < 4
            or _SKIP_TITLE.match(title)
            or _CASE_LIKE.search(title)
            or not title[:1].isupper()
            and not title[:1].isdigit()
        ):
            continue
        a2 = a + (len(raw) - len(raw.lstrip()))
        b2 = a2 + len(title)
        news = _AFTER_NEWS.match(text, b2)
        book = _AFTER_BOOK.match(text, b2)
        site = _AFTER_SITE.match(text, b2) if not (news or book) else None
        if site:
            claims.extend(_site_claim(text, a2, title, site))
        elif news and not book:
            start, vol, author = _author_before(text, a2)
            if not author:
                continue
            tail = f"{clean(news.group('pub'))}, {news.group('date')}"
            end = news.end()
            url = _URL.match(text, end)
            if url:
                tail += f", {url.group('url').rstrip('.,;)')}"
                end = url.end() - (len(url.group("url")) - len(url.group("url").rstrip(".,;)")))
            claims.append(
                claim(
                    [
                        _work_occ(
                            text, start, end, vol=vol, author=author, title=title, tail=tail, paren="", key_extra=""
                        )
                    ],
                    RANK_SECONDARY,
                )
            )
        elif book:
            start, vol, author = _author_before(text, a2)
            paren = clean(book.group("paren"))
            end = book.end()
            tail = ""
            after = re.compile(r"\s[Vv]ol\.\s\d+").match(text, end)
            if after:
                paren += " " + clean(after.group(0))
                end = after.end()
            url = _URL.match(text, end)
            if url:
                u = url.group("url").rstrip(".,;)")
                paren += f", {u}"
                end = url.start("url") + len(u)
            claims.append(
                claim(
                    [
                        _work_occ(
                            text,
                            start,
                            end,
                            vol=vol,
                            author=author,
                            title=title,
                            tail=tail,
                            paren=paren,
                            key_extra=clean(book.group("paren")) + (clean(after.group(0)) if after else ""),
                        )
                    ],
                    RANK_SECONDARY,
                )
            )
    return claims


def _site_claim(text: str, title_start: int, title: str, site: re.Match[str]) -> list[Claim]:
    """ "Author, *Entry*, Site (date), URL": kept (with the URL, which locates a web source) when
    an author, a full date or a URL makes it a citation rather than italic prose."""
    start, vol, author = _author_before(text, title_start)
    paren = clean(site.group("paren"))
    end = site.end()
    url = _URL.match(text, end)
    if not (author or url or _DATED.search(paren)):
        return []
    pub = clean(site.group("pub"))
    key_extra = f"{pub} {paren}"
    if url:
        u = url.group("url").rstrip(".,;)")
        paren += f", {u}"
        end = url.start("url") + len(u)
    return [
        claim(
            [
                _work_occ(
                    text, start, end, vol=vol, author=author, title=title, tail=pub, paren=paren, key_extra=key_extra
                )
            ],
            RANK_SECONDARY,
        )
    ]


# Abbreviated words right before a name ("Fed. ", "U.S. "): the name goes on before them.
_ABBREVIATED_BEFORE = prefilter.compile(r"(?<![\w.'’])(?:[A-Z][\w'’]*\.|(?:[A-Z]\.){2,})\s$")


def _plain_work(
    text: str,
    start: int,
    end: int,
    *,
    vol: str,
    author: str,
    title: str,
    paren: str,
    tail: str = "",
    key_extra: str | None = None,
) -> Claim:
    """The claim of a work found without emphasis (less certain than a formal cite), keyed by its
    parenthetical (the edition) unless `key_extra` says otherwise."""
    extra = paren if key_extra is None else key_extra
    occ = _work_occ(text, start, end, vol=vol, author=author, title=title, tail=tail, paren=paren, key_extra=extra)
    return claim([occ], RANK_SECONDARY)


def _dictionary(text: str, m: re.Match[str]) -> Claim | None:
    """ "Black's Law Dictionary (11th ed. 2019)", "8 Oxford English Dictionary 12 (2d ed. 1989)"."""
    start = _strip_signals(text, m.start(), m.end())
    title_start = max(start, m.start("title"))
    title = _drop_signal(clean(text[title_start : m.end("title")]))
    if not title or len(title.split()) < 2 and not title.endswith(("Dictionary", "Dict.")):
        return None
    paren = clean(m.group("paren")) + (" " + clean(m.group("after")) if m.group("after") else "")
    vol = m.group("vol") or ""
    start = start if not vol else m.start()
    return _plain_work(text, start, m.end(), vol=vol, author="", title=title, paren=paren.strip(), key_extra=paren)


def _author_start(m: re.Match[str]) -> int:
    """Where the author of a work the match reads begins, after a signal before the name ("See ")."""
    return m.start("author") + (len(m.group("author")) - len(_drop_signal(m.group("author"))))


def _treatise(text: str, m: re.Match[str]) -> Claim | None:
    """ "5 Charles Alan Wright & Arthur R. Miller, Federal Practice and Procedure § 1357 (3d ed.)"."""
    if " v. " in text[m.start() : m.end()]:
        return None
    author = _drop_signal(clean(m.group("author")))
    pair = re.fullmatch(r"(\S+) & (\S+)", author)  # "Wright & Miller": surnames, not "Sherman & Clayton Acts"
    if not author or len(author.split()) < 2 or pair and not all(is_author_word(w) for w in pair.groups()):
        return None
    signalled = author != clean(m.group("author"))  # "8 See Jane Doe, …": the number is a note's
    vol = m.group("vol") if m.group("vol") and not signalled else ""
    start = m.start() if vol else _author_start(m)
    if not vol and _ABBREVIATED_BEFORE.search(text, max(0, start - 40), start):
        # "Fed. Trade Comm'n, Data Brokers (2014)": the author is an organisation whose name
        # opens with abbreviations, which a person's name pattern does not take
        org_start, _vol, org = _author_before(text, m.start("title"))
        if org.endswith(author) and len(org) > len(author):
            start, author = org_start, org
    title, paren = clean(m.group("title")), clean(m.group("paren"))
    return _plain_work(text, start, m.end(), vol=vol, author=author, title=title, paren=paren)


def _star_paged(text: str, m: re.Match[str]) -> Claim | None:
    """ "4 W. Blackstone, Commentaries *151": the star page is the pin, the work the entry."""
    author = _drop_signal(clean(m.group("author")))
    if not author or " v. " in m.group(0):
        return None
    vol = m.group("vol") or ""
    start = m.start() if vol else _author_start(m)
    return _plain_work(text, start, m.end("title"), vol=vol, author=author, title=clean(m.group("title")), paren="")


def _eponymous(text: str, m: re.Match[str]) -> Claim | None:
    """ "2 McCormick on Evidence § 185 (8th ed.)": a treatise named after its author."""
    if not is_author_word(m.group("name")) or not (m.group("vol") or m.group("pin") or "ed." in m.group("paren")):
        return None  # "Smith on Appeal (2019)": a volume, a pin or an edition makes it a treatise
    title, paren = clean(m.group("title")), clean(m.group("paren"))
    return _plain_work(text, m.start(), m.end(), vol=m.group("vol") or "", author="", title=title, paren=paren)


def _numbered_report(text: str, m: re.Match[str]) -> Claim | None:
    """An organisation's numbered report, its number written after the organisation."""
    start, _vol, org = _author_before(text, m.start())
    if not org or _CASE_LIKE.search(m.group("title")):
        return None
    title, paren = clean(m.group("title")), clean(m.group("paren"))
    return _plain_work(text, start, m.end(), vol="", author=f"{org}, {m.group('num')}", title=title, paren=paren)


def _plain_news(text: str, m: re.Match[str]) -> Claim | None:
    """A news article by its author, title, publication and date, without emphasis."""
    author = _drop_signal(clean(m.group("author")))
    if not author or len(author.split()) < 2:
        return None
    start = m.start("author") + len(m.group("author")) - len(author)
    tail = f"{clean(m.group('pub'))}, {m.group('date')}"
    return _plain_work(text, start, m.end(), vol="", author=author, title=clean(m.group("title")), paren="", tail=tail)


def _style_manual_book(text: str, m: re.Match[str]) -> Claim | None:
    """A book in the California Style Manual's form ("5 Witkin, Summary of Cal. Law (11th ed. 2017)")."""
    if " v. " in m.group(0):
        return None
    signal = _CSM_SIGNAL.match(m.group("author"))
    start = m.start("author") + (signal.end() if signal else 0)
    author = m.group("author")[start - m.start("author") :]
    if not author.strip():
        return None
    paren = f"{clean(m.group('paren'))} {clean(m.group('pin'))}"
    # "5 Witkin, Summary of Cal. Law …": the volume is part of the entry ("8 See Witkin": a note mark)
    vol = m.group("vol") if m.group("vol") and not signal else ""
    title = clean(m.group("title"))
    return _plain_work(
        text, m.start() if vol else start, m.end(), vol=vol, author=clean(author), title=title, paren=paren
    )


def find_plain_works(text: str) -> list[Claim]:
    """Works identified without emphasis: dictionaries and author-title-edition treatises."""
    scans: list[tuple[prefilter.Pattern, Callable[[str, re.Match[str]], Claim | None], bool]] = [
        (_DICTIONARY, _dictionary, True),
        (_TREATISE, _treatise, True),
        (_STAR_PAGED, _star_paged, "*" in text),
        (_EPONYMOUS, _eponymous, " on " in text or "Federal " in text),
        (_NUMBERED_REPORT, _numbered_report, bool(re.search(r"\d{2},\s", text))),
        (_PLAIN_NEWS, _plain_news, "," in text),
        (_CSM_BOOK, _style_manual_book, True),
    ]
    found = (read(text, m) for rx, read, worth_scanning in scans if worth_scanning for m in rx.finditer(text))
    return [c for c in found if c is not None]


# A treatise short form: "Bishop § 682, at 371", "Wright & Miller § 1357, at 412".  The page
# pin is what makes the surname safe (statutes are not cited by page); the occurrence is a
# "supra" whose antecedent word links it to the work cited earlier.
_SHORT_WORK = prefilter.compile(
    rf"(?<![\w.'’-])(?:(?P<first>{SURNAME})\s(?:&|and)\s)?(?P<name>{SURNAME})\s"
    r"§§?\s?\d[\w.:-]*(?:\(\w+\))*,\sat\s\d+(?:\s?-\s?\d+)?"
)


def find_short_forms(text: str) -> list[Claim]:
    claims = []
    for m in _SHORT_WORK.finditer(text):
        if not is_author_word(m.group("name")) or m.group("first") and not is_author_word(m.group("first")):
            continue
        start = m.start("first") if m.group("first") else m.start("name")
        o = occ(
            text,
            start,
            m.end(),
            category=None,
            key=None,
            display=None,
            sort_key=None,
            kind="supra",
            meta=SupraMeta(m.group("name")),
        )
        claims.append(claim([o], RANK_SECONDARY))
    return claims


# A web page or news article located by its URL: "Author, “Title,” Publication, (Jan. 8, 2018),
# https://…" or "Agency, Page Title (last visited Nov. 11, 2024, https://…)" / "… (last visited …)".
# a URL broken at a line end goes on after one space when the rest is a path or a file name
# (or when it is a query's or a percent-encoded rest: "…text=In%202022%2C%20NCME C's%20CyberTip%20received"),
# and always after a hyphen, underscore or query mark, where no URL ends ("…/toy-recall- guidance")
_WEB_URL = prefilter.compile(
    r"(?P<url>(?:https?|ftp)://[^\s<>“”\"]+(?:\s(?=[\w/-]*/|[\w-]+\.(?:pdf|html?|aspx?|php)\b|"
    r"[^\s<>“”\"]*%[0-9A-Fa-f]{2}|[?&=#])[^\s<>“”\"]+|(?<=[-_=&?])\s(?=\w)[^\s<>“”\"]+){0,3})"
)
_URL_LINE_END = prefilter.compile(r"(?<=[-_=&?])\s+")
_LAST_VISITED = prefilter.compile(r"\((?=last\svisited)")
_WEB_DATE = prefilter.compile(
    r"(?:\(|,\s)" + MONTH + r"\s\d{1,2},\s\d{4}\)?,?\s$|\(last\svisited,?\s[^()]*$|\)\s?,?\s?$"
)
_AS_OF = prefilter.compile(r"\s?\[as\sof\s[^\]]{4,30}\]")
# Bluebook puts the date a page was read after its URL: "…, https://… (last visited Mar. 3, 2023)";
# it makes the URL a citation, and stays out of the entry.
_VISITED_AFTER = prefilter.compile(r"\s?\(last\svisited,?\s[^()]{4,40}\)")
# APA's and MLA's date a page was read, before its URL: "Title. Accessed Jan. 1, 2024. https://…",
# "Retrieved March 3, 2023, from https://…". Like "(last visited …)", it makes the URL a citation,
# and the work's words end before it.
_ACCESSED_BEFORE = prefilter.compile(
    r"[.,]?\s(?:[Aa]ccessed|[Rr]etrieved|[Ll]ast\saccessed)(?:\son)?\s(?:" + MONTH + r"\s(?:\d{1,2},\s)?\d{4}|"
    r"\d{1,2}\s" + MONTH + r"\s\d{4})[.,]?(?:\sfrom)?\s?$"
)
# "…, Title 4 (2018), available at https://…": the phrase that hands a cited work over to its URL.
_AVAILABLE_AT = prefilter.compile(r",?\s(?:available\sat|at)\s?$")
# A press release is named by its genre ("Press Release, Dep't of Justice, Title (date), URL").
_PRESS_RELEASE = prefilter.compile(r"^(?:News\s|Joint\s)?Press\sRelease,\s")
# A pin page before the date parenthetical of a report ("Guidance for Industry 4 (2018)"):
# not part of the entry. A number after "No.", "Vol.", "#" or "Part" is part of the title.
_WEB_PIN = prefilter.compile(
    r"(?:,\sat|(?<![#\d])(?<!No\.)(?<!Vol\.)(?<!Part)(?<!Pt\.))\s\d{1,4}(?:\s?[-–]\s?\d{1,4})?(?=\s\((?P<paren>[^()]*)\))"
)


def _without_pin(cite: str) -> str:
    """The cite without its pin page; a year that ends a title and is the date's year stays
    ("Teens, Social Media and Technology 2023 (Dec. 11, 2023)")."""

    def pin(m: re.Match[str]) -> str:
        number = m.group(0).strip()
        return m.group(0) if re.fullmatch(r"(?:19|20)\d\d", number) and number in m.group("paren") else ""

    return _WEB_PIN.sub(pin, cite)


_QUOTED_TITLE = prefilter.compile(r"[“\"][^”\"]{8,}[,.]?[”\"]")


# European Union instruments: "Regulation (EU) 2016/679 of the European Parliament and of the Council
# of 27 April 2016 on …, 2016 O.J. (L 119) 1, art. 5" (the article is a pin, not part of the entry).
_EU_ACT = prefilter.compile(
    r"(?<![\w.])(?P<type>Regulation|Directive|Decision)\s\((?P<body>EU|EC|EEC|Euratom)\)\s(?:No\.?\s)?"
    r"(?P<num>\d{1,4}/\d{1,4}(?:/[A-Z]+)?)(?P<title>\sof\sthe\s[^;()]{0,300}?)?(?=,|;|\.(?:\s|$)|\s\(|$)"
    # an article cited before the Official Journal cite is a pin: "…, art. 17, 2016 O.J. (L 119) 1"
    r"(?P<art>,\sarts?\.\s\d+[\w()]*(?:\s?[-–,]\s?\d+[\w()]*)*(?=,\s\d{4}\sO\.J\.))?"
    r"(?P<oj>,\s\d{4}\sO\.J\.\s\([^()]{1,20}\)\s\d+)?"
)
# Treaties cited to a treaty series: "Convention on the Rights of the Child, Nov. 20, 1989, 1577 U.N.T.S. 3".
_TREATY_SERIES = prefilter.compile(
    r"(?<![\w.])(?P<vol>\d{1,5})\s(?P<series>U\.N\.T\.S\.|U\.S\.T\.|T\.I\.A\.S\.|"
    r"I\.L\.M\.|L\.N\.T\.S\.|Eur\.\sT\.S\.)\s(?:No\.\s)?(?P<page>\d+)"
)
_TREATY_WORD = prefilter.compile(r"\b(?:Convention|Treaty|Agreement|Protocol|Covenant|Charter|Accord)\b")


def find_international(text: str) -> list[Claim]:
    """EU regulations and directives, and treaties cited to a treaty series (Other Authorities)."""
    claims = []
    key: Key
    for m in _EU_ACT.finditer(text) if "(E" in text else ():
        display = (
            clean(text[m.start() : m.start("art")] + text[m.end("art") : m.end()])
            if m.group("art")
            else clean(text[m.start() : m.end()])
        )
        key = EuActKey(m.group("type").lower(), m.group("body"), m.group("num"))
        claims.append(
            claim_one(
                text,
                m.start(),
                m.end(),
                category=CAT,
                key=key,
                display=display,
                sort_key=(alpha_key(display), "", natkey(m.group("num"))),
            )
        )
    for m in _TREATY_SERIES.finditer(text):
        start = boundary_before(text, m.start())
        name = text[start : m.start()]
        if not _TREATY_WORD.search(name):
            continue
        # an article cited is a pin: "Vienna Convention on the Law of Treaties art. 31, May 23, 1969, …"
        display = re.sub(
            r",?\sarts?\.\s\d+[\w()]*(?:\s?[-–,]\s?\d+[\w()]*)*(?=,)", "", clean(text[start : m.end()]), count=1
        )
        key = TreatyKey(m.group("vol"), m.group("series"), m.group("page"))
        claims.append(
            claim_one(
                text, start, m.end(), category=CAT, key=key, display=display, sort_key=(alpha_key(display), "", ())
            )
        )
    return claims


_STANDALONE_BEFORE = prefilter.compile(r"\s*(?:(?:See|see|also|Cf\.|E\.g\.|e\.g\.)[,]?\s+)*")
_STANDALONE_AFTER = prefilter.compile(r"[.;]?\)?(?:\s|$)")


def _sentence_start(text: str, pos: int) -> int:
    """After the last sentence end ("… mentioned it. https://…") or the paragraph start."""
    ends = [m.end() for m in re.finditer(r"[.!?;][)\"”’]?\s+", text[:pos])]
    return ends[-1] if ends else 0


# Dictionaries on the web, by host, as the Bluebook (R. 18.2) names them.
_DICTIONARY_SITES = {
    "merriam-webster.com": "Merriam-Webster.com Dictionary",
    "dictionary.com": "Dictionary.com",
    "oed.com": "Oxford English Dictionary Online",
    "ahdictionary.com": "American Heritage Dictionary",
    "collinsdictionary.com": "Collins English Dictionary",
    "dictionary.cambridge.org": "Cambridge Dictionary",
    "en.wiktionary.org": "Wiktionary",
}


def _author_and_title(head: str) -> bool:
    """ "Fed. Trade Comm'n, Data Brokers: A Call for Transparency 46": an author or publisher (a
    name in capitalised words), then a title in title case — a web source typed without italics
    ("Author, Title (date), URL"), not a sentence ("After the hearing, Smith, the owner, posted")."""
    segs = _drop_signal(clean(head)).rstrip(" ,").split(", ")
    if len(segs) < 2 or not _AUTHOR_SEGMENT.match(segs[0]) or len(segs[0].split()) > 9:
        return False
    words = [w for w in re.split(r"\s+", segs[-1].strip('“”"‘’')) if w.isalpha()]
    small = {"a", "an", "the", "of", "and", "or", "for", "in", "on", "to", "at", "by", "with", "from", "is", "are"}
    return bool(words) and all(w[0].isupper() or w in small for w in words) and words[0][0].isupper()


# Where a citation clause starts when no sentence end is trusted: after ";", or after the link
# (and the next note's number) that ended the citation before it in a run of notes.
_CLAUSE_BREAK = prefilter.compile(r";\s*|(?:https?://|doi:)\S+\s+(?:\d{1,3}\s+)?")
_SMALL_WORDS = {
    "a",
    "an",
    "the",
    "of",
    "and",
    "or",
    "for",
    "in",
    "on",
    "to",
    "at",
    "by",
    "with",
    "from",
    "is",
    "are",
    "as",
    "its",
    "vs",
}
_CLOSING_DATE = prefilter.compile(
    rf"(?:[.,]?\s*\([^()]*\d{{4}}\)|[.,]\s(?:(?:[Uu]pdated|[Pp]ublished|[Pp]osted|[Rr]evised)\s)?"
    rf"{MONTH}\s(?:\d{{1,2}},\s)?\d{{4}})$"
)
_VOLUME_AND_PAGE = prefilter.compile(
    r"(?:^|,\s)\d{1,4}(?:\(\d{1,3}\))?\s[A-Z][^,]*?(?:\s\d{1,5}(?:-\d{1,5})?(?=,|\s\(|$)|"
    r"(?=\s\(forthcoming))"
)
_DATE_ONLY = prefilter.compile(
    rf"(?:(?:[Uu]pdated|[Pp]ublished|[Pp]osted|[Rr]evised)\s)?{MONTH}\s(?:\d{{1,2}},\s)?\d{{4}}"
)
_PUBLISHER_LAST = prefilter.compile(r",\s(?:The\s)?[A-Z][\w.'’&-]*(?:\s[A-Z][\w.'’&-]*){0,5}$")


def _as_written(s: str) -> str:
    """A web source's entry: its words as printed (an opening ‘ stays one), on one line."""
    return re.sub(r"\s+", " ", s).strip()


def _reference_start(text: str, sentence_start: int, head_end: int) -> int | None:
    """The start of a reference that ends in its link and reads as one without italics or
    quotes, from its sentence's start or, over sentence ends inside it ("Title. (2021). URL"),
    from its clause's: else None."""
    lo = max(0, head_end - 300)
    clause = lo
    for b in _CLAUSE_BREAK.finditer(text, lo, head_end):
        clause = b.end()
    if clause == 0:
        clause = note_mark_end(text, 0)
    for start in dict.fromkeys((clause, sentence_start) if clause > lo or lo == 0 else (sentence_start,)):
        start = _strip_signals(text, start, head_end)
        *before, last = re.split(r"(?:(?<=[a-z]{3}[.?!])|(?<=[)\d]\.))\s+(?=\S)", text[start:head_end].strip())
        # over sentence ends, every sentence is part of the reference: a title, or a date ("(2021).")
        if (
            start < head_end and _reads_as_reference(last)
            if not before
            else all(_DATE_ONLY.fullmatch(p.strip("(). ")) or _title_case(p) for p in before)
            and (
                _DATE_ONLY.fullmatch(last.strip("(). "))
                or re.fullmatch(r"\(?\d{4}\)?\.?", last)
                or _reads_as_reference(last)
            )
        ):
            return start
    return None


def _title_case(s: str) -> bool:
    words = [w for w in re.findall(r"[^\W\d_][\w'’-]*", s) if w.lower() not in _SMALL_WORDS]
    return bool(words) and sum(w[0].isupper() for w in words) >= 0.75 * len(words)


def _reads_as_reference(head: str) -> bool:
    """ "CyperTip 2022 Report.", "The Family Census: Media Use by Teens. (2021).", "Acme, Online
    Safety,": a title in title case (a publisher before it, a date after it); or "Agencies issue a
    joint warning, FBI (2023)," / "Snapchat adds prizes, The Verge, Oct. 6, 2021,": a title in
    sentence case, its publisher and its date. Not a sentence of prose ("the report is here:")."""
    h = clean(head).rstrip(" ,.:")
    if not h or len(h) > 250 or " v. " in h or not (h[0].isupper() or h[0] in "\"'") or _VOLUME_AND_PAGE.search(h):
        return False  # (an article, "…, 7 Annals of Behavioral Science 118": the journals' recognizer reads it)
    body = _CLOSING_DATE.sub("", h).rstrip(" ,.")
    if _DATE_ONLY.fullmatch(body):
        return False  # "Updated June 15, 2022.": the date of a page whose title comes before
    words = [w for w in re.findall(r"[^\W\d_][\w'’-]*", body) if w.lower() not in _SMALL_WORDS]
    if not words or len(words) > 40:
        return False
    if _title_case(body):
        return True
    return body != h and bool(_PUBLISHER_LAST.search(body))


def _italic_title(span: str) -> bool:
    """An italic span that can be a web source's title: not a signal ("*See*") and not a case's
    name ("Complaint in: *Doe v. Acme*, No. 4:23-cv-01234, … URL" cites the case)."""
    words = span.strip(" ,.;:")
    return bool(words) and not _SIGNAL_PREFIX.fullmatch(words + " ") and not _CASE_LIKE.search(words)


@dataclass(frozen=True, slots=True)
class _Link:
    """A URL in a paragraph and what is written around it."""

    match: re.Match[str]
    url: str  # as it is linked: a typesetter's line end after a hyphen joined
    printed_url: str  # as printed
    url_end: int
    angled: bool  # the California Style Manual's "Title (2024) <https://…> [as of Mar. 1, 2025]"
    last_visited: int  # where "(last visited …)" before the URL starts, or -1
    accessed: re.Match[str] | None  # "Accessed …" / "Retrieved …, from" before the URL
    visited: re.Match[str] | None  # "[as of …]" / "(visited …)" after it
    available: re.Match[str] | None  # "available at" before it
    head_end: int  # where the words before the URL end


def _link(text: str, m: re.Match[str]) -> _Link:
    url = m.group("url").rstrip(".,;)")
    url_end = m.start() + len(url)
    angled = text[m.start() - 1 : m.start()] == "<" and text.startswith(">", url_end)
    lv = text.rfind("(last visited", max(0, m.start() - 60), m.start())
    accessed = None if lv >= 0 else _ACCESSED_BEFORE.search(text, max(0, m.start() - 50), m.start())
    visited = None if lv >= 0 or accessed else _VISITED_AFTER.match(text, url_end)
    head_end = lv if lv >= 0 else accessed.start() if accessed else m.start() - (1 if angled else 0)
    available = _AVAILABLE_AT.search(text, max(0, head_end - 16), head_end)
    if available and lv < 0 and not angled:
        head_end = available.start()
    # the line end after a hyphen is the typesetter's, not the link's: the entry joins it
    linked = _URL_LINE_END.sub("", url)
    return _Link(m, linked, url, url_end, angled, lv, accessed, visited, available, head_end)


def _web_start(text: str, link: _Link, emphasis: Emphasis) -> tuple[int, str] | None:
    """Where the citation of a web page starts (its author or publisher) and the words before the URL
    from the clause's start, which name the page; None when the link is no
    citation: it needs a quoted or italic title, a date or "last visited" before the URL, or the shape
    of a reference, or to be a citation sentence by itself."""
    m, head_end, lv = link.match, link.head_end, link.last_visited
    # a date parenthetical before the URL ("…, (Jan. 8, 2018), https://") is not where the cite starts
    # (and a California pin after it: "Crime in California (2022) p. 12 <https://…>")
    dp = re.search(r"\([^()]*\)(?:,?\spp?\.\s\d+(?:\s?[-–]\s?\d+)?)?[,\s]*$", text[max(0, head_end - 60) : head_end])
    start = boundary_before(text, max(0, head_end - 60) + dp.start() if dp else head_end)
    head = text[start:head_end]
    visited_or_dated = lv >= 0 or link.visited is not None or link.accessed is not None
    dated = (
        visited_or_dated
        or _WEB_DATE.search(text[start:head_end])
        or link.angled
        and _AS_OF.match(text, link.url_end + 1)
    )
    # a title in quotes or italics, or a date the page was read, makes it a citation; so does
    # a press release's genre, or "available at" after a dated work
    titled = (
        _QUOTED_TITLE.search(head)
        or any(start <= a < head_end and _italic_title(text[a:b]) for a, b in emphasis)
        or _PRESS_RELEASE.match(head)
        or link.available
        and _WEB_DATE.search(head)
        or dp
        and _author_and_title(text[start : max(0, head_end - 60) + dp.start()])
    )
    if note_mark_end(text, start) > start:  # a web page has no volume: a number first is a note's
        start = _strip_signals(text, note_mark_end(text, start), head_end)
    cited = dated and (titled or visited_or_dated or link.angled) and len(head.strip(" ,")) >= 6
    # typed without italics or quotes, a reference is known by its shape: "Title. (2021). URL",
    # "Title, Publisher (2023), URL", "Publisher, Title, URL"
    plain = not (cited or lv >= 0 or link.angled or link.available)
    reference = _reference_start(text, start, head_end) if plain else None
    sentence = _sentence_start(text, head_end if link.accessed else m.start())
    if reference is not None:
        return reference, head
    if (
        _STANDALONE_BEFORE.fullmatch(text, note_mark_end(text, sentence) if sentence == 0 else sentence, m.start())
        and _STANDALONE_AFTER.match(text, link.url_end)
        and not link.visited
    ):
        return m.start(), head  # a citation sentence that is the URL alone: "See https://…."
    return (start, head) if cited else None


def _web_occ(text: str, link: _Link, start: int, head: str) -> Occurrence:
    """The web page's occurrence from `start` to the URL (and a "(last visited …)" parenthetical)."""
    m, url, lv, angled = link.match, link.url, link.last_visited, link.angled
    end = link.url_end + (1 if angled else 0)
    if lv >= 0 and text.startswith(")", end):
        end += 1
    if link.available and lv < 0 and not angled:
        display = _as_written(_without_pin(text[start : link.head_end])).rstrip(",. ") + ", available at " + url
    else:
        display = _as_written(_without_pin(text[start:end])).rstrip(",. ")
    display = display.replace(_as_written(link.printed_url), url)
    if angled:  # a California pin after the date: "(2022) p. 12 <https://…>"
        display = re.sub(r"(?<=\))\s?,?\spp?\.\s\d+(?:\s?[-–]\s?\d+)?,?(?=\s<)", "", display)
    if link.visited:  # read, like California's "[as of …]", but not part of the entry: the URL locates the page
        end = link.visited.end()
    if lv >= 0 and display.count("(") > display.count(")"):
        display += ")"
    site = re.sub(r"^\w+://(?:www\.)?", "", url)
    first = site if start == m.start() else re.split(r",\s", clean(head), maxsplit=1)[0]
    named = _DICTIONARY_SITES.get(site.split("/")[0].lower())
    if start == m.start() and named:  # a dictionary cited by its link alone, named as Rule 18.2 names it
        display, first = f"{named}, {url}", named
    key = WebKey(url.lower().rstrip("/"))
    return occ(text, start, end, category=CAT, key=key, display=display, sort_key=_other_sort("", first, url))


def find_web(text: str, emphasis: Emphasis) -> list[Claim]:
    """Web pages and news articles cited with their URL. The entry runs from the author or
    publisher to the URL (and a "(last visited …)" parenthetical); it needs a quoted or italic
    title, a date or "last visited" before the URL, so a bare link in prose is never an entry.
    A URL that is a citation sentence by itself ("… the bourgeois. https://….") is its own entry."""
    claims = []
    for m in _WEB_URL.finditer(text) if "://" in text else ():
        link = _link(text, m)
        found = _web_start(text, link, emphasis)
        if found is not None:
            claims.append(claim([_web_occ(text, link, *found)], RANK_SECONDARY))
    return claims


def find(text: str, emphasis: Emphasis | None = None) -> list[Claim]:
    emphasis = emphasis or []
    return (
        find_formal(text)
        + find_reference_works(text)
        + find_code_comments(text)
        + find_opinions(text)
        + find_articles(text, emphasis)
        + find_csm_articles(text)
        + find_quoted_news(text)
        + find_emphasized_works(text, emphasis)
        + find_plain_works(text)
        + find_short_forms(text)
        + find_web(text, emphasis)
        + find_international(text)
    )
