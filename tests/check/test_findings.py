"""check on the reference host with a tool of deliberate breaks: every kind is found, with its
code, where it sits and its shrunk arguments; nothing leaves the sandbox."""

from __future__ import annotations

import json
import os
import pwd
import socket
import threading
import time
from pathlib import Path

from tests.check.conftest import add_fixture, run_check

PLANTED = Path(pwd.getpwuid(os.getuid()).pw_dir) / "hermes-dev-check-planted.txt"


class Listener:
    """A TCP listener on the loopback address that counts the connections it accepts."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(5)
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.accepted = 0
        self._stop = False
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self._stop:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            self.accepted += 1
            conn.close()

    def close(self) -> None:
        self._stop = True
        self.thread.join(2)
        self.sock.close()


def test_every_break_is_found_shrunk_and_contained(host: Path) -> None:
    listener = Listener()
    try:
        began = time.monotonic()
        proc = run_check(
            host, "breaks", "--timeout", "1", "--env", f"BREAKS_PORT={listener.port}",
            "--format", "json", "--no-lint",
        )
        seconds = time.monotonic() - began
    finally:
        listener.close()
    assert proc.returncode == 1, proc.stderr
    items = json.loads(proc.stdout)
    found = {(i["code"], json.dumps(i["arguments"], sort_keys=True)): i for i in items}
    assert set(found) == {
        ("HD501", '{}'),
        ("HD501", '{"count": "", "symbol": ""}'),
        ("HD502", '{"mode": "table", "symbol": ""}'),
        ("HD503", '{"mode": "lookup", "symbol": ""}'),
        ("HD504", '{"mode": "wait", "symbol": ""}'),
        ("HD505", '{"mode": "fetch", "symbol": ""}'),
        ("HD505", '{"mode": "save", "symbol": ""}'),
    }
    messages = {i["message"].split("; replay:")[0] for i in items}
    assert "`KeyError: 'symbol'` escapes the handler" in messages
    assert '`TypeError: can only concatenate str (not "int") to str` escapes the handler' in messages
    assert "returns a dict, not a JSON string: {'symbol': '', 'rows': []}" in messages
    assert (
        'reports a failure without an "error" key: {"success": false, "message": "no quote for "}'
        in messages
    )
    assert "gives no answer within 1 s" in messages
    assert f"tries to connect to 127.0.0.1:{listener.port} (blocked by the sandbox)" in messages
    assert f"tries to open {PLANTED} for writing (blocked by the sandbox)" in messages
    lines = {i["code"] + ":" + str(i["line"]) for i in items}
    # The handler's line each problem leaves through (its definition for the return values).
    assert lines == {"HD501:42", "HD501:44", "HD502:41", "HD503:41", "HD504:51", "HD505:56", "HD505:62"}
    for item in items:
        assert item["path"] == "tools/breaks_tool.py"
        assert item["tool"] == "breaks"
        assert item["replay"] == (
            "hermes-dev check breaks --replay "
            f"'{json.dumps(item['arguments'], sort_keys=True)}'"
        )
    keyerror = found[("HD501", "{}")]
    assert keyerror["chain"] == [{"path": "tools/breaks_tool.py", "line": 42, "function": "breaks"}]
    assert listener.accepted == 0
    assert not PLANTED.exists()
    assert seconds < 60


def test_text_report_names_code_place_and_replay(host: Path) -> None:
    proc = run_check(host, "breaks", "--timeout", "1", "--select", "HD501", "--no-lint")
    assert proc.returncode == 1
    lines = proc.stdout.splitlines()
    assert lines[2].startswith("Found 2 findings in 1 file (1 tool checked, ")
    assert lines[:2] == [
        "tools/breaks_tool.py:42:5: HD501 `KeyError: 'symbol'` escapes the handler; replay:"
        " hermes-dev check breaks --replay '{}' [breaks]",
        "tools/breaks_tool.py:44:5: HD501 `TypeError: can only concatenate str (not \"int\") to"
        " str` escapes the handler; replay: hermes-dev check breaks --replay"
        " '{\"count\": \"\", \"symbol\": \"\"}' [breaks]",
    ]


def test_a_tool_not_named_is_never_called(host: Path, tmp_path: Path) -> None:
    add_fixture(host, "tamper_tool.py")
    outside = tmp_path / "outside"
    outside.mkdir()
    proc = run_check(host, "current_time", "--env", f"TAMPER_DIR={outside}", "--format", "json")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert json.loads(proc.stdout) == []
    # spy would have written here even through a failed guard (it is registered, not named).
    assert list(outside.iterdir()) == []


def test_all_skips_the_skipped_toolsets(host: Path) -> None:
    (host / "pyproject.toml").write_text(
        '[tool.hermes-dev.check]\nextend-skip-toolsets = ["breaks"]\n', encoding="utf-8"
    )
    proc = run_check(host, "--all", "--timeout", "1")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "5 tools checked" in proc.stdout  # the host's five; breaks is skipped


def test_clean_tools_give_exit_zero(host: Path) -> None:
    proc = run_check(host, "weather", "word_count", "reverse_text", "roll_dice", "current_time")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.startswith("All checks passed (5 tools checked, ")


def test_env_unset_call_and_placeholders(host: Path) -> None:
    tool = host / "tools" / "needs_key_tool.py"
    tool.write_text(
        "import json, os\n"
        "from tools.registry import registry\n"
        "def needs_key(args, **kw):\n"
        "    return json.dumps({'key': os.environ['NEEDS_KEY'][:3]})\n"
        "registry.register(name='needs_key', toolset='k', schema={'name': 'needs_key',"
        " 'description': 'd', 'parameters': {'type': 'object', 'properties': {}}},"
        " handler=needs_key, requires_env=['NEEDS_KEY'], check_fn=lambda: True)\n",
        encoding="utf-8",
    )
    proc = run_check(host, "needs_key", "--format", "json")
    items = json.loads(proc.stdout)
    assert [(i["code"], i["unset_env"]) for i in items] == [("HD501", ["NEEDS_KEY"])]
    assert items[0]["message"].startswith("`KeyError: 'NEEDS_KEY'` escapes the handler (with NEEDS_KEY unset)")
    assert items[0]["replay"] == "hermes-dev check needs_key --replay '{}' --without-env"


def test_a_long_text_line_keeps_its_replay_whole(host: Path) -> None:
    """The text report shortened a long line from its last `; `, which dropped the replay
    command (the README's worked example shows it on every line)."""
    proc = run_check(host, "breaks", "--timeout", "1", "--select", "HD503")
    assert proc.returncode == 1, proc.stderr
    line = proc.stdout.splitlines()[0]
    assert line == (
        'tools/breaks_tool.py:41:1: HD503 reports a failure without an "error" key: {"success":'
        ' false, "message": "no q...; replay: hermes-dev check breaks --replay'
        ' \'{"mode": "lookup", "symbol": ""}\' [breaks]'
    )
    assert len(line) <= 199
