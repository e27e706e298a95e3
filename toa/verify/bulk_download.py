"""One generation of CourtListener's bulk files, fetched from the public bucket into a folder.

The bucket is S3: its listing (`?list-type=2&prefix=bulk-data/`, XML, in pages of up to 1,000 keys)
gives each file's key and size. The files are GB large, so each is fetched into NAME.part, resumed
with an HTTP Range from where the part ends (on the next try, or on the next run after Ctrl-C or a
dropped connection), and renamed to NAME only when its size is the listing's.
"""

from __future__ import annotations

import re
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import httpx

from .bulk import KINDS

PREFIX = "bulk-data/"
_KEY = re.compile(r"^bulk-data/(citations|opinion-clusters|dockets|courts)-(\d{4}-\d{2}-\d{2})\.csv\.bz2$")
# (file name, bytes on disk, its size in the listing); called after each chunk and once at the end.
Progress = Callable[[str, int, int], None]


class DownloadError(Exception):
    """The bulk files cannot be fetched; the message is one line."""


@dataclass(frozen=True)
class BulkFile:
    name: str  # citations-2026-09-30.csv.bz2
    size: int  # bytes, as the listing says


def listing(client: httpx.Client, base_url: str) -> dict[str, int]:
    """Every bulk-data key of the bucket with its size (all pages of the listing)."""
    objects: dict[str, int] = {}
    params = {"list-type": "2", "prefix": PREFIX}
    while True:
        try:
            answer = client.get(f"{base_url}/", params=params)
        except httpx.HTTPError as exc:
            raise DownloadError(f"could not reach {base_url} ({exc or type(exc).__name__})") from None
        if answer.status_code != 200:
            raise DownloadError(f"could not reach {base_url} (HTTP {answer.status_code} for its listing)")
        try:
            root = ET.fromstring(answer.content)
        except ET.ParseError:
            raise DownloadError(f"could not reach {base_url} (its listing is not an S3 bucket listing)") from None
        for item in root.iter():
            if _local(item.tag) == "Contents":
                fields = {_local(child.tag): (child.text or "") for child in item}
                if fields.get("Key") and fields.get("Size", "").isdigit():
                    objects[fields["Key"]] = int(fields["Size"])
        following = _text(root, "NextContinuationToken")
        if _text(root, "IsTruncated") != "true" or not following:
            return objects
        params = {**params, "continuation-token": following}


def choose(objects: dict[str, int], day: str | None) -> tuple[str, list[BulkFile]]:
    """The generation of `day` (else the newest) that has all four files, and its files."""
    generations: dict[str, dict[str, BulkFile]] = {}
    for key, size in objects.items():
        m = _KEY.match(key)
        if m:
            generations.setdefault(m.group(2), {})[m.group(1)] = BulkFile(key.removeprefix(PREFIX), size)
    complete = sorted(d for d, files in generations.items() if all(k in files for k in KINDS))
    if day is not None and day not in complete:
        known = ", ".join(complete[-4:]) or "none"
        raise DownloadError(f"no complete generation of {day} in the bucket (the latest complete: {known})")
    if not complete:
        raise DownloadError("the bucket lists no complete generation (citations, opinion-clusters, dockets, courts)")
    chosen = day or complete[-1]
    return chosen, [generations[chosen][k] for k in KINDS]


def fetch(
    client: httpx.Client,
    url: str,
    target: Path,
    size: int,
    progress: Progress,
    retries: int = 3,
    pause: Callable[[float], None] = time.sleep,
) -> None:
    """`url` into `target` through TARGET.part: resumed from the part's end, restarted from zero when
    the server ignores the Range, `retries` more tries after a dropped connection. Raises
    DownloadError for a missing file, a size other than `size`, a disk that cannot be written."""
    part = target.with_name(target.name + ".part")
    failures = 0
    while True:
        have = _size(part)
        if have == size:
            break
        if have > size:
            _unlink(part)
            raise DownloadError(f"{target.name}: more than the {size:,} bytes the listing says; the part was removed")
        try:
            _append(client, url, part, have, size, progress)
        except httpx.TransportError as exc:
            failures += 1
            if failures > retries:
                raise DownloadError(
                    f"{target.name}: the connection failed {failures} times ({exc or type(exc).__name__}); "
                    "run again to resume"
                ) from None
            pause(min(2.0**failures, 30.0))
            continue
        if _size(part) < size:  # the body ended early without a protocol error: count it as a drop
            failures += 1
            if failures > retries:
                raise DownloadError(f"{target.name}: the body ended early {failures} times; run again to resume")
    try:
        part.replace(target)
    except OSError as exc:
        raise DownloadError(f"{target}: cannot write ({exc.strerror or exc})") from None
    progress(target.name, size, size)


def _append(client: httpx.Client, url: str, part: Path, have: int, size: int, progress: Progress) -> None:
    headers = {"Range": f"bytes={have}-"} if have else {}
    name = part.name.removesuffix(".part")
    with client.stream("GET", url, headers=headers) as answer:
        if answer.status_code == 404:
            raise DownloadError(f"{name}: not found at {url} (HTTP 404), though the listing has it")
        if answer.status_code == 416:  # the part is as long as the file, which is shorter than listed
            _unlink(part)
            raise DownloadError(f"{name}: the server's file has {have:,} bytes, the listing says {size:,}; not used")
        if answer.status_code == 206 and answer.headers.get("content-range", "").startswith(f"bytes {have}-"):
            mode = "ab"
        elif answer.status_code == 200:
            mode, have = "wb", 0  # the Range was ignored: the whole file again, from zero
        else:
            raise DownloadError(f"{name}: HTTP {answer.status_code} from {url}")
        try:
            with open(part, mode, buffering=0) as out:  # on disk as it comes: what a kill leaves is resumable
                # raw, as received: a chunk buffered when the connection drops would be lost, and
                # the offsets of a Range count the bytes as stored
                for chunk in answer.iter_raw():
                    out.write(chunk)
                    have += len(chunk)
                    if have >= size:  # done: fetch says so once the size is checked
                        break
                    progress(name, have, size)
        except OSError as exc:
            raise DownloadError(f"{part}: cannot write ({exc.strerror or exc})") from None


def download(
    client: httpx.Client, base_url: str, into: Path, day: str | None, progress: Progress, retries: int = 3
) -> tuple[str, Path]:
    """The four files of one generation (`day`, else the newest complete) in INTO/DATE; files
    already there at their listed size are kept. Returns the date and that folder."""
    chosen, files = choose(listing(client, base_url), day)
    folder = into / chosen
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DownloadError(f"{folder}: cannot write ({exc.strerror or exc})") from None
    for bulk in files:
        target = folder / bulk.name
        if _size(target) != bulk.size:
            fetch(client, f"{base_url}/{PREFIX}{bulk.name}", target, bulk.size, progress, retries)
    return chosen, folder


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _text(root: ET.Element, name: str) -> str | None:
    for item in root:
        if _local(item.tag) == name:
            return (item.text or "").strip()
    return None


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return 0


def _unlink(path: Path) -> None:
    path.unlink(missing_ok=True)
