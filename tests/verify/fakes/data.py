"""Fixture data shared by the fakes: CourtListener clusters and statutory texts."""

from __future__ import annotations

TOKEN = "0123456789abcdef0123456789abcdef01234567"  # the one token the fake CourtListener accepts


def cite(volume, reporter, page, type_=1):
    return {"volume": str(volume), "reporter": reporter, "page": str(page), "type": type_}


CLUSTERS = [
    {
        "id": 2812209,
        "case_name": "Reed v. Town of Gilbert",
        "case_name_short": "Reed",
        "case_name_full": "Clyde Reed, et al., Petitioners v. Town of Gilbert, Arizona, et al.",
        "date_filed": "2015-06-18",
        "court_id": "scotus",
        "slug": "reed-v-town-of-gilbert",
        "citations": [cite(576, "U.S.", 155), cite(135, "S. Ct.", 2218)],
        "star_pages": list(range(156, 185)),
        # the opinion of the Court (155-172) and a concurrence (173-184): two opinions
        "opinion_ids": [28122091, 28122092],
        "parts": [(155, 172), (173, 184)],
        "pages": {
            163: "Government regulation of speech is content based if a law applies to particular speech because "
            "of the topic discussed or the idea or message expressed."
        },
    },
    {
        "id": 111700,
        "case_name": "Celotex Corp. v. Catrett",
        "case_name_short": "Celotex",
        "case_name_full": (
            "Celotex Corporation v. Myrtle Nell Catrett, Administratrix of the Estate of Louis H. Catrett"
        ),
        "date_filed": "1986-06-25",
        "court_id": "scotus",
        "slug": "celotex-corp-v-catrett",
        "citations": [cite(477, "U.S.", 317)],
        "star_pages": list(range(318, 338)),
        "pages": {
            322: "In our view, the plain language of Rule 56(c) mandates the entry of summary judgment, after "
            "adequate time for discovery and upon motion, against a party who fails to make a showing "
            "sufficient to establish the existence of an element essential to that party's case, and on "
            "which that party will bear the burden of proof at trial.",
            # a passage with citations and quotation marks of its own (invented), for quotations
            # that say they left them out
            324: "A party opposing a properly supported motion need not produce evidence in a form that "
            "would be admissible at trial. See Adickes v. S. H. Kress & Co., 398 U.S. 144, 157 (1970); "
            "First National Bank of Arizona v. Cities Service Co., 391 U.S. 253, 289 (1968). It must, however, "
            'go beyond the pleadings and designate "specific facts showing that there is a genuine issue '
            'for trial."',
        },
    },
    {
        "id": 111722,
        "case_name": "Anderson v. Liberty Lobby, Inc.",
        "case_name_short": "Anderson",
        "case_name_full": "",
        "date_filed": "1986-06-25",
        "court_id": "scotus",
        "slug": "anderson-v-liberty-lobby-inc",
        "citations": [cite(477, "U.S.", 242)],
        "star_pages": list(range(243, 263)),
        "pages": {
            248: "Only disputes over facts that might affect the outcome of the suit under the governing law will "
            "properly preclude the entry of summary judgment."
        },
    },
    {
        "id": 145875,
        "case_name": "Ashcroft v. Iqbal",
        "case_name_short": "Iqbal",
        "case_name_full": "Ashcroft, Former Attorney General, et al. v. Iqbal et al.",
        "date_filed": "2009-05-18",
        "court_id": "scotus",
        "slug": "ashcroft-v-iqbal",
        "citations": [cite(556, "U.S.", 662)],
        "star_pages": list(range(663, 700)),
        "pages": {
            678: "Threadbare recitals of the elements of a cause of action, supported by mere conclusory "
            "statements, do not suffice."
        },
    },
    {
        "id": 740491,
        "case_name": "Zeran v. America Online, Inc.",
        "case_name_short": "Zeran",
        "case_name_full": "",
        "date_filed": "1997-11-12",
        "court_id": "ca4",
        "slug": "zeran-v-america-online-inc",
        "citations": [cite(129, "F.3d", 327)],
        "star_pages": list(range(328, 336)),
        "pages": {
            330: "Thus, lawsuits seeking to hold a service provider liable for its exercise of a publisher's "
            "traditional editorial functions\u2014such as deciding whether to publish, withdraw, postpone or "
            "alter content\u2014are barred."
        },
    },
    # Two cases on one page (orders list): lookup answers 300.
    {
        "id": 9001,
        "case_name": "Moore v. Oregon",
        "case_name_short": "Moore",
        "case_name_full": "",
        "date_filed": "1988-12-12",
        "court_id": "scotus",
        "citations": [cite(488, "U.S.", 984)],
        "star_pages": [],
    },
    {
        "id": 9002,
        "case_name": "Lane v. Ohio",
        "case_name_short": "Lane",
        "case_name_full": "",
        "date_filed": "1988-12-12",
        "court_id": "scotus",
        "citations": [cite(488, "U.S.", 984)],
        "star_pages": [],
    },
    # One case imported twice (a Harvard duplicate, #4930): lookup answers 300 with one name.
    {
        "id": 7001,
        "case_name": "Kelo v. City of New London",
        "case_name_short": "Kelo",
        "case_name_full": "",
        "date_filed": "2005-06-23",
        "court_id": "scotus",
        "citations": [cite(545, "U.S.", 469)],
        "star_pages": [],
    },
    {
        "id": 7002,
        "case_name": "Kelo v. City of New London",
        "case_name_short": "Kelo",
        "case_name_full": "",
        "date_filed": "2005-06-23",
        "court_id": "scotus",
        "citations": [cite(545, "U.S.", 469)],
        "star_pages": [],
    },
    # A recent Supreme Court case CourtListener holds without its U.S. Reports cite (#4290, #6889).
    {
        "id": 2679561,
        "case_name": "Riley v. California",
        "case_name_short": "Riley",
        "case_name_full": "",
        "date_filed": "2014-06-25",
        "court_id": "scotus",
        "slug": "riley-v-california",
        "citations": [cite(134, "S. Ct.", 2473)],
        "star_pages": list(range(2474, 2496)),
    },
    # A Ninth Circuit case, for a brief that cites it at the wrong page.
    {
        "id": 4411001,
        "case_name": "Doe v. Internet Brands, Inc.",
        "case_name_short": "Internet Brands",
        "case_name_full": "Jane Doe No. 14 v. Internet Brands, Inc., DBA Modelmayhem.com",
        "date_filed": "2016-05-31",
        "court_id": "ca9",
        "slug": "doe-v-internet-brands-inc",
        "citations": [cite(824, "F.3d", 846)],
        "star_pages": list(range(847, 854)),
    },
    # For the verification benchmark (samples/verification-benchmark.docx): cases quoted there.
    {
        "id": 145730,
        "case_name": "Bell Atlantic Corp. v. Twombly",
        "case_name_short": "Twombly",
        "case_name_full": "Bell Atlantic Corporation et al. v. William Twombly et al.",
        "date_filed": "2007-05-21",
        "court_id": "scotus",
        "slug": "bell-atlantic-corp-v-twombly",
        "citations": [cite(550, "U.S.", 544)],
        "star_pages": list(range(545, 597)),
        "pages": {
            570: "Because the plaintiffs here have not nudged their claims across the line from conceivable to "
            "plausible, their complaint must be dismissed. We require only enough facts to state a claim to "
            "relief that is plausible on its face."
        },
    },
    {
        "id": 107729,
        "case_name": "Pickering v. Board of Education",
        "case_name_short": "Pickering",
        "case_name_full": "Pickering v. Board of Education of Township High School District 205, Will County",
        "date_filed": "1968-06-03",
        "court_id": "scotus",
        "slug": "pickering-v-board-of-education",
        "citations": [cite(391, "U.S.", 563)],
        "star_pages": list(range(564, 583)),
        "pages": {
            568: "The problem in any case is to arrive at a balance between the interests of the teacher, as a "
            "citizen, in commenting upon matters of public concern and the interest of the State, as an "
            "employer, in promoting the efficiency of the public services it performs through its "
            "employees."
        },
    },
    {
        "id": 145637,
        "case_name": "Garcetti v. Ceballos",
        "case_name_short": "Garcetti",
        "case_name_full": "",
        "date_filed": "2006-05-30",
        "court_id": "scotus",
        "slug": "garcetti-v-ceballos",
        "citations": [cite(547, "U.S.", 410)],
        "star_pages": list(range(411, 451)),
        "pages": {
            421: "We hold that when public employees make statements pursuant to their official duties, the "
            "employees are not speaking as citizens for First Amendment purposes, and the Constitution does "
            "not insulate their communications from employer discipline."
        },
    },
    {
        "id": 1206154,
        "case_name": "Barnes v. Yahoo!, Inc.",
        "case_name_short": "Barnes",
        "case_name_full": "",
        "date_filed": "2009-06-22",
        "court_id": "ca9",
        "slug": "barnes-v-yahoo-inc",
        "citations": [cite(570, "F.3d", 1096)],
        "star_pages": list(range(1097, 1110)),
        "pages": {
            1100: "What matters is not the name of the cause of action; what matters is whether the cause of "
            "action inherently requires the court to treat the defendant as the publisher or speaker of "
            "content provided by another."
        },
    },
    {  # invented: the benchmark cites it as "Delacroix v. Harmon", one party right (issue 30, item 11)
        "id": 8802311,
        "case_name": "Delacroix v. United States",
        "case_name_short": "Delacroix",
        "case_name_full": "",
        "date_filed": "2023-03-06",
        "court_id": "ca9",
        "slug": "delacroix-v-united-states",
        "citations": [cite(61, "F.4th", 812)],
        "star_pages": list(range(813, 824)),
    },
]

