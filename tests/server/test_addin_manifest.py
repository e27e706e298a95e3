"""addin/manifest.xml against the documented schema of a task pane add-in's XML manifest.

Microsoft's manifest XSDs (OfficeAppManifestV1_1.xsd and its imports) could not be obtained
on this machine (not in any package reachable here, and the online validator is not reachable),
so the order and the required elements are checked against Microsoft's documentation of the
schema: "The schema requires that elements in the manifest appear in a specific order"
(office-js-docs-pr docs/develop/xml-manifest-overview.md, docs/develop/manifest-element-ordering.md).
The sequences below are those documents' orders for a TaskPaneApp and its VersionOverrides."""
from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlparse

import pytest
from lxml import etree

from toa.server import create_app
from toa.server.serve import manifest

MANIFEST = Path(__file__).resolve().parents[2] / "addin" / "manifest.xml"
NS = "{http://schemas.microsoft.com/office/appforoffice/1.1}"
OV = "{http://schemas.microsoft.com/office/taskpaneappversionoverrides}"
BT = "{http://schemas.microsoft.com/office/officeappbasictypes/1.0}"
XSI = "{http://www.w3.org/2001/XMLSchema-instance}"

TASKPANE_ORDER = ["Id", "AlternateId", "Version", "ProviderName", "DefaultLocale", "DisplayName", "Description",
                  "IconUrl", "HighResolutionIconUrl", "SupportUrl", "AppDomains", "Hosts", "Requirements",
                  "DefaultSettings", "Permissions", "Dictionary", "VersionOverrides", "ExtendedOverrides"]
REQUIRED = ["Id", "Version", "ProviderName", "DefaultLocale", "DisplayName", "Description", "DefaultSettings",
            "Permissions"]
ORDERS = {  # parent -> its children's order (VersionOverridesV1_0 for task panes)
    f"{OV}VersionOverrides": ["Description", "Requirements", "Hosts", "Resources", "EquivalentAddins"],
    f"{OV}DesktopFormFactor": ["GetStarted", "FunctionFile", "ExtensionPoint"],
    f"{OV}GetStarted": ["Title", "Description", "LearnMoreUrl"],
    f"{OV}Group": ["Label", "Icon", "Control"],
    f"{OV}Control": ["Label", "Supertip", "Icon", "Action"],
    f"{OV}Action": ["TaskpaneId", "SourceLocation"],
    f"{OV}Resources": ["Images", "Urls", "ShortStrings", "LongStrings"],
}


def local(tag: str) -> str:
    return tag.split("}")[-1]


def in_order(children: list[str], order: list[str]) -> bool:
    positions = [order.index(c) for c in children]
    return positions == sorted(positions)


@pytest.fixture(scope="module")
def root():
    return etree.parse(str(MANIFEST)).getroot()


def test_root_is_a_task_pane_app_for_word(root):
    assert root.tag == f"{NS}OfficeApp" and root.get(f"{XSI}type") == "TaskPaneApp"
    assert [h.get("Name") for h in root.find(f"{NS}Hosts")] == ["Document"]
    assert root.findtext(f"{NS}Permissions") == "ReadWriteDocument"


def test_top_level_elements_are_known_in_schema_order_and_required_ones_present(root):
    children = [local(c.tag) for c in root if isinstance(c.tag, str)]
    assert set(children) <= set(TASKPANE_ORDER)
    assert in_order(children, TASKPANE_ORDER)
    assert all(r in children for r in REQUIRED)
    assert re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", root.findtext(f"{NS}Id"))
    assert re.fullmatch(r"\d+(\.\d+){0,3}", root.findtext(f"{NS}Version"))
    assert len(root.find(f"{NS}DisplayName").get("DefaultValue")) <= 125


def test_version_overrides_order_and_a_ribbon_button_that_opens_the_pane(root):
    overrides = root.find(f"{OV}VersionOverrides")
    assert overrides.get(f"{XSI}type") == "VersionOverridesV1_0"
    for el in overrides.iter():
        if el.tag in ORDERS:
            children = [local(c.tag) for c in el if isinstance(c.tag, str)]
            assert in_order(children, ORDERS[el.tag]), (el.tag, children)
    action = overrides.find(f".//{OV}Control/{OV}Action")
    assert action.get(f"{XSI}type") == "ShowTaskpane"


def test_every_resource_id_is_defined_and_every_url_is_served(root):
    defined = {el.get("id"): el.get("DefaultValue") for el in root.iter(f"{BT}Image", f"{BT}Url", f"{BT}String")}
    used = {el.get("resid") for el in root.iter() if el.get("resid")}
    assert used <= set(defined)
    urls = [v for v in defined.values() if v and v.startswith("http")]
    urls += [el.get("DefaultValue") for el in root.iter() if (el.get("DefaultValue") or "").startswith("http")]
    client = create_app({"TOA_PORT": 3000}).test_client()
    for url in set(urls):
        parsed = urlparse(url)
        assert parsed.scheme == "https" and parsed.netloc == "localhost:3000", url
        assert client.get(parsed.path, base_url="https://localhost:3000").status_code == 200, url


def test_the_manifest_for_another_port_is_the_same_document_with_its_urls_moved():
    text = manifest(8443)
    other = etree.fromstring(text.encode())
    assert [local(c.tag) for c in other] == [local(c.tag) for c in etree.parse(str(MANIFEST)).getroot()]
    assert "localhost:3000" not in text and text.count("localhost:8443") == MANIFEST.read_text().count("localhost:3000")
