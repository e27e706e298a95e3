"""Settings of one verification run: a plain dataclass, built from the environment on request.

No module-level state: every run gets its own Settings, so tests point a run at local fakes
by passing base URLs, and the CLI builds one with `Settings.from_env()`.
"""

from __future__ import annotations

import os
import re
import time
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path

import platformdirs

APP_NAME = "toa"
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
TOKEN_ENV = "COURTLISTENER_API_TOKEN"
INDEX_ENV = "TOA_INDEX"  # the local case index's file (toa index build)
INDEX_FILE = "cases.sqlite3"
CONFIG_FILE = "config.toml"  # [courtlistener] api_token = "..."

# Settings field -> environment variable holding that service's base URL.
URL_ENV = {
    "courtlistener_url": "TOA_COURTLISTENER_URL",
    "lii_url": "TOA_LII_URL",
    "uscode_url": "TOA_USCODE_URL",
    "govinfo_url": "TOA_GOVINFO_URL",
    "ecfr_url": "TOA_ECFR_URL",
    "fedreg_url": "TOA_FEDREG_URL",
    "california_url": "TOA_CALIFORNIA_URL",
    "texas_url": "TOA_TEXAS_URL",
    "texas_files_url": "TOA_TEXAS_FILES_URL",
    "bulk_url": "TOA_BULK_URL",
}

# Identifying, ASCII-only (a non-ASCII UA fails silently at some hosts), no user or matter ids.
USER_AGENT = "toa-verify/0.1 (Table of Authorities citation checker)"


@dataclass
class Settings:
    courtlistener_url: str = "https://www.courtlistener.com"
    lii_url: str = "https://www.law.cornell.edu"
    uscode_url: str = "https://uscode.house.gov"
    govinfo_url: str = "https://www.govinfo.gov"
    ecfr_url: str = "https://www.ecfr.gov"
    fedreg_url: str = "https://www.federalregister.gov"
    california_url: str = "https://leginfo.legislature.ca.gov"
    texas_url: str = "https://statutes.capitol.texas.gov"
    # The Legislature's statute file server, where its rebuilt (JavaScript) statutes site keeps the
    # chapter files it used to serve under /Docs/.
    texas_files_url: str = "https://tcss.legis.texas.gov/resources"
    # Free Law Project's public S3 bucket of bulk files (toa index download); a mirror in the config
    # file's [courtlistener] bulk_url or TOA_BULK_URL.
    bulk_url: str = "https://com-courtlistener-storage.s3-us-west-2.amazonaws.com"

    # Kept out of repr so that printing or logging Settings never shows it.
    token: str | None = field(default=None, repr=False)

    network: bool = True  # False: offline checks and cache only; the rest is not verified

    # False: the run's own cache, in memory, gone when it ends. True: the private cache file is
    # read and written (`--keep-cache`, `toa serve`).
    keep_cache: bool = False
    cache_path: Path | None = None  # None: <user cache dir>/verify.sqlite3
    case_found_ttl: float = 30 * 86400.0  # a found citation does not stop existing
    source_found_ttl: float = 7 * 86400.0  # current statutory text changes
    negative_ttl: float = 86400.0  # not found: one day (data gaps get filled)

    max_requests: int = 200  # budget per run, every attempt counts
    concurrency: int = 4
    connect_timeout: float = 5.0
    read_timeout: float = 25.0  # the longest silence of a source
    # The longest a request may take in all (connect, headers and body): a source that sends a
    # byte a second is never silent for read_timeout.
    fetch_timeout: float = 60.0
    download_timeout: float = 600.0  # the same for a title of the U.S. Code (`download`, up to 256 MB)
    # The longest the checking of one run may take, when no deadline is given: past it no request
    # starts, and those under way are cut.
    run_timeout: float = 1800.0
    # The largest answer read from a source, decompressed: past it the rest is not read, and the
    # authority is not verified (a page of 1 GB, a gzip bomb).
    max_answer: int = 16 * 2**20
    retries: int = 2  # timeouts and 5xx only
    backoff: float = 0.5  # seconds, doubled per retry, plus jitter
    max_wait: float = 120.0  # longest rate-limit wait accepted before giving up on a batch
    deadline: float | None = None  # clock time after which no request starts (toa serve's time limit)

    cl_batch_size: int = 250  # CourtListener MAX_CITATIONS_PER_REQUEST
    cl_citations_per_minute: int = 60
    cl_requests_per_minute: int = 5  # a new account's; config.toml's requests_per_minute for others

    as_of: date | None = None  # date the provisions must be valid on; None: today
    # The local case index, built from CourtListener's bulk data (toa index build): cases are
    # looked up there first. None: no index is read (Settings.from_env gives the user's).
    case_index: Path | None = None
    # A title of the U.S. Code at a release point (--as-of between two annual editions): its zip is
    # tens of MB (title 42, the largest); its XML unpacked a few hundred, some millions of elements,
    # its longest section a few MB and some thousands. More is not read (a zip bomb): the sections
    # passed are dropped as the XML streams by; one section's, or what is between two, is held in
    # memory (an element some hundred bytes).
    release_point_max_zip: int = 256 * 2**20
    release_point_max_xml: int = 2 * 2**30
    release_point_max_elements: int = 40_000_000
    release_point_max_held_xml: int = 16 * 2**20
    release_point_max_held_elements: int = 250_000

    user_agent: str = USER_AGENT
    # Injectable so tests run on a fake clock and never really sleep.
    clock: Callable[[], float] = field(default=time.time, repr=False, compare=False)
    sleep: Callable[[float], None] = field(default=time.sleep, repr=False, compare=False)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, config_dir: Path | None = None, **overrides) -> Settings:
        """Settings from env vars (base URLs, token) and the user config file; overrides win."""
        env = os.environ if env is None else env
        values: dict = {}
        for name, var in URL_ENV.items():
            if env.get(var):
                values[name] = env[var].rstrip("/")
        config = read_config(config_dir)
        if "bulk_url" in config and not env.get(URL_ENV["bulk_url"]):
            values["bulk_url"] = config["bulk_url"]
        values["token"] = env.get(TOKEN_ENV) or config.get("token")
        values["case_index"] = index_path(None, env)
        if "requests_per_minute" in config:
            values["cl_requests_per_minute"] = config["requests_per_minute"]
        values.update(overrides)
        if env.get("TOA_VERIFY_NO_CACHE"):
            values["keep_cache"] = False
        return cls(**values)

    def today(self) -> date:
        return date.fromtimestamp(self.clock())

    def requested_date(self) -> date:
        return self.as_of or self.today()

    def on_date(self, text: str) -> Settings:
        """These settings checking the law as in force on `text` (--as-of, the pane's as_of);
        ValueError says why a text is not such a date."""
        return replace(self, as_of=past_date(text, self.today()))

    def resolved_cache_path(self) -> Path:
        if self.cache_path is not None:
            return Path(self.cache_path)
        return Path(platformdirs.user_cache_dir(APP_NAME)) / "verify.sqlite3"