# Courts as the search shows them: court_id -> (court, court_citation_string)
COURTS = {
    "scotus": ("Supreme Court of the United States", "SCOTUS"),
    "ca4": ("Court of Appeals for the Fourth Circuit", "4th Cir."),
    "ca9": ("Court of Appeals for the Ninth Circuit", "9th Cir."),
}


def opinion_ids(cluster: dict) -> list[int]:
    return cluster.get("opinion_ids") or [cluster["id"] * 10 + 1]


def _opinion_html(cluster: dict, first: int, last: int, opens: bool) -> str:
    """An opinion's html_with_citations: a star-pagination mark where each page begins, the
    cluster's known passages on their pages, a footnote mark and a citation of another case."""
    out = []
    for page in range(first, last + 1):
        if page > first or not opens:
            out.append(f'<span class="star-pagination">*{page}</span>')
        text = cluster.get("pages", {}).get(page) or (
            f"The Court considers the question presented on page {page} of {cluster['case_name']}, and the "
            f"record before it."
        )
        out.append(
            f'<p>{text}<sup id="ref-fn{page}"><a href="#fn{page}">{page % 7 + 1}</a></sup> See '
            f'<a href="/opinion/1/x/">2011 WL 123456, at *3</a>.</p>'
        )
    return "".join(out)


