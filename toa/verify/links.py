"""The evidence links a check hands on to a comment or the pane: an https address, or one under
a source's configured base URL (a firm's mirror, the tests' fakes on loopback). Anything else a
source hands back (a CourtListener `absolute_url` of `javascript:...`, a `data:` or `file:`
address) is dropped, and the run's notes say which link of which authority, so a reader knows
why a link is missing."""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

from .records import CaseRecord, Record, Verification
from .settings import URL_ENV, Settings


def safe_link(url: str, bases: Iterable[str]) -> bool:
    if any(ord(ch) <= 0x20 or ch in "\"'<>\\`" or 0x7F <= ord(ch) <= 0x9F for ch in url):
        return False  # a link is one address, nothing a comment or an href could read as more
    parts = urlsplit(url)
    if parts.scheme == "https" and parts.hostname:
        return True
    return any(url.startswith(base.rstrip("/") + "/") for base in bases if base)


def source_bases(settings: Settings) -> list[str]:
    """The configured bases of the sources whose pages are evidence; not the bulk files' bucket,
    whose files are downloaded, never a page a reader is sent to."""
    return [getattr(settings, name) for name in URL_ENV if name != "bulk_url"]


def drop_unsafe_links(result: Verification, settings: Settings) -> None:
    """Every link of every record checked: an unsafe one becomes None (or leaves its list)."""
    bases = source_bases(settings)
    for record in result.records.values():
        dropped = [url for url in _links(record) if not safe_link(url, bases)]
        if not dropped:
            continue
        unsafe = set(dropped)
        record.evidence_url = None if record.evidence_url in unsafe else record.evidence_url
        if isinstance(record, CaseRecord):
            for cluster in record.clusters:
                cluster.url = None if cluster.url in unsafe else cluster.url
        else:
            for unit in record.units:
                unit.source_url = None if unit.source_url in unsafe else unit.source_url
                unit.evidence_paths = [p for p in unit.evidence_paths if p not in unsafe]
        for url in dict.fromkeys(dropped):
            result.notes.append(f"{record.text}: a source's link {url[:80]!r} was dropped (not an https address)")


def _links(record: Record) -> list[str]:
    if isinstance(record, CaseRecord):
        found = [record.evidence_url, *(c.url for c in record.clusters)]
    else:
        found = [record.evidence_url, *(u.source_url for u in record.units)]
        found += [p for u in record.units for p in u.evidence_paths]
    return [url for url in found if url is not None]
