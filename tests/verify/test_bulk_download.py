"""`toa index download` (toa/verify/bulk_download.py) against a real HTTP fake of Free Law Project's
bulk bucket on loopback: an S3 listing in pages, files served with Range, and the ways a download
goes wrong (a dropped connection, a server ignoring Range, a 404, a size other than the listing's)."""

from __future__ import annotations

import bz2
import hashlib
import os
import signal
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit
from xml.sax.saxutils import escape

import pytest

from fakes.bulk import write_generation
from test_case_index import CASES
from toa.cli import main
from toa.verify.case_index import CaseIndex

S3 = "http://s3.amazonaws.com/doc/2006-03-01/"


class Bucket:
    """What the fake serves and what it was asked: files by key, and how it misbehaves."""

    def __init__(self, files: dict[str, bytes]):
        self.files = files
        self.listed_sizes: dict[str, int] = {}  # a size the listing says instead of the file's
        self.etags: dict[str, str] = {}  # an ETag the listing says instead of the file's MD5 ("" for none)
        self.drop_once: set[str] = set()  # keys whose first answer stops halfway, the connection closed
        self.ignore_range = False
        self.missing: set[str] = set()  # listed, but a 404
        self.stall: set[str] = set()  # keys whose answer sends half the file, then nothing more
        self.released = threading.Event()  # ends the stalls (at the fixture's end)
        self.ranges: list[tuple[str, str | None]] = []  # (key, the Range header) of every file request
        self.page_size = 3
        self.paths: list[str] = []  # every request's path, the listing's too

    def listing(self, query: dict[str, list[str]]) -> bytes:
        prefix = query.get("prefix", [""])[0]
        keys = sorted(k for k in self.files if k.startswith(prefix))
        start = int(query.get("continuation-token", ["0"])[0])
        page = keys[start : start + self.page_size]
        more = start + self.page_size < len(keys)
        items = "".join(
            f"<Contents><Key>{escape(k)}</Key><Size>{self.listed_sizes.get(k, len(self.files[k]))}</Size>"
            f"{self.etag(k)}<StorageClass>STANDARD</StorageClass></Contents>"
            for k in page
        )
        token = f"<NextContinuationToken>{start + self.page_size}</NextContinuationToken>" if more else ""
        return (
            f'<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="{S3}"><Name>bucket</Name>'
            f"<Prefix>{escape(prefix)}</Prefix><IsTruncated>{'true' if more else 'false'}</IsTruncated>"
            f"{token}{items}</ListBucketResult>"
        ).encode()

    def etag(self, key: str) -> str:
        """S3's ETag of an object uploaded whole: its MD5, quoted (and the quotes escaped, in XML)."""
        etag = self.etags.get(key, hashlib.md5(self.files[key]).hexdigest())
        return f"<ETag>&quot;{etag}&quot;</ETag>" if etag else ""