def _opinions() -> dict[int, dict]:
    out = {}
    for cluster in CLUSTERS:
        first = int(cluster["citations"][0]["page"])
        last = max(cluster.get("star_pages") or [first])
        parts = cluster.get("parts") or [(first, last)]
        for n, (oid, (a, b)) in enumerate(zip(opinion_ids(cluster), parts, strict=True)):
            out[oid] = {
                "cluster_id": cluster["id"],
                "type": "020lead" if n == 0 else "030concurrence",
                "html_with_citations": _opinion_html(cluster, a, b, n == 0),
            }
    return out


OPINIONS = _opinions()

# -- U.S. Code -------------------------------------------------------------------------------
S230 = {
    "heading": "Protection for private blocking and screening of offensive material",
    "units": [
        (
            "a",
            "Findings",
            "The Congress finds the following:",
            [
                (
                    "1",
                    None,
                    "The rapidly developing array of Internet and other interactive computer services available "
                    "to individual Americans represent an extraordinary advance in the availability of "
                    "educational and informational resources to our citizens.",
                    [],
                ),
                (
                    "2",
                    None,
                    "These services offer users a great degree of control over the information that they "
                    "receive, as well as the potential for even greater control in the future as technology "
                    "develops.",
                    [],
                ),
            ],
        ),
        (
            "b",
            "Policy",
            "It is the policy of the United States\u2014",
            [
                (
                    "1",
                    None,
                    "to promote the continued development of the Internet and other interactive computer "
                    "services and other interactive media;",
                    [],
                ),
            ],
        ),
        (
            "c",
            "Protection for \u201cGood Samaritan\u201d blocking and screening of offensive material",
            None,
            [
                (
                    "1",
                    "Treatment of publisher or speaker",
                    "No provider or user of an interactive computer service shall be treated as the publisher "
                    "or speaker of any information provided by another information content provider.",
                    [],
                ),
                (
                    "2",
                    "Civil liability",
                    "No provider or user of an interactive computer service shall be held liable on account of\u2014",
                    [
                        (
                            "A",
                            None,
                            "any action voluntarily taken in good faith to restrict access to or availability of "
                            "material that the provider or user considers to be obscene, lewd, lascivious, filthy, "
                            "excessively violent, harassing, or otherwise objectionable, whether or not such "
                            "material is constitutionally protected; or",
                            [],
                        ),
                        (
                            "B",
                            None,
                            "any action taken to enable or make available to information content providers or "
                            "others the technical means to restrict access to material described in paragraph "
                            "(1).[1]",
                            [],
                        ),
                    ],
                ),
            ],
        ),
    ],
    "credit": [("1996-02-08", "Feb. 8, 1996"), ("1998-10-21", "Oct. 21, 1998")],
}

S1983 = {
    "heading": "Civil action for deprivation of rights",
    "units": [
        (
            None,
            None,
            "Every person who, under color of any statute, ordinance, regulation, custom, or usage, "
            "of any State or Territory or the District of Columbia, subjects, or causes to be "
            "subjected, any citizen of the United States or other person within the jurisdiction "
            "thereof to the deprivation of any rights, privileges, or immunities secured by the "
            "Constitution and laws, shall be liable to the party injured in an action at law.",
            [],
        )
    ],
    "credit": [("1979-12-29", "Dec. 29, 1979"), ("1996-10-19", "Oct. 19, 1996")],
}

