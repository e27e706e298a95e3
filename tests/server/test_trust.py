"""Trusting toa's certificate: on Linux for real (NSS databases through Debian's certutil and
vfychain, in a home folder of the test's own; the system store through Debian's
update-ca-certificates in folders of the test's own), on macOS and Windows by the command lines
toa runs there, which are checked against Apple's and Microsoft's documented syntax, and by the
part of their trust check that is Python (Windows' root list)."""

from __future__ import annotations

import shutil
import subprocess
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import trustme

from toa.server import certs, trust

NSS = shutil.which("certutil") and shutil.which("vfychain")
needs_nss = pytest.mark.skipif(not NSS, reason="NSS tools are not installed (libnss3-tools; scripts/setup.sh)")


def nicknames(db: Path) -> list[str]:
    out = subprocess.run(["certutil", "-d", f"sql:{db}", "-L"], capture_output=True, text=True, check=True).stdout
    return [line.rsplit(None, 1)[0] for line in out.splitlines()[4:] if line.strip()]


def foreign_cert(tmp_path: Path) -> certs.Certificate:
    """A certificate for localhost from a CA this computer has never seen."""
    ca = trustme.CA()
    leaf = ca.issue_cert("localhost", "127.0.0.1")
    leaf.cert_chain_pems[0].write_to_path(str(tmp_path / "foreign.crt"))
    leaf.private_key_pem.write_to_path(str(tmp_path / "foreign.key"))
    return certs.read(tmp_path / "foreign.crt", tmp_path / "foreign.key")


@needs_nss
def test_setup_on_linux_trusts_in_chromes_and_each_firefox_database_without_root(tmp_path):
    home = tmp_path / "home"
    firefox = home / ".mozilla" / "firefox" / "abcd.default-release"
    firefox.mkdir(parents=True)
    subprocess.run(["certutil", "-d", f"sql:{firefox}", "-N", "--empty-password"], check=True)
    where = trust.stores("linux", home)
    assert [s.name for s in where] == ["Chrome and Chromium (~/.pki/nssdb)", "Firefox (profile abcd.default-release)"]
    folder = tmp_path / "config" / "certs"
    done = trust.setup(folder, where)
    assert [r.trusted for r in done.results] == [True, True]
    cert = certs.read(folder / certs.CERT_FILE, folder / certs.KEY_FILE)
    assert [t.trusted for t in trust.check(cert, where)] == [True, True]
    label = certs.ca_label(folder / certs.CA_FILE)
    assert nicknames(home / ".pki" / "nssdb") == [label] and nicknames(firefox) == [label]
    assert trust.untrusted_warning(cert, trust.check(cert, where)) is None
    # nothing else is trusted: a certificate from another CA is not
    other = foreign_cert(tmp_path)
    results = trust.check(other, where)
    assert [r.trusted for r in results] == [False, False]
    warning = trust.untrusted_warning(other, results)
    assert "does not trust" in warning and "toa addin setup" in warning and "its issuer is not trusted there" in warning


@needs_nss
def test_renewing_replaces_the_pair_and_the_old_ca_leaves_the_store(tmp_path):
    where = trust.stores("linux", tmp_path / "home")
    folder = tmp_path / "certs"
    trust.setup(folder, where)
    first_label, first = certs.ca_label(folder / certs.CA_FILE), (folder / certs.CERT_FILE).read_bytes()
    done = trust.setup(folder, where)
    assert done.results[0].trusted and (folder / certs.CERT_FILE).read_bytes() != first
    assert nicknames(tmp_path / "home" / ".pki" / "nssdb") == [certs.ca_label(folder / certs.CA_FILE)] != [first_label]


def pair_files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()} if folder.is_dir() else {}


class FailingSystemStore(trust.SystemStore):
    """The system store of the test's own folders whose update command fails (a disk that
    fills, a package hook that breaks): it passes the checks, then fails while acting."""

    def __init__(self, tmp_path: Path):
        (tmp_path / "anchors").mkdir(exist_ok=True)
        super().__init__(tmp_path / "anchors", ["false"], tmp_path / "bundle.crt", elevate=[])


