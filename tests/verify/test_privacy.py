"""Bright line: only citation components leave the machine. Run a whole check of a brief-like
document against every fake and look for any sentence, quotation or case name in what was sent.
The one exception the rule allows: the name of a case CourtListener has no case at, sent with a
court and years as a search (a case name is a citation component), and nothing else with it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from urllib.parse import parse_qs, unquote_plus, urlsplit

from builders import case, cfr, const, fed_reg, occ, provision, rule, table, usc
from toa.verify import verify

BRIEF = [
    "Plaintiff Dana Whitfield operated a small online forum for residents of Maple Hollow to discuss zoning disputes.",
    "In March 2024 the Township demanded that she remove posts criticising the planning board, and she refused.",
    "The Township then sued, alleging that the forum defamed two board members and interfered with their contracts.",
    "Summary judgment is appropriate where there is no genuine dispute as to any material fact.",
    "Section 230 bars claims that treat a service provider as the publisher of content created by its users.",
    "The Township's theory treats Ms. Whitfield as the publisher of her neighbours' posts, which the statute forbids.",
    "Content-based restrictions on speech are presumptively unconstitutional and survive only strict scrutiny.",
    "The confidential settlement memorandum dated June 3 was never produced to opposing counsel.",
]
QUOTES = [
    "[n]o provider or user of an interactive computer service shall be treated as the publisher",
    "no genuine dispute as to any material fact",
    "privileged strategy: we concede liability if the motion fails",  # must never leave, even if absent from the law
]


def brief_table():
    reed = case(
        "Reed v. Town of Gilbert, 576 U.S. 155 (2015)",
        "Reed v. Town of Gilbert",
        576,
        "U.S.",
        155,
        2015,
        pin="163",
        paragraph=6,
        quotation=QUOTES[2],
        court="scotus",
    )
    reed.occurrences[0].text = BRIEF[6] + " Reed v. Town of Gilbert, 576 U.S. 155, 163 (2015)."
    celotex = case(
        "Celotex Corp. v. Catrett, 477 U.S. 317 (1986)",
        "Celotex Corp. v. Catrett",
        477,
        "U.S.",
        317,
        1986,
        pin="322",
        paragraph=3,
    )
    made_up = case(
        "Whitfield v. Maple Hollow Twp., 999 U.S. 9999 (2099)",
        "Whitfield v. Maple Hollow Twp.",
        999,
        "U.S.",
        9999,
        2099,
        paragraph=7,
    )
    zeran = case(
        "Zeran v. Am. Online, Inc., 129 F.3d 327 (4th Cir. 1997)",
        "Zeran v. Am. Online, Inc.",
        129,
        "F.3d",
        327,
        1997,
        court="ca4",
        pin="330",
        paragraph=5,
        quotation=QUOTES[0],
    )
    s230 = provision(
        "47 U.S.C. § 230(c)(1)",
        "statutes",
        [usc("47", "230", "(c)(1)", QUOTES[0]), usc("47", "230", "(c)(9)", QUOTES[2])],
    )
    fifty_six = provision(
        "Fed. R. Civ. P. 56(a)", "rules_regulations", [rule("Fed. R. Civ. P.", "56", "(a)", QUOTES[1])]
    )
    reg = provision("29 C.F.R. § 1910.95(b)(1)", "rules_regulations", [cfr("29", "1910.95", "(b)(1)", QUOTES[2])])
    fourteenth = provision("U.S. Const. amend. XIV, § 1", "constitutional", [const("amend", "XIV", "1", QUOTES[2])])
    fr = provision("85 Fed. Reg. 12345", "administrative", [fed_reg("85", "12345")])
    orphan = occ("short", None, BRIEF[7], paragraph=7)
    return table(reed, celotex, made_up, zeran, s230, fifty_six, reg, fourteenth, fr, unlinked=[orphan])


SEARCHED = "Whitfield v. Maple Hollow Twp."  # CourtListener has no case at its citation


def forbidden():
    names = ["Reed v. Town of Gilbert", "Celotex", "Gilbert", "Zeran", "Online"]
    return BRIEF + QUOTES + names


def sent_text(seen) -> str:
    headers = "\n".join(f"{k}: {v}" for k, v in seen.headers.items())
    raw = seen.target + "\n" + headers + "\n" + seen.body.decode("latin-1")
    return raw + "\n" + unquote_plus(raw)


def test_no_brief_text_leaves_the_machine(services):
    services.lii_state.chrome_only.add("/cfr/text/29/1910.95")  # force the eCFR path too
    services.official_state.govinfo_faults["/link/fr"] = "Content File Not Found"  # and the FR API
    result = verify(brief_table(), services.settings(cl_requests_per_minute=100))
    seen = services.recorder.requests
    hosts_hit = {s.target.split("?")[0].split("/")[1] for s in seen}
    assert {"api", "uscode", "rules", "cfr", "constitution", "link"} <= hosts_hit
    for s in seen:
        text = sent_text(s).lower()
        for sentence in forbidden():
            assert sentence.lower() not in text, (sentence, s.target)
        if SEARCHED.lower() in text:  # only as the name searched for, with a court and years
            assert urlsplit(s.target).path == "/api/rest/v4/search/", s.target
            params = parse_qs(urlsplit(s.target).query)
            assert params["case_name"] == [SEARCHED] and set(params) - {"case_name"} <= {
                "type",
                "court",
                "filed_after",
                "filed_before",
                *(k for k in params if k.startswith("stat_")),
            }
        # and nothing that looks like prose: no run of five words outside the known reporter/header vocabulary
        assert not re.search(r"(?:\b[a-z]{4,}\b[ +]){5}", s.target.lower()), s.target
    lookup = [s for s in seen if "citation-lookup" in s.target]
    assert [unquote_plus(s.body.decode()) for s in lookup] == [
        "text=576 U.S. 155; 477 U.S. 317; 999 U.S. 9999; 129 F.3d 327"
    ]
    # CourtListener's other requests carry ids only: a search on cluster ids, opinions by id
    cl = [
        urlsplit(s.target) for s in seen if s.target.startswith("/api/rest/v4/") and "citation-lookup" not in s.target
    ]
    assert {re.sub(r"/\d+/", "/N/", u.path) for u in cl} == {"/api/rest/v4/search/", "/api/rest/v4/opinions/N/"}
    assert any(parse_qs(u.query).get("q") == ["cluster_id:(740491)"] for u in cl)
    assert all(
        parse_qs(u.query) == {"fields": ["id,type,html_with_citations,plain_text"]}
        for u in cl
        if "/opinions/" in u.path
    )
    # the quotations were compared here: the one before Zeran is not in its opinion
    zeran = next(r for r in result.records.values() if r.text.startswith("Zeran"))
    assert [c.status for c in zeran.citations[0].checks if c.dimension == "quotation"] == ["mismatch"]
    assert result.requests_made == len(seen)


def test_token_never_in_repr_or_report(services):
    settings = services.settings()
    assert settings.token not in repr(settings)
    result = verify(brief_table(), settings)
    assert settings.token not in repr(result.to_dict())


def test_the_quotations_of_a_real_brief_never_leave_through_toa_check(services, monkeypatch, tmp_path, capsys):
    """Through the CLI, on samples/verification-benchmark.docx: every quotation the brief holds
    (read here from the .docx) is compared on this machine, and none of its words goes out; what
    goes out is citation components and ids."""
    import docx

    from fakes.data import TOKEN
    from toa.cli import main

    sample = Path(__file__).parents[2] / "samples" / "verification-benchmark.docx"
    paragraphs = [p.text for p in docx.Document(str(sample)).paragraphs]
    quotations = [q for p in paragraphs for q in re.findall(r"“([^”]+)”", p) if len(q.split()) >= 4]
    assert len(quotations) >= 12
    services.cl_state.user_limits = ((1000, 60),)
    (tmp_path / "config" / "toa").mkdir(parents=True)
    (tmp_path / "config" / "toa" / "config.toml").write_text("[courtlistener]\nrequests_per_minute = 1000\n")
    env = {
        "COURTLISTENER_API_TOKEN": TOKEN,
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        **services.urls(),
    }
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    assert main(["check", str(sample), "-o", str(tmp_path / "out.docx"), "--pages", "estimate"]) == 0
    assert "need attention" in capsys.readouterr().out  # the quotations were compared: some do not match
    seen = services.recorder.requests
    assert seen
    for s in seen:
        text = sent_text(s).lower()
        for q in quotations:
            words = re.findall(r"[a-z]{4,}", q.lower())
            for i in range(len(words) - 2):  # no three of the quotation's words in a row
                assert " ".join(words[i : i + 3]) not in re.sub(r"[^a-z]+", " ", text), (q, s.target)
    for u in (urlsplit(s.target) for s in seen if s.target.startswith("/api/rest/v4/")):
        if u.path == "/api/rest/v4/search/":
            params = parse_qs(u.query)
            assert "q" in params and re.fullmatch(r"cluster_id:\([\d OR]+\)", params["q"][0]) or "case_name" in params
        else:
            assert re.fullmatch(r"/api/rest/v4/(citation-lookup|opinions/\d+)/", u.path), u.path


def test_a_release_point_is_asked_for_by_title_congress_and_law_only(services):
    """--as-of between two editions: what goes to OLRC's downloads is its list's fixed address and
    a title's zip by title, congress and law number; the quoted words are compared here."""
    from datetime import date

    quoted = "knows or has reasonable cause to believe that the information is inaccurate"
    fcra = provision("15 U.S.C. § 1681s-2(a)(1)", "statutes", [usc("15", "1681s-2", "(a)(1)", quoted)])
    result = verify(table(fcra), services.settings(as_of=date(2021, 6, 1)))
    assert result[fcra.key].units[0].quotation == "matched"
    downloads = [s.target for s in services.recorder.requests if s.target.startswith("/download/")]
    assert downloads[0] == "/download/priorreleasepoints.htm" and len(downloads) == 2
    assert re.fullmatch(r"/download/releasepoints/us/pl/117/12not9/xml_usc15@117-12not9\.zip", downloads[1])
    words = quoted.split()
    for s in services.recorder.requests:
        text = re.sub(r"[^a-z]+", " ", sent_text(s).lower())
        assert not any(" ".join(words[i : i + 3]) in text for i in range(len(words) - 2)), s.target