# The section verification asks each official source for before it believes that source's
# "not found" (a proxy or a wrong address answers "not found" to everything).
S1 = {
    "heading": "Words denoting number, gender, and so forth",
    "units": [
        (
            None,
            None,
            "In determining the meaning of any Act of Congress, unless the context indicates "
            "otherwise\u2014 words importing the singular include and apply to several persons, "
            "parties, or things; words importing the plural include the singular.",
            [],
        )
    ],
    "credit": [("1947-07-30", "July 30, 1947")],
}

# A section whose subdivisions stand inside its one sentence: its structure cannot be read.
S78J = {
    "heading": "Manipulative and deceptive devices",
    "units": [
        (
            None,
            None,
            "It shall be unlawful for any person, directly or indirectly, (a) to effect a short sale in "
            "contravention of such rules as the Commission may prescribe, or (b) to use or employ any "
            "manipulative or deceptive device in contravention of such rules.",
            [],
        )
    ],
    "credit": [("1934-06-06", "June 6, 1934")],
}

# Sections no longer law as cited: LII serves them with a status and the note saying so.
S79A = {
    "heading": "Repealed. Pub. L. 109\u201358, title XII, \u00a7 1263, Aug. 8, 2005, 119 Stat. 974",
    "status": "repealed",
    "units": [
        (
            None,
            None,
            "Section, act Aug. 26, 1935, ch. 687, title I, \u00a7 2, 49 Stat. 804, related to definitions.",
            [],
        )
    ],
    "credit": [("2005-08-08", "Aug. 8, 2005")],
}
S1973 = {
    "heading": "Transferred",
    "status": "transferred",
    "units": [
        (
            None,
            None,
            "Editorial Notes. Codification: Section 1973 was editorially reclassified as "
            "section 10301 of Title 52, Voting and Elections.",
            [],
        )
    ],
    "credit": [("2014-09-01", "Sept. 1, 2014")],
}


def _s227(consent: str) -> list:
    return [
        (
            "b",
            "Restrictions on use of automated telephone equipment",
            None,
            [
                (
                    "1",
                    "Prohibitions",
                    "It shall be unlawful for any person within the United States\u2014",
                    [
                        (
                            "A",
                            None,
                            "to make any call using any automatic telephone dialing system without the "
                            f"{consent} of the called party; or",
                            [],
                        ),
                        (
                            "B",
                            None,
                            "to initiate any telephone call to any residential telephone line using an artificial "
                            "or prerecorded voice to deliver a message.",
                            [],
                        ),
                    ],
                ),
            ],
        ),
    ]


# A statute amended on Jan. 3, 2020 (an invented amendment; the one of 2015 left (b)(1)(A) as it
# was), for texts of a past date: the U.S. Code's editions before the amendment print the earlier
# text; LII and the current Code only today's.
S227 = {
    "heading": "Restrictions on use of telephone equipment",
    "units": _s227("prior express written consent"),
    "credit": [("1991-12-20", "Dec. 20, 1991"), ("2015-11-02", "Nov. 2, 2015"), ("2020-01-03", "Jan. 3, 2020")],
    "earlier": [{"until": "2020-01-03", "units": _s227("prior express consent")}],
}


def _s1681s2(standard: str, dispute: bool) -> list:
    notice = (
        "3",
        "Notice of dispute",
        "If the completeness or accuracy of any information furnished by any person to any consumer reporting "
        "agency is disputed to such person by a consumer, the person may not furnish the information to any "
        "consumer reporting agency without notice that such information is disputed by the consumer.",
        [],
    )
    return [
        (
            "a",
            "Duty of furnishers of information to provide accurate information",
            None,
            [
                (
                    "1",
                    "Prohibition",
                    "A person shall not furnish any information relating to a consumer to any consumer reporting "
                    f"agency if the person {standard}.",
                    [],
                ),
                (
                    "2",
                    "Duty to correct and update information",
                    "A person who regularly furnishes information to consumer reporting agencies and has "
                    "determined that the information is not complete or accurate shall promptly notify the agency "
                    "of that determination.",
                    [],
                ),
            ]
            + ([notice] if dispute else []),
        ),
    ]


