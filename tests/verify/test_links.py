"""Evidence links: only an https address, or one under a configured source's base URL, reaches a
comment or the pane; what a source hands back in another scheme is dropped, and the notes say so."""

from __future__ import annotations

import pytest

from builders import case, table
from toa.verify import verify
from toa.verify.links import safe_link

BASES = ["http://127.0.0.1:8123", "https://mirror.example.org/courtlistener"]


@pytest.mark.parametrize(
    "url",
    [
        "https://www.courtlistener.com/opinion/1/a/",
        "https://www.law.cornell.edu/uscode/text/47/230#c_1",
        "http://127.0.0.1:8123/opinion/1/a/",  # a configured base (a mirror, a fake)
    ],
)
def test_https_and_the_configured_sources_pass(url):
    assert safe_link(url, BASES)


@pytest.mark.parametrize(
    "url",
    [
        "javascript:alert(document.domain)",
        "JavaScript:alert(1)",
        "data:text/html,<script>alert(1)</script>",
        "file:///etc/passwd",
        "vbscript:msgbox(1)",
        "http://www.courtlistener.com/opinion/1/a/",  # plain http, not configured
        "http://127.0.0.1:8123@evil.example/x",  # looks like the base, is another host
        "http://127.0.0.1:81234/x",
        "https:///no-host",
        "https://www.courtlistener.com/a b",  # more than one address
        'https://www.courtlistener.com/"onmouseover="x',
        "https://www.courtlistener.com/\njavascript:x",
    ],
)
def test_other_schemes_and_look_alikes_are_refused(url):
    assert not safe_link(url, BASES)


REED = case("Reed v. Town of Gilbert, 576 U.S. 155 (2015)", "Reed v. Town of Gilbert", 576, "U.S.", 155, 2015)


def test_a_javascript_link_from_courtlistener_never_reaches_the_report(services, monkeypatch):
    reed = next(c for c in services.cl_state.clusters if c["case_name"] == "Reed v. Town of Gilbert")
    monkeypatch.setitem(reed, "absolute_url", "javascript:alert(document.domain)")
    result = verify(table(REED), services.settings())
    record = result[REED.key]
    assert record.verdict == "VERIFIED"  # the case is checked as before: only the link goes
    assert record.evidence_url.startswith(services.cl.url + "/c/U.S./576/155")  # the citation page, ours
    assert [c.url for c in record.clusters] == [None]
    assert "javascript" not in str(result.to_dict()["authorities"])
    assert result.notes == [
        "Reed v. Town of Gilbert, 576 U.S. 155 (2015): a source's link 'javascript:alert(document.domain)' was "
        "dropped (not an https address)"
    ]


def test_the_bulk_files_bucket_is_no_base_of_evidence_links(services):
    from toa.verify.links import source_bases

    settings = services.settings(bulk_url="http://127.0.0.1:8999")
    assert "http://127.0.0.1:8999" not in source_bases(settings)
    assert services.cl.url in source_bases(settings)  # the configured CourtListener (a mirror, the fake)
    assert not safe_link("http://127.0.0.1:8999/bulk-data/opinion/1/", source_bases(settings))
