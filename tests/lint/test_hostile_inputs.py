"""Untrusted files stay bounded (issue 20, items 8 and 9): manifests are counted before they are
composed, caches are read only as regular files of bounded size, messages never print a value
whole."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from hermes_dev.host.plugins import manifest_problems, parse_manifest
from hermes_dev.lint import cache as cache_module
from hermes_dev.lint.cache import ResultCache, SummaryCache
from tests.resources.test_hostile_tree import BILLION_LAUGHS


@pytest.fixture
def alarm():
    """Fail (instead of hanging the suite) when the test takes more than 10 s."""

    def timeout(signum, frame):
        raise TimeoutError("took more than 10 s")

    old = signal.signal(signal.SIGALRM, timeout)
    signal.alarm(10)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def _problems(text: str) -> list[str]:
    return [p.message for p in manifest_problems(parse_manifest(Path("plugin.yaml"), text))]


def test_an_alias_bomb_is_refused_before_it_is_expanded(alarm):
    start = time.perf_counter()
    assert _problems(BILLION_LAUGHS) == [
        "too large to read: more than 100,000 values once its aliases are expanded"
    ]
    assert time.perf_counter() - start < 1


def test_a_recursive_alias_is_refused():
    assert _problems("name: x\nprovides_tools: &a [*a]\n") == [
        "too large to read: the alias *a refers to a node that contains it"
    ]


def test_deep_nesting_is_refused():
    assert _problems("name: x\nx: " + "{a: " * 100 + "1" + "}" * 100 + "\n") == [
        "too large to read: nested deeper than 64 levels"
    ]


def test_an_integer_of_thousands_of_digits_is_one_problem():
    problems = _problems("name: x\nversion: " + "9" * 6000 + "\n")
    assert len(problems) == 1 and problems[0].startswith("not a valid value: Exceeds the limit")


def test_a_long_value_is_cut_short_in_the_message():
    problems = _problems("name: x\nkind: " + "k" * 50_000 + "\n")
    assert problems == [
        f"kind '{'k' * 60}'... is not one of standalone, backend, exclusive, platform,"
        + " model-provider"
    ]


def test_a_manifest_of_40000_tools_is_read(alarm):
    names = [f"tool_{i}" for i in range(40_000)]
    manifest = parse_manifest(
        Path("plugin.yaml"), "name: x\nprovides_tools:\n" + "".join(f"  - {n}\n" for n in names)
    )
    assert manifest.provides_tools == tuple(names)


def test_a_long_list_of_wrong_entries_is_a_few_problems(alarm):
    """99,000 entries that are not names (a 300 KB file, under every bound) were 99,000 HD401
    findings: 10 MB of text, 1 GB and 44 s as SARIF. Now the first ones and a count."""
    problems = _problems("name: x\nprovides_tools: [" + ",".join(["{}"] * 99_000) + "]\n")
    assert len(problems) == 21, len(problems)
    assert problems[0] == "provides_tools[0] must be a string, not a mapping"
    assert problems[-1] == "and 98,980 more problems like these"


# -- item 9: caches ----------------------------------------------------------------------------


@pytest.fixture
def cache_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("HERMES_DEV_NO_CACHE", raising=False)
    folder = tmp_path / "cache" / "hermes-dev"
    folder.mkdir(parents=True)
    return folder


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "huge", "symlink-to-valid"])
def test_a_hostile_cache_file_is_a_miss(tmp_path, cache_home, kind, alarm, monkeypatch):
    summaries = SummaryCache(tmp_path)
    results = ResultCache(str(cache_home), "schemas")
    for target in (Path(summaries._path()), Path(results.file)):
        if kind == "fifo":
            os.mkfifo(target)
        elif kind == "dev-zero":
            target.symlink_to("/dev/zero")
        elif kind == "huge":
            with open(target, "wb") as fh:
                fh.truncate(2 * 1024**3)
        else:
            valid = tmp_path / f"{target.name}.real"
            valid.write_text(f'{{"version": "{cache_module.cache_format()}", "files": {{}}}}')
            target.symlink_to(valid)
    assert summaries.get(tmp_path / "x.py", "kind") == (False, None)
    assert results.get("key") is None


def test_thousands_of_unregistered_names_are_a_few_findings(tmp_path):
    """A provides_tools of 5,000 names nothing registers: the first 20, then one count."""
    from hermes_dev.lint.engine import lint
    from tests.lint.support import make_root

    names = "".join(f"  - ghost_{i}\n" for i in range(5000))
    root = make_root(
        tmp_path,
        {
            "plugins/many/plugin.yaml": f'name: many\nversion: "1"\ndescription: d\nprovides_tools:\n{names}',
            "plugins/many/__init__.py": "def register(ctx):\n    pass\n",
        },
    )
    found = [f for f in lint([], root=str(root), select=["HD402"]).findings]
    assert len(found) == 21
    assert (
        found[0].message
        == "provides_tools lists 'ghost_0' but register(ctx) registers no such tool"
    )
    assert found[-1].message == (
        "provides_tools lists 4,980 more names that register(ctx) does not register"
    )
    assert found[-1].line == 25  # where the 21st name is listed


def test_a_provider_serving_thousands_of_tools_is_checked_for_a_bounded_number(tmp_path):
    """Each served tool walks `handle_tool_call` once: 1,000 names and 1,000 branches were a
    quadratic walk (5,000 took 41 s). The first MAX_SERVED are checked."""
    from hermes_dev.host.served import MAX_SERVED
    from hermes_dev.lint.engine import lint
    from tests.lint.support import make_root

    names = [f"t{i}" for i in range(1000)]
    schemas = ", ".join(f'{{"name": "{n}"}}' for n in names)
    branches = "".join(
        f'        if tool_name == "{n}":\n            return "text"\n' for n in names
    )
    source = (
        f"SCHEMAS = [{schemas}]\n\n\nclass Big:\n    def get_tool_schemas(self):\n"
        f"        return SCHEMAS\n\n    def handle_tool_call(self, tool_name, args, **kw):\n"
        f"{branches}        return '{{}}'\n"
    )
    root = make_root(tmp_path, {"plugin.yaml": "name: big\n", "__init__.py": source})
    found = lint([], root=str(root), select=["HD101"]).findings
    assert len(found) == MAX_SERVED


def test_a_long_elif_chain_called_with_a_constant_is_followed_once(tmp_path, alarm):
    # Each arm's test is decided by the constant the call binds; asking whether the chain's
    # tail ends again for every arm doubled the work per arm (40 arms: days).
    from hermes_dev.lint.engine import lint
    from tests.lint.support import make_root

    arms = "".join(
        f'    {"if" if i == 0 else "elif"} unit == "u{i}":\n        return {i}\n' for i in range(40)
    )
    module = (
        "import json\nfrom tools.registry import registry\n\n\ndef factor(unit):\n"
        + arms
        + "    raise ValueError(unit)\n\n\ndef h(args, **kw):\n"
        '    return json.dumps({"v": factor("nope")})\n\n\n'
        'registry.register(name="h", toolset="t", schema={}, handler=h)\n'
    )
    root = make_root(tmp_path, {"tools/chain_tool.py": module})
    found = [f for f in lint([], root=str(root), select=["HD102"]).findings if f.code == "HD102"]
    assert [f.line for f in found] == [90]  # (`factor("nope")` raises ValueError)