# A section amended twice in one year (invented amendments, on Mar. 15 and Sept. 1, 2021), whose
# number has a hyphen (an en dash in the U.S. Code's XML): its text between the two is in neither
# annual edition (2020's predates both, 2021's holds both), only in OLRC's release points.
S1681S2 = {
    "heading": "Responsibilities of furnishers of information to consumer reporting agencies",
    "units": _s1681s2(
        "knows or has reasonable cause to believe that the information is inaccurate or incomplete", True
    ),
    "credit": [
        ("1970-10-26", "Pub. L. 91\u2013508, title VI, \u00a7 601, Oct. 26, 1970"),
        ("2021-03-15", "Pub. L. 117\u20135, \u00a7 2, Mar. 15, 2021"),
        ("2021-09-01", "Pub. L. 117\u201340, \u00a7 3, Sept. 1, 2021"),
    ],
    "earlier": [
        {
            "until": "2021-03-15",
            "units": _s1681s2("knows or consciously avoids knowing that the information is inaccurate", False),
        },
        {
            "until": "2021-09-01",
            "units": _s1681s2("knows or has reasonable cause to believe that the information is inaccurate", False),
        },
    ],
}


def _s6851(notice: str) -> list:
    return [
        (
            "a",
            "Notice",
            f"A lender shall give the borrower written notice of a change in terms {notice} before the change "
            "takes effect.",
            [],
        ),
        ("b", "Form", "The notice shall be clear and conspicuous.", []),
    ]


S6851_THEN = "written notice of a change in terms 15 days before the change takes effect"
S6851_NOW = "written notice of a change in terms 45 days before the change takes effect"


def _delayed(note: str) -> dict:
    """A statute (invented) amended by Pub. L. 116–94 of Dec. 20, 2019, with the effective-date note
    the official Code prints under it for that amendment: the Code's editions print the amended
    text from the 2019 edition on, whenever it took effect."""
    return {
        "heading": "Notice of change in terms",
        "units": _s6851("45 days"),
        "credit": [
            ("2010-07-21", "Pub. L. 111\u2013203, title X, \u00a71001, July 21, 2010, 124 Stat. 1955"),
            ("2019-12-20", "Pub. L. 116\u201394, div. O, \u00a73(a), Dec. 20, 2019, 133 Stat. 3198"),
        ],
        "earlier": [{"until": "2019-12-20", "units": _s6851("15 days")}],
        "effective": {"2019-12-20": ("Effective Date of 2019 Amendment", note)},
    }


# In force 180 days after enactment (June 17, 2020), on Jan. 1, 2020, and on a day no date fixes.
S6851 = _delayed(
    "Amendment by Pub. L. 116\u201394 effective on the date that is 180 days after Dec. 20, 2019, see section "
    "3(c) of Pub. L. 116\u201394, set out as a note under this section."
)
S6852 = _delayed("Amendment by Pub. L. 116\u201394 effective Jan. 1, 2020.")
S6853 = _delayed(
    "Pub. L. 116\u201394, div. O, \u00a73(c), Dec. 20, 2019, 133 Stat. 3199, provided that: \u201cThe amendments "
    "made by this section [amending this section] shall take effect on the date on which the Secretary certifies "
    "that the registry of lenders is operational.\u201d"
)
# In force on enactment, but for a part 180 days later (June 17, 2020): in force for any date after that.
S6854 = _delayed(
    "Pub. L. 116\u201394, div. O, \u00a73(d), Dec. 20, 2019, 133 Stat. 3199, provided that: \u201cExcept as "
    "otherwise provided, the amendments made by this section [amending this section] shall take effect on the date "
    "of the enactment of this Act, except that the amendment made by subsection (b) shall take effect 180 days "
    "after such date.\u201d"
)

USC = {
    ("47", "227"): S227,
    ("15", "6851"): S6851,
    ("15", "6852"): S6852,
    ("15", "6853"): S6853,
    ("15", "6854"): S6854,
    ("47", "230"): S230,
    ("42", "1983"): S1983,
    ("1", "1"): S1,
    ("15", "78j"): S78J,
    ("15", "79a"): S79A,
    ("15", "1681s-2"): S1681S2,
    ("42", "1973"): S1973,
}

# -- C.F.R. ------------------------------------------------------------------------------------
CFR = {
    ("1", "1.1"): {
        "heading": "Definitions.",
        "paras": [
            "(a) As used in this chapter, unless the context requires otherwise, Administrative Committee "
            "means the Administrative Committee of the Federal Register established under section 1506 of "
            "title 44, United States Code."
        ],
        "source": "[37 FR 23603, Nov. 4, 1972]",
    },
    ("29", "1910.95"): {
        "heading": "Occupational noise exposure.",
        "paras": [
            "(a) Protection against the effects of noise exposure shall be provided when the sound levels exceed "
            "those shown in Table G-16 when measured on the A scale of a standard sound level meter at slow response.",
            "(b)(1) When employees are subjected to sound exceeding those listed in Table G-16, feasible "
            "administrative or engineering controls shall be utilized.",
            "(2) If the variations in noise level involve maxima at intervals of 1 second or less, it is to be "
            "considered continuous.",
            "(c) Hearing conservation program. (1) The employer shall administer a continuing, effective hearing "
            "conservation program.",
        ],
        "source": "[39 FR 23502, June 27, 1974, as amended at 61 FR 9236, Mar. 7, 1996]",
    },
}

