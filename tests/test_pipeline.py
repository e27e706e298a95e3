"""Any input builds: random mixes of citations of every kind sort, build and write (hypothesis).

The citations are invented; each entry of CITATIONS is a list of (text, italic?) parts. A draw
joins some of them into paragraphs, footnotes and string cites with random glue, builds the
brief with pages estimated (no LibreOffice), and checks that the build wrote a table whose
entries are in the order of their sort keys, with no unexpected failure.
"""

from __future__ import annotations

import json
import math
from itertools import pairwise

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toa import pipeline
from toa.authorities import entry_order, total_order
from toa.keys import WebKey
from toa.model import Authority
from toa.report import build_report

from docxbuild import DocBuilder, Footnote

I = True  # italic part  # noqa: E741 (one letter, so that the citations below read as they print)
CITATIONS = [
    [("Alder v. Birch", I), ", 501 U.S. 10, 12 (1991)"],
    [("In re Carver", I), ", 88 F.4th 300 (5th Cir. 2023), cert. denied, 144 S. Ct. 900 (2024)"],
    [("Dunn v. State", I), ", 412 S.W.3d 77, 81 (Tex. App.—Waco 2013, pet. ref’d)"],
    [("Ennis v. State", I), ", 388 S.W.3d 903 (Tex. Crim. App. 2011) (op. on reh’g)"],
    ["People v. Farrow (1991) 53 Cal.3d 152, 160"],
    [("Gale v. Hart", I), " (2008) 166 Cal.App.4th 952"],
    [("Ives v. Jett", I), ", No. 3:21-cv-01234-ABC, 2022 WL 1234567, at *3 (N.D. Cal. Mar. 3, 2022)"],
    ["Kemp v. Lusk, No. 1:22-cv-501 (D. Del. Apr. 4, 2022)"],
    ["R v. Mott [2004] 2 All ER 101"],
    [("Nash v. Orr", I), " [2019] UKSC 12"],
    ["U.S. v. Pike, 565 U.S. 400 (2012)"],
    ["United States v. Pike, 565 U.S. 400, 404 (2012)"],
    [("$154,362.05 in U.S. Currency", I), ", 12 F.3d 4 (1st Cir. 1994)"],
    [
        ("Quill Co. v. Reed", I),
        ", 2 F.4th 2 (2d Cir. 2021) (citing ",
        ("Sims v. Tate", I),
        ", 3 F.4th 3 (3d Cir. 2021))",
    ],
    ["Id. at 14"],
    ["id."],
    ["Alder, 501 U.S. at 11"],
    [("Carver", I), ", supra, at 302"],
    ["42 U.S.C. § 1983"],
    ["28 U.S.C. §§ 1331 and 1343(a)(3)"],
    ["§ 1988(b)"],
    ["U.S. Const. amend. XIV, § 1"],
    ["the First Amendment"],
    ["Cal. Const., art. I, § 7"],
    ["Tex. Penal Code Ann. § 22.01(a)(1) (West 2019)"],
    ["Code Civ. Proc., § 437c, subd. (c)"],
    ["Fed. R. Civ. P. 56(a)"],
    ["Tex. R. App. P. 38.1(c)"],
    ["8 C.F.R. § 1003.1(b)"],
    ["85 Fed. Reg. 12,345 (Mar. 3, 2020)"],
    ["U.S.S.G. § 2B1.1"],
    ["H.R. Rep. No. 94-1476, at 5 (1976)"],
    ["S. Rep. No. 95-181 (1977)"],
    ["120 Cong. Rec. 1234 (1974)"],
    ["Pub. L. No. 89-670, § 4(f), 80 Stat. 931"],
    ["Antonin Scalia & Bryan A. Garner, ", ("Reading Law", I), " 69 (2012)"],
    ["Uriel Vance, ", ("Notes on Tables", I), ", 99 Harv. L. Rev. 1, 5 (1985)"],
    [("Black’s Law Dictionary", I), " 1402 (11th ed. 2019)"],
    [("Wyatt Co.", I), ", 350 N.L.R.B. 1 (2007)"],
    ["CACI Nos. 430, 431 & 432"],
    ["CALCRIM No. 220"],
    ["Ninth Circuit Manual of Model Civil Jury Instructions § 9.3 (2017)"],
    ["Tex. Pattern Jury Charges PJC 100.3 (2020)"],
    ["ABA Comm. on Ethics & Pro. Resp., Formal Op. 498 (2021)"],
    ["Tex. Att’y Gen. Op. No. KP-0123 (2017)"],
    ["82 Ops.Cal.Atty.Gen. 1, 4 (1999)"],
    ["75 Am. Jur. 2d Trial § 123 (2022)"],
    ["Annotation, ", ("Landlord Liability", I), ", 12 A.L.R.5th 123 (1993)"],
    ["The Federalist No. 78 (Alexander Hamilton)"],
    ["Cal. Law Revision Com. com., 29B pt. 1 West’s Ann. Evid. Code (2015 ed.) foll. § 1200, p. 3"],
    ["Ballot Pamp., Gen. Elec. (Nov. 4, 2008) argument in favor of Prop. 9, p. 62"],
    ["Assem. Com. on Judiciary, Analysis of Assem. Bill No. 157 (1997-1998 Reg. Sess.) as amended Apr. 14, 1997"],
    ["Assem. Com. on Judiciary, Analysis of Assem. Bill No. 157, supra, at p. 4"],
    ["House Comm. on Criminal Jurisprudence, Bill Analysis, Tex. H.B. 8, 80th Leg., R.S. (2007)"],
    ["Agency, ", ("A Page", I), ", https://agency.example/page (last visited Mar. 3, 2023)"],
    ["U.S. Gov’t Accountability Off., GAO-21-123, Consumer Protection 15 (2021) [hereinafter GAO Report]"],
    ["GAO Report, supra, at 16"],
    ["Jane Roe, “Rules Weighed,” N.Y. Times, Jan. 5, 2022, at A1"],
    ["Restatement § 402A cmt. c"],
    ["120 Cong. Rec. at 1235"],
    ["S. Rep. at 4"],
    ["J.A. 12"],
    ["ER 123"],
    ["Pet. Br. 31"],
    ["Ex. A at 2"],
    ["Restatement (Second) of Torts § 402A (1965)"],
    ["Section 1983"],
    ["Rule 12(b)(6)"],
    ["497 U.S."],
    ["v. "],
    ["§"],
    ["(citing "],
    [("", I)],
    ["[2020]"],
    ["No. 23-1"],
]
GLUE = ["; ", ". ", ", ", " ", "; see also ", ". See ", " (quoting ", ") ", ". Cf. ", ", aff’d, ", " (", ")", "\n"]


