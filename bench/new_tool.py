"""Benchmark `new-tool` against its floor on a real-sized host (run by hand, never in tests).

    python bench/new_tool.py [--reps N]

The host: the reference host with a 6,600-line hermes_cli/config.py and a 900-line toolsets.py
shaped like Hermes Agent's (bench/hermes_shapes.py). The tool: one env var (so both
files are edited), two params, a test.

The floor, measured in the same run: libcst parse + code generation of those two files, the least
any libcst-based edit of them must cost. Three timings of new-tool against it:

- warm: the API in this process (`plan_new_tool` + `Plan.apply`, copier and libcst imported
  already, rendering in-process), the median of N runs against the median floor;
- cold: the same call in a fresh interpreter, timed from before `import hermes_dev.scaffold` to
  the end of `apply`, so it pays for importing libcst and (in a child interpreter running
  alongside, see hermes_dev/scaffold/_render.py) copier; against a fresh interpreter's
  `import libcst` + floor;
- process: the whole `python -m hermes_dev new-tool ...` command, wall clock, against a
  `python -c` that imports libcst and runs the floor.

Cold and process runs are also timed with HERMES_DEV_RENDER_IN_PROCESS=1 (copier imported and
run in the same interpreter, one after the other), to show what the child interpreter saves.
Timings are wall clock: on a busy machine (other jobs on the two cores) they swing widely.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from hermes_dev.scaffold._render import IN_PROCESS_ENV

TOOL_ARGS = [
    "new-tool", "forecast", "--description", "Forecast the weather.",
    "--env", "FORECAST_API_KEY", "--param", "city:string:City name",
    "--optional-param", "days:integer", "--yes",
]  # fmt: skip

_FLOOR = """
import libcst
for name in ("toolsets.py", "hermes_cli/config.py"):
    with open(name, encoding="utf-8") as handle:
        libcst.parse_module(handle.read()).code
"""

_COLD_NEW_TOOL = """
import sys, time
t0 = time.perf_counter()
from hermes_dev.host.layout import load_project
from hermes_dev.scaffold import make_spec, plan_new_tool
spec = make_spec("forecast", description="Forecast the weather.", env_vars=["FORECAST_API_KEY"],
                 params=["city:string:City name"], optional_params=["days:integer"])
plan_new_tool(load_project(None), spec).apply()
print(time.perf_counter() - t0)
"""

_COLD_FLOOR = (
    "import time\nt0 = time.perf_counter()\n" + _FLOOR + "print(time.perf_counter() - t0)\n"
)


def make_host(dest: Path) -> Path:
    """A copy of the repo's reference host with real-sized toolsets.py and hermes_cli/config.py
    shaped like Hermes Agent's (900 and 6,600 lines)."""
    from bench.hermes_shapes import make_config_source, make_toolsets_source

    files = ["model_tools.py", "hermes_cli/__init__.py"]
    files += [p.relative_to(REPO).as_posix() for p in (REPO / "tools").glob("*.py")]
    files += [p.relative_to(REPO).as_posix() for p in (REPO / "tests" / "tools").glob("*.py")]
    for rel in files:
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(REPO / rel, target)
    (dest / "toolsets.py").write_text(make_toolsets_source(), encoding="utf-8")
    (dest / "hermes_cli" / "config.py").write_text(make_config_source(), encoding="utf-8")
    return dest


def reset(host: Path, originals: dict[str, bytes]) -> None:
    """Put the host back as it was before new-tool (not timed)."""
    for rel, content in originals.items():
        (host / rel).write_bytes(content)
    for rel in ("tools/forecast_tool.py", "tests/tools/test_forecast_tool.py"):
        (host / rel).unlink(missing_ok=True)


def timed(fn: Callable[[], object]) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def run_python(host: Path, code: str, env: dict[str, str] | None = None) -> float:
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=host,
        capture_output=True,
        text=True,
        check=True,
        env=_env(env),
    )
    return float(out.stdout.strip().splitlines()[-1])


def wall(host: Path, argv: list[str], env: dict[str, str] | None = None) -> float:
    t0 = time.perf_counter()
    subprocess.run(argv, cwd=host, capture_output=True, check=True, env=_env(env))
    return time.perf_counter() - t0