# A regulation amended in 2025 (an invented amendment), for texts of a past date: eCFR serves the
# text in force on the date asked for; LII only the current one.
CFR[("47", "64.1200")] = {
    "heading": "Delivery restrictions.",
    "paras": [
        "(a) No person or entity may:",
        "(1) Initiate any telephone call using an automatic telephone dialing system without the prior "
        "express written consent of the called party;",
        "(2) Initiate any telephone call to any residential line using an artificial or prerecorded voice.",
    ],
    "source": "[68 FR 44177, July 25, 2003, as amended at 90 FR 15601, Apr. 11, 2025]",
    "versions": ["2003-07-25", "2025-04-11"],
    "earlier": {
        "until": "2025-04-11",
        "paras": [
            "(a) No person or entity may:",
            "(1) Initiate any telephone call using an automatic telephone dialing system without the prior express "
            "consent of the called party;",
            "(2) Initiate any telephone call to any residential line using an artificial or prerecorded voice.",
        ],
    },
}

# -- Federal rules ------------------------------------------------------------------------------
RULES = {
    ("frcp", "56"): {
        "heading": "Summary Judgment",
        "paras": [
            "(a) Motion for Summary Judgment or Partial Summary Judgment. A party may move for summary judgment, "
            "identifying each claim or defense\u2014or the part of each claim or defense\u2014on which summary "
            "judgment is sought. The court shall grant summary judgment if the movant shows that there is no "
            "genuine dispute as to any material fact and the movant is entitled to judgment as a matter of law.",
            "(b) Time to File a Motion. Unless a different time is set by local rule or the court orders "
            "otherwise, a party may file a motion for summary judgment at any time until 30 days after the close "
            "of all discovery.",
            "(c) Procedures.",
            "(1) Supporting Factual Positions. A party asserting that a fact cannot be or is genuinely disputed "
            "must support the assertion by:",
        ],
        "credit": "(As amended Dec. 27, 1946, eff. Mar. 19, 1948; Apr. 30, 2007, eff. Dec. 1, 2007; "
        "Mar. 26, 2009, eff. Dec. 1, 2009; Apr. 28, 2010, eff. Dec. 1, 2010.)",
    },
    ("fre", "1001"): {  # four-digit rules: Article X of the Evidence Rules and the Bankruptcy Rules
        "heading": "Definitions That Apply to This Article",
        "paras": [
            "In this article:",
            "(a) A \u201cwriting\u201d consists of letters, words, numbers, or their equivalent set down in any form.",
            "(b) A \u201crecording\u201d consists of letters, words, numbers, or their equivalent recorded in any "
            "manner.",
        ],
        "credit": "(Pub. L. 93\u2013595, \u00a71, Jan. 2, 1975, 88 Stat. 1945; Apr. 26, 2011, eff. Dec. 1, 2011.)",
    },
    ("frbp", "7056"): {
        "heading": "Summary Judgment",
        "paras": [
            "Rule 56 F.R.Civ.P. applies in adversary proceedings, except that a motion for summary judgment must be "
            "made at least 30 days after the initial date set for an evidentiary hearing on any issue.",
        ],
        "credit": "(As amended Apr. 23, 2012, eff. Dec. 1, 2012.)",
    },
}

AMENDMENT_XIV = [
    "Section 1. All persons born or naturalized in the United States, and subject to the jurisdiction thereof, "
    "are citizens of the United States and of the State wherein they reside. No State shall make or enforce any "
    "law which shall abridge the privileges or immunities of citizens of the United States; nor shall any State "
    "deprive any person of life, liberty, or property, without due process of law; nor deny to any person within "
    "its jurisdiction the equal protection of the laws.",
    "Section 2. Representatives shall be apportioned among the several States according to their respective numbers.",
]


# -- Federal Register -----------------------------------------------------------------------------
def _fr_year_2021() -> list[dict]:
    """One document per weekday of 2021 (volume 86), 100 pages each; day 10 leaves a gap
    (pages 1051-1100 are covered by no document) for the authoritative-negative case."""
    from datetime import date, timedelta

    docs, day, n = [], date(2021, 1, 4), 0
    while day.year == 2021:
        if day.weekday() < 5:
            start = 1 + 100 * n
            end = start + (49 if n == 10 else 99)
            docs.append(
                {
                    "volume": 86,
                    "start_page": start,
                    "end_page": end,
                    "publication_date": day.isoformat(),
                    "document_number": f"2021-{n:05d}",
                    "citation": f"86 FR {start}",
                }
            )
            n += 1
        day += timedelta(days=1)
    return docs


