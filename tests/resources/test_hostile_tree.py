"""lint on a tree of hostile files stays bounded (issue 20, items 8, 9 and "Done when"): YAML
bombs and huge manifests, FIFOs, symlinks to /dev/zero, huge files and caches, NUL bytes, CR-only
line endings, deep nesting. Run in a child under `RLIMIT_AS` 256 MB and a 30 s timeout, it exits
0, 1 or 2 with no traceback."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from tests.lint.support import make_root

MEMORY_BYTES = 256 * 1024 * 1024
SECONDS = 30

BILLION_LAUGHS = "\n".join(
    [
        'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
        *(f"{chr(98 + i)}: &{chr(98 + i)} [{','.join(['*' + chr(97 + i)] * 9)}]" for i in range(8)),
        "name: bomb",
        "provides_tools: *i",
        "",
    ]
)


def _manifests() -> dict[str, str]:
    plugin = "def register(ctx):\n    pass\n"
    manifests = {
        "bomb": BILLION_LAUGHS,
        "bigint": "name: bigint\nversion: " + "9" * 6000 + "\nkind: " + "7" * 6000 + "\n",
        "longlist": "name: longlist\nprovides_tools: [" + ",".join(["t"] * 500_000) + "]\n",
        "control": 'name: "ctl\\x1b[31m\\x07"\nkind: "\\x1b]0;pwned\\x07"\nprovides_tools: ["\\x00"]\n',
        "deep": "name: deep\nprovides_tools: " + "[" * 5000 + "]" * 5000 + "\n",
        "deepmap": "name: deepmap\nx: " + "{a: " * 5000 + "1" + "}" * 5000 + "\n",
        "longname": "name: " + "n" * 2_000_000 + "\n",
    }
    files = {}
    for name, text in manifests.items():
        files[f"plugins/{name}/plugin.yaml"] = text
        files[f"plugins/{name}/__init__.py"] = plugin
    return files


def _python_files() -> dict[str, str]:
    ok = (
        "import json\nfrom tools.registry import registry\n\n"
        "def h(args, **kw):\n    return json.dumps({})  # hermes-dev: ignore[HD101]\n\n"
        'registry.register(name="cr", toolset="cr", schema={}, handler=h)\n'
    )
    return {
        "tools/cr_tool.py": ok.replace("\n", "\r"),
        "tools/nul_tool.py": "X = 1\n\x00\nY = 2\n",
        "tools/deep_tool.py": "X = " + "-" * 5000 + "1\n" + "Y = " + "(" * 300 + ")" * 300 + "\n",
        "tools/long_tool.py": "X = [" + "1," * 300_000 + "]\n",
    }


def _hostile_tree(tmp_path: Path) -> tuple[Path, Path]:
    root = make_root(tmp_path / "root", {**_manifests(), **_python_files()})
    tools = root / "tools"
    os.mkfifo(tools / "fifo_tool.py")
    (tools / "zero_tool.py").symlink_to("/dev/zero")
    with open(tools / "huge_tool.py", "wb") as fh:  # sparse: 2 GB of NUL bytes
        fh.truncate(2 * 1024**3)
    for name in ("fifo", "zero", "huge"):
        folder = root / "plugins" / f"{name}_manifest"
        folder.mkdir()
        (folder / "__init__.py").write_text("def register(ctx):\n    pass\n")
    os.mkfifo(root / "plugins" / "fifo_manifest" / "plugin.yaml")
    (root / "plugins" / "zero_manifest" / "plugin.yaml").symlink_to("/dev/zero")
    with open(root / "plugins" / "huge_manifest" / "plugin.yaml", "wb") as fh:
        fh.truncate(2 * 1024**3)
    # The caches: a FIFO, a symlink to /dev/zero, a huge file.
    cache_home = tmp_path / "cache"
    return root, cache_home


def _plant_caches(root: Path, cache_home: Path) -> None:
    folder = cache_home / "hermes-dev"
    folder.mkdir(parents=True)
    env = {**os.environ, "XDG_CACHE_HOME": str(cache_home)}
    code = (
        "import sys; from hermes_dev.lint.cache import SummaryCache, ResultCache, cache_dir;"
        f"print(SummaryCache({str(root)!r})._path());"
        "print(ResultCache(cache_dir(), 'schemas').file)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    summaries, results = done.stdout.split()
    os.mkfifo(summaries)
    Path(results).symlink_to("/dev/zero")
    for name in ("schema-v3.json", "function-schema-v3.json", "hd201-v3.json"):
        with open(folder / name, "wb") as fh:
            fh.truncate(2 * 1024**3)


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))


@pytest.mark.parametrize("cache", ["cache", "no-cache"])
def test_lint_on_a_hostile_tree_is_bounded(tmp_path, cache):
    root, cache_home = _hostile_tree(tmp_path)
    _plant_caches(root, cache_home)
    env = {**os.environ, "XDG_CACHE_HOME": str(cache_home)}
    env.pop("HERMES_DEV_NO_CACHE", None)
    if cache == "no-cache":
        env["HERMES_DEV_NO_CACHE"] = "1"
    done = subprocess.run(
        [sys.executable, "-m", "hermes_dev", "lint", "--root", str(root), "--statistics"],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=SECONDS,
        preexec_fn=_limited,
        check=False,
    )
    err = done.stderr.decode("utf-8", "replace")
    out = done.stdout.decode("utf-8", "replace")
    assert done.returncode in (0, 1, 2), (done.returncode, err[-3000:])
    assert "Traceback" not in err and "Traceback" not in out, err[-3000:]
    assert len(out) + len(err) < 1_000_000  # no unbounded value printed
    # Control characters never reach a terminal.
    assert not any(c in out + err for c in "\x00\x07\x1b"), out
