"""`toa` on the command line: build, check, audit, extract, cache, serve, addin. A thin shell over
toa.pipeline (and toa.server for serve and addin).

Each command imports what it needs when it runs (the pipeline, the server, the verify stage):
`toa --version` and `toa --help` load none of them.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import signal
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from . import __version__
from .errors import BuildError
from .model import PAGE_METHODS

if TYPE_CHECKING:
    from .document import ReadOptions


class _Stopped(KeyboardInterrupt):
    """Ctrl-C, SIGTERM or SIGHUP, raised where the program is (args: the signal number); a
    KeyboardInterrupt, so that whatever cleans up after Ctrl-C cleans up after these too."""


def _stop(signum, _frame):
    for sig in _STOP_SIGNALS:  # the cleanup that follows is not cut short by a second signal
        signal.signal(sig, signal.SIG_IGN)
    raise _Stopped(signum)


# A terminal closed (SIGHUP) or a service manager's stop (SIGTERM) unwinds as Ctrl-C does: the
# LibreOffice started is killed, temporary folders and files are removed, the output is untouched.
_STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


def run() -> None:
    """The `toa` command and `python -m toa.cli`: main() in a process of its own."""
    # A build makes a few hundred thousand objects that live to its end (eyecite's and the
    # recognizers' patterns, the document's tree). At the collector's default, a pass every 700
    # allocations, they were walked some 300 times a build (0.09 s of 1.1 s); a pass every 50,000
    # leaves the cycles of garbage a build makes a few megabytes at most.
    gc.set_threshold(50_000, 20, 100)
    code = main()
    kept = sys.modules.get("toa.programs")  # imported by a command that compiled patterns
    if kept is not None:
        try:
            kept.KEPT.save()
        except KeyboardInterrupt:  # Ctrl-C as the patterns are kept: the next run compiles them again
            pass
    # Nothing made by now is freed before the exit: frozen, it is not walked once more by the
    # interpreter's last collection (a tenth of a second). atexit handlers and threads still finish.
    gc.freeze()
    sys.exit(code)


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    handled = threading.current_thread() is threading.main_thread()
    previous = {sig: signal.signal(sig, _stop) for sig in _STOP_SIGNALS} if handled else {}
    try:
        return args.func(args)
    except BuildError as exc:
        print(f"toa: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # `toa extract | head`: the reader has what it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # so the final flush is quiet too
        return 128 + getattr(signal, "SIGPIPE", 13)
    except KeyboardInterrupt as exc:
        signum = exc.args[0] if isinstance(exc, _Stopped) else signal.SIGINT
        how = "interrupted" if signum == signal.SIGINT else f"stopped by {signal.Signals(signum).name}"
        progress = "".join(f" {note}" for note in getattr(exc, "__notes__", ()))  # a check's, how far it got
        print(f"toa: {how}{progress}; nothing was written", file=sys.stderr)
        return 128 + signum
    except Exception as exc:  # a bug of ours: one line (the output is written last, atomically)
        if os.environ.get("TOA_DEBUG"):
            raise
        print(
            f"toa: error: unexpected failure ({type(exc).__name__}: {exc}); the input is unchanged. "
            "Set TOA_DEBUG=1 to see where.",
            file=sys.stderr,
        )
        return 1
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="toa", description="Build and check the Table of Authorities of a Word brief.")
    p.add_argument("--version", action="version", version=f"toa {__version__}")
    sub = p.add_subparsers(dest="command", required=True)

    b = sub.add_parser("build", help="write the Table of Authorities into a copy of the brief")
    b.add_argument("brief", help="the brief (.docx)")
    b.add_argument("-o", "--output", help="output .docx (default: BRIEF.toa.docx)")
    b.add_argument("--in-place", action="store_true", help="allow the output to replace the input")
    b.add_argument(
        "--verify",
        action="store_true",
        help="also check every authority and comment the flagged citations (as toa check)",
    )
    b.add_argument(
        "--no-field-update",
        dest="field_update",
        action="store_false",
        help="do not ask Word to update the fields (and so the table's pages) when it opens the output",
    )
    _common(b)
    _checking(b)
    b.set_defaults(func=_build)

    c = sub.add_parser("check", help="verify the authorities; comment every flagged citation in a copy")
    c.add_argument("briefs", nargs="+", metavar="BRIEF", help="the brief (.docx); with --jsonl, briefs and folders")
    c.add_argument("-o", "--output", help="output .docx (default: BRIEF.checked.docx)")
    c.add_argument(
        "--jsonl",
        metavar="OUT",
        help="check every brief named (every .docx under a folder) and write one JSON line per authority "
        "here; no commented copies are written",
    )
    c.add_argument("--jobs", type=int, metavar="N", help="with --jsonl: briefs checked at once (default: the cores)")
    _common(c)
    _checking(c)
    c.set_defaults(func=_check)

    a = sub.add_parser("audit", help="check the brief's own table of authorities against the brief, entry by entry")
    a.add_argument("brief", help="the brief (.docx)")
    a.add_argument("-o", "--output", help="write a copy of the brief with a Word comment on each faulty entry")
    a.add_argument("--strict", action="store_true", help="exit status 1 when there are findings")
    _common(a)
    a.set_defaults(func=_audit)

    k = sub.add_parser("cache", help="manage the verification cache")
    k.add_argument("action", choices=["clear"], help="clear: delete every cached answer")
    k.set_defaults(func=_cache)

    x = sub.add_parser("index", help="the local case index, built from CourtListener's public bulk data")
    steps = x.add_subparsers(dest="action", required=True)
    ib = steps.add_parser("build", help="build the index from a folder of bulk files (citations-DATE.csv.bz2 ...)")
    ib.add_argument("--from", dest="source", required=True, metavar="DIR", help="the folder of the bulk files")
    idl = steps.add_parser(
        "download", help="fetch one generation of the bulk files from Free Law Project's public bucket, then build"
    )
    idl.add_argument("--date", metavar="YYYY-MM-DD", help="the generation of this date (default: the newest complete)")
    idl.add_argument("--base-url", metavar="URL", help="the bucket or a mirror (default: TOA_BULK_URL, config)")
    idl.add_argument("--into", metavar="DIR", help="where the files go (default: the cache folder's bulk/)")
    idl.add_argument("--keep-files", action="store_true", help="keep the downloaded files after the build")
    ist = steps.add_parser("status", help="the index's snapshot date, coverage, rows, size and path")
    irm = steps.add_parser("remove", help="delete the index")
    for step in (ib, idl):
        step.add_argument("--courts", metavar="IDS", help="keep only these courts (CourtListener ids: scotus,ca9,cal)")
        step.add_argument("--since", type=int, metavar="YEAR", help="keep only the cases filed from YEAR on")
    for step in (ib, idl, ist, irm):
        step.add_argument("--index", metavar="PATH", help="the index file (default: TOA_INDEX, else the data folder)")
    ib.set_defaults(func=_index_build)
    idl.set_defaults(func=_index_download)
    ist.set_defaults(func=_index_status)
    irm.set_defaults(func=_index_remove)

    s = sub.add_parser(
        "serve",
        help="serve the Word add-in and its API on https://127.0.0.1:PORT (its checks keep "
        "their answers in the private verification cache)",
    )
    s.add_argument("--port", type=int, default=3000, help="port on 127.0.0.1 (default 3000)")
    s.add_argument(
        "--cert",
        help="TLS certificate (default: the one toa addin setup made, else ~/.office-addin-dev-certs/localhost.crt)",
    )
    s.add_argument("--key", help="its private key (default: the one beside the default certificate)")
    s.add_argument("--no-https", action="store_true", help="plain HTTP (a browser test; Word needs HTTPS)")
    s.set_defaults(func=_serve)

    a = sub.add_parser("addin", help="the Word add-in: its certificate, its manifest, a check of the whole setup")
    actions = a.add_subparsers(dest="action", required=True)
    m = actions.add_parser("manifest", help="write the add-in manifest for a port")
    m.add_argument("--port", type=int, default=3000, help="the port toa serve uses (default 3000)")
    m.add_argument("-o", "--output", help="write here (default: standard output)")
    m.set_defaults(func=_addin_manifest)
    u = actions.add_parser("setup", help="make a certificate for localhost and have this computer trust it")
    u.add_argument(
        "--system",
        action="store_true",
        help="Linux: also the system's certificate store, for curl and Python (as root, or through sudo)",
    )
    u.add_argument("--yes", action="store_true", help="change the certificate stores without asking (for scripts)")
    u.set_defaults(func=_addin_setup)
    d = actions.add_parser("doctor", help="check certificate, trust, port, manifest and pane, one line each")
    d.add_argument("--port", type=int, default=3000, help="the port toa serve uses (default 3000)")
    d.add_argument("--cert", help="the certificate toa serve is given (default: as toa serve)")
    d.add_argument("--key", help="its private key")
    d.add_argument("--manifest", help="the manifest you sideloaded (default: the one toa addin manifest writes)")
    d.set_defaults(func=_addin_doctor)

    e = sub.add_parser("extract", help="list every citation with its page and kind")
    e.add_argument("brief")
    _common(e)
    e.add_argument("--json", dest="as_json", action="store_true", help="print JSON instead of a table")
    e.set_defaults(func=_extract)
    return p


def _common(p: argparse.ArgumentParser):
    p.add_argument(
        "--style",
        default="auto",
        help="court style: default, scotus, sg, frap, or a .toml file (default: from the caption)",
    )
    p.add_argument(
        "--pages",
        choices=PAGE_METHODS,
        default="auto",
        help="page source: render (LibreOffice), word (saved page breaks), estimate",
    )
    p.add_argument("--template", help="a docxtpl template for the table's layout")
    p.add_argument(
        "--include-front-matter",
        action="store_true",
        help="also scan the cover, questions presented and other front matter",
    )
    p.add_argument(
        "--passim",
        type=_passim,
        metavar="PAGES",
        help="print passim for an authority cited on PAGES pages or more (0: never), where the style "
        "allows passim (default: the style's threshold)",
    )
    p.add_argument(
        "--footnotes",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="index the citations in footnotes and endnotes (default); --no-footnotes leaves them out",
    )
    if p.prog.endswith(("build", "check", "audit")):
        p.add_argument("--json", dest="report", help="write the JSON report here")


def _passim(text: str) -> int:
    from .styles import passim_threshold

    try:
        return passim_threshold(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _checking(p: argparse.ArgumentParser):
    p.add_argument(
        "--offline", action="store_true", help="no network: the kept cache's answers and offline checks only"
    )
    cache = p.add_mutually_exclusive_group()
    cache.add_argument(
        "--keep-cache",
        action="store_true",
        help="keep the answers in a private cache between runs (default: a cache of this run only, removed at its end)",
    )
    cache.add_argument("--no-cache", action="store_true", help="keep no cache between runs (the default)")
    p.add_argument(
        "--as-of",
        metavar="DATE",
        help="check statutes, rules and regulations as in force on DATE (YYYY-MM-DD; default: today)",
    )


def _settings(args):

    from .verify import Settings

    settings = Settings.from_env(network=not args.offline, keep_cache=args.keep_cache)
    if args.as_of:
        try:
            return settings.on_date(args.as_of)
        except ValueError as e:
            raise BuildError(f"--as-of {args.as_of}: {e}") from None
    return settings


def _verify_progress(enabled: bool):
    if not enabled:
        return None

    def show(stage: str, done: int, total: int):
        print(f"toa: checking {stage} {done}/{total}", file=sys.stderr, flush=True)

    return show


def _check_outputs(args, suffix: str | None) -> None:
    """Before any work: the report and the output are two new or regular files other than the
    brief (a report written over the brief would replace it), and both can be written. `suffix`
    names the default output; None when the command writes a .docx only if asked (audit)."""
    from . import pipeline

    if not os.path.isfile(args.brief):
        return  # reading it says what is wrong
    output = args.output or (pipeline.default_output(args.brief, suffix) if suffix else None)
    if args.report and pipeline.same_file(args.report, args.brief):
        raise BuildError(f"refusing to write the report over the input {args.brief}; choose another --json")
    if args.report and output and pipeline.same_file(args.report, output):
        raise BuildError(f"-o and --json both name {output}; choose two different files")
    for path in (output, args.report):
        _check_output(path)


def _check_output(path: str | None) -> None:
    """Fail before any work when an output cannot be written (write.check_output's rules, and a
    folder where a file can be made): nothing is written then."""
    if not path:
        return
    import tempfile

    from . import write

    try:
        write.check_output(path)
    except write.WriteError as exc:
        raise BuildError(str(exc)) from None
    directory = os.path.dirname(os.path.abspath(path))
    try:
        fd, probe = tempfile.mkstemp(prefix=".toa-probe-", dir=directory)
    except OSError as exc:
        raise BuildError(f"cannot write {path}: {exc.strerror or exc}") from None
    os.close(fd)
    os.unlink(probe)


def _progress(enabled: bool):
    if not enabled:
        return None

    def show(message: str):
        print(f"toa: {message}...", file=sys.stderr, flush=True)

    return show


def _options(args) -> ReadOptions:
    from .document import ReadOptions

    return ReadOptions(skip_front_matter=not args.include_front_matter, skip_notes=not args.footnotes)


def _build(args) -> int:
    from . import pipeline
    from .report import build_report, check_summary, summary

    _check_outputs(args, ".toa.docx")
    tty = sys.stderr.isatty()
    result = pipeline.build(
        args.brief,
        output=args.output,
        style=args.style,
        pages=args.pages,
        template=args.template,
        overwrite_input=args.in_place,
        options=_options(args),
        passim=args.passim,
        progress=_progress(tty),
        verify=_settings(args) if args.verify else None,
        verify_progress=_verify_progress(tty),
        field_update=args.field_update,
    )
    report = build_report(result)
    _write_report(report.to_dict(), args.report, result.output)
    for warning in report.contents.warnings if report.contents else ():
        print(f"toa: warning: {warning}; left as typed", file=sys.stderr)
    print(summary(report))
    if result.verification is not None:
        print(check_summary(report))
    print(f"Wrote {result.output}")
    return 0


def _check(args) -> int:
    from . import pipeline
    from .report import build_report, check_summary

    if args.jsonl is not None:
        return _check_batch(args)
    if len(args.briefs) > 1 or os.path.isdir(args.briefs[0]):
        raise BuildError("checking several briefs (or a folder) needs --jsonl OUT")
    if args.jobs is not None:
        raise BuildError("--jobs is for checking several briefs, with --jsonl OUT")
    args.brief = args.briefs[0]
    _check_outputs(args, ".checked.docx")
    tty = sys.stderr.isatty()
    result = pipeline.check(
        args.brief,
        output=args.output,
        settings=_settings(args),
        style=args.style,
        pages=args.pages,
        template=args.template,
        options=_options(args),
        passim=args.passim,
        progress=_progress(tty),
        verify_progress=_verify_progress(tty),
    )
    report = build_report(result)
    _write_report(report.to_dict(), args.report, result.output)
    print(check_summary(report))
    print(f"Wrote {result.output}")
    return 0


def _check_batch(args) -> int:
    """Exit status: 2 when a brief could not be checked (as toa check on it alone), else 1 when
    an authority needs attention, else 0."""
    from .pipeline import same_file
    from .verify import NEEDS_ATTENTION, NOT_VERIFIED, batch

    if args.output or args.report:
        raise BuildError("-o and --json are for one brief; with --jsonl each authority's outcome goes to OUT")
    if args.jobs is not None and args.jobs < 1:
        raise BuildError(f"--jobs {args.jobs}: at least 1")
    _check_output(args.jsonl)
    work = batch.Batch(
        briefs=batch.briefs_in(args.briefs),
        settings=_settings(args),
        options=_options(args),
        style=args.style,
        pages=args.pages,
        template=args.template,
        passim=args.passim,
        jobs=args.jobs or batch.default_jobs(),
    )
    if any(os.path.isfile(b) and same_file(args.jsonl, str(b)) for b in work.briefs):
        raise BuildError(f"refusing to write the JSON lines over the brief {args.jsonl}; choose another --jsonl")

    checked: list[batch.BatchResult] = []  # what the run found, once the lines are written

    def fill(fh) -> None:
        def shown(outcome: batch.BriefOutcome, done: int, total: int) -> None:
            if outcome.error is not None:
                said = f"error: {outcome.error}"
            else:
                said = (
                    f"{len(outcome.entries)} authorities, {outcome.count(NEEDS_ATTENTION)} flagged, "
                    f"{outcome.count(NOT_VERIFIED)} not checked ({outcome.seconds:.1f} s)"
                )
            print(f"toa: [{done}/{total}] {outcome.brief}: {said}", file=sys.stderr, flush=True)
            for line in outcome.lines():
                fh.write(json.dumps(line, ensure_ascii=False).encode("utf-8") + b"\n")

        checked.append(batch.check(work, shown))

    _write(args.jsonl, fill)  # the lines go out as each brief ends; OUT appears whole at the end
    result = checked[0]
    print(result.summary())
    print(f"Wrote {args.jsonl}")
    return 2 if result.failed else 1 if result.total(NEEDS_ATTENTION) else 0


def _audit(args) -> int:
    from . import pipeline
    from .report import audit_report, audit_summary

    _check_outputs(args, None)
    result = pipeline.audit(
        args.brief,
        output=args.output,
        style=args.style,
        pages=args.pages,
        template=args.template,
        options=_options(args),
        passim=args.passim,
        progress=_progress(sys.stderr.isatty()),
    )
    report = audit_report(result)
    _write_report(report.to_dict(), args.report, result.output)
    print(audit_summary(report))
    if result.output:
        print(f"Wrote {result.output} ({result.comments} comments)")
    return 1 if args.strict and result.findings else 0


def _cache(args) -> int:
    from .verify import CacheError, Settings, clear_cache
    from .verify.cache import kept_file

    settings = Settings.from_env()
    try:
        removed = clear_cache(settings)
    except CacheError as exc:
        raise BuildError(str(exc)) from None
    path = settings.resolved_cache_path()
    kept = kept_file(path)[0] or path  # beside a file toa did not make, where its answers were
    print(f"Removed {removed} cached {'answer' if removed == 1 else 'answers'} ({kept})")
    return 0


def _index_build(args) -> int:
    from pathlib import Path

    return _build_index(Path(args.source), args)


def _index_download(args) -> int:
    import shutil
    from datetime import date
    from pathlib import Path

    import httpx
    import platformdirs

    from .verify.bulk_download import DownloadError, download
    from .verify.settings import APP_NAME, USER_AGENT, Settings, past_date

    if args.date is not None:
        try:
            past_date(args.date, date.today())
        except ValueError as exc:
            raise BuildError(f"--date {args.date}: {exc}") from None
    _check_since(args.since)
    base_url = (args.base_url or Settings.from_env().bulk_url).rstrip("/")
    into = Path(args.into) if args.into else Path(platformdirs.user_cache_dir(APP_NAME)) / "bulk"
    progress = _DownloadProgress(sys.stderr.isatty())
    timeout = httpx.Timeout(30.0, connect=10.0)
    try:
        with httpx.Client(timeout=timeout, headers={"User-Agent": USER_AGENT}, follow_redirects=True) as client:
            day, folder = download(client, base_url, into, args.date, progress)
    except DownloadError as exc:
        progress.end_line()
        raise BuildError(str(exc)) from None
    except KeyboardInterrupt as exc:
        progress.end_line()
        exc.add_note(f"(the partial download in {into} is kept: run toa index download again to resume)")
        raise
    code = _build_index(folder, args)
    if not args.keep_files:
        shutil.rmtree(folder, ignore_errors=True)
    return code


@dataclass
class _DownloadProgress:
    """The download's progress on stderr: on a terminal one line per file, rewritten in place;
    else a line once each file is complete."""

    terminal: bool
    started: dict[str, tuple[float, int]] = field(default_factory=dict)  # file -> (when, bytes) first shown
    open_line: bool = False  # a line rewritten in place, not yet ended

    def __call__(self, name: str, have: int, total: int) -> None:
        now = time.monotonic()
        since, first = self.started.setdefault(name, (now, have))
        rate = (have - first) / max(now - since, 1e-3) / 1e6
        done = have >= total
        if self.terminal:
            line = f"\r{name}: {have / 1e6:,.1f} of {total / 1e6:,.1f} MB, {rate:,.1f} MB/s"
            print(line, end="\n" if done else "", file=sys.stderr, flush=True)
            self.open_line = not done
        elif done:
            print(f"Downloaded {name} ({total:,} bytes, {rate:,.1f} MB/s)", file=sys.stderr, flush=True)

    def end_line(self) -> None:
        """Before anything else is said (an error, Ctrl-C's message): the line in place ends."""
        if self.open_line:
            print(file=sys.stderr, flush=True)
            self.open_line = False


def _check_since(since: int | None) -> None:
    if since is not None and not 1600 <= since <= 9999:
        raise BuildError(f"--since {since}: not a year")


def _build_index(source, args) -> int:
    """`toa index build` of the bulk files in `source` (also the last step of `toa index download`)."""
    from datetime import date

    from .verify.case_index import CaseIndexError, Coverage, build, describe, index_path, parse_courts

    _check_since(args.since)
    target = index_path(args.index)
    coverage = Coverage(parse_courts(args.courts), args.since)
    shown = sys.stderr.isatty()

    def progress(table: str, count: int) -> None:
        if shown:
            print(f"\rReading {table}: {count:,} rows", end="", file=sys.stderr, flush=True)

    try:
        status = build(source, target, coverage, progress)
    except CaseIndexError as exc:
        raise BuildError(str(exc)) from None
    finally:
        if shown:
            print(file=sys.stderr)
    for line in describe(status, date.today()):
        print(line)
    return 0


def _index_status(args) -> int:
    from datetime import date

    from .verify.case_index import CaseIndex, CaseIndexError, describe, index_path

    path = index_path(args.index)
    try:
        index = CaseIndex.open(path)
    except CaseIndexError as exc:
        raise BuildError(str(exc)) from None
    if index is None:
        print(f"No case index at {path}: build one with toa index download, or toa index build --from DIR")
        return 1
    try:
        for line in describe(index.status(), date.today()):
            print(line)
    finally:
        index.close()
    return 0


def _index_remove(args) -> int:
    from .verify.case_index import CaseIndexError, index_path, remove

    path = index_path(args.index)
    try:
        removed = remove(path)
    except CaseIndexError as exc:
        raise BuildError(f"{exc}; it was left as it is") from None
    print(f"Removed the case index {path}" if removed else f"No case index at {path}")
    return 0


def _serve(args) -> int:
    from .server.serve import ServeError, serve

    try:
        return serve(args.port, args.cert, args.key, https=not args.no_https)
    except ServeError as exc:
        raise BuildError(str(exc)) from None


def _addin_manifest(args) -> int:
    from .server.serve import manifest

    _check_port(args.port)
    text = manifest(args.port)
    if not args.output:
        sys.stdout.write(text)
        return 0
    _check_output(args.output)
    _write(args.output, lambda fh: fh.write(text.encode("utf-8")))
    print(f"Wrote {args.output}")
    return 0


def _check_port(port: int) -> None:
    if not 0 < port < 65536:
        raise BuildError(f"bad port {port}")


def _addin_setup(args) -> int:
    from .server import certs, trust

    where = trust.stores()
    if args.system:
        system = trust.system_store() if sys.platform.startswith("linux") else None
        if system is None:
            raise BuildError("--system is for Linux with update-ca-certificates or update-ca-trust")
        where.append(system)
    if not args.yes:
        _confirm_setup(certs.directory(), where)
    if sys.platform == "win32":
        print("toa: Windows asks you to confirm the new root certificate: answer Yes.", flush=True)
    elif sys.platform == "darwin":
        print("toa: macOS asks for your password to change your certificate trust settings.", flush=True)
    try:
        done = trust.setup(certs.directory(), where)
    except trust.SetupError as exc:
        raise BuildError(str(exc)) from None
    for r in done.results:
        print(f"ok    trusted by {r.store}")
    print(
        f"toa: toa serve now uses {done.cert}, valid until {done.not_after:%Y-%m-%d}; restart toa serve if it "
        "is running, then the browser or Word"
    )
    if sys.platform == "win32":
        print(
            'toa: if Word then says "We can\'t open this add-in from localhost", run once in a command prompt '
            f"opened as administrator: {trust.LOOPBACK_COMMAND}"
        )
    if not done.results:
        print("toa: there is no certificate store to trust it in on this platform", file=sys.stderr)
        return 1
    return 0


def _confirm_setup(folder, where) -> None:
    """Setup changes what this computer trusts: it says which stores, and goes on only on a yes
    typed in a terminal (a script gives --yes)."""
    names = [s.name for s in where]
    if not sys.stdin.isatty():
        raise BuildError(
            "toa addin setup changes what this computer trusts (" + "; ".join(names) + "): run it in a "
            "terminal to confirm, or give --yes; nothing was changed"
        )
    print(f"toa addin setup makes a new certificate for localhost in {folder} and has these trust its own CA:")
    for name in names:
        print(f"  {name}")
    try:
        answer = input("Change them? [y/N] ")
    except EOFError:
        answer = ""
    if answer.strip().lower() not in ("y", "yes"):
        raise BuildError("not confirmed; nothing was changed")


def _addin_doctor(args) -> int:
    from .server import doctor

    _check_port(args.port)
    if bool(args.cert) != bool(args.key):
        raise BuildError("give both --cert and --key")
    try:
        checks = doctor.run(args.port, args.cert, args.key, args.manifest)
    except doctor.ManifestError as exc:
        raise BuildError(str(exc)) from None
    for c in checks:
        print(c.line())
    return 1 if any(c.status == doctor.FAIL for c in checks) else 0


def _write(path: str, fill) -> None:
    """write.write_file, its failures one line for the user."""
    from . import write

    try:
        write.write_file(path, fill)
    except write.WriteError as exc:
        raise BuildError(str(exc)) from None
    except OSError as exc:
        raise BuildError(f"cannot write {path}: {exc.strerror or exc}") from None


def _write_report(report: dict, path: str | None, written: str | None) -> None:
    """The report goes last (it names the output); when it fails, the message says that the
    .docx `written` is there all the same."""
    if not path:
        return
    from .report import to_json

    try:
        _write(path, lambda fh: fh.write(to_json(report)))
    except BuildError as exc:
        if not written:
            raise
        raise BuildError(f"{exc}; {written} was written, without its report") from None


def _extract(args) -> int:
    """Every citation in reading order: page, kind, story, and the authority it belongs to."""
    import json

    from . import pipeline
    from .authorities import reading_order

    result = pipeline.analyse(
        args.brief,
        style=args.style,
        pages=args.pages,
        template=args.template,
        options=_options(args),
        passim=args.passim,
        progress=_progress(sys.stderr.isatty()),
    )
    owner = {id(o): a for c in result.table.categories for a in c.authorities for o in a.occurrences}
    occurrences = [o for c in result.table.categories for a in c.authorities for o in a.occurrences]
    rows = []
    for o in reading_order(result.document, occurrences + result.table.unlinked):
        a = owner.get(id(o))
        rows.append(
            {
                "page": result.pagemap.label(o),
                "kind": o.kind,
                "story": o.story,
                "category": a.category if a else None,
                "authority": a.text if a else None,
                "text": o.text,
            }
        )
    if args.as_json:
        json.dump(rows, sys.stdout, indent=2, ensure_ascii=False)
        print()
        return 0
    for r in rows:
        print(f"{r['page'] or '?':>5}  {r['kind']:<9} {r['story']:<8} {r['text']}")
    return 0


if __name__ == "__main__":
    run()
