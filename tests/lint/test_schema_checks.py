"""jsonschema behind HD201/HD202: the shipped function-calling schema, the declared draft, and
the content-keyed cache that keeps jsonschema out of runs whose schemas did not change."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from hermes_dev.lint import schema_check
from hermes_dev.lint.cache import VERSION, SummaryCache
from hermes_dev.lint.schema_check import SCHEMAS_DIR, schema_errors


def test_the_function_schema_document_is_a_valid_json_schema() -> None:
    from jsonschema.validators import Draft202012Validator

    document = json.loads((SCHEMAS_DIR / "function_schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(document)
    assert document["properties"]["name"]["pattern"] == "^[a-zA-Z0-9_-]{1,64}$"


@pytest.mark.parametrize(
    ("schema", "pointers"),
    [
        ({"name": "ok_name", "description": "Does things."}, []),
        ({"name": "x" * 65, "description": "Long name."}, ["/name"]),
        ({"name": "a.b", "description": "   "}, ["/description", "/name"]),
        ({"description": "No name."}, [""]),
        (
            {"name": "p", "description": "P.", "parameters": {"type": "string"}},
            ["/parameters/type"],
        ),
        ({"name": "p", "description": "P.", "parameters": {"properties": {}}}, ["/parameters"]),
    ],
)
def test_function_schema_errors(schema: dict[str, object], pointers: list[str]) -> None:
    assert sorted(p for p, _ in schema_errors(schema, "function")) == pointers


def test_parameters_are_checked_against_the_draft_they_declare() -> None:
    from jsonschema.validators import Draft4Validator

    # A boolean `exclusiveMinimum` is Draft 4; from Draft 6 on it must be a number.
    parameters = {
        "type": "object",
        "properties": {"n": {"type": "integer", "minimum": 0, "exclusiveMinimum": True}},
    }
    assert [p for p, _ in schema_errors(parameters, "parameters")] == [
        "/properties/n/exclusiveMinimum"
    ]
    declared = {"$schema": Draft4Validator.META_SCHEMA["id"], **parameters}
    assert schema_errors(declared, "parameters") == []


def test_bad_type_words_get_a_plain_message() -> None:
    errors = schema_errors({"type": "object", "properties": {"n": {"type": "int"}}}, "parameters")
    message = (
        "parameters.properties.n.type: 'int' is not a JSON Schema type (one of array,"
        " boolean, integer, null, number, object, string)"
    )
    assert errors == [("/properties/n/type", message)]


def test_results_are_cached_by_content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HERMES_DEV_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    schema = {"name": "bad name", "description": "D."}
    run_cache = SummaryCache(tmp_path)
    first = schema_errors(schema, "function", run_cache.results(schema_check.CHECKS_CACHE))
    run_cache.save()
    assert (tmp_path / "hermes-dev" / f"{schema_check.CHECKS_CACHE}-v{VERSION}.json").is_file()
    # A fresh process with the cache warm answers without importing jsonschema.
    code = (
        "import sys; from hermes_dev.lint.cache import SummaryCache;"
        " from hermes_dev.lint.schema_check import schema_errors;"
        f" checks = SummaryCache('.').results({schema_check.CHECKS_CACHE!r});"
        f" print(schema_errors({schema!r}, 'function', checks));"
        " print('jsonschema' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"XDG_CACHE_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"},
        cwd=Path(__file__).resolve().parents[2],
    ).stdout.splitlines()
    assert out == [repr(first), "False"]


def test_no_cache_when_disabled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HERMES_DEV_NO_CACHE", "1")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    from hermes_dev.lint.engine import lint
    from tests.lint.support import make_root

    root = make_root(tmp_path / "host", {"tools/example_tool.py": "x = 1\n"})
    lint([], root=str(root))
    assert not (tmp_path / "hermes-dev").exists()


def test_parts_that_are_not_static_leave_the_rest_checked(tmp_path: Path) -> None:
    from hermes_dev.lint.engine import lint
    from tests.lint.support import make_root

    source = '''\
import textwrap

from tools.registry import registry

_STATUSES = {"pending", "done"}
_DOC = """
    What to do.
"""

SCHEMA = {
    "name": NAME_FROM_SOMEWHERE,
    "description": textwrap.dedent(_DOC),
    "parameters": {
        "type": "object",
        "properties": {
            "status": {"type": "string", "enum": sorted(_STATUSES),
                       "description": textwrap.dedent(_DOC)},
            "count": {"type": "int", "description": "How many"},
        },
        "required": ["status", "cuont"],
    },
}

registry.register(name="todo", toolset="todo", schema=SCHEMA, handler=lambda args, **kw: "{}")
'''
    root = make_root(tmp_path, {"tools/todo_tool.py": source})
    result = lint([], root=str(root), select=["HD2"], use_cache=False)
    found = sorted((f.code, f.line) for f in result.findings)
    # the bad type word and the misspelt required name are found; the name, the descriptions
    # and the enum that are not static give nothing
    assert found == [("HD202", 18), ("HD203", 20)]
    assert result.stats.counters == {}
