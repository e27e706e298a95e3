"""Small pieces: settings, cache, limiter, names, quotes, pins, star pagination, quotations read
from the brief, enumerator walk."""

from __future__ import annotations

import pytest

from toa.verify import Settings, clear_cache
from toa.verify.cache import Cache
from toa.verify.cases_offline import pin_pages
from toa.verify.evidence import moved_to, read_structure, status_flags, walk
from toa.verify.names import matches_any
from toa.verify.opinions import page_at, read, span
from toa.verify.quotes import CITATIONS, FOOTNOTES, QUOTATION_MARKS, locate, matches
from toa.verify.throttle import WindowLimiter


def test_settings_from_env_and_config(tmp_path):
    env = {
        "TOA_COURTLISTENER_URL": "http://cl.test/",
        "TOA_LII_URL": "http://lii.test",
        "TOA_USCODE_URL": "http://u",
        "TOA_GOVINFO_URL": "http://g",
        "TOA_ECFR_URL": "http://e",
        "TOA_FEDREG_URL": "http://f",
    }
    s = Settings.from_env(env, config_dir=tmp_path)
    assert (s.courtlistener_url, s.lii_url, s.fedreg_url, s.token) == (
        "http://cl.test",
        "http://lii.test",
        "http://f",
        None,
    )
    (tmp_path / "config.toml").write_text('[courtlistener]\napi_token = "abc123"\n')
    assert Settings.from_env({}, config_dir=tmp_path).token == "abc123"
    assert Settings.from_env({"COURTLISTENER_API_TOKEN": "env"}, config_dir=tmp_path).token == "env"
    assert "abc123" not in repr(Settings.from_env({}, config_dir=tmp_path))
    (tmp_path / "config.toml").write_text("not toml [")
    assert Settings.from_env({}, config_dir=tmp_path).token is None
    (tmp_path / "config.toml").write_text('[courtlistener]\napi_token = "t"\nrequests_per_minute = 60\n')
    assert Settings.from_env({}, config_dir=tmp_path).cl_requests_per_minute == 60
    assert Settings.from_env({}, config_dir=tmp_path, keep_cache=True).keep_cache
    assert not Settings.from_env({"TOA_VERIFY_NO_CACHE": "1"}, config_dir=tmp_path, keep_cache=True).keep_cache


def test_cache_expiry_and_clear(tmp_path):
    now = [1000.0]
    path = tmp_path / "c.sqlite3"
    cache = Cache(path, lambda: now[0])
    cache.put("a", {"x": 1}, ttl=10)
    cache.put("err", {"x": 2}, ttl=0)  # errors: never stored
    assert cache.get("a") == {"x": 1} and cache.get("err") is None
    now[0] += 11
    assert cache.get("a") is None
    cache.put("b", [1], ttl=100)
    cache.close()
    assert clear_cache(Settings(cache_path=path)) == 2
    run = Cache(None, lambda: now[0])  # the run's own: in memory, nothing on disk
    run.put("c", [2], ttl=100)
    assert run.get("c") == [2] and Cache(None, lambda: now[0]).get("c") is None


def test_window_limiter_check_before_add():
    now = [0.0]
    lim = WindowLimiter(60, 60.0, lambda: now[0])
    assert lim.wait_for(250) == 0  # empty window: an oversize request may go
    lim.record(250)
    assert lim.wait_for(1) == pytest.approx(250.0)
    now[0] = 250.5
    assert lim.wait_for(60) == 0


