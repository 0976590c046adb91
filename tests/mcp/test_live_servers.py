"""`toollint check --server`: real servers over stdio and Streamable HTTP, snapshots, and every bad-server case.

The good servers are a small server on the official SDK (tests/mcp/servers/sdk_server.py) and the
reference server `mcp-server-time` from PyPI (both in the `test` extra); the bad ones are a stdlib
script that misbehaves on purpose. No test leaves a process behind.
"""

from __future__ import annotations

import json
import os
import shlex
import signal
import socket
import subprocess
import sys
import time
from importlib import metadata
from pathlib import Path

import pytest
from click.testing import CliRunner

from toollint.cli import main
from toollint.errors import ServerError
from toollint.mcp import ServerSpec, list_server

pytestmark = pytest.mark.slow  # live servers

SERVERS = Path(__file__).parent / "servers"
PYTHON = shlex.quote(sys.executable)
FAKE = f"{PYTHON} {shlex.quote(str(SERVERS / 'fake_server.py'))}"
SDK = f"{PYTHON} {shlex.quote(str(SERVERS / 'sdk_server.py'))}"
TIME_SERVER = Path(sys.executable).parent / "mcp-server-time"


def toollint(*args: str, cwd: Path | None = None, timeout: float = 60, env: dict | None = None):
    return subprocess.run([sys.executable, "-m", "toollint", *args], capture_output=True, text=True,
                          timeout=timeout, cwd=cwd, env=env)


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False
    except OSError:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True


def assert_all_gone(pidfile: Path) -> None:
    pids = [int(p) for p in pidfile.read_text().split()]
    deadline = time.monotonic() + 3
    while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = [pid for pid in pids if alive(pid)]
    for pid in left:  # do not leave them behind even when the test fails
        os.kill(pid, signal.SIGKILL)
    assert not left, f"processes left behind: {left}"


def needs_sdk():
    pytest.importorskip("mcp", reason="the official MCP SDK is in the test extra")


# ---------------------------------------------------------------------------------------------
# Real servers


@pytest.fixture(scope="module")
def two_servers(tmp_path_factory):
    """The SDK server and mcp-server-time linted as one tool set, snapshots saved."""
    needs_sdk()
    if not TIME_SERVER.exists():
        pytest.skip("mcp-server-time is in the test extra")
    out = tmp_path_factory.mktemp("snapshots")
    proc = toollint("check", "--isolated", "--server", SDK, "--server", f"{TIME_SERVER} --local-timezone UTC",
                    "--save-snapshot", str(out / "{server}.json"), "--tool-set", "--output-format", "json")
    return proc, out, json.loads(proc.stdout or "[]")


def _position(text: str, needle: str) -> tuple[int, int]:
    offset = text.index(needle)
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def test_live_servers_are_linted_and_findings_point_into_their_snapshots(two_servers):
    proc, out, findings = two_servers
    assert proc.returncode == 1, proc.stderr
    snapshot = (out / "billing-test.json").read_text(encoding="utf-8")
    data = json.loads(snapshot)
    assert data["serverInfo"]["name"] == "billing-test"
    assert "Do not tell the user" in data["instructions"] and data["protocolVersion"]
    assert [t["name"] for t in data["tools"]] == ["refund_order", "export_all_customer_invoices_as_one_pdf_bundle",
                                                  "get_current_time"]
    by_rule = {f["rule"]: f for f in findings}
    poisoned = by_rule["model-instructions"]
    assert poisoned["file"] == str(out / "billing-test.json") and poisoned["pointer"] == "/instructions"
    assert (poisoned["line"], poisoned["column"]) == _position(snapshot, '"Use these tools')
    assert poisoned["server"] == "billing-test" and poisoned["tool"] is None
    unit = by_rule["missing-unit"]
    assert unit["server"] == "billing-test" and unit["tool"] == "refund_order"
    assert unit["pointer"] == "/tools/0/inputSchema/properties/amount"
    long_name = by_rule["prefixed-name-too-long"]
    assert long_name["tool"] == "export_all_customer_invoices_as_one_pdf_bundle"
    assert "is 65 characters once a client prefixes it" in long_name["message"]
    assert "`mcp__billing-test__export_all_customer_invoices_as_one_pdf_bundle`" in long_name["note"]


