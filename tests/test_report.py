"""Stage 6: the JSON report shows the judgment calls a reviewer confirms."""

from toa import styles
from toa.authorities import build
from toa.extract import extract_paragraph
from toa.model import Document, PageMap, Paragraph
from toa.pipeline import BuildResult
from toa.report import build_report


def report_of(*texts, style="default"):
    doc = Document(
        path="x.docx", paragraphs=[Paragraph(index=i, story="body", text=t) for i, t in enumerate(texts)], sections=[]
    )
    occs = [o for p in doc.paragraphs for o in extract_paragraph(p)]
    chosen = styles.load(style)
    table = build(doc, occs, chosen)
    return build_report(BuildResult("x.docx", doc, table, PageMap(method="estimate", exact=False), chosen)).to_dict()


def flags(report):
    return {a["text"]: a["flags"] for c in report["categories"] for a in c["authorities"]}


def test_an_entry_cited_only_inside_citing_carries_the_flag():
    r = report_of(
        "Hale v. Ives, 1 F.4th 1, 5 (1st Cir. 2021) (citing Jay v. Kim, 2 F.4th 2 (2d Cir. 2021)); "
        "Lee v. Moe, 3 F.4th 3 (3d Cir. 2021) (citing Hale v. Ives, 1 F.4th 1, 6 (1st Cir. 2021))."
    )
    assert flags(r) == {
        "Hale v. Ives, 1 F.4th 1 (1st Cir. 2021)": [],
        "Jay v. Kim, 2 F.4th 2 (2d Cir. 2021)": ["citing_parenthetical"],
        "Lee v. Moe, 3 F.4th 3 (3d Cir. 2021)": [],
    }
    assert r["excluded"] == []
