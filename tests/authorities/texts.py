"""Briefs made of paragraphs of text, read by the extract stage, for the authorities' tests."""

from toa import styles
from toa.authorities import entries, link
from toa.extract import extract_paragraph
from toa.model import Document, Paragraph


def doc_of(*texts):
    paras = [Paragraph(index=i, story="body", text=t) for i, t in enumerate(texts)]
    return Document(path="x.docx", paragraphs=paras, sections=[])


def occurrences_of(doc):
    return [o for p in doc.paragraphs for o in extract_paragraph(p)]


def links_of(*texts):
    doc = doc_of(*texts)
    return link.link(doc, occurrences_of(doc))


def linked(links):
    """Each authority's name -> the kinds its citations are read as."""
    return {c.name: [k.kind for k in c.links] for c in links.cited}


def table_of(*texts, style="default"):
    return entries.table(links_of(*texts), styles.load(style))


def entries_of(table):
    """Each entry's text -> the kinds of its citations."""
    return {a.text: [o.kind for o in a.occurrences] for c in table.categories for a in c.authorities}