def past_date(text: str, today: date) -> date:
    """The day `text` names in the form YYYY-MM-DD (fromisoformat also takes "20200101" and week
    dates), not after `today`: the law of a day to come is not known, and every provision would
    pass as in force on it."""
    if not _ISO_DATE.fullmatch(text):
        raise ValueError("not a date (YYYY-MM-DD)")
    try:
        day = date.fromisoformat(text)
    except ValueError:
        raise ValueError("not a date (YYYY-MM-DD)") from None
    if day > today:
        raise ValueError(f"after today ({today.isoformat()}): give a date that has come")
    return day


def index_path(explicit: str | os.PathLike | None = None, env: Mapping[str, str] | None = None) -> Path:
    """The case index's file: --index, else TOA_INDEX, else the user's data folder."""
    env = os.environ if env is None else env
    chosen = explicit or env.get(INDEX_ENV)
    return Path(chosen) if chosen else Path(platformdirs.user_data_dir(APP_NAME)) / INDEX_FILE


def config_path(config_dir: Path | None = None) -> Path:
    return Path(config_dir or platformdirs.user_config_dir(APP_NAME)) / CONFIG_FILE


def read_config(config_dir: Path | None = None) -> dict:
    """What the config file's [courtlistener] table sets: "token" (api_token), "bulk_url" (a mirror
    of the bulk files' bucket) and
    "requests_per_minute" (an account's quota, when CourtListener gave it more than a new
    account's 5). Errors are swallowed on purpose: a broken config file means no token (offline
    checks still run) and the default pace, never a crash."""
    path = config_path(config_dir)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
        return {}
    table = data.get("courtlistener")
    if not isinstance(table, dict):
        table = {}
    out: dict = {}
    token = table.get("api_token")
    if isinstance(token, str) and token.strip():
        out["token"] = token.strip()
    bulk_url = table.get("bulk_url")
    if isinstance(bulk_url, str) and bulk_url.strip():
        out["bulk_url"] = bulk_url.strip().rstrip("/")
    rate = table.get("requests_per_minute")
    if isinstance(rate, int) and not isinstance(rate, bool) and rate > 0:
        out["requests_per_minute"] = rate
    return out