@needs_nss
def test_a_corrupt_nss_database_stops_setup_before_anything_changes(tmp_path):
    """The issue's case: a Firefox profile's cert9.db is garbage. Setup says which store and
    why, and changes nothing: the served pair, Chrome's database, the system store's file."""
    home = tmp_path / "home"
    firefox = home / ".mozilla" / "firefox" / "abcd.default-release"
    firefox.mkdir(parents=True)
    subprocess.run(["certutil", "-d", f"sql:{firefox}", "-N", "--empty-password"], check=True)
    folder = tmp_path / "certs"
    trust.setup(folder, trust.stores("linux", home))
    before, label = pair_files(folder), certs.ca_label(folder / certs.CA_FILE)
    (firefox / "cert9.db").write_bytes(b"not a database" * 100)
    system = FailingSystemStore(tmp_path)
    with pytest.raises(trust.SetupError) as raised:
        trust.setup(folder, [*trust.stores("linux", home), system])
    said = str(raised.value)
    assert "Firefox (profile abcd.default-release)" in said and "SEC_ERROR_BAD_DATABASE" in said, said
    assert "nothing was changed" in said and "\n" not in said
    assert pair_files(folder) == before and nicknames(home / ".pki" / "nssdb") == [label]
    assert list((tmp_path / "anchors").iterdir()) == []


@needs_nss
def test_a_store_that_fails_while_acting_puts_every_store_and_the_pair_back(tmp_path):
    """Renewing: Chrome's database takes the new CA, then the system store's update fails. The
    new CA leaves Chrome's database, the system store's file is the previous CA again, and toa
    serve keeps its previous pair, byte for byte."""
    home = tmp_path / "home"
    folder = tmp_path / "certs"
    trust.setup(folder, trust.stores("linux", home))
    before, label = pair_files(folder), certs.ca_label(folder / certs.CA_FILE)
    system = FailingSystemStore(tmp_path)
    (system.anchors / system.FILE).write_bytes(before[certs.CA_FILE])  # the previous setup's
    with pytest.raises(trust.SetupError) as raised:
        trust.setup(folder, [*trust.stores("linux", home), system])
    said = str(raised.value)
    assert system.name in said and "`false` failed" in said and "put back" in said, said
    assert pair_files(folder) == before and nicknames(home / ".pki" / "nssdb") == [label]
    assert [p.read_bytes() for p in system.anchors.iterdir()] == [before[certs.CA_FILE]]


