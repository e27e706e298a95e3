"""Small pieces: settings, cache, limiter, names, quotes, enumerator walk."""
from __future__ import annotations

import pytest

from toa.verify import Settings, clear_cache
from toa.verify.cache import Cache
from toa.verify.evidence import walk
from toa.verify.names import similarity
from toa.verify.quotes import matches
from toa.verify.throttle import WindowLimiter


def test_settings_from_env_and_config(tmp_path):
    env = {"TOA_COURTLISTENER_URL": "http://cl.test/", "TOA_LII_URL": "http://lii.test", "TOA_USCODE_URL": "http://u",
           "TOA_GOVINFO_URL": "http://g", "TOA_ECFR_URL": "http://e", "TOA_FEDREG_URL": "http://f"}
    s = Settings.from_env(env, config_dir=tmp_path)
    assert (s.courtlistener_url, s.lii_url, s.fedreg_url, s.token) == ("http://cl.test", "http://lii.test", "http://f", None)
    (tmp_path / "config.toml").write_text('[courtlistener]\napi_token = "abc123"\n')
    assert Settings.from_env({}, config_dir=tmp_path).token == "abc123"
    assert Settings.from_env({"COURTLISTENER_API_TOKEN": "env"}, config_dir=tmp_path).token == "env"
    assert "abc123" not in repr(Settings.from_env({}, config_dir=tmp_path))
    (tmp_path / "config.toml").write_text("not toml [")
    assert Settings.from_env({}, config_dir=tmp_path).token is None


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
    assert Cache(path, lambda: now[0], enabled=False).get("b") is None


def test_window_limiter_check_before_add():
    now = [0.0]
    lim = WindowLimiter(60, 60.0, lambda: now[0])
    assert lim.wait_for(250) == 0  # empty window: an oversize request may go
    lim.record(250)
    assert lim.wait_for(1) == pytest.approx(250.0)
    now[0] = 250.5
    assert lim.wait_for(60) == 0


def test_names():
    assert similarity("Reed v. Town of Gilbert", "Reed v. Town of Gilbert, Arizona") == 1.0
    assert similarity("United States v. Jones", "Jones") == 1.0
    assert similarity("Miller v. Hartwell", "Ashcroft v. Iqbal") < 0.5


def test_quotes():
    text = "No State shall make or enforce any law which shall abridge the privileges or immunities of citizens."
    assert matches("\u201c[n]o State shall make . . . any law\u201d", text)
    assert matches("no state shall make or enforce any law \u2026 privileges or immunities", text)
    assert not matches("immunities . . . no State", text)  # fragments out of order
    assert not matches("No State shall ever", text)


def test_walk_orders():
    keys = walk(["(a) x", "(1) y", "(A) z", "(i) w", "(h) h", "(i) letter"], "a1Ai").keys()
    assert list(keys) == ["a", "a/1", "a/1/A", "a/1/A/i", "h", "i"]
    assert "a/1/i/A" in walk(["(a) x", "(1) y", "(i) z", "(A) w"], "a1iA")