class Listener:
    """A loopback socket that takes every connection it is offered, records it and hangs up: no
    source answers there, so a test can count what a run tried to reach."""

    def __init__(self):
        import socket
        import threading

        self.accepted: list[tuple[str, int]] = []
        self._sock = socket.create_server(("127.0.0.1", 0))
        self._sock.settimeout(0.1)
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._sock.getsockname()[1]}"

    def _serve(self) -> None:
        while not self._stopped.is_set():
            try:
                conn, peer = self._sock.accept()
            except TimeoutError:
                continue
            self.accepted.append(peer)
            conn.close()

    def close(self) -> None:
        self._stopped.set()
        self._thread.join()
        self._sock.close()


@pytest.fixture
def listener():
    opened = Listener()
    yield opened
    opened.close()


@pytest.mark.parametrize("batch", [False, True])
def test_with_a_case_index_an_offline_check_of_the_planted_brief_connects_to_nothing(
    listener, monkeypatch, tmp_path, capsys, batch
):
    """Every source's base URL, and every proxy variable, point at a listener that records any
    connection: `toa check --offline` of samples/planted-problems.docx with a case index (alone,
    and as a batch of two workers) opens none, and still judges every case (the planted ones
    flagged). The same check online does reach the listener: the test sees what it would miss."""
    import json
    import shutil

    from fakes import data
    from fakes.bulk import cases_of, with_neighbours, write_generation
    from toa.cli import main
    from toa.verify.case_index import build
    from toa.verify.settings import URL_ENV

    for var in URL_ENV.values():
        monkeypatch.setenv(var, listener.url)
    for var in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        monkeypatch.setenv(var, listener.url)
    monkeypatch.delenv("NO_PROXY", raising=False)
    monkeypatch.delenv("no_proxy", raising=False)
    monkeypatch.setenv("COURTLISTENER_API_TOKEN", data.TOKEN)  # a token, so only --offline keeps it home
    for var in ("XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME"):
        monkeypatch.setenv(var, str(tmp_path / var))
    write_generation(tmp_path / "bulk", "2026-09-30", with_neighbours(cases_of(data.CLUSTERS)))
    build(tmp_path / "bulk", tmp_path / "cases.sqlite3")
    monkeypatch.setenv("TOA_INDEX", str(tmp_path / "cases.sqlite3"))
    brief = tmp_path / "planted-problems.docx"
    shutil.copy(Path(__file__).parents[2] / "samples" / brief.name, brief)

    def check(*flags: str) -> list[dict]:
        if batch:
            again = str(shutil.copy(brief, tmp_path / "again.docx"))  # two briefs, so that two workers start
            argv = ["check", str(brief), again, "--jsonl", str(tmp_path / "out.jsonl"), "--jobs", "2"]
            code = main([*argv, "--pages", "estimate", *flags])
            lines = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]
            read = [a for a in lines if a["brief"] == str(brief)]
            if flags:  # offline, both copies are judged alike (online, network errors differ in their words)
                assert [{**a, "brief": ""} for a in read] == [{**a, "brief": ""} for a in lines if a["brief"] == again]
        else:
            argv = ["check", str(brief), "--json", str(tmp_path / "r.json"), "-o", str(tmp_path / "out.docx")]
            code = main([*argv, "--pages", "estimate", *flags])
            report = json.loads((tmp_path / "r.json").read_text())
            read = [a for c in report["categories"] for a in c["authorities"]]
        assert code in (0, 1), capsys.readouterr().err
        return read

    entries = check("--offline")
    assert listener.accepted == []
    cases = {a["text"]: a["verification"]["verdict"] for a in entries if a["verification"]["kind"] == "case"}
    flagged = sorted(t for t, v in cases.items() if v == "NEEDS_ATTENTION")
    assert flagged == [
        "Celotex Corp. v. Catrett, 477 U.S. 320 (1986)",
        "Miller v. Hartwell, 556 U.S. 662 (2009)",
        "Smith v. Imaginary, 999 U.S. 9999 (2099)",
    ]
    assert set(cases.values()) == {"VERIFIED", "NEEDS_ATTENTION"}
    check()  # online, the statutes and rules are looked for at the listener
    assert listener.accepted