@needs_nss
def test_a_first_setup_that_fails_leaves_no_database_no_anchor_and_no_pair(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    folder = tmp_path / "certs"
    system = FailingSystemStore(tmp_path)
    with pytest.raises(trust.SetupError):
        trust.setup(folder, [*trust.stores("linux", home), system])
    assert list(home.iterdir()) == [] and pair_files(folder) == {} and list(system.anchors.iterdir()) == []


def test_without_nss_tools_setup_refuses_before_it_makes_anything(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    folder = tmp_path / "certs"
    with pytest.raises(trust.SetupError, match="certutil is not installed"):
        trust.setup(folder, trust.stores("linux", tmp_path / "home"))
    assert not folder.exists() and not (tmp_path / "home").exists()


def test_without_root_or_sudo_the_system_store_is_not_claimed(tmp_path):
    store = trust.SystemStore(tmp_path / "anchors", ["update-ca-certificates"], tmp_path / "bundle.crt", elevate=None)
    said = store.problem()
    assert said and "needs root" in said and "--system" in said
    with pytest.raises(trust.SetupError, match="needs root"):
        trust.setup(tmp_path / "certs", [store])
    assert not (tmp_path / "anchors").exists() and not (tmp_path / "certs").exists()


@pytest.mark.skipif(not shutil.which("update-ca-certificates"), reason="Debian's ca-certificates is not installed")
def test_the_system_store_on_debian_in_folders_of_the_tests_own(tmp_path):
    local, share, etc, hooks = (tmp_path / d for d in ("local", "share", "etc", "hooks"))
    for d in (local, share, etc, hooks):
        d.mkdir()
    (tmp_path / "ca-certificates.conf").write_text("")
    update = [
        "update-ca-certificates",
        "--certsconf",
        str(tmp_path / "ca-certificates.conf"),
        "--certsdir",
        str(share),
        "--localcertsdir",
        str(local),
        "--etccertsdir",
        str(etc),
        "--hooksdir",
        str(hooks),
    ]
    store = trust.SystemStore(local, update, etc / "ca-certificates.crt", elevate=[])
    folder = tmp_path / "certs"
    done = trust.setup(folder, [store])
    assert [r.trusted for r in done.results] == [True]
    assert (local / trust.SystemStore.FILE).read_bytes() == (folder / certs.CA_FILE).read_bytes()
    assert store.trusts(foreign_cert(tmp_path)).trusted is False


def test_macos_command_lines_are_those_of_apples_security_tool(tmp_path):
    # security(1): add-trusted-cert [-d] [-r resultType] ... [-k keychain] certFile ("per-user
    # Trust Settings" without -d); remove-trusted-cert [-d] certFile; delete-certificate -Z hash
    # keychain; verify-cert -c certFile -p ssl -n name -L ("use local certificates only").
    made = certs.make()
    certs.save(made, tmp_path)
    ca = tmp_path / certs.CA_FILE
    store = trust.KeychainStore(Path("/Users/pat"))
    keychain = "/Users/pat/Library/Keychains/login.keychain-db"
    assert store.add_commands(ca, made.ca_label) == [
        ["security", "add-trusted-cert", "-r", "trustRoot", "-k", keychain, str(ca)]
    ]
    assert store.remove_commands(ca, made.ca_label) == [
        ["security", "remove-trusted-cert", str(ca)],
        ["security", "delete-certificate", "-Z", certs.sha1(ca), keychain],
    ]
    assert len(certs.sha1(ca)) == 40


def test_windows_command_lines_are_those_of_microsofts_certutil(tmp_path):
    # certutil [-user] -addstore CertificateStoreName InFile; -delstore CertificateStoreName CertId
    # (a SHA-1 hash is a CertId); "Root" is Trusted Root Certification Authorities.
    made = certs.make()
    certs.save(made, tmp_path)
    ca = tmp_path / certs.CA_FILE
    store = trust.WindowsStore(roots=list)
    assert store.add_commands(ca, made.ca_label) == [["certutil", "-user", "-addstore", "Root", str(ca)]]
    assert store.remove_commands(ca, made.ca_label) == [["certutil", "-user", "-delstore", "Root", certs.sha1(ca)]]
    assert trust.LOOPBACK_COMMAND == 'CheckNetIsolation LoopbackExempt -a -n="microsoft.win32webviewhost_cw5n1h2txyewy"'


def test_windows_trust_is_read_from_its_root_list(tmp_path):
    from cryptography import x509
    from cryptography.hazmat.primitives import serialization

    made = certs.make()
    certs.save(made, tmp_path)
    cert = certs.read(tmp_path / certs.CERT_FILE, tmp_path / certs.KEY_FILE)
    ca_der = x509.load_pem_x509_certificate(made.ca).public_bytes(serialization.Encoding.DER)
    other_der = x509.load_pem_x509_certificate(certs.make().ca).public_bytes(serialization.Encoding.DER)

    def verdict(roots):
        return trust.WindowsStore(roots=lambda: roots).trusts(cert).trusted

    assert verdict([(other_der, "x509_asn", True), (ca_der, "x509_asn", True)]) is True
    assert verdict([(ca_der, "x509_asn", {trust.SERVER_AUTH})]) is True
    assert verdict([(ca_der, "x509_asn", {"1.3.6.1.5.5.7.3.4"})]) is False  # trusted for e-mail only
    assert verdict([(other_der, "x509_asn", True)]) is False
    assert verdict([]) is False


def test_the_stores_of_each_platform(tmp_path):
    assert [type(s) for s in trust.stores("win32", tmp_path)] == [trust.WindowsStore]
    assert [type(s) for s in trust.stores("darwin", tmp_path)] == [trust.KeychainStore]
    assert [s.db for s in trust.stores("linux", tmp_path)] == [tmp_path / ".pki" / "nssdb"]


@needs_nss
def test_an_expired_certificate_is_not_called_trusted_by_nss_so_setup_keeps_none_of_it(tmp_path):
    """The CA is added, then NSS, asked about the pair (expired two days ago), says no: setup
    puts the database back and writes no pair."""
    home = tmp_path / "home"
    where = trust.stores("linux", home)
    folder = tmp_path / "certs"
    with pytest.raises(trust.SetupError, match="its issuer is not trusted there"):
        trust.setup(folder, where, days=1, now=datetime.now(UTC) - timedelta(days=3))
    assert not folder.exists() and not home.exists()
