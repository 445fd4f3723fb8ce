"""Strings the checked code spells that UTF-8 cannot write, paths with a NUL byte, and code
nested deeper than Python's stack: each is reported or noted, never a crash."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hermes_dev.errors import writable
from hermes_dev.lint.run import run_lint
from hermes_dev.reading import read_bounded, read_head
from tests.lint.support import make_root

SURROGATE = {
    "tools/a_tool.py": """\
from tools.registry import registry

def a(args, **kw):
    return {"ok": True}

registry.register(name="a\\ud800", toolset="t", schema={}, handler=a)
""",
}


def test_writable_escapes_only_what_utf8_cannot_write() -> None:
    assert writable("plain é ☃") == "plain é ☃"
    assert writable("a\ud800b") == "a\\ud800b"
    assert json.loads(json.dumps({"k": 1}).replace("1", '"' + writable("\ud800") + '"')) == {
        "k": "\ud800"
    }


@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "github"])
def test_a_lone_surrogate_in_a_tool_name_is_written_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    root = make_root(tmp_path, SURROGATE)
    code = run_lint([str(root)], root=str(root), no_cache=True, fmt=fmt, color="never")
    out = capsys.readouterr().out
    assert code == 1
    assert "a\\ud800" in out
    if fmt in ("json", "sarif"):
        json.loads(out)  # (the escape is JSON's own: the name reads back as it was)


def test_a_surrogate_survives_the_report_file_and_the_baseline(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = make_root(tmp_path, SURROGATE)
    report = tmp_path / "report.json"
    run_lint([str(root)], root=str(root), no_cache=True, fmt="json", output=str(report))
    names = {t for f in json.loads(report.read_text("utf-8")) for t in f.get("tools") or []}
    assert names == {"a\ud800"}
    baseline = tmp_path / "baseline.json"
    assert run_lint([str(root)], root=str(root), no_cache=True, write_baseline=str(baseline)) == 0
    capsys.readouterr()
    # read back, the baseline hides every finding it recorded
    assert run_lint([str(root)], root=str(root), no_cache=True, baseline=str(baseline)) == 0


def test_a_path_with_a_nul_byte_is_an_oserror(tmp_path: Path) -> None:
    for read in (lambda p: read_bounded(p, 100), lambda p: read_head(p, 10)):
        with pytest.raises(OSError, match="NUL"):
            read(str(tmp_path / "a\x00b.py"))


def test_code_nested_deeper_than_the_stack_is_a_note_not_a_failure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # 4,000 branches: past the stack of both HD101 and HD102, which give up at once. (At 3,000
    # HD102 still follows the whole chain, which took seconds; Python parses up to ~5,000.)
    branches = "".join(
        f"    {'if' if i == 0 else 'elif'} k == {i}:\n        return str({i})\n"
        for i in range(4000)
    )
    root = make_root(
        tmp_path,
        {
            "tools/deep_tool.py": "from tools.registry import registry\n\n"
            "def deep(args, **kw):\n    k = args.get('k')\n" + branches + "    return '{}'\n\n"
            'registry.register(name="deep", toolset="t", schema={}, handler=deep)\n'
        },
    )
    code = run_lint([str(root)], root=str(root), no_cache=True, select=["HD101", "HD102"])
    err = capsys.readouterr().err
    assert code in (0, 1)
    assert "nested too deeply to follow" in err
    assert "Traceback" not in err


def test_thousands_of_keys_set_one_by_one_stay_linear(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """HD107 followed each key of a report through the whole body (quadratic: 6,000 keys took
    minutes); only keys whose value it judges are followed now. An alarm, not a timing: the
    test fails instead of hanging the suite."""
    import signal

    lines = "".join(f'    r["k{i}"] = {i}\n' for i in range(4000))
    root = make_root(
        tmp_path,
        {
            "tools/wide_tool.py": "import json\nfrom tools.registry import registry\n\n"
            'def wide(args, **kw):\n    r = {"ok": False, "reason": "no data"}\n'
            + lines
            + "    return json.dumps(r)\n\n"
            'registry.register(name="wide", toolset="t", schema={}, handler=wide)\n'
        },
    )

    def stop(signum: int, frame: object) -> None:
        raise TimeoutError("HD107 took more than 60 s on 4,000 keys")

    before = signal.signal(signal.SIGALRM, stop)
    signal.alarm(60)
    try:
        code = run_lint([str(root)], root=str(root), no_cache=True, select=["HD107"])
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, before)
    assert code == 1
    assert '{"ok": False, "reason": ..., ...}' in capsys.readouterr().out


def test_a_chain_of_helpers_each_returning_the_next_is_asked_once_per_helper(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """HD101 asked whether a helper's text starts as prose of every `return` of every helper
    down a chain, on every path: 7 returns x 8 helpers deep was 7**8 questions. Each helper
    is asked once per binding now (counted, not timed)."""
    from hermes_dev.pyast.analyze import jsonness

    helpers = ['def f0(x):\n    return "Hello there"\n']
    for level in range(1, 9):
        branches = "".join(f"    if x == {i}:\n        return f{level - 1}(x)\n" for i in range(6))
        helpers.append(f"def f{level}(x):\n{branches}    return f{level - 1}(x)\n")
    source = (
        "from tools.registry import registry\n\n"
        + "\n\n".join(helpers)
        + '\n\ndef read_note(args, **kw):\n    return f8(args.get("x")).capitalize()\n\n'
        'registry.register(name="read_note", toolset="t", schema={}, handler=read_note)\n'
    )
    root = make_root(tmp_path, {"tools/notes_tool.py": source})
    asked = []
    real = jsonness._returns_prose

    def counting(call, scope, depth):  # type: ignore[no-untyped-def]
        asked.append(call)
        return real(call, scope, depth)

    monkeypatch.setattr(jsonness, "_returns_prose", counting)
    code = run_lint([str(root)], root=str(root), no_cache=True, select=["HD101"])
    assert code == 1
    assert len(asked) < 200, len(asked)
