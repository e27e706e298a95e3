"""Scientific and professional literature (category "other"), cited as the sciences cite it.
Amicus briefs of medical, psychological and technical bodies copy references into their notes in
the style of their field rather than the Bluebook's:

    APA  Doe, J. A., & Roe, R. (2019). Title of the article. Journal of Things, 12(3), 45-67. https://doi.org/…
    AMA  Doe JA, Roe R, Poe S, et al. Title of the article. J Things. 2019;12(3):45-67. doi:10.1000/xyz
    MLA  Doe, Jane A., and Richard Roe. Title of the article. Journal of Things 12.3 (2019): 45-67.
    ACM  Jane Doe and Richard Roe. 2019. Title of the paper. In Proc. CHI Conf. … https://doi.org/…

A reference is known by its author list, written as no sentence is (surnames with bare initials,
inverted names, "et al.", the year in parentheses after the names), standing where a citation
starts (a note's first words, after a signal, a semicolon or a sentence's end), and by its end:
the style's journal block (volume, issue, pages and year), or a DOI or URL. What lies between
(title, journal) is the brief's own words: the entry is the reference as printed, pages and link
included, since a scientific reference has no pin to drop.

Keys: WorkKey(authors, title and journal, "", year): one entry per reference, however often the
brief repeats it in full. Sort: the first author's surname.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..keys import WorkKey
from ..meta import WorkMeta
from . import prefilter
from .common import Emphasis, DATE, MONTH, RANK_SECONDARY, Claim, alpha_key, claim, clean, natkey, norm, occ

_UP = "A-ZÀ-ÖØ-Þ"
_LO = "a-zß-öø-ÿ"
# A surname's word: "Smith", "McDonald", "DeLeon", "O’Brien", "Krishnan-Sarin", "González".
_SURNAME_WORD = rf"[{_UP}](?:['’][{_UP}])?[{_LO}]+(?:[{_UP}][{_LO}]+)*(?:-[{_UP}{_LO}][{_LO}]+(?:[{_UP}][{_LO}]+)*)*"
_PARTICLE = r"(?:van|von|de|der|den|del|della|di|da|du|dos|das|la|le|ten|ter|zu)"
# "van den Eijnden", "Frieiro Padin", "De Decker"
_SURNAME = rf"(?:{_PARTICLE}\s)*{_SURNAME_WORD}(?:\s(?:{_PARTICLE}\s)*{_SURNAME_WORD}){{0,2}}"
_GIVEN = rf"[{_UP}][{_LO}]+(?:-[{_UP}][{_LO}]+)?"
# An author list never starts with a signal or a sentence's first word ("See Smith, J." is Smith).
_NOT_SIGNAL = (
    r"(?<![\w.’'-])(?!(?:See|Cf|Compare|But|Accord|Contra|Also|And|In|The|For|E\.g|Id|Under|As|However|Moreover|"
    r"Therefore|Thus|Indeed|Here|There|This|That|These|Those|It|We|They|He|She|Because|When|While|Although|"
    r"If|Since|After|Before|Unlike|Like|Finally|First|Second|Third|Further|Furthermore|Accordingly|"
    r"Nevertheless|Instead|Similarly|Likewise|Notably|Again|Yet|So|Then|Now|Only|Defendants?|Plaintiffs?|"
    r"Appellants?|Appellees?|Respondents?|Petitioners?)\b)"
)
_INITIAL = rf"[{_UP}]\."
_ET_AL = r"et\.?\sal\b\.?"

# AMA / Vancouver: "Beyens I, van Driel II, Stevens GWJM, et al."
_V_NAME = rf"{_SURNAME}\s[{_UP}]{{1,4}}(?=[,.])"
_VANCOUVER = prefilter.compile(
    rf"{_NOT_SIGNAL}(?P<authors>{_V_NAME}(?:\.?,\s{_V_NAME})*)(?P<etal>,\s{_ET_AL})?\.\s(?=[{_UP}\d“\"‘'#])"
)
# APA: "Sherman, L. E., Hernandez, L. M., & Dapretto, M. (2018)." (also without the comma after the
# surname, "Prinstein M. J."); ACM's "Jane Doe and Richard Roe. 2019."; author-date "Radesky et al (2023)".
_A_NAME = rf"{_SURNAME},?\s{_INITIAL}(?:\s?-?{_INITIAL})*"
# at most four given names and initials: unbounded, a run of capitalized words made every start
# scan to the run's end (a paragraph of 1,600 such words took 6 s a pattern)
_NATURAL = rf"{_GIVEN}(?:\s(?:{_INITIAL}|{_GIVEN})){{0,3}}\s{_SURNAME}"
_YEAR = r"(?:19|20)\d\d"
_APA_DATE = rf"\s\((?P<year>{_YEAR})[a-z]?(?:,\s[A-Z][a-z]+\.?(?:\s\d{{1,2}})?)?\)\.?|\.?\s(?P<year2>{_YEAR})\."
_APA = prefilter.compile(
    rf"{_NOT_SIGNAL}(?P<authors>{_A_NAME}(?:,\s{_A_NAME})*(?:,?\s(?:&|and)\s{_A_NAME})?(?:,?\s{_ET_AL})?"
    rf"|{_NATURAL}(?:,\s{_NATURAL})*(?:,?\s(?:and|&)\s{_NATURAL})?(?=\.\s{_YEAR}\.)"
    rf"|{_SURNAME}(?:\s(?:&|and)\s{_SURNAME}|,?\s{_ET_AL})?(?=,?\s\({_YEAR}[a-z]?\)))"
    rf",?(?:{_APA_DATE})\s(?=[{_UP}“\"‘'#])"
)  # "Smith (1995) 35 Cal.App.4th 733" is a case
# A group author, a body by its name (AMA's "American Academy of Pediatrics. Title. Pediatrics.
# 2016;138(5)", APA's "National Academies of Sciences, Engineering, and Medicine. (2023). Title.").
_GROUP_WORD = r"(?:(?:[A-Z]\.){2,}|[A-Z][\w'’&-]*|of|and|for|on|the|in|&)"
_GROUP = prefilter.compile(
    rf"{_NOT_SIGNAL}(?P<authors>(?:(?:[A-Z]\.){{2,}}|[A-Z][\w'’&-]*)(?:,?\s{_GROUP_WORD}){{1,12}})(?<!\.)\.\s"
    rf"(?:\((?P<year>{_YEAR})(?:,\s[A-Z][a-z]+\.?(?:\s\d{{1,2}})?)?\)\.\s)?(?=[{_UP}“\"‘'#])"
)
_GROUP_BODY = prefilter.compile(
    r"\b(?:Academ(?:y|ies)|Association|Society|College|Council|Commission|Committee|Institutes?|Centers?|"
    r"Organi[sz]ation|Foundation|Department|Agency|Administration|Bureau|Office|Board|Alliance|Coalition|"
    r"Federation|Network|General)\b"  # an office: "U.S. Surgeon General", "Inspector General"
)
# Any style, by a first author and "et al." ("Wen et al.,", "Jessica C. Levenson et al.,")
_ET_AL_AUTHOR = prefilter.compile(
    rf"{_NOT_SIGNAL}(?P<authors>(?:{_GIVEN}\s(?:{_INITIAL}\s|{_GIVEN}\s){{0,3}})?{_SURNAME}\s{_ET_AL}),\s"
    rf"(?=[{_UP}“\"‘'#])"
)
# The Bluebook's order with a science journal's block: "Jenny Roe, Digital Ads and Children, Pediatrics
# (2020) 146 (1): e20201681"; only the blocks below, with the volume's pages, end it.
_NATURAL_AUTHORS = prefilter.compile(
    rf"{_NOT_SIGNAL}(?P<authors>{_NATURAL}(?:,\s{_NATURAL})*(?:,?\s(?:and|&)\s{_NATURAL})?),\s"
    rf"(?=[{_UP}“\"‘'#])"
)
# MLA: "Best, John R., and Patricia H. Miller." "Carter, Ben, et al." "Barr, Rachel, Nichols, Deborah";
# the list ends with a period, or has two inverted names: "Mary Major, Rethinking Venue, 99 …" is the
# Bluebook's author and title. A surname of two words starts with a particle ("De Decker").
_PARTICLE = r"(?:[Dd]e|[Vv]an|[Vv]on|[Dd]er|[Dd]en|[Ll]e|[Ll]a|[Dd]el|[Dd]i|[Dd]a|[Dd]u|[Dd]os|[Tt]en|[Tt]er)"
_M_SURNAME = rf"(?:{_PARTICLE}\s)*{_SURNAME_WORD}"
_M_NAME = rf"{_M_SURNAME},\s{_GIVEN}(?:\s(?:{_INITIAL}|{_GIVEN}))*"
_MLA = prefilter.compile(
    rf"{_NOT_SIGNAL}(?P<authors>{_M_NAME}(?P<more>(?:(?:,?\s(?:and|&)\s|,\s)(?:{_NATURAL}|{_M_NAME}))+)?)"
    rf"(?P<etal>,?\s{_ET_AL})?(?P<sep>[.,]?)\s(?=[{_UP}“\"‘'#])"
)

# Where a reference ends, by style. Pages: "45-67", "e168-e187", "1723".
_PAGES = r"[A-Za-z]?\d+(?:\s?-\s?[A-Za-z]?\d+)?"
_MON = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.?"
# "Pediatrics. 2020 Nov 1;146(5)", "Child Dev. 2022;93(2):e168-e187", "Commun. 2017; 22(8): 638-646",
# "Research. 2021 Dec 13:00936502211038196", "Cyberspace. 2021 Aug 24."
_AMA_END = prefilter.compile(
    rf"[.?!)]\s(?P<year>{_YEAR})(?P<date>\s{_MON}(?:\s\d{{1,2}})?)?"
    rf"(?P<vol>\s?;\s?\d+(?:\s?\(\s?[\w-]+\s?\))?(?:\s?:\s?{_PAGES})?|\s?:\s?[A-Za-z]?\d{{3,}})?(?=[.;,\s]|$)"
)
# A book's place, publisher and year: "Geneva: World Health Organization; 2019."
_AMA_BOOK_END = prefilter.compile(rf"\.\s[A-Z][\w .,'’-]{{1,40}}:\s[^;:.]{{2,100}};\s{_YEAR}(?=[.;]|$)")
# "Journal of Adolescent Health, 60(6), 641-647." "Disciplines, 61(8)." "Science, 22.2, 114-120."
_APA_END = prefilter.compile(
    rf",\s\d+(?:\.\d+)?(?:\s?\(\s?[\w-]+\s?\))?(?:,\s(?:pp?\.\s)?{_PAGES})?(?=\.(?:\s|$)|;|\s(?:https?://|doi)|$)"
)
# "Child development 81.6 (2010): 1641-1660", "Appetite 100 (2016): 189-196", "… development (2017): 141-163"
_MLA_END = prefilter.compile(
    rf"(?:\s\d+(?:\.\d+)?)?\s\((?:[A-Z][a-z]+\.?\s(?:\d{{1,2}},\s)?)?(?P<year>{_YEAR})\)"
    rf"(?:\s\d+\s?\(\d+\))?(?::\s?{_PAGES})?(?=[.;,\s]|$)"
)
_JOURNAL_PAGES = prefilter.compile(
    rf"\s\((?P<year>{_YEAR})\)\s\d+\s?\(\d+\):\s?{_PAGES}"  # "Pediatrics (2020) 146 (1): e20201681"
    rf"|[.?!)]\s(?P<year2>{_YEAR})(?:\s{_MON}(?:\s\d{{1,2}})?)?;\s?\d+(?:\s?\(\s?[\w-]+\s?\))?:\s?{_PAGES}"  # AMA
    rf"|\s\d+\.\d+\s\((?P<year3>{_YEAR})\):\s?{_PAGES}"
)  # MLA: "81.6 (2010): 1641-1660"
# A DOI or URL closing a reference; a URL broken at a line end goes on after a space when the
# rest is a path ("…/article/144/6/e2019 3150/…" is not, "…/research/re port/8-18.pdf" is).
_LINK = prefilter.compile(
    r"[.,:]?\s?(?:doi:\s?10\.\S+|(?:https?://|www\.)[^\s<>“”\"]+(?:\s(?=[\w/-]*/|[\w-]+\.(?:pdf|html?)\b)[^\s<>“”\"]+)?)"
)
_BRACKETED = prefilter.compile(r"\.?\s\[[A-Za-z ]{3,20}\]")  # "[PubMed]", "[Internet]"
# ACM gives an article's length after its date: "… Article 123 (October 2020), 25 pages. https://doi.org/…"
_ARTICLE_LENGTH = prefilter.compile(r",\s\d{1,4}\spages\b")

# Where a citation starts: a paragraph's (a note's) first words, after a note number, or after ";",
# ":", "(" or a sentence end, and after a link that ended the reference before; signals skipped.
_SIGNALS = r"(?:(?:[Ss]ee|[Aa]lso|[Cc]f\.|[Cc]ompare|[Bb]ut|[Aa]ccord|[Ee]\.g\.|generally|and|with)[,:]?\s+)*"
_STARTS_AFTER = prefilter.compile(
    rf"(?:^|[.;:(?!][)\]\"”’]*|[.;,]\d{{1,3}}|\S://\S*|doi:\S+)\s*(?:\d{{1,3}}\s+)?{_SIGNALS}$"
)
_REGION_END = prefilter.compile(r";\s(?=[A-Z“\"(]|https?:)|\.\s(?=(?:See|see|Cf\.|But|Accord|Compare)\b)")

_MAX_REFERENCE = 600
_MAX_TITLE = 400  # from the authors to the end of the journal's block
# What a reference's title and journal never hold: a court's citation or a pointer to one.
_NOT_IN_REFERENCE = prefilter.compile(r"\s(?:v|vs)\.\s|\((?:Id\.|Ibid|[Ss]ee\s|citing|quoting)|\[Citation|\bsupra\b")


# A professional body's statement or report, cited by its body, genre and date: "American Academy of
# Pediatrics Policy Statement, July 1, 2020, Digital Advertising to Children", "Council on Media, Media
# and Young Minds, Am. Acad. of Pediatrics Clinical Report, Nov. 1, 2016", "Research Service, Title, Nov. 1, 2023".
_SEGMENT = r"[A-Z“\"‘'][^,;()“”]{1,150}?"
_STATEMENT = prefilter.compile(
    rf"{_NOT_SIGNAL}(?P<body>{_SEGMENT}(?:,\s{_SEGMENT}){{0,3}}),\s(?P<date>{DATE})"
    rf"(?:,\s(?P<title>{_SEGMENT}))?(?=[.;]?\s*$|;|\.\s|\s[(\[]hereinafter\b)"
)
_PROSE_WORD = prefilter.compile(r"\b(?!(?:of|and|for|on|the|in|to|at|de|la)\b)[a-z]{2,}\b")
_SENTENCE_END = prefilter.compile(rf"(?<=[{_LO}]{{2}})[.!?]\s+(?=[A-Z])")
_GENRE = prefilter.compile(
    r"\b(?:Policy|Position|Consensus|Joint|Scientific)\sStatement|\b(?:Clinical|Technical|Annual|Special)\s"
    r"Report|\bHealth\sAdvisory|\bFact\sSheet|\bWhite\sPaper|\bIssue\sBrief|\bPress\sRelease|"
    r"\bPractice\s(?:Guideline|Parameter)s?|\bGuidance\sDocument"
)
_BODY_WORD = prefilter.compile(
    r"\b(?:Academy|Association|Ass[’']n|Society|College|Council|Commission|Comm[’']n|Committee|"
    r"Institute|Inst\.|Service|Department|Dep[’']t|Agency|Administration|Bureau|Office|Board|Center|"
    r"Centre|Ctr\.|Foundation|Found\.|Organization|Coalition|Alliance|Federation|Network)\b"
)
# A report or release with its title in quotation marks and its date: "Federal Trade Commission,
# ‘Order Requires Maker to Pay $245 Million’ (March 2023)".
_QUOTED = prefilter.compile(
    rf"{_NOT_SIGNAL}(?P<author>[A-Z][\w.’'&-]*(?:\s(?:[A-Z][\w.’'&-]*|of|the|for|and|on|&)){{0,8}}),\s"
    rf"(?P<title>[‘“\"'][A-Z][^‘’“”\"]{{8,250}}?[’”\"'])\s?\((?P<date>(?:{MONTH}\s(?:\d{{1,2}},\s)?)?{_YEAR})\)"
)


# A press release cited without its link, by genre, issuer, title and date (Bluebook R. 18.2.2's
# "Press Release, Fed. Trade Comm'n, Title (May 1, 2023)"): one entry from the genre to the date.
_RELEASE = prefilter.compile(
    rf"(?<![\w.])(?:News\s|Joint\s)?Press\sRelease,\s(?P<author>[A-Z][^,;()]{{1,120}}?(?:,\s[A-Z][^,;()]{{1,80}}?)??),\s"
    rf"(?P<title>[^;()]{{4,250}}?)\s?\((?P<date>(?:{MONTH}\s(?:\d{{1,2}},\s)?)?{_YEAR})\)"
)

# A letter (Bluebook R. 17.2.3): "Letter from Jane Roe, Chair, Fed. Trade Comm'n, to Sen. Richard Doe
# (Jan. 3, 2022)", a comment letter to an agency, with its link when it has one.
_LETTER = prefilter.compile(
    rf"(?<![\w.])(?:(?:Comment|Joint|Open)\s)?Letter\sfrom\s(?P<author>[A-Z][^;()]{{2,200}}?),?\sto\s"
    rf"(?P<to>[A-Z][^;()]{{2,200}}?)\s?\((?P<date>(?:{MONTH}\s(?:\d{{1,2}},\s)?)?{_YEAR})\)"
)


def find(text: str, emphasis: Emphasis | None = None) -> list[Claim]:
    return find_references(text) + find_statements(text)


def find_statements(text: str) -> list[Claim]:
    """Statements, reports and releases of professional bodies and agencies, typed without italics."""
    claims = []
    for found in _STATEMENT.finditer(text) if "," in text else ():
        # the body's first segment may take in the prose before it ("Teens sleep less. American
        # Academy of … Policy Statement, …"): the statement starts at the first sentence that can start
        # it and is no prose (a body's name has no lower-case words but "of", "and", …: "Am. Acad. Pediatrics")
        ends = [found.start("body") + s.end() for s in _SENTENCE_END.finditer(found["body"])]
        starts = [
            p
            for p, nxt in zip([found.start(), *ends], [*ends, None], strict=True)
            if nxt is None or not _PROSE_WORD.search(text, p, nxt)
        ]
        m = next((m for p in starts if (m := _STATEMENT.match(text, p)) and _at_citation_start(text, p)), None)
        if m is None:
            continue
        body = m.group("body")
        # a case's name starts a case citation; after the body's name it is part of a title
        # ("Congressional Research Service, NetChoice v. Bonta and First Amendment Limits …, Nov. 1, 2023")
        if " v. " in body.split(", ")[0] or not (_GENRE.search(body) or _BODY_WORD.search(body.split(", ")[0])):
            continue
        claims.append(
            _work_claim(text, m.start(), m.end(), body.split(", ")[0], m.group("title") or body, m.group("date")[-4:])
        )
    for m in _RELEASE.finditer(text) if "Release" in text else ():
        # filed, as the printed tables and a linked release file it, under "Press Release"
        genre_and_issuer = text[m.start() : m.end("author")]
        claims.append(_work_claim(text, m.start(), m.end(), genre_and_issuer, m["title"], m["date"][-4:]))
    for m in _LETTER.finditer(text) if "Letter from" in text else ():
        link = _LINK.match(text, m.end())
        end = _link_end(text, link) if link and link.group(0).startswith(",") else m.end()
        # filed under "Letter", as a table lists it
        claims.append(_work_claim(text, m.start(), end, text[m.start() : m.end("author")], m["to"], m["date"][-4:]))
    for m in _QUOTED.finditer(text) if "(" in text else ():
        if not _at_citation_start(text, m.start()):
            continue
        end = m.end()
        link = _LINK.match(text, end)
        claims.append(
            _work_claim(
                text,
                m.start(),
                _link_end(text, link) if link else end,
                m.group("author"),
                m.group("title"),
                m.group("date")[-4:],
            )
        )
    return claims


def _as_written(s: str) -> str:
    """The entry: the reference's words as the brief prints them (quotes too), on one line."""
    return re.sub(r"\s+", " ", s).strip().rstrip(" .,;:")


