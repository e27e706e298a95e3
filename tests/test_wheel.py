"""The package as users get it: a wheel, installed into a fresh virtual environment, run from a
folder outside the checkout. An editable install reads templates and styles from the checkout
and so hides any file the wheel fails to ship; this test does not.

pip gets the build backend and the wheel's dependencies from the package index (or its cache).
Without a network that cannot run, and the tests are skipped with pip's reason; any other failure
fails.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import toa

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "appellate-brief.docx"
_OFFLINE = re.compile(
    r"NewConnectionError|Temporary failure in name resolution|Network is unreachable|"
    r"ConnectTimeout|Failed to establish a new connection",
    re.I,
)


def _run(cmd: list[str], cwd: Path, timeout: int = 600) -> subprocess.CompletedProcess:
    # The checkout must not leak in: no PYTHONPATH, and the working folder is elsewhere.
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout, env=env)


def _skip_when_offline(pip: subprocess.CompletedProcess) -> None:
    if pip.returncode != 0 and _OFFLINE.search(pip.stderr + pip.stdout):
        pytest.skip(f"no package index reachable for pip: {pip.stderr.strip()[-200:]}")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel built from this checkout, as `pip wheel .` builds it."""
    dist = tmp_path_factory.mktemp("dist")
    built = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(ROOT)], cwd=dist)
    _skip_when_offline(built)
    assert built.returncode == 0, built.stderr
    (found,) = dist.glob("toa-*.whl")
    return found


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """The bin/ folder of a fresh virtual environment holding the wheel."""
    venv = tmp_path_factory.mktemp("venv")
    created = _run([sys.executable, "-m", "venv", str(venv)], cwd=venv)
    assert created.returncode == 0, created.stderr
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    pip = _run(
        [str(bin_dir / "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(wheel)], cwd=venv
    )
    _skip_when_offline(pip)
    assert pip.returncode == 0, pip.stderr
    return bin_dir


@pytest.fixture
def elsewhere(tmp_path) -> Path:
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    return folder


def test_the_wheel_ships_the_template_and_every_style(wheel):
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
    assert "toa/templates/toa.docx" in names
    assert "toa/py.typed" in names  # the marker that lets type checkers read toa's annotations (PEP 561)
    styles = {f"toa/styles/{p.name}" for p in (ROOT / "toa" / "styles").glob("*.toml")}
    assert styles and styles <= names
    # pyproject.toml lists the packages (it maps addin/ into the package): none may be left out
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "toa").rglob("*.py")}
    assert modules <= names
    pane = {"toa/addin/" + p.relative_to(ROOT / "addin").as_posix() for p in (ROOT / "addin").rglob("*") if p.is_file()}
    assert "toa/addin/manifest.xml" in pane and "toa/addin/taskpane.js" in pane and pane <= names


def test_version_from_any_folder(installed, elsewhere):
    run = _run([str(installed / "toa"), "--version"], cwd=elsewhere)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == f"toa {toa.__version__}"


def test_the_installed_package_is_the_wheel_not_the_checkout(installed, elsewhere):
    run = _run([str(installed / "python"), "-c", "import toa; print(toa.__file__)"], cwd=elsewhere)
    assert run.returncode == 0, run.stderr
    location = Path(run.stdout.strip()).resolve()
    assert ROOT not in location.parents
    assert installed.parent in location.parents


@pytest.mark.parametrize("pages", ["estimate", "auto"])
def test_build_from_the_wheel_writes_the_table(installed, elsewhere, pages):
    before = SAMPLE.read_bytes()
    out, report = elsewhere / "out.docx", elsewhere / "report.json"
    run = _run(
        [str(installed / "toa"), "build", str(SAMPLE), "-o", str(out), "--json", str(report), "--pages", pages],
        cwd=elsewhere,
    )
    assert run.returncode == 0, run.stderr
    assert SAMPLE.read_bytes() == before
    with zipfile.ZipFile(out) as z:
        body = z.read("word/document.xml").decode("utf-8")
    assert "TOA \\c" in body and "TA \\l" in body
    data = json.loads(report.read_text(encoding="utf-8"))
    cases = next(c for c in data["categories"] if c["key"] == "cases")
    assert any(a["text"].startswith("Celotex Corp. v. Catrett") for a in cases["authorities"])


def test_check_offline_from_the_wheel(installed, elsewhere):
    out = elsewhere / "checked.docx"
    env_cache = {"XDG_CACHE_HOME": str(elsewhere / "cache")}
    run = subprocess.run(
        [str(installed / "toa"), "check", str(ROOT / "samples" / "planted-problems.docx"), "--offline", "-o", str(out)],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, **env_cache},
    )
    assert run.returncode == 0, run.stderr
    with zipfile.ZipFile(out) as z:
        assert "word/comments.xml" in z.namelist()


def test_a_named_style_loads_from_the_wheel(installed, elsewhere):
    code = "from toa import styles; print(' '.join(styles.builtin_names())); print(styles.load('sg').name)"
    run = _run([str(installed / "python"), "-c", code], cwd=elsewhere)
    assert run.returncode == 0, run.stderr
    from toa.styles import builtin_names

    names, sg = run.stdout.splitlines()
    assert names.split() == builtin_names()
    assert sg == "sg"


def test_the_addin_manifest_from_the_wheel(installed, elsewhere):
    out = elsewhere / "manifest.xml"
    run = _run([str(installed / "toa"), "addin", "manifest", "--port", "3456", "-o", str(out)], cwd=elsewhere)
    assert run.returncode == 0, run.stderr
    assert "https://localhost:3456/taskpane.html" in out.read_text(encoding="utf-8")
