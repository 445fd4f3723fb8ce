"""pyast.calls.failures on its own: which dicts are failure reports without an "error" key, which
assignments reach a use, and how reports are followed through calls and serialisation."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from hermes_dev.pyast.calls.driver import Callee, Code
from hermes_dev.pyast.calls.failures import (
    Found,
    failure_dict,
    failure_text,
    failure_value,
    failure_without_error,
    status_report,
)
from hermes_dev.pyast.semantic.modules import Models, ModuleInfo
from hermes_dev.pyast.semantic.resolve import function_of, resolve_name
from hermes_dev.pyast.semantic.scopes import Function, Scope, module_scope


def _function(module: ModuleInfo, name: str) -> Function:
    found = resolve_name(name, module_scope(module)).single()
    assert isinstance(found, Function)
    return found


def code_of(func: Function) -> Code:
    return Code(func)


def _expr(text: str) -> ast.expr:
    return ast.parse(text, mode="eval").body


def _scope(tmp_path: Path, source: str = "") -> Scope:
    (tmp_path / "m.py").write_text(source)
    module = Models(tmp_path).get(tmp_path / "m.py")
    assert module is not None
    return module_scope(module)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ('{"success": False, "message": "no"}', '{"success": False, "message": ...}'),
        ('{"ok": False, "data": 1, "reason": "x"}', '{"ok": False, "reason": ..., ...}'),
        ('{"status": "error", "detail": "x"}', '{"status": "error", "detail": ...}'),
        ('{"state": "Failed", "reason": "x"}', '{"state": "Failed", "reason": ...}'),
        (
            '{"outcome": "fatal", "log": [], "error_code": 3}',
            '{"outcome": "fatal", "log": ..., ...}',
        ),
        ('{"ok": not True, "why": "x"}', '{"ok": False, "why": ...}'),
        ('dict(success=False, message="x")', '{"success": False, "message": ...}'),
        # (an empty list written out beside a reason: no verdict was found, the tool failed)
        ('{"ok": False, "reason": "x", "findings": []}', '{"ok": False, "reason": ..., ...}'),
    ],
)
def test_failure_reports_without_an_error_key(tmp_path: Path, text: str, reason: str) -> None:
    assert failure_dict(_expr(text), _scope(tmp_path)) == reason


@pytest.mark.parametrize(
    "text",
    [
        '{"success": False, "error": "no"}',  # the contract
        '{"success": True, "message": "saved"}',
        '{"success": True, "status": "error"}',  # a flag says it succeeded
        '{"success": False, "skipped": True}',
        '{"ok": False, "interrupted": True, "message": "stopped"}',
        '{"status": "interrupted"}',
        '{"status": "timeout", "message": "x"}',  # not a word that surely means failure
        '{"job": 7, "status": "failed"}',  # a status without a message: data about a job
        '{"ok": False, "findings": []}',  # a verdict: the tool ran and reports what it found
        '{"success": ok, "message": "x"}',  # not a constant
        '{"success": False, **extra}',  # a spread: may hold "error"
        "{key: False}",
        '{"status": "failed"} if x else {}',  # not a display
    ],
)
def test_not_failure_reports(tmp_path: Path, text: str) -> None:
    assert failure_dict(_expr(text), _scope(tmp_path)) is None


def test_spreads_are_followed_by_failure_value_only(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text("def f():\n    pass\n")
    module = Models(tmp_path).get(tmp_path / "m.py")
    assert module is not None
    func = _function(module, "f")
    assert func is not None
    text = 'dict({"ok": False}, message="x")'
    assert failure_dict(_expr(text), module_scope(module)) is None
    found = failure_value(_expr(text), code_of(func))
    assert found is not None and found.reason == '{"ok": False, "message": ...}'
    assert failure_value(_expr('{**{"ok": False}, "error": "x"}'), code_of(func)) is None
    assert failure_value(_expr('{"ok": False, **{"message": "x"}}'), code_of(func)) is not None


def test_dict_shadowed_is_not_the_builtin(tmp_path: Path) -> None:
    scope = _scope(tmp_path, "def dict(**kw):\n    return kw\n")
    assert failure_dict(_expr("dict(success=False)"), scope) is None


FLOW = """\
import json


