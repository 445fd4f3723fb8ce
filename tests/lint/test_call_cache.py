"""The call-following rules' disk cache: reused while the module and every module its imports
reach are byte for byte the same, re-analysed when one of them changes, never across versions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hermes_dev.lint import call_cache
from hermes_dev.lint.engine import lint
from tests.lint.support import make_root

FILES = {
    "tools/fetch_tool.py": """\
import json
from tools.registry import registry
from tools.fetch_client import Client

def fetch(args, **kw):
    Client()
    return json.dumps({"n": 1})

registry.register(name="fetch", toolset="t", schema={}, handler=fetch)
""",
    "tools/fetch_client.py": """\
from tools.fetch_errors import AuthError

class Client:
    def __init__(self):
        self._login()

    def _login(self):
        key = self.__dict__.get("key")
        if key is None:
            raise AuthError("no key")
        raise ValueError("bad key")
""",
    "tools/fetch_errors.py": "class AuthError(Exception):\n    pass\n",
}


def _run(root: Path) -> tuple[list[tuple[str, int, str, tuple[object, ...]]], int]:
    result = lint([], root=str(root), select=["HD101", "HD102"], use_cache=True)
    found = [(f.code, f.line, f.message, f.chains) for f in result.findings]
    return found, result.stats.counters.get(call_cache.REUSED_LABEL, 0)


@pytest.fixture()
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return make_root(tmp_path / "root", FILES)


def test_warm_run_reuses_the_same_findings(root: Path) -> None:
    cold, reused = _run(root)
    assert reused == 0 and [c[0] for c in cold] == ["HD102"]
    assert len(cold[0][3]) == 2  # one finding, a chain to each raise
    warm, reused = _run(root)
    assert reused == 2  # HD101 and HD102 of the one registering module
    assert warm == cold  # messages and every chain too


def test_a_change_two_imports_away_is_seen(root: Path) -> None:
    _run(root)
    (root / "tools" / "fetch_errors.py").write_text("class AuthError(BaseException):\n    pass\n")
    found, reused = _run(root)
    assert reused == 0
    assert "can raise AuthError" in found[0][2]
    (root / "tools" / "fetch_client.py").write_text("class Client:\n    pass\n")
    found, reused = _run(root)
    assert reused == 0 and found == []


def test_a_new_version_never_reuses_an_old_entry(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _run(root)
    monkeypatch.setattr(call_cache, "__version__", "999.0")
    _, reused = _run(root)
    assert reused == 0


def test_a_corrupt_entry_is_a_miss(root: Path, tmp_path: Path) -> None:
    _run(root)
    (cache_file,) = (tmp_path / "cache" / "hermes-dev").glob("summaries-*.json")
    document = json.loads(cache_file.read_text())
    # (each file's entry is stored as JSON text)
    document["files"] = {
        key: text.replace('"findings":[[', '"findings":[["x",')
        for key, text in document["files"].items()
    }
    cache_file.write_text(json.dumps(document))
    found, reused = _run(root)
    assert reused == 1  # HD101's entry is intact; HD102's is recomputed
    assert [f[0] for f in found] == ["HD102"]


SUBCLASS_FILES = {
    "tools/net_tool.py": """\
import importlib
import json
from tools.registry import registry
from tools.net.base import Transport

def _send(transport: Transport, text):
    transport.send(text)
    return json.dumps({"sent": True})

def net(args, **kw):
    module = importlib.import_module("tools.net.plain")
    return _send(module.Plain(), args.get("text", ""))

registry.register(name="net", toolset="t", schema={}, handler=net)
""",
    "tools/net/__init__.py": "",
    "tools/net/base.py": """\
from abc import ABC, abstractmethod

class Transport(ABC):
    @abstractmethod
    def send(self, text): ...
""",
    "tools/net/plain.py": """\
from tools.net.base import Transport

class Plain(Transport):
    def send(self, text):
        return len(text)
