"""Size curves: how hermes-dev's cost grows with the size of its input (run by hand).

    python bench/curves.py [--case NAME] [--sizes N,N,...] [--reps N]

Each case builds its input at each size in a temporary folder and times a whole
`hermes-dev` process on it (best of `--reps`), with its peak memory (the child's max RSS).
What counts is the growth from one size to the next, measured in the same run: a linear cost
doubles when the size doubles (ratio ~2), a quadratic one quadruples (ratio ~4). No timing is
asserted anywhere; bench/README.md records the measured curves, before and after each fix.

Cases (issue 20, item 10):
- returns: one handler with N `return` statements (HD101 and HD102 follow each).
- fix: N modules, each with an HD101 fix (a dict returned), under `lint --diff`.
- toolsets: a toolsets.py of N entries (HD301/HD302 read it), and `new-tool` editing it.
- manifest: a plugin.yaml whose provides_tools lists N names (HD401/HD402).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REGISTRY = """\
import json


class ToolRegistry:
    def register(self, name, toolset, schema, handler, check_fn=None, requires_env=None,
                 is_async=False, description="", emoji="", max_result_size_chars=None):
        pass


registry = ToolRegistry()


def tool_error(message, **extra):
    return json.dumps({"error": str(message), **extra})
"""
SCHEMA = (
    'SCHEMA = {{"name": "{name}", "description": "The {name} tool.",'
    ' "parameters": {{"type": "object", "properties": {{}}}}}}\n'
)


def _base(root: Path, toolsets: str = "_HERMES_CORE_TOOLS = []\n\nTOOLSETS = {}\n") -> None:
    (root / "tools").mkdir(parents=True)
    (root / "tools" / "registry.py").write_text(REGISTRY)
    (root / "toolsets.py").write_text(toolsets)


def make_returns(root: Path, n: int) -> list[str]:
    _base(root)
    lines = ["import json", "from tools.registry import registry", "", "", "def big(args, **kw):"]
    lines.append('    k = args.get("k")')
    for i in range(n):
        lines.append(f"    if k == {i}:")
        lines.append(f'        return {{"i": {i}}}')  # a dict: a finding (and a fix) each
    lines.append('    return json.dumps({"i": None})')
    lines += ["", "", SCHEMA.format(name="big")]
    lines.append('registry.register(name="big", toolset="big", schema=SCHEMA, handler=big)')
    (root / "tools" / "big_tool.py").write_text("\n".join(lines) + "\n")
    return ["lint", "--root", str(root), "--select", "HD1"]


def make_fix(root: Path, n: int) -> list[str]:
    _base(root)
    for i in range(n):
        name = f"t{i:05d}"
        text = (
            "import json\nfrom tools.registry import registry\n\n\n"
            f"def {name}(args, **kw):\n"
            '    if args.get("raw"):\n'
            '        return {"raw": True}\n'
            '    return json.dumps({"ok": True})\n\n\n'
            + SCHEMA.format(name=name)
            + f'registry.register(name="{name}", toolset="{name}", schema=SCHEMA,'
            f" handler={name})\n"
        )
        (root / "tools" / f"{name}_tool.py").write_text(text)
    return ["lint", "--root", str(root), "--diff"]  # HD101 and HD301 fixes in every module


def _toolsets(n: int) -> str:
    entries = [
        f'    "ts{i}": {{"description": "Toolset {i}", "tools": ["tool{i}"], "includes": []}},'
        for i in range(n)
    ]
    return "_HERMES_CORE_TOOLS = []\n\nTOOLSETS = {\n" + "\n".join(entries) + "\n}\n"


def make_toolsets(root: Path, n: int) -> list[str]:
    _base(root, _toolsets(n))
    return ["lint", "--root", str(root)]


def make_toolsets_new_tool(root: Path, n: int) -> list[str]:
    _base(root, _toolsets(n))
    (root / "hermes_cli").mkdir()
    (root / "hermes_cli" / "config.py").write_text("OPTIONAL_ENV_VARS = {}\n")
    return ["new-tool", "zap", "--root", str(root), "--yes", "--no-test"]


def make_manifest(root: Path, n: int) -> list[str]:
    _base(root)
    folder = root / "plugins" / "many"
    folder.mkdir(parents=True)
    names = "".join(f"  - tool_{i}\n" for i in range(n))
    (folder / "plugin.yaml").write_text(f"name: many\nprovides_tools:\n{names}")
    (folder / "__init__.py").write_text("def register(ctx):\n    pass\n")
    return ["lint", "--root", str(root)]


CASES: dict[str, tuple[Callable[[Path, int], list[str]], list[int]]] = {
    "returns": (make_returns, [250, 500, 1000, 2000]),
    "fix": (make_fix, [250, 500, 1000, 2000]),
    "toolsets": (make_toolsets, [5000, 10000, 20000, 40000]),
    "toolsets-new-tool": (make_toolsets_new_tool, [2500, 5000, 10000, 20000]),
    "manifest": (make_manifest, [5000, 10000, 20000, 40000]),
}


# A go-between that runs one command and prints its exit code and peak RSS (KB): the
# children's maxrss of this process would be the largest of all runs so far.
_MEASURE = (
    "import resource, subprocess, sys\n"
    "done = subprocess.run(sys.argv[1:], stdin=subprocess.DEVNULL, capture_output=True)\n"
    "print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
)


def _run(args: list[str]) -> tuple[float, float, int]:
    """(seconds, peak RSS in MB, exit code) of one hermes-dev process."""
    env = {**os.environ, "HERMES_DEV_NO_CACHE": "1"}
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", _MEASURE, sys.executable, "-m", "hermes_dev", *args],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    took = time.perf_counter() - start
    code, peak_kb = (int(v) for v in done.stdout.split())
    return took, peak_kb / 1024, code


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--case", choices=sorted(CASES), action="append")
    parser.add_argument("--sizes", help="comma-separated sizes (default: the case's)")
    parser.add_argument("--reps", type=int, default=1)
    options = parser.parse_args()
    for name in options.case or sorted(CASES):
        make, sizes = CASES[name]
        if options.sizes:
            sizes = [int(s) for s in options.sizes.split(",")]
        print(f"{name}:")
        previous = None
        for size in sizes:
            best = None
            peak = 0.0
            for _ in range(options.reps):
                with tempfile.TemporaryDirectory(prefix="hermes-dev-curve-") as tmp:
                    root = Path(tmp) / "root"
                    args = make(root, size)
                    took, rss, code = _run(args)
                    peak = max(peak, rss)
                    if make is make_toolsets_new_tool:
                        shutil.rmtree(root, ignore_errors=True)
                best = took if best is None else min(best, took)
            assert best is not None
            growth = f"x{best / previous:.2f}" if previous else ""
            print(f"  n={size:>6}  {best:7.2f} s  {peak:6.0f} MB  exit {code}  {growth}")
            previous = best


if __name__ == "__main__":
    main()