@pytest.mark.parametrize(
    "brief, theirs, same",
    [
        ("Reed v. Town of Gilbert", "Clyde Reed, et al., Petitioners v. Town of Gilbert, Arizona, et al.", True),
        ("Reed v. City of Phoenix", "Reed v. Town of Gilbert", False),  # one party is not the case
        ("Celotex v. Smith", "Celotex Corp. v. Catrett", False),
        ("Iqbal v. Hasty", "Ashcroft v. Iqbal", False),
        ("Jones v. United States", "United States v. Jones", True),  # captions turn on appeal
        ("United States v. Jones", "United States v. Smith", False),
        ("United States v. Jones", "Smith v. United States", False),
        ("Zeran v. Am. Online, Inc.", "Zeran v. America Online, Inc.", True),
        ("Monell v. Dep't of Soc. Servs.", "Monell v. New York City Dept. of Social Services", True),
        (
            "Nat'l Ass'n of Mfrs. v. Dep't of Def.",
            "National Association of Manufacturers v. Department of Defense",
            True,
        ),
        ("In re Gault", "In re Gault", True),
        ("Miller v. Hartwell", "Ashcroft v. Iqbal", False),
        # both sides must match: a government party is not any other party
        ("Delacroix v. Harmon", "Delacroix v. United States", False),
        ("United States v. Harmon", "Delacroix v. United States", False),
        ("Delacroix v. United States", "Delacroix v. United States of America", True),
        ("Commonwealth v. Smith", "Com. v. Smith", True),  # CourtListener's Pennsylvania captions
        ("People v. Smith", "The People of the State of California v. Smith", True),
        ("State v. Smith", "Texas v. Smith", True),
        ("Delacroix v. Garland", "Delacroix v. Merrick B. Garland, Attorney General", True),
        ("Delacroix v. United States", "Delacroix v. Merrick B. Garland, Att'y Gen.", True),  # its officer
        ("Delacroix v. United States", "Delacroix v. Wells Fargo Bank", False),
        ("Ex parte Young", "Ex Parte Young", True),
        ("In re Gault", "Application of Gault", True),
        ("Smith v. Jones et al.", "Smith v. Jones", True),
    ],
)
def test_names(brief, theirs, same):
    assert matches_any(brief, theirs) is same


def test_quotes():
    text = "No State shall make or enforce any law which shall abridge the privileges or immunities of citizens."
    assert matches("\u201c[n]o State shall make . . . any law\u201d", text)
    assert matches("no state shall make or enforce any law \u2026 privileges or immunities", text)
    assert not matches("immunities . . . no State", text)  # fragments out of order
    assert not matches("No State shall ever", text)


def test_quotes_allowances_and_where():
    text = "The court held that sum-\nmary judgment is proper.[3] “No State shall” act\u2014ever."
    assert locate("[S]ummary judgment is proper", text.replace("-\n", "")) == (20, 46)
    assert matches('"no state shall" act-ever', text)
    assert not matches("summary judgment is improper", text)


def test_quotes_that_say_what_they_left_out():
    """Invented text: a passage with citations (with their signals) and quoted words inside it."""
    text = (
        "The rule is settled. See Smith v. Jones, 123 F.3d 456, 460 (9th Cir. 1997); see also Doe v. Roe, "
        "45 F.4th 67, 70 (2d Cir. 2022) (per curiam). A court must \u201cview the record as a whole,\u201d "
        "id. at 71, and ask whether a \u201creasonable jury\u201d could find for the other side.[2]"
    )
    quote = "The rule is settled. A court must view the record as a whole, and ask whether a reasonable jury could"
    assert not matches(quote, text)
    assert not matches(quote, text, {CITATIONS})
    assert not matches(quote, text, {QUOTATION_MARKS})
    assert matches(quote, text, {CITATIONS, QUOTATION_MARKS})
    assert locate(quote, text, {CITATIONS, QUOTATION_MARKS}) == (0, text.index("could") + len("could"))
    # a quotation inside the quotation: the source's double marks made single
    assert matches("a court must \u2018view the record as a whole\u2019", text)
    # the footnote mark is left out in any case; left-out citations never excuse changed words
    assert matches("could find for the other side", text, {FOOTNOTES})
    assert not matches("The rule is settled. A court must view the record in part", text, {CITATIONS, QUOTATION_MARKS})


def test_citations_omitted_from_the_middle_of_a_sentence():
    """Invented text: a citation set off by commas inside a sentence goes with both its commas."""
    text = "The rule, see Smith v. Jones, 123 F.3d 456, 460 (9th Cir. 1997), applies to every claim."
    assert matches("The rule applies to every claim", text, {CITATIONS})
    assert not matches("The rule applies to every claim", text)
    assert not matches("The rule applies to no claim", text, {CITATIONS})
    clause = "A court must weigh the record, Doe v. Roe, 45 F.4th 67, 70 (2d Cir. 2022), and then decide."
    assert matches("A court must weigh the record and then decide", clause, {CITATIONS})
    assert matches("A court must weigh the record, and then decide", clause, {CITATIONS})
    assert not matches("A court must weigh the record, and never decide", clause, {CITATIONS})


def test_pin_pages():
    assert [pin_pages(x) for x in ("163", "322-23", "322–323", "170 n.3", "*3", "at 170", "1099-101", None)] == [
        [163],
        [322, 323],
        [322, 323],
        [170],
        [],
        [170],
        [1099, 1101],
        [],
    ]