_PARTY_BEFORE = prefilter.compile(r"\b(?:v|vs|rel|re|parte)\.?\s*$")  # "Villa v. McFerren (1995) …" is a case's name


def _at_citation_start(text: str, pos: int) -> bool:
    return bool(_STARTS_AFTER.search(text, max(0, pos - 200), pos)) and not _PARTY_BEFORE.search(
        text, max(0, pos - 12), pos
    )


def _work_claim(text: str, start: int, end: int, author: str, title: str, year: str) -> Claim:
    display = _as_written(text[start:end])
    key = WorkKey(alpha_key(author), alpha_key(title), "", year)
    o = occ(
        text,
        start,
        end,
        category="other",
        key=key,
        display=display,
        sort_key=(alpha_key(author), alpha_key(title), natkey(year)),
        meta=WorkMeta(clean(author), clean(title)),
    )
    return claim([o], RANK_SECONDARY)


def find_references(text: str) -> list[Claim]:
    """References in the styles of the sciences (APA, AMA, MLA, ACM)."""
    starts = sorted(_starts(text), key=lambda s: s[0])
    # what follows an author list is its title, never another's authors ("Centers for Disease Control
    # and Prevention. Youth Risk Behavior Survey Data Summary & Trends Report. 2023.")
    titles = {head_end for _s, head_end, _style, _m in starts}
    starts = [s for s in starts if s[0] not in titles]
    claims = []
    for i, (start, head_end, style, m) in enumerate(starts):
        limit = min(len(text), start + _MAX_REFERENCE, *(s[0] for s in starts[i + 1 :] if s[0] > start))
        end = _end(text, head_end, limit, style, m)
        if end is None:
            continue
        claims.append(_claim(text, start, head_end, end, m))
    return claims


