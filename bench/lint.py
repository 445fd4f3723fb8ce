"""Benchmark `hermes-dev lint` against its floor on a synthetic Hermes-sized tools/ (run by hand).

    python bench/lint.py [--reps N] [--keep DIR]

The tree comes from tests/fixtures/hermes_tree.py: >= 100 modules, >= 75,000 lines under
tools/, ~70 registrations in every handler shape, plus toolsets.py and hermes_cli/config.py.
Whole processes are timed, interleaved round by round, and the minimum of N runs is compared
(the minimum is the least noisy estimate of a command's cost on a busy machine):

(a) `hermes-dev lint` over the tree (every rule, cache off) against one `python` process that
    `ast.parse`s the same files under tools/. Target: at most 1.5x. The handler rules alone
    (`--select HD0,HD1,HD9`) are printed too.
(b) `hermes-dev lint tools/<one>_tool.py` as pre-commit runs it (every rule; summary cache warm,
    as after the first commit) against a `python` process that `ast.parse`s that one file.
    Target: at most 2x. The cold-cache run is printed too, and the same run with only the
    handler rules (`--select HD0,HD1,HD9`).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.fixtures.hermes_tree import build

FLOOR_ALL = (
    "import ast, pathlib\n"
    "for p in sorted(pathlib.Path('tools').rglob('*.py')):\n"
    "    ast.parse(p.read_text(encoding='utf-8'), filename=str(p))\n"
)
FLOOR_ONE = (
    "import ast, sys\nast.parse(open(sys.argv[1], encoding='utf-8').read(), filename=sys.argv[1])\n"
)


def _hermes_dev() -> str:
    script = Path(sys.executable).with_name("hermes-dev")
    return str(script) if script.exists() else "hermes-dev"


def _time(cmd: list[str], cwd: Path, env: dict[str, str]) -> float:
    start = time.perf_counter()
    proc = subprocess.run(
        cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False
    )
    elapsed = time.perf_counter() - start
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}): {proc.stderr.decode()}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--reps", type=int, default=7)
    parser.add_argument("--keep", type=Path, help="build the tree here and keep it")
    args = parser.parse_args()

    root = args.keep or Path(tempfile.mkdtemp(prefix="hermes-tree-"))
    cache = Path(tempfile.mkdtemp(prefix="hermes-dev-cache-"))
    try:
        counts = build(root)
        py_lines = sum(
            p.read_text(encoding="utf-8").count("\n") for p in (root / "tools").rglob("*.py")
        )
        print(
            f"tree: {counts['modules']} modules, {py_lines} lines under tools/, "
            f"{counts['registrations']} registrations ({root})"
        )
        one = "tools/svc001_tool.py"
        base = {**os.environ, "XDG_CACHE_HOME": str(cache)}
        no_cache = {**base, "HERMES_DEV_NO_CACHE": "1"}
        hd = _hermes_dev()
        # An installed package has bytecode (pip compiles it): do the same for the checkout.
        base.pop("PYTHONDONTWRITEBYTECODE", None)
        no_cache.pop("PYTHONDONTWRITEBYTECODE", None)
        subprocess.run(
            [sys.executable, "-m", "compileall", "-q", str(REPO / "hermes_dev")],
            check=False,
            stdout=subprocess.DEVNULL,
        )
        # Warm the OS file cache and the summary cache once.
        _time([hd, "lint"], root, base)
        _time([hd, "lint", one], root, base)

        runs: dict[str, list[float]] = {
            k: []
            for k in ("all", "all_hd1", "floor_all", "one", "one_cold", "one_hd1", "floor_one")
        }
        for _ in range(args.reps):
            runs["all"].append(_time([hd, "lint"], root, no_cache))
            runs["all_hd1"].append(_time([hd, "lint", "--select", "HD0,HD1,HD9"], root, no_cache))
            runs["floor_all"].append(_time([sys.executable, "-c", FLOOR_ALL], root, base))
            runs["one"].append(_time([hd, "lint", one], root, base))
            runs["one_cold"].append(_time([hd, "lint", one], root, no_cache))
            runs["one_hd1"].append(_time([hd, "lint", "--select", "HD0,HD1,HD9", one], root, base))
            runs["floor_one"].append(_time([sys.executable, "-c", FLOOR_ONE, one], root, base))
        best = {k: min(v) for k, v in runs.items()}
        ratio_a = best["all"] / best["floor_all"]
        ratio_b = best["one"] / best["floor_one"]
        ratio_b_cold = best["one_cold"] / best["floor_one"]
        print(
            f"(a) whole tree: lint {best['all'] * 1000:.0f} ms, floor {best['floor_all'] * 1000:.0f} ms"
            f" -> {ratio_a:.2f}x (target <= 1.5x)"
        )
        print(
            f"    whole tree, handler rules only: lint {best['all_hd1'] * 1000:.0f} ms"
            f" -> {best['all_hd1'] / best['floor_all']:.2f}x"
        )
        print(
            f"(b) one file:   lint {best['one'] * 1000:.0f} ms, floor {best['floor_one'] * 1000:.0f} ms"
            f" -> {ratio_b:.2f}x (target <= 2x)"
        )
        print(
            f"    one file, cache off: lint {best['one_cold'] * 1000:.0f} ms -> {ratio_b_cold:.2f}x"
        )
        print(
            f"    one file, handler rules only: lint {best['one_hd1'] * 1000:.0f} ms"
            f" -> {best['one_hd1'] / best['floor_one']:.2f}x"
        )
    finally:
        shutil.rmtree(cache, ignore_errors=True)
        if args.keep is None:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