def _env(extra: dict[str, str] | None = None) -> dict[str, str]:
    import os

    env = {k: v for k, v in os.environ.items() if k != IN_PROCESS_ENV}
    return {**env, "PYTHONPATH": str(REPO), **(extra or {})}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=5)
    reps = parser.parse_args().reps

    import libcst

    from hermes_dev.host.layout import load_project
    from hermes_dev.scaffold import make_spec, plan_new_tool

    tmp = Path(tempfile.mkdtemp(prefix="hermes-dev-bench-"))
    try:
        host = make_host(tmp / "host")
        originals = {
            rel: (host / rel).read_bytes() for rel in ("toolsets.py", "hermes_cli/config.py")
        }
        sources = {rel: data.decode("utf-8") for rel, data in originals.items()}
        lines = {rel: text.count("\n") for rel, text in sources.items()}
        spec = make_spec(
            "forecast",
            description="Forecast the weather.",
            env_vars=["FORECAST_API_KEY"],
            params=["city:string:City name"],
            optional_params=["days:integer"],
        )

        def floor() -> None:
            for text in sources.values():
                _ = libcst.parse_module(text).code  # the code generation is the point

        def new_tool() -> None:
            plan_new_tool(load_project(host), spec).apply()

        # Two untimed rounds first: the first renders in a child interpreter (as a one-shot
        # command does), the second imports copier here; from then on renders are in-process.
        floor()
        for _ in range(2):
            new_tool()
            reset(host, originals)

        floors, runs = [], []
        for _ in range(reps):
            floors.append(timed(floor))
            runs.append(timed(new_tool))
            reset(host, originals)

        # Where a warm run goes (one more, in parts).
        from hermes_dev.scaffold._render import render

        parts = {"copier render": timed(lambda: render(spec))}

        cold_floor, cold_runs, cold_serial = [], [], []
        proc_floor, proc_runs, proc_serial = [], [], []
        serial = {IN_PROCESS_ENV: "1"}
        cli = [sys.executable, "-m", "hermes_dev", *TOOL_ARGS]
        for _ in range(reps):
            cold_floor.append(run_python(host, _COLD_FLOOR))
            cold_runs.append(run_python(host, _COLD_NEW_TOOL))
            reset(host, originals)
            cold_serial.append(run_python(host, _COLD_NEW_TOOL, serial))
            reset(host, originals)
            proc_floor.append(wall(host, [sys.executable, "-c", _FLOOR]))
            proc_runs.append(wall(host, cli))
            reset(host, originals)
            proc_serial.append(wall(host, cli, serial))
            reset(host, originals)
        copier_import = run_python(
            host,
            "import time; t0 = time.perf_counter(); import copier\nprint(time.perf_counter() - t0)",
        )
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    def row(label: str, run: list[float], base: list[float]) -> dict[str, float | str]:
        # Medians, and best-of-N (less sensitive to other jobs on a shared machine).
        r, b = statistics.median(run), statistics.median(base)
        rmin, bmin = min(run), min(base)
        print(
            f"{label:<27} new-tool {r * 1000:7.1f} ms  floor {b * 1000:7.1f} ms  ratio {r / b:.2f}x"
            f"   | best: {rmin * 1000:7.1f} / {bmin * 1000:7.1f} ms = {rmin / bmin:.2f}x"
        )
        return {
            "what": label,
            "new_tool_s": r,
            "floor_s": b,
            "ratio": r / b,
            "best_ratio": rmin / bmin,
        }

    print(
        f"host: toolsets.py {lines['toolsets.py']} lines, hermes_cli/config.py"
        f" {lines['hermes_cli/config.py']} lines; {reps} repetitions: medians | best of {reps}"
    )
    results = [
        row("warm", runs, floors),
        row("cold", cold_runs, cold_floor),
        row("cold, render in-process", cold_serial, cold_floor),
        row("process", proc_runs, proc_floor),
        row("process, render in-process", proc_serial, proc_floor),
    ]
    print(
        f"parts: copier render (warm) {parts['copier render'] * 1000:.1f} ms;"
        f" import copier (fresh interpreter) {copier_import * 1000:.1f} ms"
    )
    print(json.dumps({"results": results, "copier_import_s": copier_import, **parts}))


if __name__ == "__main__":
    main()
