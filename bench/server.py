"""Benchmark `hermes-dev server`: edit -> diagnostics latency on a big tool module (by hand).

    python bench/server.py [--edits N] [--tree DIR] [--one FILE] [--keep DIR]

A plain LSP client (JSON-RPC over the server's stdin/stdout, written here: no pygls on the
client side) starts `hermes-dev server` in the tree (bench/real_tree.py's real-shaped tree by
default, or a checkout given with `--tree`; never modified: edits live in the editor buffer),
opens the module (default: the real-shaped tree's 3,000-line `tools/deep_000_tool.py`, or the
largest registering module under a `--tree`'s tools/), and sends N edits, each a whole new text
of the buffer: the module with a dict returned on one path of a registered handler (an HD101
finding) and then without it, each with one more comment line so no two texts are the same.
An edit's latency is from sending `didChange` to receiving the `publishDiagnostics` of that
version. Target: median <= 300 ms (warm: after the open, which is the cold part, and after a
`hermes-dev lint` run has filled the on-disk cache, as in a checkout used before). The first
edit comes `--settle` seconds after the open (default 5: the server analyses the module's
calls in that pause, so the first edit does not pay for them).
Measured twice: with `debounceMs` 0 (the lint alone) and with the default debounce (what an
editor shows). Also: the open's latency, the server's peak RSS, and that shutdown + exit leave
it with status 0.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench import real_tree
from bench.lint import _default_one, _hermes_dev, _with_dict_return


class Client:
    """A bare LSP client over a child process's pipes."""

    def __init__(self, cmd: list[str], cwd: Path, env: dict[str, str]) -> None:
        self.proc = subprocess.Popen(
            cmd, cwd=cwd, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE
        )
        self._id = 0

    def send(self, method: str, params: object, request: bool = False) -> int | None:
        message: dict[str, object] = {"jsonrpc": "2.0", "method": method, "params": params}
        ident = None
        if request:
            self._id += 1
            ident = message["id"] = self._id
        body = json.dumps(message).encode("utf-8")
        assert self.proc.stdin is not None
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()
        return ident

    def read(self) -> dict[str, object]:
        assert self.proc.stdout is not None
        length = 0
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise SystemExit("the server closed its output")
            if line in (b"\r\n", b"\n"):
                break
            name, _, value = line.decode("ascii").partition(":")
            if name.lower() == "content-length":
                length = int(value.strip())
        message: dict[str, object] = json.loads(self.proc.stdout.read(length))
        if "id" in message and "method" in message:  # a request from the server: answer it
            reply = {"jsonrpc": "2.0", "id": message["id"], "result": None}
            body = json.dumps(reply).encode("utf-8")
            assert self.proc.stdin is not None
            self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            self.proc.stdin.flush()
        return message

    def wait_response(self, ident: int | None) -> dict[str, object]:
        while True:
            message = self.read()
            if message.get("id") == ident and "method" not in message:
                return message

    def wait_diagnostics(self, uri: str, version: int) -> list[dict[str, object]]:
        while True:
            message = self.read()
            if message.get("method") != "textDocument/publishDiagnostics":
                continue
            params = message["params"]
            assert isinstance(params, dict)
            if params.get("uri") == uri and params.get("version") == version:
                diagnostics = params["diagnostics"]
                assert isinstance(diagnostics, list)
                return diagnostics