FR_DOCS = _fr_year_2021()

# -- State codes: California (leginfo) and Texas (the Legislature's statute files) -------------------
CALIFORNIA = {
    ("CIV", "1"): {
        "code": "Civil Code",
        "paras": ["This Act shall be known as The Civil Code of the State of California, and may be cited as such."],
        "history": "(Enacted 1872.)",
    },
    ("CCP", "437c"): {
        "code": "Code of Civil Procedure",
        "paras": [
            "(a) (1) A party may move for summary judgment in an action or proceeding if it is contended that "
            "the action has no merit or that there is no defense to the action or proceeding.",
            "(b) (1) The motion shall be supported by affidavits, declarations, admissions, answers to "
            "interrogatories, depositions, and matters of which judicial notice shall or may be taken.",
            "(c) The motion for summary judgment shall be granted if all the papers submitted show that there "
            "is no triable issue as to any material fact and that the moving party is entitled to a judgment "
            "as a matter of law.",
            "(m) (1) A summary judgment entered under this section is an appealable judgment as in other cases.",
        ],
        "history": "(Amended by Stats. 2024, Ch. 99, Sec. 1. (AB 2049) Effective January 1, 2025.)",
    },
    ("LAB", "1102.5"): {
        "code": "Labor Code",
        "paras": [
            "(a) An employer, or any person acting on behalf of the employer, shall not make, adopt, or enforce "
            "any rule, regulation, or policy preventing an employee from disclosing information to a "
            "government or law enforcement agency.",
            "(b) An employer, or any person acting on behalf of the employer, shall not retaliate against an "
            "employee for disclosing information to a government or law enforcement agency.",
        ],
        "history": "(Amended by Stats. 2023, Ch. 612, Sec. 2. (SB 497) Effective January 1, 2024.)",
    },
    # repealed outright (invented): the display keeps the number and the history line saying so
    ("LAB", "1102.6"): {
        "code": "Labor Code",
        "paras": [],
        "history": "(Repealed by Stats. 2020, Ch. 36, Sec. 8. (AB 3364) Effective January 1, 2021.)",
    },
    # repealed by its own terms on January 1, 2024 (invented): in force before, repealed after
    ("LAB", "1102.8"): {
        "code": "Labor Code",
        "paras": [
            "(a) An employer shall prominently display in lettering larger than size 14 point type a list of "
            "employees' rights and responsibilities under the whistleblower laws."
        ],
        "history": "(Added by Stats. 2003, Ch. 484, Sec. 2. (SB 777) Effective January 1, 2004. Repealed as of "
        "January 1, 2024, by its own provisions.)",
    },
    # repealed and added: a new section under the old number, not a repealed one
    ("LAB", "1102.9"): {
        "code": "Labor Code",
        "paras": [
            "(a) The Labor Commissioner shall establish a whistleblower hotline to receive calls from persons "
            "who have information regarding possible violations of state or federal statutes."
        ],
        "history": "(Repealed and added by Stats. 2012, Ch. 162, Sec. 1. (SB 1171) Effective January 1, 2013.)",
    },
}

