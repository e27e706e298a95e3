"""addin/manifest.xml and every manifest `toa addin manifest` writes, against Microsoft's own
manifest schemas (OfficeAppManifestV1_1.xsd and the task pane VersionOverrides it imports), as
kept with their validator in ../shared/reference/office-manifest-xsd (TOA_SHARED names another
shared folder). A user's checkout has no ../shared: there those tests skip, and the checks of
element order and required elements below, from Microsoft's documentation of the schema ("The
schema requires that elements in the manifest appear in a specific order", office-js-docs-pr
docs/develop/xml-manifest-overview.md, docs/develop/manifest-element-ordering.md), still run.
The requirement the manifest names is the one the pane checks for (word.js MIN_WORDAPI)."""

from __future__ import annotations

import copy
import importlib.util
import os
import re
from pathlib import Path
from urllib.parse import urlparse

import pytest
from lxml import etree

from toa.cli import main
from toa.server import create_app
from toa.server.serve import manifest

ROOT = Path(__file__).resolve().parents[2]
MANIFEST = ROOT / "addin" / "manifest.xml"
XSD_DIR = Path(os.environ.get("TOA_SHARED") or ROOT.parent / "shared") / "reference" / "office-manifest-xsd"
NS = "{http://schemas.microsoft.com/office/appforoffice/1.1}"
OV = "{http://schemas.microsoft.com/office/taskpaneappversionoverrides}"
BT = "{http://schemas.microsoft.com/office/officeappbasictypes/1.0}"
XSI = "{http://www.w3.org/2001/XMLSchema-instance}"

TASKPANE_ORDER = [
    "Id",
    "AlternateId",
    "Version",
    "ProviderName",
    "DefaultLocale",
    "DisplayName",
    "Description",
    "IconUrl",
    "HighResolutionIconUrl",
    "SupportUrl",
    "AppDomains",
    "Hosts",
    "Requirements",
    "DefaultSettings",
    "Permissions",
    "Dictionary",
    "VersionOverrides",
    "ExtendedOverrides",
]
REQUIRED = [
    "Id",
    "Version",
    "ProviderName",
    "DefaultLocale",
    "DisplayName",
    "Description",
    "DefaultSettings",
    "Permissions",
]
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
    shipped = etree.parse(str(MANIFEST)).getroot()
    assert [local(c.tag) for c in other if isinstance(c.tag, str)] == [
        local(c.tag) for c in shipped if isinstance(c.tag, str)
    ]
    assert "localhost:3000" not in text and text.count("localhost:8443") == MANIFEST.read_text().count("localhost:3000")


@pytest.fixture(scope="module")
def xsd():
    """Microsoft's manifest schema, loaded by the validator kept beside it."""
    if not (XSD_DIR / "validate.py").is_file():
        pytest.skip(f"Microsoft's manifest schemas are not here ({XSD_DIR}); set TOA_SHARED to the shared folder")
    spec = importlib.util.spec_from_file_location("office_manifest_validate", XSD_DIR / "validate.py")
    validator = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(validator)
    return validator.schema()


def errors(xsd, root) -> list[str]:
    return [] if xsd.validate(etree.ElementTree(root)) else [e.message for e in xsd.error_log]


def test_the_shipped_manifest_is_valid_against_microsofts_schemas(xsd):
    assert errors(xsd, etree.parse(str(MANIFEST)).getroot()) == []


@pytest.mark.parametrize("port", [1, 3000, 4443, 65535])
def test_every_manifest_toa_addin_manifest_writes_is_valid(xsd, port, tmp_path):
    assert main(["addin", "manifest", "--port", str(port), "-o", str(tmp_path / "m.xml")]) == 0
    assert errors(xsd, etree.parse(str(tmp_path / "m.xml")).getroot()) == []


def _drop(root, path):
    el = root.find(path)
    el.getparent().remove(el)


def _swap_hosts_and_requirements(root):
    requirements = root.find(f"{NS}Requirements")
    root.remove(requirements)
    root.find(f"{NS}Hosts").addprevious(requirements)


BREAKAGES = {  # what is broken: (how, the element the schema's error names)
    "no Id": (lambda root: _drop(root, f"{NS}Id"), "Id"),
    "Requirements before Hosts": (_swap_hosts_and_requirements, "Hosts"),
    "an unknown permission": (lambda root: setattr(root.find(f"{NS}Permissions"), "text", "Everything"), "Permissions"),
    "a version that is no number": (lambda root: setattr(root.find(f"{NS}Version"), "text", "one"), "Version"),
    "a button without a label": (lambda root: _drop(root, f".//{OV}Control/{OV}Label"), "Label"),
    "a pane without an address": (
        lambda root: root.find(f"{NS}DefaultSettings/{NS}SourceLocation").attrib.pop("DefaultValue"),
        "SourceLocation",
    ),
}


@pytest.mark.parametrize("breakage", list(BREAKAGES))
def test_a_broken_manifest_fails_and_the_error_names_what_broke(xsd, breakage):
    root = etree.fromstring(manifest(3000).encode("utf-8"))
    assert errors(xsd, copy.deepcopy(root)) == []
    how, element = BREAKAGES[breakage]
    how(root)
    found = errors(xsd, root)
    assert found and any(element in e for e in found), found


def test_the_manifest_asks_for_the_wordapi_set_the_pane_checks_for():
    pane = (ROOT / "addin" / "word.js").read_text(encoding="utf-8")
    minimum = re.search(r'const MIN_WORDAPI = "([0-9.]+)"', pane).group(1)
    sets = {s.get("Name"): s.get("MinVersion") for s in etree.parse(str(MANIFEST)).getroot().iter(f"{NS}Set")}
    assert sets == {"WordApi": minimum} == {"WordApi": "1.3"}
