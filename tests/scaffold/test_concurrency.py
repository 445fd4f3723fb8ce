"""Two new-tool runs at once on one root lose no edit (issue 7, item 3).

Each example runs the plan-and-apply API (`hermes_dev.scaffold.new_tool`: lock, read, plan,
write) in two real processes released together by a barrier. Only the copier render is stubbed
(it makes the tool's own new files, which cannot collide; the race is over toolsets.py and
config.py), so that 200 examples stay cheap.
"""

from __future__ import annotations

import multiprocessing
import tempfile
from pathlib import Path
from typing import Self

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.scaffold.hosts import make_host

NAMES = ["alpha", "beta", "gamma", "delta", "echo_tool_x", "foxtrot", "golf", "hotel"]
# Their own toolset, a toolset both may join, one the host has.
TOOLSETS = [None, "shared", "clock"]


class _StubRender:
    """Stands in for `PendingRender`: a module that registers the tool, and no test."""

    def __init__(self, spec: object) -> None:
        self._name = spec.name  # type: ignore[attr-defined]

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def result(self) -> dict[str, bytes]:
        return {f"tools/{self._name}_tool.py": f"NAME = {self._name!r}\n".encode()}


def _run(root: str, name: str, toolset: str | None, core: bool, barrier) -> None:
    from hermes_dev.scaffold import _new_tool, new_tool

    _new_tool.PendingRender = _StubRender  # this process only
    barrier.wait()
    new_tool(
        name,
        root=Path(root),
        toolset=toolset,
        core=core,
        env_vars=(f"{name.upper()}_KEY",),
        with_test=False,
    )


@pytest.fixture(scope="module", autouse=True)
def _warm_up():
    """Import what a run imports (libcst, the edits, the lint model) once, before the forks."""
    from hermes_dev.scaffold import _new_tool, new_tool

    real = _new_tool.PendingRender
    _new_tool.PendingRender = _StubRender
    try:
        with tempfile.TemporaryDirectory(prefix="hermes-dev-race-") as tmp:
            new_tool("warm", root=make_host(Path(tmp) / "host"), env_vars=("WARM_KEY",))
    finally:
        _new_tool.PendingRender = real


_job = st.tuples(st.sampled_from(TOOLSETS), st.booleans())


@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
    database=None,
    # A failure here is a lost edit; shrinking two-process runs only costs minutes.
    phases=[Phase.explicit, Phase.generate],
)
@given(
    names=st.lists(st.sampled_from(NAMES), min_size=2, max_size=2, unique=True),
    jobs=st.tuples(_job, _job),
)
def test_concurrent_new_tool_runs_lose_no_edit(names, jobs):
    ctx = multiprocessing.get_context("fork")
    with tempfile.TemporaryDirectory(prefix="hermes-dev-race-") as tmp:
        host = make_host(Path(tmp) / "host")
        barrier = ctx.Barrier(2, timeout=60)
        procs = [
            ctx.Process(target=_run, args=(str(host), name, toolset, core, barrier))
            for name, (toolset, core) in zip(names, jobs)
        ]
        for proc in procs:
            proc.start()
        for proc in procs:
            proc.join(120)
        assert [proc.exitcode for proc in procs] == [0, 0]

        toolsets = _run_module(host / "toolsets.py")
        env_vars = _run_module(host / "hermes_cli" / "config.py")["OPTIONAL_ENV_VARS"]
        for name, (toolset, core) in zip(names, jobs):
            assert (host / "tools" / f"{name}_tool.py").is_file()
            assert name in toolsets["TOOLSETS"][toolset or name]["tools"], name
            assert (name in toolsets["_HERMES_CORE_TOOLS"]) == core, name
            assert env_vars[f"{name.upper()}_KEY"]["tools"] == [name]


def _run_module(path: Path) -> dict[str, object]:
    namespace: dict[str, object] = {}
    exec(compile(path.read_bytes(), str(path), "exec"), namespace)  # noqa: S102 -- our fixture
    return namespace