def session(
    root: Path,
    one: str,
    texts: list[str],
    env: dict[str, str],
    debounce_ms: int | None,
    settle: float,
) -> dict[str, object]:
    """Open `one`, send each text of `texts` as an edit; the latencies and the peak RSS."""
    client = Client([_hermes_dev(), "server"], root, env)
    options = {} if debounce_ms is None else {"debounceMs": debounce_ms}
    ident = client.send(
        "initialize",
        {
            "processId": os.getpid(),
            "rootUri": root.as_uri(),
            "capabilities": {"textDocument": {"publishDiagnostics": {"versionSupport": True}}},
            "initializationOptions": options,
        },
        request=True,
    )
    client.wait_response(ident)
    client.send("initialized", {})
    uri = (root / one).as_uri()
    original = (root / one).read_text(encoding="utf-8")
    start = time.perf_counter()
    client.send(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": original}},
    )
    opened = client.wait_diagnostics(uri, 1)
    open_s = time.perf_counter() - start
    time.sleep(settle)  # as a person reads before typing (the server primes its analysis)
    latencies: list[float] = []
    codes: list[list[object]] = []
    for n, text in enumerate(texts, 2):
        start = time.perf_counter()
        client.send(
            "textDocument/didChange",
            {
                "textDocument": {"uri": uri, "version": n},
                "contentChanges": [{"text": text}],
            },
        )
        found = client.wait_diagnostics(uri, n)
        latencies.append(time.perf_counter() - start)
        codes.append(sorted({d.get("code") for d in found}, key=str))
    ident = client.send("shutdown", None, request=True)
    client.wait_response(ident)
    client.send("exit", None)
    _, status, usage = os.wait4(client.proc.pid, 0)
    return {
        "open": open_s,
        "open_findings": len(opened),
        "latencies": latencies,
        "codes": codes,
        "exit": os.waitstatus_to_exitcode(status),
        "rss": usage.ru_maxrss * 1024,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--edits", type=int, default=21)
    parser.add_argument("--tree", type=Path, help="measure in this existing tree instead")
    parser.add_argument("--one", help="the module to edit, relative to the tree")
    parser.add_argument("--keep", type=Path, help="build the tree here and keep it")
    parser.add_argument(
        "--settle", type=float, default=5.0, help="seconds between the open and the first edit"
    )
    args = parser.parse_args()
    if args.tree is not None:
        root = args.tree.resolve()
    else:
        root = args.keep or Path(tempfile.mkdtemp(prefix="hermes-real-tree-"))
        print(f"real-shaped tree: {real_tree.build(root)} ({root})")
    cache = Path(tempfile.mkdtemp(prefix="hermes-dev-cache-"))
    try:
        one = args.one or ("tools/deep_000_tool.py" if args.tree is None else _default_one(root))
        env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
        env.pop("HERMES_DEV_NO_CACHE", None)
        subprocess.run(
            [_hermes_dev(), "lint"], cwd=root, env=env, stdout=subprocess.DEVNULL, check=False
        )
        original = (root / one).read_text(encoding="utf-8")
        broken = _with_dict_return(root / one).decode("utf-8")
        lines = original.count("\n")
        texts = [(broken if n % 2 == 0 else original) + f"# edit {n}\n" for n in range(args.edits)]
        print(f"module: {one} ({lines} lines); {args.edits} edits, each a whole new text")
        for label, debounce in (("debounceMs 0 (the lint alone)", 0), ("default debounce", None)):
            got = session(root, one, texts, env, debounce, args.settle)
            lat = [s * 1000 for s in got["latencies"]]  # type: ignore[union-attr]
            codes = got["codes"]
            assert isinstance(codes, list)
            flips = sum(1 for n, c in enumerate(codes) if ("HD101" in c) == (n % 2 == 0))
            print(
                f"{label}: edit -> diagnostics median {statistics.median(lat):.0f} ms"
                f" (min {min(lat):.0f}, max {max(lat):.0f}, first {lat[0]:.0f}; target <= 300 ms);"
                f" open {got['open'] * 1000:.0f} ms ({got['open_findings']} findings);"
                f" HD101 right after {flips}/{len(codes)} edits;"
                f" peak RSS {got['rss'] / 2**20:.0f} MB;"  # type: ignore[operator]
                f" exit status {got['exit']}"
            )
    finally:
        shutil.rmtree(cache, ignore_errors=True)
        if args.keep is None and args.tree is None:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