""",
}


def test_a_subclass_no_import_names_still_keys_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An abstract method's call runs what the subclasses in its folder put in its place,
    also a subclass only `importlib` loads: changing one re-analyses the caller."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    root = make_root(tmp_path / "root", SUBCLASS_FILES)
    before, _ = _run(root)
    assert before == []
    plain = root / "tools/net/plain.py"
    plain.write_text(
        plain.read_text().replace("return len(text)", 'raise ValueError("empty")'),
        encoding="utf-8",
    )
    after, reused = _run(root)
    assert reused == 0
    assert [(code, line) for code, line, _, _ in after] == [("HD102", 12)]
    assert "ValueError" in after[0][2] and "Plain.send" in after[0][2]


DECORATED_FILES = {
    "plugins/deco/plugin.yaml": 'name: deco\nversion: "1.0"\ndescription: d\n',
    "plugins/deco/registry.py": """\
TOOLS = []


def hermes_tool(fn):
    TOOLS.append(fn)
    return fn
""",
    "plugins/deco/tools.py": """\
import json

from .registry import hermes_tool


@hermes_tool
def deco_ping(args, **kw):
    return json.dumps({"pong": True})
""",
    "plugins/deco/__init__.py": """\
from .registry import TOOLS


def register(ctx):
    for fn in TOOLS:
        ctx.register_tool(name=fn.__name__, toolset="deco", schema={}, handler=fn)
""",
}


def test_a_def_a_registering_decorator_adds_keys_the_table_s_readers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The loop over a table a decorator fills reads the decorated defs of sibling modules,
    which it does not import: changing one re-analyses it."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    root = make_root(tmp_path / "root", DECORATED_FILES)
    before, _ = _run(root)
    assert before == []
    tools = root / "plugins/deco/tools.py"
    tools.write_text(
        tools.read_text().replace('json.dumps({"pong": True})', '"pong"'), encoding="utf-8"
    )
    after, reused = _run(root)
    assert reused == 0
    assert [(code, line) for code, line, _, _ in after] == [("HD101", 8)]


CLASSMETHOD_FILES = {
    "tools/kit_base.py": """\
import json

from tools.registry import registry, tool_error


class Tool:
    name = ""

    @classmethod
    def make(cls, args):
        return cls()

    @classmethod
    def handle(cls, args, **kw):
        return json.dumps({"top": cls.make(args or {}).top})

    @classmethod
    def register(cls):
        registry.register(name=cls.name, toolset="kit", schema={}, handler=cls.handle)
""",
    "tools/words_tool.py": """\
from tools.kit_base import Tool


class Words(Tool):
    name = "word_top"

    @classmethod
    def make(cls, args):
        made = cls()
        made.top = 10
        return made


Words.register()
""",
}


def test_a_class_a_registering_classmethod_runs_for_keys_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A classmethod that registers `cls` runs for each class of its folder it is called on,
    in modules the registering module does not import: changing one re-analyses it."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    root = make_root(tmp_path / "root", CLASSMETHOD_FILES)
    before, _ = _run(root)
    assert before == []
    words = root / "tools/words_tool.py"
    words.write_text(
        words.read_text().replace("made.top = 10", 'made.top = int(args.get("top") or 10)'),
        encoding="utf-8",
    )
    after, reused = _run(root)
    assert reused == 0
    assert [(code, line) for code, line, _, _ in after] == [("HD102", 15)]
    assert "ValueError" in after[0][2]


def test_a_table_a_def_fills_by_key_marks_its_module_s_folder() -> None:
    """`TOOLS[name] = ...` under a def of the module that makes `TOOLS` a dict: the calls of
    that def are looked for in the folder, so the folder counts in the key; a dict a def
    fills for itself does not."""
    from hermes_dev.pyast.semantic.import_graph import SUBTREE, import_candidates

    filled = "TOOLS = {}\n\n\ndef add(obj):\n    TOOLS[obj.name] = obj\n    return obj\n"
    local = "def add(obj):\n    seen = {}\n    seen[obj.name] = obj\n    return seen\n"
    assert f"plugins/kit/{SUBTREE}" in import_candidates("plugins/kit/registry.py", filled)
    assert f"plugins/kit/{SUBTREE}" not in import_candidates("plugins/kit/registry.py", local)