def test_reference_server_from_pypi_is_listed_and_its_snapshot_is_pointed_into(two_servers):
    proc, out, findings = two_servers
    snapshot = (out / "mcp-time.json").read_text(encoding="utf-8")
    data = json.loads(snapshot)
    assert data["serverInfo"]["name"] == "mcp-time"
    assert {t["name"] for t in data["tools"]} == {"get_current_time", "convert_time"}
    collisions = [f for f in findings if f["rule"] == "tool-set-name-collision"]
    assert len(collisions) == 1, collisions
    collision = collisions[0]
    assert collision["code"] == "TL204" and collision["server"] == "mcp-time"
    assert collision["file"] == str(out / "mcp-time.json") and collision["tool"] == "get_current_time"
    index = [t["name"] for t in data["tools"]].index("get_current_time")
    assert collision["pointer"] == f"/tools/{index}/name"
    line, column = collision["line"], collision["column"]
    assert snapshot.splitlines()[line - 1][column - 1:].startswith('"get_current_time"')
    assert "server `billing-test`" in collision["message"]
    assert all(f["rule"] != "tool-set-name-collision" or f["file"].endswith("mcp-time.json") for f in findings)


def test_a_saved_snapshot_is_linted_like_any_tool_file(two_servers):
    _, out, live = two_servers
    again = toollint("check", "--isolated", "--output-format", "json", str(out / "billing-test.json"))
    assert again.returncode == 1
    findings = json.loads(again.stdout)
    same = sorted((f["rule"], f["line"], f["column"]) for f in live if f["file"].endswith("billing-test.json"))
    assert sorted((f["rule"], f["line"], f["column"]) for f in findings) == same
    assert {f["server"] for f in findings} == {"billing-test"}


def test_full_output_names_the_server_and_the_tool():
    proc = toollint("check", "--isolated", "--select", "missing-unit", "--fail-on", "info", "--server", f"{FAKE} paged")
    assert proc.returncode == 1, proc.stderr
    # no file holds this listing: the place is the tool and the pointer, not a line of JSON nobody sees
    assert "server fake-paged, tool tool_0 at /tools/0/inputSchema/properties/amount: TL401" in proc.stdout
    assert "<server" not in proc.stdout and '"amount": {' not in proc.stdout
    concise = toollint("check", "--isolated", "--select", "missing-unit", "--fail-on", "info", "--output-format",
                       "concise", "--server", f"{FAKE} paged")
    assert concise.stdout.startswith("server fake-paged, tool tool_0 at /tools/0/inputSchema/properties/amount: ")


