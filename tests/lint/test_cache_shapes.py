"""The on-disk caches are untrusted input: any shape in any entry is ignored, never a traceback.

A cache written by a real run over the broken host (many findings, every kind of summary) is
corrupted one value at a time by hypothesis, and lint over one tool module plus toolsets.py and
hermes_cli/config.py (whose summaries, spans and all, come from the cache) must still finish
and render every format. Each file's entry is stored as JSON text: values are corrupted in the
decoded entries, and the texts themselves too.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hermes_dev.lint import catalog, project_index, schema_check
from hermes_dev.lint.cache import ResultCache
from hermes_dev.lint.engine import lint
from hermes_dev.lint.report import render

BROKEN_HOST = Path(__file__).resolve().parents[1] / "fixtures" / "broken_host"
# Linted files: one tool module (the others' summaries come from the cache) and the two
# project files whose findings are placed at cached spans.
GIVEN = ("tools/env_tool.py", "toolsets.py", "hermes_cli/config.py")
FORMATS = ("text", "json", "sarif", "github")

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=8,
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a JSON document (the root too)."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*prefix, index))


def _replaced(document: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    copy = json.loads(json.dumps(document))
    holder = copy
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = new
    return copy


def _lint_and_render(root: Path) -> int:
    result = lint([str(root / rel) for rel in GIVEN], root=str(root), use_cache=True)
    rules = {code: catalog.load_rule(code) for code in result.codes}
    for fmt in FORMATS:
        render(result, fmt, rules)
    return len(result.findings)


@pytest.fixture(scope="module")
def written_cache(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Any, int]:
    """(host, cache file, its content, findings of a clean run) after one run that filled it."""
    base = tmp_path_factory.mktemp("cache-shapes")
    host = base / "host"
    shutil.copytree(BROKEN_HOST, host)
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv("HERMES_DEV_NO_CACHE", raising=False)
        mp.setenv("XDG_CACHE_HOME", str(base / "xdg"))
        findings = _lint_and_render(host)
    (cache_file,) = (base / "xdg" / "hermes-dev").glob("summaries-*.json")
    return host, cache_file, _decoded(json.loads(cache_file.read_text(encoding="utf-8"))), findings


def _decoded(document: Any) -> Any:
    """The summaries file with each file's entry decoded from its JSON text."""
    files = {key: json.loads(text) for key, text in document["files"].items()}
    return {**document, "files": files}


def _encoded(document: Any, texts: bool = True) -> str:
    """The file's text for a decoded document (entries back to JSON text unless not `texts`)."""
    files = document.get("files") if isinstance(document, dict) else None
    if isinstance(files, dict) and texts:
        files = {key: json.dumps(entry) for key, entry in files.items()}
        document = {**document, "files": files}
    return json.dumps(document)


