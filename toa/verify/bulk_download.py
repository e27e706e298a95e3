"""One generation of CourtListener's bulk files, fetched from the public bucket into a folder.

The bucket is S3: its listing (`?list-type=2&prefix=bulk-data/`, XML, in pages of up to 1,000 keys)
gives each file's key, size and ETag. The files are GB large, so each is fetched into NAME.part,
resumed with an HTTP Range from where the part ends (on the next try, or on the next run after
Ctrl-C or a dropped connection), and renamed to NAME only when its size is the listing's. A file
already there at that size is used again only when it is intact: its MD5 is the ETag (S3's ETag of
a file uploaded whole; of one uploaded in parts, the MD5 of its parts' MD5s, with "-PARTS"), or,
where the ETag cannot be recomputed, its whole bz2 stream decompresses; else it is fetched anew.
"""

from __future__ import annotations

import bz2
import hashlib
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
    etag: str = ""  # as the listing says, without its quotes


@dataclass(frozen=True)
class Listed:
    size: int
    etag: str


def listing(client: httpx.Client, base_url: str) -> dict[str, Listed]:
    """Every bulk-data key of the bucket with its size and ETag (all pages of the listing)."""
    objects: dict[str, Listed] = {}
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
                    objects[fields["Key"]] = Listed(int(fields["Size"]), fields.get("ETag", "").strip('"'))
        following = _text(root, "NextContinuationToken")
        if _text(root, "IsTruncated") != "true" or not following:
            return objects
        params = {**params, "continuation-token": following}


def choose(objects: dict[str, Listed], day: str | None) -> tuple[str, list[BulkFile]]:
    """The generation of `day` (else the newest) that has all four files, and its files."""
    generations: dict[str, dict[str, BulkFile]] = {}
    for key, listed in objects.items():
        m = _KEY.match(key)
        if m:
            generations.setdefault(m.group(2), {})[m.group(1)] = BulkFile(
                key.removeprefix(PREFIX), listed.size, listed.etag
            )
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
        if _size(target) == bulk.size and intact(target, bulk.etag):
            continue
        _unlink(target)  # of another size, or damaged: fetched anew
        fetch(client, f"{base_url}/{PREFIX}{bulk.name}", target, bulk.size, progress, retries)
        if same_etag(target, bulk.etag) is False:
            _unlink(target)
            raise DownloadError(
                f"{bulk.name}: what arrived is not the file the listing describes (its ETag): run again"
            )
    return chosen, folder


_MD5 = re.compile(r"[0-9a-f]{32}")
_PARTS_MD5 = re.compile(r"([0-9a-f]{32})-(\d+)")
MiB = 1 << 20
# The part sizes uploaders use (the AWS CLI's 8 MiB above all), in MiB: a multipart ETag does not say its own.
_PART_SIZES = (8, 16, 5, 10, 15, 32, 50, 64, 100, 128, 256, 512)


def intact(path: Path, etag: str) -> bool:
    """Whether a file of the listed size is the listed one: by its ETag when it can be recomputed,
    else by reading its bz2 stream to the end."""
    same = same_etag(path, etag)
    return same if same is not None else _decompresses(path)


def same_etag(path: Path, etag: str) -> bool | None:
    """Whether the file's MD5 (or its parts' MD5, for a multipart ETag) is `etag`; None when the
    ETag is of no form that can be recomputed (none, or parts of a size not tried)."""
    size = _size(path)
    if _MD5.fullmatch(etag):
        candidates, parts = [0], 0  # 0: the whole file
    elif m := _PARTS_MD5.fullmatch(etag):
        parts = int(m.group(2))
        guessed = _ceil(_ceil(size, parts), MiB) if parts else 0  # the size / parts, up to a whole MiB
        candidates = [c for c in sorted({p * MiB for p in (*_PART_SIZES, guessed)}) if c and _ceil(size, c) == parts]
        if not candidates:
            return None
    else:
        return None
    whole = hashlib.md5(usedforsecurity=False)
    digests: dict[int, list[bytes]] = {c: [] for c in candidates if c}  # part size -> its parts' MD5s
    current = {c: hashlib.md5(usedforsecurity=False) for c in digests}
    read = 0
    with open(path, "rb") as stream:
        while chunk := stream.read(MiB):  # every part size is a whole number of MiB: chunks never straddle
            read += len(chunk)
            whole.update(chunk)
            for c, md5 in current.items():
                md5.update(chunk)
                if read % c == 0:
                    digests[c].append(md5.digest())
                    current[c] = hashlib.md5(usedforsecurity=False)
    if not parts:
        return whole.hexdigest() == etag
    for c, md5 in current.items():
        if read % c:
            digests[c].append(md5.digest())
    return any(
        f"{hashlib.md5(b''.join(d), usedforsecurity=False).hexdigest()}-{parts}" == etag for d in digests.values()
    )


def _decompresses(path: Path) -> bool:
    try:
        with bz2.open(path, "rb") as stream:
            while stream.read(4 * MiB):
                pass
    except (OSError, EOFError, ValueError):
        return False
    return True


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


def _ceil(a: int, b: int) -> int:
    return -(-a // b)