def test_streamable_http_server_with_a_header_from_the_environment(tmp_path):
    needs_sdk()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([sys.executable, str(SERVERS / "sdk_server.py"), "--http", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    pytest.fail("the HTTP test server did not start")
                time.sleep(0.1)
        secret = "Bearer s3cr3t-token-value"
        env = {**os.environ, "TL_TEST_TOKEN": secret}
        proc = toollint("check", "--isolated", "--server-url", f"billing=http://127.0.0.1:{port}/mcp?key=hidden",
                        "--header-env", "Authorization=TL_TEST_TOKEN", "--output-format", "json",
                        "--save-snapshot", str(tmp_path / "billing.json"), env=env)
        assert proc.returncode == 1, proc.stderr
        snapshot = json.loads((tmp_path / "billing.json").read_text(encoding="utf-8"))
        sdk = tuple(int(p) for p in metadata.version("mcp").split(".")[:2])
        # mcp 2.3.0 serves 2026-07-28 over Streamable HTTP too: discover, then stateless tools/list (issue 23)
        assert snapshot["protocolVersion"] == ("2026-07-28" if sdk >= (2, 3) else snapshot["protocolVersion"])
        findings = json.loads(proc.stdout)
        assert {f["server"] for f in findings} == {"billing"}
        assert any(f["rule"] == "model-instructions" for f in findings)
        assert secret not in proc.stdout + proc.stderr
        missing = toollint("check", "--isolated", "--server-url", f"http://127.0.0.1:{port}/mcp",
                           "--header-env", "Authorization=TL_UNSET_VARIABLE_XYZ")
        assert missing.returncode == 2 and "TL_UNSET_VARIABLE_XYZ, which is not set" in missing.stderr
    finally:
        server.terminate()
        server.wait(10)


def test_unreachable_url_is_a_clear_error():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # closed again: nothing listens
    proc = toollint("check", "--isolated", "--server-url", f"http://127.0.0.1:{port}/mcp?token=abc",
                    "--server-timeout", "2")
    assert proc.returncode == 2
    assert f"server http://127.0.0.1:{port}/mcp: cannot reach the server" in proc.stderr
    assert "token=abc" not in proc.stderr and "Traceback" not in proc.stderr


def test_user_info_in_a_url_is_refused_without_printing_it():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # closed again: nothing listens
    proc = toollint("check", "--isolated", "--server-url", f"http://user:pw@127.0.0.1:{port}/mcp?token=abc",
                    "--server-timeout", "2")
    assert proc.returncode == 2
    assert f"server http://127.0.0.1:{port}/mcp: a URL with user info (user:password@) is not supported" in proc.stderr
    assert "pw" not in proc.stderr and "token=abc" not in proc.stderr and "Traceback" not in proc.stderr


# ---------------------------------------------------------------------------------------------
# The protocol: paging, server requests


def test_tools_list_pages_are_followed_to_the_end():
    listing = list_server(ServerSpec.from_command(f"{FAKE} paged"), timeout=10)
    assert listing.name == "fake-paged" and listing.version == "1.0"
    assert [t["name"] for t in listing.tools] == [f"tool_{i}" for i in range(5)]


def test_server_requests_and_notifications_between_answers_are_handled():
    listing = list_server(ServerSpec.from_command(f"{FAKE} pingy"), timeout=10)
    assert len(listing.tools) == 5


def test_a_named_server_is_reported_by_that_name(tmp_path):
    proc = toollint("check", "--isolated", "--server", f"crm={FAKE} paged", "--save-snapshot",
                    str(tmp_path / "crm.json"), "--output-format", "json")
    assert proc.returncode in (0, 1), proc.stderr
    assert json.loads((tmp_path / "crm.json").read_text())["serverInfo"]["name"] == "fake-paged"


# ---------------------------------------------------------------------------------------------
# Bad servers: exit 2, a clear message with the server's stderr, within the timeout, nothing left running

BAD = [
    pytest.param("exits", "exited with code 3 before answering `server/discover`", "fatal: config file missing",
                 id="server-exits"),
    pytest.param("banner", "wrote something that is not JSON to stdout: 'Server ready on stdio!'", None,
                 id="non-json-stdout"),
    pytest.param("silent", "no answer to `initialize` within 1 s (--server-timeout)", "starting up...",
                 id="never-answers"),
    pytest.param("error", "answered `tools/list` with JSON-RPC error -32603: database unavailable", None,
                 id="json-rpc-error"),
    pytest.param("malformed", "malformed tools/list result: tool #1 is a string, not an object", None,
                 id="malformed-tools"),
]


@pytest.mark.parametrize(("mode", "reason", "stderr"), BAD)
def test_bad_server(tmp_path, mode, reason, stderr):
    pidfile = tmp_path / "pids"
    started = time.monotonic()
    proc = toollint("check", "--isolated", "--server-timeout", "1", "--server",
                    f"{FAKE} {mode} {shlex.quote(str(pidfile))}", "--save-snapshot", str(tmp_path / "snap.json"),
                    timeout=30)
    elapsed = time.monotonic() - started
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert f"toollint: server {FAKE} {mode}" in proc.stderr
    assert reason in proc.stderr
    if stderr:
        assert f"its stderr (last lines):\n    {stderr}" in proc.stderr
    assert "Traceback" not in proc.stderr and proc.stdout == ""
    assert not (tmp_path / "snap.json").exists()
    assert elapsed < 12, f"took {elapsed:.1f} s"
    assert_all_gone(pidfile)


def invoke(*args: str):
    return CliRunner().invoke(main, list(args))


def test_missing_command():
    result = invoke("check", "--isolated", "--server", "no-such-mcp-server-xyz --flag")
    assert result.exit_code == 2
    assert "server no-such-mcp-server-xyz --flag: command not found: 'no-such-mcp-server-xyz'" in result.stderr


def test_library_raises_server_error_and_reaps_the_process_group(tmp_path):
    pidfile = tmp_path / "pids"
    started = time.monotonic()
    with pytest.raises(ServerError, match="no answer to `initialize` within 0.5 s"):
        list_server(ServerSpec.from_command(f"{FAKE} silent {shlex.quote(str(pidfile))}"), timeout=0.5)
    assert time.monotonic() - started < 8
    assert_all_gone(pidfile)


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT")
def test_ctrl_c_reaps_the_server(tmp_path):
    pidfile = tmp_path / "pids"
    proc = subprocess.Popen([sys.executable, "-m", "toollint", "check", "--isolated", "--server-timeout", "60",
                             "--server", f"{FAKE} silent {shlex.quote(str(pidfile))}"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            # Ctrl-C as a terminal delivers it, also when the tests run in a background job (which
                            # starts with SIGINT ignored, and a child keeps an ignored signal ignored)
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 20
        while not (pidfile.exists() and len(pidfile.read_text().split()) == 2):
            assert time.monotonic() < deadline and proc.poll() is None, "the server never started"
            time.sleep(0.05)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=15)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode != 0 and "Traceback" not in err
    assert_all_gone(pidfile)


def test_usage_errors(tmp_path):
    several = invoke("check", "--isolated", "--server", f"{FAKE} paged", "--server", f"{FAKE} pingy",
                     "--save-snapshot", str(tmp_path / "one.json"))
    assert several.exit_code == 2 and "put `{server}` in the path" in several.stderr
    assert not (tmp_path / "one.json").exists()
    bad_header = invoke("check", "--isolated", "--server-url", "http://127.0.0.1:1/mcp", "--header-env", "Bearer abc")
    assert bad_header.exit_code == 2 and "expected HEADER=ENVIRONMENT_VARIABLE" in bad_header.stderr
    unbalanced = invoke("check", "--isolated", "--server", "python 'unclosed")
    assert unbalanced.exit_code == 2 and "cannot split the command" in unbalanced.stderr
    lonely = invoke("check", "--isolated", "--save-snapshot", str(tmp_path / "x.json"), str(tmp_path))
    assert lonely.exit_code == 2 and "needs --server or --server-url" in lonely.stderr


def test_one_failing_server_stops_the_others_at_once(tmp_path):
    pidfile = tmp_path / "pids"
    started = time.monotonic()
    proc = toollint("check", "--isolated", "--server-timeout", "60", "--server", f"{FAKE} silent {shlex.quote(str(pidfile))}",
                    "--server", f"{FAKE} exits-late", timeout=40)
    assert proc.returncode == 2 and "exited with code 3" in proc.stderr
    assert time.monotonic() - started < 20
    assert_all_gone(pidfile)


def test_save_snapshot_replaces_a_snapshot_but_never_a_tool_file(tmp_path):
    snapshot = tmp_path / "crm.json"
    first = toollint("check", "--isolated", "--server", f"crm={FAKE} paged", "--save-snapshot", str(snapshot))
    assert first.returncode in (0, 1), first.stderr
    again = toollint("check", "--isolated", "--server", f"crm={FAKE} paged", "--save-snapshot", str(snapshot))
    assert again.returncode in (0, 1), again.stderr  # an earlier snapshot is refreshed
    tools = tmp_path / "tools.json"
    tools.write_text('{"tools": [{"name": "get_time", "description": "The time.", "inputSchema": {}}]}')
    before = tools.read_bytes()
    refused = toollint("check", "--isolated", str(tools), "--server", f"crm={FAKE} paged", "--save-snapshot",
                       str(tools))
    assert refused.returncode == 2 and "is not a tools/list snapshot" in refused.stderr
    assert tools.read_bytes() == before
