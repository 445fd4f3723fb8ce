"""Schemas that are valid JSON Schema but no object schema, or bounds no number meets: the
designed calls are made, never a crash, and a schema hypothesis is slow to satisfy is given up
on in bounded time."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hermes_dev.check import cases
from hermes_dev.check.cases import designed
from hermes_dev.check.sandbox import ToolInfo


def _tool(parameters: dict[str, Any]) -> ToolInfo:
    return ToolInfo({"name": "t", "toolset": "s", "parameters": parameters})


@pytest.mark.parametrize(
    "parameters",
    [
        {"type": "string"},
        {"type": "integer"},
        {"type": "array"},
        {"type": "boolean"},
        {"type": "object", "properties": {"n": {"type": "integer"}}, "required": 5},
        {"type": "object", "properties": {"n": {"type": "integer", "maximum": float("-inf")}}},
        {"type": "object", "properties": {"n": {"type": "number", "minimum": float("nan")}}},
    ],
)
def test_designed_calls_of_an_odd_schema_are_dicts(parameters: dict[str, Any]) -> None:
    made = designed(_tool(parameters))
    assert made
    assert all(isinstance(case.args, dict) for case in made)


def test_a_slow_schema_is_given_up_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cases, "FIND_SECONDS", 1.0)
    slow = {
        "type": "object",
        "required": ["tags"],
        "properties": {
            "tags": {
                "type": "object",
                "minProperties": 3,
                "propertyNames": {"pattern": "^[a-z]{200,}$"},
            }
        },
    }
    # (hypothesis shrinks what it finds for this schema without end; the search's limit, a
    # timer raising what hypothesis cannot catch, ends it: before, check hung here)
    made = designed(_tool(slow))
    assert made


def test_a_host_that_hangs_at_import_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A plugin whose module loops when it is imported: check gives up after the start limit
    and says why (it used to print an empty error)."""
    from hermes_dev.check import sandbox
    from hermes_dev.check.command import run_check
    from hermes_dev.errors import UserError

    (tmp_path / "hp").mkdir()
    (tmp_path / "hp" / "__init__.py").write_text(
        "import time\nwhile True:\n    time.sleep(1)\n\ndef register(ctx):\n    pass\n"
    )
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "hp"\nversion = "0.1.0"\n\n'
        '[project.entry-points."hermes_agent.plugins"]\nhp = "hp:register"\n'
    )
    monkeypatch.setattr(sandbox, "START_TIMEOUT", 2.0)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(UserError, match="importing the host did not finish in 2 s"):
        run_check(all_tools=True, root=".")


@pytest.mark.parametrize("named", ["/dev/zero", "hp/fifo.py", "\ud800.py"])
def test_the_file_a_handler_names_is_read_bounded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], named: str
) -> None:
    """A handler's code may name any file (`compile(src, "/dev/zero", "exec")`): placing its
    finding read that file whole (a device without end, a FIFO that blocks, a name no file
    can have). It is read as untrusted input now: bounded, regular files only."""
    import os
    import signal

    from hermes_dev.check.command import run_check

    (tmp_path / "hp").mkdir()
    if named == "hp/fifo.py":
        os.mkfifo(tmp_path / "hp" / "fifo.py")
    source = "def handler(args, **kw):\n    return {'ok': True}\n"
    (tmp_path / "hp" / "__init__.py").write_text(
        f"space = {{}}\nexec(compile({source!r}, {named!r}, 'exec'), space)\n"
        "def register(ctx):\n"
        "    ctx.register_tool(name='t', toolset='s', schema={'name': 't', 'description': 'd',"
        " 'parameters': {'type': 'object', 'properties': {}}}, handler=space['handler'])\n"
    )
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "hp"\nversion = "0.1.0"\n\n'
        '[project.entry-points."hermes_agent.plugins"]\nhp = "hp:register"\n'
    )
    monkeypatch.chdir(tmp_path)

    def stop(signum: int, frame: object) -> None:
        raise TimeoutError("check blocked on the file the handler names")

    before = signal.signal(signal.SIGALRM, stop)
    signal.alarm(120)
    try:
        code = run_check(["t"], root=".", max_examples=0)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, before)
    assert code == 1
    assert "HD502" in capsys.readouterr().out
