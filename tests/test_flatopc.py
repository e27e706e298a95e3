"""Flat OPC (Body.getOoxml) to a .docx package and back."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import docx
import pytest
from lxml import etree

import wordstub
from toa import flatopc

SAMPLE = Path(__file__).resolve().parents[1] / "samples" / "trial-memorandum.docx"


def test_every_part_survives_the_round_trip():
    package = flatopc.to_docx(wordstub.flat_opc(SAMPLE).encode())
    with zipfile.ZipFile(SAMPLE) as a, zipfile.ZipFile(io.BytesIO(package)) as b:
        names = {n for n in a.namelist() if n != "[Content_Types].xml"}
        assert names <= set(b.namelist())
        for name in names:
            if name.endswith((".xml", ".rels")):
                canon = lambda d: etree.tostring(etree.fromstring(d), method="c14n")  # noqa: E731
                assert canon(a.read(name)) == canon(b.read(name)), name
            else:
                assert a.read(name) == b.read(name), name
    opened = docx.Document(io.BytesIO(package))
    assert opened.sections[-1].page_width == docx.Document(str(SAMPLE)).sections[-1].page_width


def test_blocks_given_go_before_the_body_and_the_rest_stays():
    line = etree.fromstring(f'<w:p xmlns:w="{flatopc.W_NS}"><w:r><w:t>Cited before.</w:t></w:r></w:p>')
    package = flatopc.to_docx(wordstub.flat_opc(SAMPLE).encode(), [line])
    texts = wordstub.stories(io.BytesIO(package))["body"]
    assert texts == ["Cited before.", *wordstub.stories(SAMPLE)["body"]]


def test_a_package_without_package_relationships_gets_them():
    root = etree.fromstring(wordstub.flat_opc(SAMPLE).encode())
    for part in list(root):
        if part.get(f"{{{flatopc.PKG_NS}}}name") == "/_rels/.rels":
            root.remove(part)
    package = flatopc.to_docx(etree.tostring(root))
    assert docx.Document(io.BytesIO(package)).paragraphs


@pytest.mark.parametrize("name", ["../evil.xml", "/[Content_Types].xml", "relative.xml"])
def test_part_names_that_escape_the_package_are_refused(name):
    xml = (
        f'<pkg:package xmlns:pkg="{flatopc.PKG_NS}"><pkg:part pkg:name="{name}" pkg:contentType="application/xml">'
        "<pkg:xmlData><a/></pkg:xmlData></pkg:part></pkg:package>"
    )
    with pytest.raises(flatopc.FlatOpcError):
        flatopc.to_docx(xml.encode())


def test_entities_are_not_expanded():
    xml = (
        b'<?xml version="1.0"?><!DOCTYPE p [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
        b'<pkg:package xmlns:pkg="http://schemas.microsoft.com/office/2006/xmlPackage">&x;</pkg:package>'
    )
    with pytest.raises(flatopc.FlatOpcError):
        flatopc.to_docx(xml)


def test_a_large_binary_part_is_kept():
    root = etree.fromstring(wordstub.flat_opc(SAMPLE).encode())
    blob = bytes(range(256)) * (48 * 1024)  # 12 MB: beyond libxml2's default text node limit
    part = etree.SubElement(root, f"{{{flatopc.PKG_NS}}}part")
    part.set(f"{{{flatopc.PKG_NS}}}name", "/word/media/image1.png")
    part.set(f"{{{flatopc.PKG_NS}}}contentType", "image/png")
    etree.SubElement(part, f"{{{flatopc.PKG_NS}}}binaryData").text = __import__("base64").b64encode(blob).decode()
    package = flatopc.to_docx(etree.tostring(root))
    with zipfile.ZipFile(io.BytesIO(package)) as zf:
        assert zf.read("word/media/image1.png") == blob


@pytest.mark.parametrize(
    "attributes, words",
    [
        ([" ".join(f'w:a{i}="1"' for i in range(300))], "has an element with 300 attributes; at most 256 per element"),
        ([" ".join(f'w:a{i}="1"' for i in range(100))] * 20_001, "takes the brief past 2,000,000 XML attributes"),
    ],
    ids=["of an element", "in all"],
)
def test_attributes_past_the_limits_are_refused_before_parsing(attributes, words):
    """Issue 28: 30,000 paragraphs of 400 attributes each took 3.1 GB; the XML Word on the web
    sends is counted, attributes too, before anything is parsed."""
    root = etree.fromstring(wordstub.flat_opc(SAMPLE).encode())
    xml = etree.tostring(root).decode()
    at = xml.index("<w:body>") + len("<w:body>")
    xml = xml[:at] + "".join(f"<w:p {a}/>" for a in attributes) + xml[at:]
    with pytest.raises(flatopc.FlatOpcError, match=words):
        flatopc.to_docx(xml.encode())