def values(args):
    report = {"success": True}
    if args.get("a"):
        report = {"success": False, "message": "a"}
        return json.dumps(report)
    first = json.dumps(report)
    for item in args:
        report = {"status": "failed", "message": "loop"}
    second = json.dumps(report)
    report = {"ok": True}
    third = json.dumps(report)
    try:
        report = {"ok": False, "why": "x"}
        risky()
    except ValueError:
        fourth = json.dumps(report)
    return first, second, third, fourth


def guarded(args):
    ok = False
    for item in args:
        ok = True
    if not ok:
        return json.dumps({"error": "nothing"})
    done = json.dumps({"success": ok})
    flag = args.get("x")
    if args.get("y"):
        flag = False
    maybe = json.dumps({"success": flag, "message": "y"})
    return done, maybe


def changed(args):
    report = {"success": False}
    report["message"] = "no"
    a = json.dumps(report)
    other = {"ok": False}
    other["error"] = "set later"
    b = json.dumps(other)
    third = {"ok": False}
    _fill(third)
    c = json.dumps(third)
    fourth = {"ok": False, "message": "handed on"}
    d = _serialise(fourth)
    return a, b, c, d


def _serialise(obj):
    return json.dumps(obj)


def _fill(report):
    report["error"] = "x"


def stored(args):
    result = {"success": False, "message": ""}
    try:
        run(args)
        result["success"] = True
    except Exception as e:
        result["message"] = str(e)
    a = json.dumps(result)
    done = {"success": False}
    done["success"] = True
    b = json.dumps(done)
    checked = {"success": True}
    if args.get("x"):
        checked["success"] = False
    if not checked["success"]:
        return tool_error("x")
    c = json.dumps(checked)
    later = {"status": "running", "message": "started"}
    if args.get("y"):
        later["status"] = "failed"
    d = json.dumps(later)
    pinged = {"ok": True}
    if args.get("z"):
        pinged.update({"ok": False, "message": "down"})
    e = json.dumps(pinged)
    merged = {"ok": False}
    merged.update(args.get("extra"))
    f = json.dumps(merged)
    return a, b, c, d, e, f
"""


def test_items_stored_later_follow_the_paths_that_reach_the_use(tmp_path: Path) -> None:
    assert _reasons(_calls(tmp_path, FLOW, "stored")) == {
        "return 75": None,
        "a": '{"success": False, "message": ...}',  # the except path never set it True
        "b": None,  # always set True before
        "c": None,  # `if not checked["success"]: return` guards it
        "d": '{"status": "failed", "message": ...}',
        "e": '{"ok": False, "message": ...}',  # update() sets items as `d[k] = v` does
        "f": None,  # updated with what cannot be known
    }


def _calls(tmp_path: Path, source: str, function: str) -> dict[str, Found | None]:
    (tmp_path / "tools").mkdir(exist_ok=True)
    (tmp_path / "tools" / "flow.py").write_text(source)
    module = Models(tmp_path).get(tmp_path / "tools" / "flow.py")
    assert module is not None
    func = _function(module, function)
    assert func is not None
    code = code_of(func)
    out: dict[str, Found | None] = {}
    for node in ast.walk(func.node):
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            value = node.value
            if isinstance(value, ast.Call) and ast.unparse(value.func) in (
                "json.dumps",
                "_serialise",
            ):
                out[node.targets[0].id] = failure_text(value, code)
        elif isinstance(node, ast.Return) and isinstance(node.value, ast.Call):
            out[f"return {node.lineno}"] = failure_text(node.value, code)
    return out


def _reasons(found: dict[str, Found | None]) -> dict[str, str | None]:
    return {key: None if value is None else value.reason for key, value in found.items()}


def test_only_the_assignments_that_reach_a_use_count(tmp_path: Path) -> None:
    assert _reasons(_calls(tmp_path, FLOW, "values")) == {
        "return 8": '{"success": False, "message": ...}',
        "first": None,  # the branch that bound the failure returned
        "second": '{"status": "failed", "message": ...}',  # the loop may have run
        "third": None,  # rebound after it
        "fourth": '{"ok": False, "why": ...}',  # the try's body may have bound it
    }


def test_a_flag_variable_is_false_where_a_false_reaches(tmp_path: Path) -> None:
    assert _reasons(_calls(tmp_path, FLOW, "guarded")) == {
        "return 28": None,
        "done": None,  # `if not ok: return` leaves only the truthy values of ok
        "maybe": '{"success": False, "message": ...}',
    }


def test_keys_set_later_count_and_other_code_makes_it_unknown(tmp_path: Path) -> None:
    assert _reasons(_calls(tmp_path, FLOW, "changed")) == {
        "a": '{"success": False, "message": ...}',
        "b": None,
        "c": None,  # handed to a function that may add "error"
        "d": '{"ok": False, "message": ...}',  # the serialising call it is read by
    }


HELPERS = """\
import json
from tools.registry import tool_result