def _starts(text: str) -> Iterator[tuple[int, int, str, re.Match[str]]]:
    """(start, end of the author list, style, match) of every author list at a citation's start."""
    seen: set[int] = set()
    for style, rx in (
        ("ama", _VANCOUVER),
        ("apa", _APA),
        ("any", _ET_AL_AUTHOR),
        ("mla", _MLA),
        ("natural", _NATURAL_AUTHORS),
        ("group", _GROUP),
    ):
        for m in rx.finditer(text):
            start = m.start()
            if start in seen or not _at_citation_start(text, start):
                continue
            if style == "group" and not _GROUP_BODY.search(m["authors"]):
                continue
            if (
                style == "mla"
                and not (m.group("sep") == "." or (m.group("etal") or "").endswith("."))
                and not m.group("more")
            ):
                continue  # one inverted name before a comma: an author and title in the Bluebook's form
            if style == "ama" and "," not in m.group("authors") and not m.group("etal"):
                # one name ("Smith J.") is a reference only with the journal's volume after it
                if not _AMA_END.search(text, m.end(), min(len(text), m.end() + _MAX_REFERENCE)):
                    continue
            seen.add(start)
            yield start, m.end(), style if style != "group" else "apa" if m["year"] else "ama", m


def _end(text: str, pos: int, limit: int, style: str, m: re.Match[str]) -> int | None:
    """Where the reference whose author list ends at `pos` ends, or None when it shows no end
    of its style before `limit` (the next reference, or a sentence that is not one)."""
    region_end = min(limit, pos + _MAX_TITLE)
    stop = _REGION_END.search(text, pos, region_end)
    if stop:
        region_end = stop.start() + 1
    foreign = _NOT_IN_REFERENCE.search(text, pos, region_end)
    if foreign:
        region_end = foreign.start()
    ends = []
    if style == "ama":
        ends = [
            e
            for e in _AMA_END.finditer(text, pos, region_end)
            if e.group("vol") or e.group("date") or m.group("authors").count(",") >= 1
        ] + list(_AMA_BOOK_END.finditer(text, pos, region_end))
    elif style == "apa":
        ends = list(_APA_END.finditer(text, pos, region_end)) + list(_MLA_END.finditer(text, pos, region_end))
    elif style == "mla":
        ends = list(_MLA_END.finditer(text, pos, region_end))
    elif style == "natural":
        ends = list(_JOURNAL_PAGES.finditer(text, pos, region_end))
        if not ends:
            return None  # the Bluebook's author and title: the recognizers of law reviews and books read it
    else:
        ends = [*_AMA_END.finditer(text, pos, region_end), *_MLA_END.finditer(text, pos, region_end)]
    ends = [e for e in ends if e.start() - pos >= 8]  # a title comes first
    link = _LINK.search(text, pos, region_end)
    if ends:
        end = min(e.end() for e in ends)
        b = _BRACKETED.match(text, end) or _ARTICLE_LENGTH.match(text, end)
        end = b.end() if b else end
        after = _LINK.match(text, end)
        return _link_end(text, after) if after else end
    if link and link.start() - pos >= 8:  # a report or web page by its authors: the link ends it
        return _link_end(text, link)
    if style == "apa":  # a book or report: "Title. Publisher." up to the next citation
        tail = text[pos:region_end].rstrip()
        if len(tail) <= 250 and region_end < len(text) or len(text) - pos <= 250:
            return pos + len(tail.rstrip(";,. "))
    return None


