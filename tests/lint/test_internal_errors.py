"""An analysis that fails on one file is that file's loss, said in one line: the run goes on."""

from __future__ import annotations

from pathlib import Path

import pytest

from hermes_dev.lint.rules import hd102_handler_raises
from hermes_dev.lint.run import run_lint
from tests.lint.support import make_root

TOOLS = {
    "tools/a_tool.py": """\
import json
from tools.registry import registry

def a(args, **kw):
    return {"ok": True}

registry.register(name="a", toolset="t", schema={}, handler=a)
""",
    "tools/b_tool.py": """\
import json
from tools.registry import registry

def b(args, **kw):
    return json.dumps({"n": int(args["n"])})

registry.register(name="b", toolset="t", schema={}, handler=b)
""",
}


def test_a_failing_analysis_is_one_line_and_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    root = make_root(tmp_path, TOOLS)
    real = hd102_handler_raises.HandlerRaises.module_findings

    def broken(self, ctx, module):  # type: ignore[no-untyped-def]
        if module.path.name == "a_tool.py":
            raise AttributeError("'Thing' object has no attribute 'paths'")
        return real(self, ctx, module)

    monkeypatch.setattr(hd102_handler_raises.HandlerRaises, "module_findings", broken)
    monkeypatch.delenv("HERMES_DEV_STRICT")
    code = run_lint([str(root)], root=str(root), no_cache=True, color="never")
    out = capsys.readouterr()
    assert code == 2, out
    assert "Traceback" not in out.out + out.err
    lines = [line for line in out.err.splitlines() if "could not analyse" in line]
    assert lines == [
        (
            "hermes-dev: HD102 could not analyse tools/a_tool.py (AttributeError: 'Thing'"
            " object has no attribute 'paths'): a bug in hermes-dev, please report it"
        )
    ]
    # the other rules and files were still checked
    assert "tools/a_tool.py:5:5: HD101" in out.out
    assert "tools/b_tool.py:5:29: HD102" in out.out


def test_strict_lets_it_raise(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = make_root(tmp_path, TOOLS)

    def broken(self, ctx, module):  # type: ignore[no-untyped-def]
        raise AttributeError("boom")

    monkeypatch.setattr(hd102_handler_raises.HandlerRaises, "module_findings", broken)
    from hermes_dev.lint.engine import lint

    with pytest.raises(AttributeError):
        lint([], root=str(root), select=["HD102"])


def test_a_failing_rule_is_one_line_and_the_others_stand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    root = make_root(tmp_path, TOOLS)

    def broken(self, ctx):  # type: ignore[no-untyped-def]
        raise RuntimeError("rule broke\nsecond line")

    monkeypatch.setattr(hd102_handler_raises.HandlerRaises, "check", broken)
    monkeypatch.delenv("HERMES_DEV_STRICT")
    code = run_lint([str(root)], root=str(root), no_cache=True, color="never")
    out = capsys.readouterr()
    assert code == 2
    assert out.err.splitlines() == [
        (
            "hermes-dev: HD102 could not run (RuntimeError: rule broke): a bug in hermes-dev,"
            " please report it"
        )
    ]
    assert "HD102" not in out.out
    assert "tools/a_tool.py:5:5: HD101" in out.out
