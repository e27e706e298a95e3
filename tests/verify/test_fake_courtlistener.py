"""The CourtListener fake honours the documented contract (so tests against it mean something)."""

from __future__ import annotations

import httpx

from fakes.data import TOKEN

AUTH = {"Authorization": f"Token {TOKEN}"}
PATH = "/api/rest/v4/citation-lookup/"


def post(services, headers=AUTH, **kw):
    return httpx.post(services.cl.url + PATH, headers=headers, timeout=5, **kw)


def test_anonymous_gets_401(services):
    r = post(services, headers={}, data={"text": "576 U.S. 155"})
    assert r.status_code == 401
    assert r.json() == {"detail": "Authentication credentials were not provided."}


def test_validation_bodies(services):
    assert post(services, data={}).json() == {"non_field_errors": ["Either 'text' or 'reporter' is required."]}
    both = post(services, data={"text": "x", "reporter": "U.S."}).json()
    assert both == {"non_field_errors": ["Invalid request. Provide either a 'text' or 'reporter', not both."]}
    assert post(services, data={"reporter": "U.S."}).json() == {
        "volume": ["This field is required."],
        "page": ["This field is required."],
    }
    assert post(services, data={"text": "a" * 64001}).status_code == 400
    assert post(services, json={"text": "  " + "a" * 63999 + "  "}).json() == {}  # counted after strip


def test_no_case_citations_is_an_empty_dict(services):
    assert post(services, data={"text": "47 U.S.C. 230 and 99 Harv. L. Rev. 1"}).json() == {}


def test_statuses_and_indices(services):
    text = "576 U.S. 155; 999 U.S. 9999; 488 U.S. 984; 477 U.S. 320; 1 H. 2"
    items = post(services, data={"text": text}).json()
    by = {i["citation"]: i for i in items}
    assert by["576 U.S. 155"]["status"] == 200 and (
        by["576 U.S. 155"]["start_index"],
        by["576 U.S. 155"]["end_index"],
    ) == (0, 12)
    assert by["999 U.S. 9999"]["status"] == 404
    assert by["999 U.S. 9999"]["error_message"] == "Citation not found: '999 U.S. 9999'"
    assert by["488 U.S. 984"]["status"] == 300 and len(by["488 U.S. 984"]["clusters"]) == 2
    # star pagination: page 320 is inside Celotex (317): 200 with the earlier case
    assert by["477 U.S. 320"]["status"] == 200
    assert by["477 U.S. 320"]["clusters"][0]["citations"][0]["page"] == "317"
    assert len(by["1 H. 2"]["normalized_citations"]) == 3


def test_components_form(services):
    items = post(services, data={"volume": "576", "reporter": "U.S.", "page": "155"}).json()
    assert items[0]["citation"] == "576 U.S. 155" and items[0]["start_index"] == 0 and items[0]["status"] == 200


def test_overflow_beyond_250_is_per_item_429(services):
    services.cl_state.citation_limit = 10_000
    try:
        text = "; ".join(f"{i} U.S. {i}" for i in range(1, 261))
        items = post(services, data={"text": text}).json()
    finally:
        services.cl_state.citation_limit = 60
    assert [i["status"] for i in items[250:]] == [429] * 10
    assert items[250]["error_message"] == "Too many citations requested."


def test_citation_throttle_wait_until(services):
    text = "; ".join(f"{i} U.S. {i}" for i in range(1, 121))  # 120 cites at 60/min
    assert post(services, data={"text": text}).status_code == 200  # check before add: passes
    r = post(services, data={"text": "576 U.S. 155"})
    assert r.status_code == 429 and "Retry-After" not in r.headers
    assert r.json()["error_message"] == "Too many requests (allowed rate: 60/min)."
    assert r.json()["wait_until"] == "2026-09-01T12:02:00Z"  # 60 s * 120/60


def test_user_throttle_retry_after(services):
    for _ in range(5):
        assert post(services, data={"text": "x"}).status_code == 200
    r = post(services, data={"text": "x"})
    assert r.status_code == 429 and r.json() == {"detail": "Request was throttled. Rate limit exceeded: 5/min."}
    assert r.headers["Retry-After"] == "61"


def test_clusters_endpoint(services):
    r = httpx.get(services.cl.url + "/api/rest/v4/clusters/2812209/", params={"fields": "id,case_name"}, headers=AUTH)
    assert r.json() == {"id": 2812209, "case_name": "Reed v. Town of Gilbert"}
    assert httpx.get(services.cl.url + "/api/rest/v4/clusters/2812209/").status_code == 401