def _link_end(text: str, link: re.Match[str]) -> int:
    return link.end() - (len(link.group(0)) - len(link.group(0).rstrip(".,;)")))


def _claim(text: str, start: int, head_end: int, end: int, m: re.Match[str]) -> Claim:
    display = _as_written(text[start:end])
    authors = clean(m.group("authors"))
    # the first author's surname: the first name of an inverted list, the last of a natural one
    natural = (
        re.match(
            rf"(?:{_GIVEN}\s(?:{_INITIAL}\s|{_GIVEN}\s)*)?({_SURNAME})(?:\s{_ET_AL}|,\s{_NATURAL}|\s(?:and|&)\s)",
            authors,
        )
        if m.re is not _VANCOUVER.compiled and m.re is not _MLA.compiled
        else None
    )
    first = re.match(_SURNAME, authors)
    surname = (
        authors  # a body is filed under its whole name
        if m.re is _GROUP.compiled
        else natural.group(1)
        if natural and m.re is not _APA.compiled or natural and "." not in authors.split(",")[0]
        else first.group()
        if first
        else authors
    )
    rest = clean(_LINK.sub("", text[head_end:end]))
    years = re.findall(_YEAR, text[start:end])
    key = WorkKey(alpha_key(authors), alpha_key(rest)[:120], "", years[0] if years else "")
    o = occ(
        text,
        start,
        end,
        category="other",
        key=key,
        display=display,
        sort_key=(norm(surname), alpha_key(rest), natkey(years[0] if years else "")),
        meta=WorkMeta(authors, rest),
    )
    return claim([o], RANK_SECONDARY)