def test_star_pagination():
    html = (
        '<p>First page words.</p><span class="star-pagination">*156</span><p>Second<sup>1</sup> page, citing '
        '2011 WL 123, at *3.</p><span class="star-pagination">*157</span><p>Third page.</p>'
        '<span class="star-pagination">*2219</span><p>Another reporter.</p>'
    )
    opinion = read({"html_with_citations": html})
    assert span(opinion, 155) == 157  # S. Ct. 2219 is not a page of U.S. 155
    assert "*3" not in [str(p) for _, p in opinion.marks] and "Second page" in opinion.text
    assert page_at(opinion, opinion.text.index("Second"), 155, 157) == 156
    assert page_at(opinion, opinion.text.index("First"), 155, 157) == 155
    plain = read({"plain_text": "Words *156 more words, as in 2011 WL 123, at *3, and *157 the sum-\nmary end."})
    assert "the summary end" in plain.text
    assert [p for _, p in plain.marks] == [156, 157] and span(plain, 155) == 157
    assert span(read({"plain_text": "no page numbers at all"}), 155) is None


def test_structure_read_or_not():
    assert read_structure(["(a) One.", "(b) Two."], "a1Ai") == ({"a": "(a) One.", "b": "(b) Two."}, True)
    none = "Every person who, under color of any statute, subjects any citizen to the deprivation of any rights."
    assert read_structure([none], "a1Ai") == ({}, True)  # no subdivision at all
    assert read_structure(
        ["It is unlawful (a) to do this, or (b) to do that, in contravention of the rules."], "a1Ai"
    ) == ({}, False)  # enumerators inside a sentence: not read


def test_walk_orders():
    keys = walk(["(a) x", "(1) y", "(A) z", "(i) w", "(h) h", "(i) letter"], "a1Ai").keys()
    assert list(keys) == ["a", "a/1", "a/1/A", "a/1/A/i", "h", "i"]
    assert "a/1/i/A" in walk(["(a) x", "(1) y", "(i) z", "(A) w"], "a1iA")


def test_walk_reads_a_subdivision_printed_after_its_parents_heading():
    """eCFR and LII print "(c) Hearing conservation program. (1) The employer shall ...": (c)(1) exists."""
    paragraphs = [
        "(a) Protection against the effects of noise exposure shall be provided.",
        "(c) Hearing conservation program. (1) The employer shall administer a continuing program.",
        "(2) For purposes of the hearing conservation program, employee noise exposures shall be computed.",
        "(d) Monitoring. (1)(i) When information indicates that any employee's exposure may equal or exceed 85 dB.",
    ]
    keys = list(walk(paragraphs, "a1iA"))
    assert keys == ["a", "c", "c/1", "c/2", "d", "d/1", "d/1/i"]
    assert walk(paragraphs, "a1iA")["c/1"].startswith("(c) Hearing conservation program. (1) The employer")
    # a sibling after a heading is not a child, and an enumerator inside a sentence is not a heading's child
    assert list(walk(["(a) Reserved. (b) Scope. This part applies."], "a1iA")) == ["a"]
    assert list(walk(["(a) The employer shall, in paragraph (1) of this section, act."], "a1iA")) == ["a"]


@pytest.mark.parametrize(
    "attribute, heading, flags",
    [
        ("omitted", "42 U.S. Code § 1984 - Omitted", ["omitted"]),  # the attribute wins
        (None, "15 U.S. Code § 79a - Repealed. Pub. L. 109\u201358, title XII, \u00a7 1263", ["repealed"]),
        (None, "29 CFR \u00a7 1910.96 - [Reserved]", ["reserved"]),
        (None, "50 U.S. Code § 1701 - Unusual and extraordinary threat; declaration of national emergency", []),
        (None, "26 CFR § 1.1 - Reserved powers of the Commissioner", []),
        (None, "42 U.S. Code § 1973 - Transferred", ["transferred"]),
    ],
)
def test_status_of_a_section_from_its_page(attribute, heading, flags):
    assert status_flags(attribute, heading) == flags


def test_where_a_transferred_section_went():
    assert (
        moved_to("Section 1973 was editorially reclassified as section 10301 of Title 52, Voting and Elections.")
        == "section 10301 of Title 52"
    )
    assert moved_to("Section transferred to section 4 of this title.") == "section 4 of this title"
    assert moved_to("Prior provisions were amended.") is None
