"""The three fake services (CourtListener, LII, the official sources) served together on
ephemeral loopback ports, with one recorder of every request and one fake clock; and a host
that answers 404 to everything (`nowhere`), for a source behind a proxy or at a wrong address."""

from __future__ import annotations

from toa.verify import Settings

from . import courtlistener, data, lii, nowhere, official, states
from .server import FakeClock, Recorder, Served

TOKEN = data.TOKEN
# A read timeout long enough for any answer of the fakes on a loaded machine (250 citations run
# through eyecite); the tests that provoke a timeout pass FAULT_TIMEOUT, below the fakes' stall.
READ_TIMEOUT = 10.0
FAULT_TIMEOUT = 0.25


class Services:
    def __init__(self):
        self.recorder = Recorder()
        self.clock = FakeClock()
        self.cl_state = courtlistener.CLState(clusters=data.CLUSTERS, clock=self.clock, token=TOKEN)
        self.lii_state = lii.LIIState()
        self.official_state = official.OfficialState()
        self.states_state = states.StatesState()
        self.cl = Served(courtlistener.make_app(self.cl_state), self.recorder)
        self.lii = Served(lii.make_app(self.lii_state), self.recorder)
        self.official = Served(official.make_app(self.official_state), self.recorder)
        self.nowhere = Served(nowhere.make_app(), self.recorder)
        # California's and Texas's official sites (Texas's statutes site and its file server)
        self.states = Served(states.make_app(self.states_state), self.recorder)

    def reset(self):
        self.recorder.requests.clear()
        self.clock.now, self.clock.slept = FakeClock().now, []
        self.cl_state.reset(), self.lii_state.reset(), self.official_state.reset(), self.states_state.reset()

    def urls(self) -> dict[str, str]:
        """The environment variables that point toa (Settings.from_env) at the fakes."""
        urls = {
            "TOA_COURTLISTENER_URL": self.cl.url,
            "TOA_LII_URL": self.lii.url,
            "TOA_CALIFORNIA_URL": self.states.url,
            "TOA_TEXAS_URL": self.states.url,
            "TOA_TEXAS_FILES_URL": self.states.url + "/resources",
        }
        for var in ("TOA_USCODE_URL", "TOA_GOVINFO_URL", "TOA_ECFR_URL", "TOA_FEDREG_URL"):
            urls[var] = self.official.url
        return urls

    def settings(self, **overrides) -> Settings:
        values = dict(
            courtlistener_url=self.cl.url,
            lii_url=self.lii.url,
            uscode_url=self.official.url,
            govinfo_url=self.official.url,
            ecfr_url=self.official.url,
            fedreg_url=self.official.url,
            california_url=self.states.url,
            texas_url=self.states.url,
            texas_files_url=self.states.url + "/resources",
            token=TOKEN,
            clock=self.clock,
            sleep=self.clock.sleep,
            connect_timeout=0.5,
            read_timeout=READ_TIMEOUT,
            backoff=0.01,
        )
        values.update(overrides)
        return Settings(**values)

    def stop(self):
        for s in (self.cl, self.lii, self.official, self.nowhere, self.states):
            s.stop()