TEXAS_CODES = {"PE": "PENAL CODE", "CR": "CODE OF CRIMINAL PROCEDURE"}
TEXAS = {
    ("PE", "1.01"): {
        "heading": "SHORT TITLE",
        "paras": ["This code may be cited as the Penal Code."],
        "history": ["Acts 1973, 63rd Leg., p. 883, ch. 399, Sec. 1, eff. Jan. 1, 1974."],
    },
    # a chapter whose number has a letter: the file server names its file in lower case
    ("PE", "20A.02"): {
        "heading": "TRAFFICKING OF PERSONS",
        "paras": [
            "(a) A person commits an offense if the person knowingly traffics another person.",
            "(b) An offense under this section is a felony of the second degree.",
        ],
        "history": ["Added by Acts 2003, 78th Leg., ch. 641, Sec. 2, eff. Sept. 1, 2003."],
    },
    ("PE", "22.01"): {
        "heading": "ASSAULT",
        "paras": [
            "(a) A person commits an offense if the person:",
            "(1) intentionally, knowingly, or recklessly causes bodily injury to another, including the "
            "person's spouse;",
            "(2) intentionally or knowingly threatens another with imminent bodily injury, including the "
            "person's spouse; or",
            "(3) intentionally or knowingly causes physical contact with another when the person knows or "
            "should reasonably believe that the other will regard the contact as offensive or provocative.",
            "(b) An offense under Subsection (a)(1) is a Class A misdemeanor, except that the offense is a "
            "felony of the third degree if the offense is committed against a public servant.",
        ],
        "history": [
            "Acts 1973, 63rd Leg., p. 883, ch. 399, Sec. 1, eff. Jan. 1, 1974.",
            "Amended by: Acts 2019, 86th Leg., R.S., Ch. 1352 (H.B. 1234), Sec. 4, eff. Sept. 1, 2019.",
        ],
    },
    ("PE", "22.02"): {
        "heading": "AGGRAVATED ASSAULT",
        "paras": [
            "(a) A person commits an offense if the person commits assault as defined in Sec. 22.01 and the person:",
            "(1) causes serious bodily injury to another, including the person's spouse; or",
            "(2) uses or exhibits a deadly weapon during the commission of the assault.",
        ],
        "history": ["Acts 1973, 63rd Leg., p. 883, ch. 399, Sec. 1, eff. Jan. 1, 1974."],
    },
    # an article with sections of its own, each with its subsections
    ("CR", "38.37"): {
        "heading": "EVIDENCE OF EXTRANEOUS OFFENSES OR ACTS",
        "paras": [
            "Sec. 1. (a) Subsection (b) applies to a proceeding in the prosecution of a defendant for an "
            "offense committed against a child under 17 years of age.",
            "(b) Evidence of other acts committed by the defendant against the child who is the victim of the "
            "alleged offense shall be admitted for its bearing on relevant matters.",
            "Sec. 2. (a) Subsection (b) applies only to the trial of a defendant for an offense listed in "
            "this subsection.",
            "(b) Evidence that the defendant has committed a separate offense described by Subsection (a) may "
            "be admitted in the trial of an alleged offense for any bearing the evidence has on relevant matters.",
            "Sec. 2-a. Before evidence described by Section 2 may be introduced, the trial judge must conduct a "
            "hearing out of the presence of the jury for that purpose.",
        ],
        "history": [
            "Added by Acts 1995, 74th Leg., ch. 318, Sec. 48, eff. Sept. 1, 1995.",
            "Amended by: Acts 2013, 83rd Leg., R.S., Ch. 387 (S.B. 12), Sec. 1, eff. Sept. 1, 2013.",
        ],
    },
    # a repealed section: the heading says so, and the note of its repeal is all that is left
    ("PE", "22.03"): {
        "heading": "REPEALED",
        "paras": [],
        "history": ["Repealed by Acts 1993, 73rd Leg., ch. 900, Sec. 1.01, eff. Sept. 1, 1994."],
    },
    # one number enacted twice by one session: two sections, each printed under its own note
    ("PE", "22.15"): {
        "versions": [
            {
                "note": "Text of section as added by Acts 2019, 86th Leg., R.S., Ch. 1101 (S.B. 801), Sec. 1",
                "heading": "UNLAWFUL RELEASE OF A BALLOON",
                "paras": [
                    "(a) A person commits an offense if the person releases a balloon filled with gas within one "
                    "thousand feet of a power line.",
                    "(b) An offense under this section is a Class C misdemeanor.",
                ],
                "history": ["Added by Acts 2019, 86th Leg., R.S., Ch. 1101 (S.B. 801), Sec. 1, eff. Sept. 1, 2019."],
            },
            {
                "note": "Text of section as added by Acts 2019, 86th Leg., R.S., Ch. 1202 (H.B. 902), Sec. 1",
                "heading": "INTERFERENCE WITH A WEATHER STATION",
                "paras": [
                    "(a) A person commits an offense if the person knowingly moves or damages a weather station "
                    "owned by a county.",
                    "(b) It is a defense to prosecution under this section that the person acted at the request "
                    "of the county.",
                    "(c) An offense under this section is a Class B misdemeanor unless the station was destroyed, "
                    "in which event the offense is a Class A misdemeanor.",
                ],
                "history": ["Added by Acts 2019, 86th Leg., R.S., Ch. 1202 (H.B. 902), Sec. 1, eff. Sept. 1, 2019."],
            },
        ],
    },
    # one text of the number repealed, the other standing
    ("PE", "22.16"): {
        "versions": [
            {
                "note": "Text of section as added by Acts 2017, 85th Leg., R.S., Ch. 500 (S.B. 600), Sec. 2",
                "heading": "REPEALED",
                "paras": [],
                "history": ["Repealed by Acts 2021, 87th Leg., R.S., Ch. 77 (H.B. 88), Sec. 3, eff. Sept. 1, 2021."],
            },
            {
                "note": "Text of section as added by Acts 2017, 85th Leg., R.S., Ch. 700 (H.B. 701), Sec. 1",
                "heading": "OBSTRUCTING A FIRE HYDRANT",
                "paras": [
                    "(a) A person commits an offense if the person parks a trailer so as to block a fire hydrant."
                ],
                "history": ["Added by Acts 2017, 85th Leg., R.S., Ch. 700 (H.B. 701), Sec. 1, eff. Sept. 1, 2017."],
            },
        ],
    },
}