def serve(bucket: Bucket):
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_GET(self):
            bucket.paths.append(self.path)
            url = urlsplit(self.path)
            key = url.path.lstrip("/")
            if key == "":
                return self.answer(200, bucket.listing(parse_qs(url.query)), {"Content-Type": "application/xml"})
            asked = self.headers.get("Range")
            bucket.ranges.append((key, asked))
            if key not in bucket.files or key in bucket.missing:
                return self.answer(404, b"<Error><Code>NoSuchKey</Code></Error>")
            body = bucket.files[key]
            start = 0
            if asked and not bucket.ignore_range:
                start = int(asked.removeprefix("bytes=").split("-")[0])
                if start >= len(body):
                    return self.answer(416, b"", {"Content-Range": f"bytes */{len(body)}"})
            status = 206 if start else 200
            headers = {"Content-Range": f"bytes {start}-{len(body) - 1}/{len(body)}"} if start else {}
            rest = body[start:]
            if key in bucket.stall:
                self.send_response(status)
                self.send_header("Content-Length", str(len(rest)))
                self.end_headers()
                self.wfile.write(rest[: len(rest) // 2])
                self.wfile.flush()
                bucket.released.wait(30)
                return
            if key in bucket.drop_once:
                bucket.drop_once.discard(key)
                self.send_response(status)
                self.send_header("Content-Length", str(len(rest)))
                for name, value in headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(rest[: len(rest) // 2])
                self.wfile.flush()
                self.close_connection = True
                return
            self.answer(status, rest, headers)

        def answer(self, status: int, body: bytes, headers: dict | None = None):
            self.send_response(status)
            self.send_header("Content-Length", str(len(body)))
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(body)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@pytest.fixture
def bucket(tmp_path):
    """Two generations in the bucket, and one of an earlier date that lacks its courts file."""
    made = tmp_path / "made"
    write_generation(made / "new", "2026-09-30", CASES)
    write_generation(made / "old", "2026-06-30", CASES[:2])
    write_generation(made / "partial", "2026-03-31", CASES[:1])
    files = {
        f"bulk-data/{p.name}": p.read_bytes() for p in made.rglob("*.csv.bz2") if "courts-2026-03-31" not in p.name
    }
    files["bulk-data/schema-2026-09-30.sql"] = b"CREATE TABLE search_citation ();"
    bucket = Bucket(files)
    server = serve(bucket)
    bucket.url = f"http://127.0.0.1:{server.server_address[1]}"
    yield bucket
    bucket.released.set()
    server.shutdown()
    server.server_close()


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def download(capsys, bucket, tmp_path, *more) -> tuple[int, str, str]:
    index = tmp_path / "cases.sqlite3"
    return run(
        capsys, "index", "download", "--base-url", bucket.url, "--index", index, "--into", tmp_path / "dl", *more
    )


def test_the_newest_complete_generation_is_downloaded_and_built(bucket, tmp_path, capsys):
    code, out, err = download(capsys, bucket, tmp_path)
    assert code == 0, err
    assert out.splitlines()[1].startswith("Snapshot: CourtListener bulk snapshot of 2026-09-30 ")
    assert sorted(line.split(" (")[0] for line in err.splitlines()) == [
        f"Downloaded {kind}-2026-09-30.csv.bz2" for kind in ("citations", "courts", "dockets", "opinion-clusters")
    ]
    index = CaseIndex.open(tmp_path / "cases.sqlite3")
    assert index.clusters_at("U.S.", 576, "155")[0]["case_name"] == "Reed v. Town of Gilbert"
    index.close()
    assert not (tmp_path / "dl" / "2026-09-30").exists()  # the files go once the index is built


def test_a_date_picks_its_generation_and_a_date_without_one_is_refused(bucket, tmp_path, capsys):
    code, out, err = download(capsys, bucket, tmp_path, "--date", "2026-06-30", "--keep-files")
    assert code == 0, err
    assert "bulk snapshot of 2026-06-30" in out
    assert len(list((tmp_path / "dl" / "2026-06-30").glob("*.csv.bz2"))) == 4
    assert download(capsys, bucket, tmp_path, "--date", "30.9.2026") == (
        2,
        "",
        "toa: error: --date 30.9.2026: not a date (YYYY-MM-DD)\n",
    )
    assert download(capsys, bucket, tmp_path, "--date", "2026-03-31") == (
        2,
        "",
        "toa: error: no complete generation of 2026-03-31 in the bucket (the latest complete: 2026-06-30, "
        "2026-09-30)\n",
    )


def test_a_dropped_connection_resumes_where_it_stopped(bucket, tmp_path, capsys):
    key = "bulk-data/opinion-clusters-2026-09-30.csv.bz2"
    bucket.drop_once.add(key)
    code, _, err = download(capsys, bucket, tmp_path)
    assert code == 0, err
    asked = [r for k, r in bucket.ranges if k == key]
    assert asked[0] is None and asked[1] == f"bytes={len(bucket.files[key]) // 2}-"
    assert CaseIndex.open(tmp_path / "cases.sqlite3").clusters_at("F.3d", 869, "813")


def test_a_part_left_by_an_earlier_run_is_resumed_or_restarted_when_range_is_ignored(bucket, tmp_path, capsys):
    key = "bulk-data/citations-2026-09-30.csv.bz2"
    folder = tmp_path / "dl" / "2026-09-30"
    folder.mkdir(parents=True)
    (folder / "citations-2026-09-30.csv.bz2.part").write_bytes(bucket.files[key][:100])
    assert download(capsys, bucket, tmp_path)[0] == 0
    assert [r for k, r in bucket.ranges if k == key] == ["bytes=100-"]

    bucket.ranges.clear()
    bucket.ignore_range = True
    folder.mkdir(parents=True)
    (folder / "citations-2026-09-30.csv.bz2.part").write_bytes(b"junk that is not the file")
    code, _, err = download(capsys, bucket, tmp_path)
    assert code == 0, err  # the whole file came again, written from zero, and it builds
    assert [r for k, r in bucket.ranges if k == key] == ["bytes=25-"]


def test_a_size_other_than_the_listings_is_refused_and_the_index_untouched(bucket, tmp_path, capsys):
    assert download(capsys, bucket, tmp_path)[0] == 0
    before = (tmp_path / "cases.sqlite3").read_bytes()
    key = "bulk-data/dockets-2026-09-30.csv.bz2"
    bucket.listed_sizes[key] = len(bucket.files[key]) + 10
    code, out, err = download(capsys, bucket, tmp_path)
    size = len(bucket.files[key])
    assert (code, out) == (2, "")
    assert err.splitlines()[-1] == (
        f"toa: error: dockets-2026-09-30.csv.bz2: the server's file has {size:,} bytes, "
        f"the listing says {size + 10:,}; not used"
    )
    assert not list((tmp_path / "dl").rglob("dockets*"))
    bucket.listed_sizes[key] = size - 10
    code, _, err = download(capsys, bucket, tmp_path)
    assert code == 2 and err.splitlines()[-1] == (
        f"toa: error: dockets-2026-09-30.csv.bz2: more than the {size - 10:,} bytes the listing says; "
        "the part was removed"
    )
    assert (tmp_path / "cases.sqlite3").read_bytes() == before


def test_an_unreachable_bucket_a_missing_file_and_an_unwritable_folder(bucket, tmp_path, capsys):
    index = tmp_path / "cases.sqlite3"
    index.write_bytes(b"previous")
    code, out, err = run(capsys, "index", "download", "--base-url", "http://127.0.0.1:9", "--index", index)
    assert (code, out) == (2, "") and err.startswith("toa: error: could not reach http://127.0.0.1:9 (")
    assert len(err.splitlines()) == 1 and index.read_bytes() == b"previous"

    bucket.missing.add("bulk-data/courts-2026-09-30.csv.bz2")
    code, _, err = download(capsys, bucket, tmp_path)
    assert code == 2 and err.splitlines()[-1] == (
        f"toa: error: courts-2026-09-30.csv.bz2: not found at {bucket.url}/bulk-data/courts-2026-09-30.csv.bz2 "
        "(HTTP 404), though the listing has it"
    )
    assert index.read_bytes() == b"previous"

    bucket.missing.clear()  # a folder that cannot be made (a file in the way; root may write anywhere)
    blocked = tmp_path / "a-file"
    blocked.write_bytes(b"")
    code, out, err = run(
        capsys, "index", "download", "--base-url", bucket.url, "--index", index, "--into", blocked / "d"
    )
    assert (code, out) == (
        2,
        "",
    ) and err == f"toa: error: {blocked / 'd' / '2026-09-30'}: cannot write (Not a directory)\n"
    assert index.read_bytes() == b"previous"


def test_the_base_url_comes_from_the_environment_then_the_config_file(bucket, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TOA_BULK_URL", bucket.url + "/")
    code, out, err = run(capsys, "index", "download", "--index", tmp_path / "i.sqlite3", "--into", tmp_path / "dl")
    assert code == 0, err
    monkeypatch.delenv("TOA_BULK_URL")
    config = tmp_path / "config"
    config.mkdir()
    (config / "config.toml").write_text(f'[courtlistener]\nbulk_url = "{bucket.url}"\n')
    from toa.verify.settings import Settings

    assert Settings.from_env({}, config_dir=config).bulk_url == bucket.url
    assert Settings.from_env({"TOA_BULK_URL": "http://mirror"}, config_dir=config).bulk_url == "http://mirror"
    assert Path(tmp_path / "i.sqlite3").exists()


def test_ctrl_c_keeps_the_part_and_the_next_run_resumes_it(bucket, tmp_path, capsys):
    key = "bulk-data/opinion-clusters-2026-09-30.csv.bz2"
    bucket.stall.add(key)
    part = tmp_path / "dl" / "2026-09-30" / "opinion-clusters-2026-09-30.csv.bz2.part"
    argv = ["index", "download", "--base-url", bucket.url, "--index", tmp_path / "cases.sqlite3"]
    argv += ["--into", tmp_path / "dl"]
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])}
    command = [sys.executable, "-m", "toa.cli", *map(str, argv)]
    child = subprocess.Popen(command, env=env, stderr=subprocess.PIPE, text=True)
    for _ in range(300):  # until the first half is on disk
        if part.exists() and part.stat().st_size > 0:
            break
        time.sleep(0.05)
    else:
        pytest.fail("the download never started")
    child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=30)
    assert child.returncode == 128 + signal.SIGINT, err
    assert err.splitlines()[-1] == (
        f"toa: interrupted (the partial download in {tmp_path / 'dl'} is kept: run toa index download again "
        "to resume); nothing was written"
    )
    half = len(bucket.files[key]) // 2
    assert part.stat().st_size == half and not (tmp_path / "cases.sqlite3").exists()

    bucket.stall.clear()
    bucket.ranges.clear()
    code, _, err = download(capsys, bucket, tmp_path)
    assert code == 0, err
    assert [r for k, r in bucket.ranges if k == key] == [f"bytes={half}-"]
    assert CaseIndex.open(tmp_path / "cases.sqlite3").clusters_at("U.S.", 477, "317")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full, a device that is always full")
def test_a_full_disk_is_one_line(bucket, tmp_path, capsys):
    folder = tmp_path / "dl" / "2026-09-30"
    folder.mkdir(parents=True)
    part = folder / "citations-2026-09-30.csv.bz2.part"
    part.symlink_to("/dev/full")  # every write to it fails as on a full disk
    code, out, err = download(capsys, bucket, tmp_path)
    assert (code, out) == (2, "")
    assert err == f"toa: error: {part}: cannot write (No space left on device)\n"
    assert not (tmp_path / "cases.sqlite3").exists()


def test_toa_check_offline_never_downloads(bucket, tmp_path, capsys, monkeypatch):
    """No index and --offline: the cases are not verified, and the bucket is never asked."""
    sample = Path(__file__).parents[2] / "samples" / "planted-problems.docx"
    monkeypatch.setenv("TOA_BULK_URL", bucket.url)
    monkeypatch.setenv("TOA_INDEX", str(tmp_path / "no-index.sqlite3"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    code, out, err = run(capsys, "check", sample, "--offline", "-o", tmp_path / "out.docx", "--pages", "estimate")
    assert code in (0, 1), err
    assert "not verified" in out
    assert bucket.paths == [] and not (tmp_path / "no-index.sqlite3").exists()


def test_a_damaged_file_of_the_listed_size_is_fetched_again(bucket, tmp_path, capsys):
    key = "bulk-data/dockets-2026-09-30.csv.bz2"
    folder = tmp_path / "dl" / "2026-09-30"
    folder.mkdir(parents=True)
    damaged = bytearray(bucket.files[key])
    damaged[len(damaged) // 2] ^= 0xFF  # a flipped byte: the size is right, the file is not
    (folder / "dockets-2026-09-30.csv.bz2").write_bytes(damaged)
    intact = "bulk-data/courts-2026-09-30.csv.bz2"
    (folder / "courts-2026-09-30.csv.bz2").write_bytes(bucket.files[intact])
    code, _, err = download(capsys, bucket, tmp_path, "--keep-files")
    assert code == 0, err
    asked = [k for k, _ in bucket.ranges]
    assert key in asked and intact not in asked  # the damaged one again, the intact one kept
    assert (folder / "dockets-2026-09-30.csv.bz2").read_bytes() == bucket.files[key]


def test_without_a_usable_etag_a_file_is_trusted_only_if_its_bz2_stream_reads_to_the_end(bucket, tmp_path, capsys):
    key = "bulk-data/citations-2026-09-30.csv.bz2"
    bucket.etags[key] = ""  # a listing without ETags (a mirror)
    folder = tmp_path / "dl" / "2026-09-30"
    folder.mkdir(parents=True)
    damaged = bytearray(bucket.files[key])
    damaged[len(damaged) // 2] ^= 0xFF
    (folder / "citations-2026-09-30.csv.bz2").write_bytes(damaged)
    code, _, err = download(capsys, bucket, tmp_path, "--keep-files")
    assert code == 0, err
    assert key in [k for k, _ in bucket.ranges]
    bucket.ranges.clear()
    assert download(capsys, bucket, tmp_path)[0] == 0 and key not in [k for k, _ in bucket.ranges]


def test_what_arrives_unlike_the_listings_etag_is_removed_and_refused(bucket, tmp_path, capsys):
    key = "bulk-data/courts-2026-09-30.csv.bz2"
    bucket.etags[key] = "0" * 32
    code, out, err = download(capsys, bucket, tmp_path)
    assert (code, out) == (2, "") and err.splitlines()[-1] == (
        "toa: error: courts-2026-09-30.csv.bz2: what arrived is not the file the listing describes (its ETag): "
        "run again"
    )
    assert not list((tmp_path / "dl").rglob("courts*")) and not (tmp_path / "cases.sqlite3").exists()


def test_a_multipart_etag_is_the_md5_of_its_parts_md5s(tmp_path):
    from toa.verify.bulk_download import MiB, intact, same_etag

    path = tmp_path / "citations-2026-09-30.csv.bz2"
    body = bz2.compress(os.urandom(9 * MiB), 1)  # random bytes stay 9 MiB and more: two parts of 8 MiB
    path.write_bytes(body)
    parts = [body[i : i + 8 * MiB] for i in range(0, len(body), 8 * MiB)]
    etag = hashlib.md5(b"".join(hashlib.md5(p).digest() for p in parts)).hexdigest() + f"-{len(parts)}"
    assert len(parts) == 2 and same_etag(path, etag) is True
    assert same_etag(path, "f" * 32 + "-2") is False
    assert same_etag(path, "f" * 32 + "-9000") is None and same_etag(path, "opaque") is None
    assert intact(path, "opaque")  # no ETag to recompute: its bz2 stream reads to the end
    path.write_bytes(body[:-100] + bytes(100))
    assert not intact(path, "opaque") and not intact(path, etag)


def test_on_a_terminal_an_error_or_ctrl_c_begins_its_own_line(bucket, tmp_path, capsys, monkeypatch):
    from toa.cli import _DownloadProgress

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    key = "bulk-data/dockets-2026-09-30.csv.bz2"
    bucket.listed_sizes[key] = len(bucket.files[key]) + 10  # the file stops short of it: an error mid-line
    code, _, err = download(capsys, bucket, tmp_path)
    assert code == 2 and "\rdockets-2026-09-30.csv.bz2: " in err
    assert err.endswith(
        "MB/s\ntoa: error: dockets-2026-09-30.csv.bz2: the server's file has "
        + (f"{len(bucket.files[key]):,} bytes, the listing says {len(bucket.files[key]) + 10:,}; not used\n")
    )
    progress = _DownloadProgress(terminal=True)
    progress("citations-2026-09-30.csv.bz2", 5_000_000, 10_000_000)
    progress.end_line()  # as Ctrl-C does before its message
    progress.end_line()
    progress("courts-2026-09-30.csv.bz2", 10, 10)
    progress.end_line()  # a complete file's line is ended already
    err = capsys.readouterr().err
    assert err.startswith("\rcitations-2026-09-30.csv.bz2: 5.0 of 10.0 MB, ") and err.count("\n") == 2
    assert err.endswith("MB/s\n") and "MB/s\n\rcourts-2026-09-30.csv.bz2: 0.0 of 0.0 MB" in err