def _parts(draw_list):
    out = []
    for part in draw_list:
        if isinstance(part, tuple):
            text, italic = part
            if text:
                out.append((text, "i") if italic else text)
        elif part:
            out.append(part)
    return out


paragraph = st.lists(st.tuples(st.sampled_from(CITATIONS), st.sampled_from(GLUE)), min_size=1, max_size=8)
brief = st.lists(st.tuples(paragraph, st.booleans()), min_size=1, max_size=6)


def _write_brief(path, paras) -> None:
    b = DocBuilder(fmt="lowerRoman")
    b.paragraph("TABLE OF AUTHORITIES")
    b.section_break(fmt="decimal", start=1)
    b.heading("ARGUMENT", level=1)
    for items, with_note in paras:
        parts = []
        for citation, glue in items:
            parts += _parts(citation)
            if glue.strip() or glue == " ":
                parts.append(glue)
        parts.append(".")
        if with_note:
            parts.append(Footnote(*_parts(items[0][0]), "."))
        b.paragraph(*[p for p in parts if p != "\n"])
    b.save(path)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(paras=brief, style=st.sampled_from(["default", "frap", "scotus", "sg", "texas", "california"]))
def test_random_mixes_of_citations_build_and_write(tmp_path, paras, style):
    source, output = tmp_path / "brief.docx", tmp_path / "brief.toa.docx"
    source.unlink(missing_ok=True)
    _write_brief(source, paras)
    try:
        result = pipeline.build(str(source), str(output), style=style, pages="estimate")
    except pipeline.BuildError as exc:  # a clear message is fine (no citations at all), a crash is not
        assert "no citations" in str(exc).lower() or "no authorities" in str(exc).lower(), exc
        return
    assert output.is_file()
    for category in result.table.categories:
        keys = [(category.members.index(a.category), *entry_order(a, result.style)) for a in category.authorities]
        assert keys == sorted(keys)
    json.dumps(build_report(result).to_dict())  # the report is plain JSON


nested = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4).map(tuple),
    max_leaves=12,
)


@given(st.lists(nested, max_size=12))
def test_sort_keys_of_any_shape_are_totally_ordered(keys):
    ordered = sorted(keys, key=total_order)
    for a, b in pairwise(ordered):
        assert total_order(a) <= total_order(b)


def test_keys_of_one_type_keep_their_own_order_and_types_never_mix():
    assert sorted(["b", "a"], key=total_order) == ["a", "b"]
    assert sorted([(1, "b"), (1, "a"), (0, "z")], key=total_order) == [(0, "z"), (1, "a"), (1, "b")]
    assert sorted([(1,), "x", None, 2.5], key=total_order) == [None, 2.5, "x", (1,)]
    assert total_order(math.nan) == total_order(0.0)
    Authority(key=WebKey("x"), category="other", text="x", sort_key=("x",))  # a sort key is any tuple