def _use(cache_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Lint with the cache that holds `cache_file`."""
    monkeypatch.delenv("HERMES_DEV_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache_file.parents[1]))


def _tool_entry_path(document: Any) -> tuple[Any, ...]:
    """Where the first registered tool's name sits in the summaries cache."""
    for path_key, entry in document["files"].items():
        summary = entry["kinds"].get(project_index.MODULE_KIND)
        if isinstance(summary, dict) and summary["tools"]:
            return ("files", path_key, "kinds", project_index.MODULE_KIND, "tools", 0, 0)
    raise AssertionError("no cached registration")


def test_a_tool_name_that_is_a_list_is_ignored(
    written_cache: tuple[Path, Path, Any, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    host, cache_file, document, findings = written_cache
    _use(cache_file, monkeypatch)
    corrupt = _replaced(document, _tool_entry_path(document), ["not", "a", "name"])
    cache_file.write_text(_encoded(corrupt), encoding="utf-8")
    assert _lint_and_render(host) == findings  # the bad entry is recomputed
    cache_file.write_text(_encoded(corrupt), encoding="utf-8")
    assert _lint_and_render(host) == findings  # and again: it does not repeat


@pytest.mark.parametrize("value", [[[1]], [None, None], [["name"]], [1.5]], ids=repr)
def test_register_parameters_that_are_not_names_are_recomputed(
    written_cache: tuple[Path, Path, Any, int], monkeypatch: pytest.MonkeyPatch, value: Any
) -> None:
    """Before the fix each item was taken as str(item): HD106 then reported every keyword of
    every register call as not accepted, run after run."""
    from hermes_dev.lint.rules import hd106_register_keyword_not_accepted as hd106

    host, cache_file, document, findings = written_cache
    _use(cache_file, monkeypatch)
    (key,) = [k for k, e in document["files"].items() if hd106.PARAMS_KIND in e["kinds"]]
    corrupt = _replaced(document, ("files", key, "kinds", hd106.PARAMS_KIND), value)
    cache_file.write_text(_encoded(corrupt), encoding="utf-8")
    assert _lint_and_render(host) == findings
    assert _lint_and_render(host) == findings  # the entry was written again, right


@pytest.mark.parametrize(
    "text",
    ["", "{", "[1, 2]", '"a string"', "null", "[" * 100_000, '{"kinds": ' * 50_000],
    ids=["empty", "cut", "a-list", "a-string", "null", "nested-deep", "objects-nested-deep"],
)
def test_an_entry_text_that_is_no_entry_is_ignored(
    written_cache: tuple[Path, Path, Any, int], monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    host, cache_file, document, findings = written_cache
    _use(cache_file, monkeypatch)
    raw = json.loads(_encoded(document))
    for key in raw["files"]:
        raw["files"][key] = text
    cache_file.write_text(json.dumps(raw), encoding="utf-8")
    assert _lint_and_render(host) == findings
    # The run wrote the entries again, and a run from them finds the same.
    assert all(isinstance(v, str) for v in json.loads(cache_file.read_text())["files"].values())
    assert _lint_and_render(host) == findings


def test_a_summaries_file_nested_too_deep_is_ignored(
    written_cache: tuple[Path, Path, Any, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    host, cache_file, _, findings = written_cache
    _use(cache_file, monkeypatch)
    cache_file.write_text('{"version": ' + "[" * 100_000, encoding="utf-8")
    assert _lint_and_render(host) == findings


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data(), new=json_values)
def test_any_value_anywhere_in_the_summaries_cache_is_survived(
    written_cache: tuple[Path, Path, Any, int],
    monkeypatch: pytest.MonkeyPatch,
    data: st.DataObject,
    new: Any,
) -> None:
    host, cache_file, document, _ = written_cache
    _use(cache_file, monkeypatch)
    where = data.draw(st.sampled_from(sorted(_paths(document), key=repr)), label="where")
    texts = data.draw(st.booleans(), label="entries as JSON text")
    cache_file.write_text(_encoded(_replaced(document, where, new), texts), encoding="utf-8")
    _lint_and_render(host)


class _AnswerEverything(ResultCache):
    """A schema-checks cache that holds `value` for every key."""

    def __init__(self, value: Any) -> None:
        super().__init__(None, schema_check.CHECKS_CACHE)
        self.value = value

    def get(self, key: str) -> Any:
        return self.value

    def put(self, key: str, data: object) -> None:
        pass


@settings(max_examples=200, deadline=None)
@given(new=json_values)
def test_any_value_in_the_schema_checks_cache_is_survived(new: Any) -> None:
    # A schema the fast proof cannot clear, so jsonschema's cached result is looked up.
    schema = {"type": "object", "properties": {"limit": {"type": "int"}}}
    errors = schema_check.schema_errors(schema, "parameters", _AnswerEverything(new))
    assert all(isinstance(p, str) and isinstance(m, str) for p, m in errors)
    if not (isinstance(new, list) and all(isinstance(e, list) and len(e) == 2 for e in new)):
        # a wrong shape is not taken for a result: jsonschema runs again
        assert errors == [
            (
                "/properties/limit/type",
                (
                    "parameters.properties.limit.type: 'int' is not a JSON Schema type"
                    " (one of array, boolean, integer, null, number, object, string)"
                ),
            )
        ]
