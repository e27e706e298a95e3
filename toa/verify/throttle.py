"""Request budget and client-side rate limiting.

The limits mirror the server's own accounting so that one run never provokes a 429:
CourtListener counts citations per minute "check before add" (a request passes when the
window is not full, and an oversize request extends the wait proportionally).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Callable


class Budget:
    """At most `limit` HTTP attempts per run; thread-safe; remembers that it ran out."""

    def __init__(self, limit: int):
        self.limit = limit
        self.used = 0
        self.exhausted = False
        self._lock = threading.Lock()

    def take(self) -> bool:
        with self._lock:
            if self.used >= self.limit:
                self.exhausted = True
                return False
            self.used += 1
            return True


@dataclass
class WindowLimiter:
    """Sliding window of (time, weight). A send is allowed when the window is empty or
    the new weight still fits; an entry heavier than the limit stays proportionally longer."""

    limit: int
    period: float
    clock: Callable[[], float]
    entries: list[tuple[float, float]] = field(default_factory=list)  # (expires_at, weight)

    def _live(self) -> list[tuple[float, float]]:
        now = self.clock()
        self.entries = [e for e in self.entries if e[0] > now]
        return self.entries

    def wait_for(self, weight: int) -> float:
        """Seconds to wait before `weight` may be sent (0 when it may go now)."""
        live = sorted(self._live())
        total = sum(w for _, w in live)
        if total == 0 or total + weight <= self.limit:
            return 0.0
        # Drop entries in expiry order until the rest leaves room (or the window is empty).
        for expires, w in live:
            total -= w
            if total == 0 or total + weight <= self.limit:
                return max(0.0, expires - self.clock())
        return 0.0  # pragma: no cover - the loop always returns

    def record(self, weight: int) -> None:
        stretch = max(1.0, weight / self.limit) if self.limit else 1.0
        self.entries.append((self.clock() + self.period * stretch, float(weight)))