NOT_READY = {"ok": False, "reason": "not ready"}


def _reply(ok, text, **extra):
    return json.dumps({"success": ok, "message": text})


def _json(obj):
    return json.dumps(obj, indent=2)


def _err(message, **extra):
    return json.dumps({"ok": False, "message": message, **extra})


def lookup(key):
    if not key:
        return {"status": "error", "message": "key is required"}
    return {"status": "ok", "value": key}


class Service:
    def status(self):
        if self.down:
            return NOT_READY
        return {"ok": True}

    def run(self):
        res = self.status()
        return tool_result({**res, "checked": True})


def handler(args, **kw):
    if args.get("a"):
        return _reply(False, "a is off")
    if args.get("b"):
        return _reply(True, "fine")
    if args.get("c"):
        return _json(lookup(args.get("key")))
    if args.get("d"):
        return Service().run()
    if args.get("e"):
        return tool_result(success=False, message="e is off")
    if args.get("f"):
        return _err("f is off")
    if args.get("g"):
        return _err("g is off", error="g", code=2)
    if args.get("h"):
        return _err("h is off", **args)
    return _json({"error": "no", "success": False})
"""


def test_reports_through_calls(tmp_path: Path) -> None:
    found = _calls(tmp_path, HELPERS, "handler")
    assert _reasons(found) == {
        "return 38": '{"success": False, "message": ...}',  # a constant argument
        "return 40": None,
        "return 42": '{"status": "error", "message": ...}',  # a serialising helper's argument
        "return 44": '{"ok": False, "reason": ..., ...}',  # a spread of a method's result
        "return 46": '{"success": False, "message": ...}',
        "return 48": '{"ok": False, "message": ...}',  # **extra the call leaves empty
        "return 50": None,  # the call puts "error" in **extra
        "return 52": None,  # what it puts there is not known
        "return 53": None,
    }
    chains = {key: [step[1:] for step in f.chain] for key, f in found.items() if f is not None}
    assert chains == {
        "return 38": [(8, "_reply")],
        "return 42": [(21, "lookup")],
        "return 44": [(33, "Service.run"), (28, "Service.status")],
        "return 46": [],
        "return 48": [(16, "_err")],
    }


def test_failure_without_error_summarises_a_def(tmp_path: Path) -> None:
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "flow.py").write_text(HELPERS)
    module = Models(tmp_path).get(tmp_path / "tools" / "flow.py")
    assert module is not None and module.tree is not None
    (service,) = [n for n in module.tree.body if isinstance(n, ast.ClassDef)]
    run = service.body[1]
    assert isinstance(run, ast.FunctionDef) and run.name == "run"
    func = function_of(module, run)
    found = failure_without_error(Callee(func))
    assert found is not None and [step[1:] for step in found.chain] == [
        (33, "Service.run"),
        (28, "Service.status"),
    ]
    handler = _function(module, "handler")
    assert handler is not None
    value = failure_value(_expr("lookup('')"), code_of(handler))
    assert value is not None and [step[1:] for step in value.chain] == [(21, "lookup")]
    # A constant argument rules the failure out; an unknown one leaves it.
    assert failure_value(_expr("lookup('k')"), code_of(handler)) is None
    assert failure_value(_expr("{} if x else lookup(x)"), code_of(handler)) is not None


@pytest.mark.parametrize(
    ("reason", "names", "status"),
    [
        ("no active meeting", ["status"], True),
        ("No session is running.", ["handle_leave"], True),
        ("nothing to stop", ["Recorder.stop"], True),
        ("There is no active call", ["endCall", "call_tool"], True),
        ("no active meeting", ["transcript"], False),
        ("no active meeting", ["handle_meet_say", "enqueue_say"], False),
        ("text is required", ["stop"], False),
        ("the service is not running", ["restart_service"], False),
    ],
)
def test_nothing_to_act_on_is_an_answer_only_to_a_status_or_ending_def(
    reason: str, names: list[str], status: bool
) -> None:
    found = Found('{"ok": False, ...}', (), {"ok": False, "reason": reason})
    assert status_report(found, names) is status
