"""HD101's `json.dumps(...)` fix is safe only when nothing under the root but the registry
calls the handler: other modules (Hermes' `agent/` calls real handlers) and tests count."""

from __future__ import annotations

from pathlib import Path

import pytest

from hermes_dev.lint import callers
from hermes_dev.lint.engine import lint
from tests.lint.support import make_root

TOOL = """\
import json
from tools.registry import registry


def lookup_notes(args, **kw):
    if not args.get("query"):
        return {"error": "query is required"}
    return json.dumps({"notes": []})


registry.register(name="lookup_notes", toolset="t", schema={}, handler=lookup_notes)
"""


def _safety(root: Path, use_cache: bool = False) -> list[bool]:
    result = lint([], root=str(root), select=["HD101"], use_cache=use_cache)
    return [f.fix.safe for f in result.findings if f.fix is not None]


def test_no_other_caller_keeps_the_fix_safe(tmp_path: Path) -> None:
    root = make_root(tmp_path, {"tools/notes_tool.py": TOOL})
    assert _safety(root) == [True]


@pytest.mark.parametrize(
    ("rel", "source"),
    [
        (
            "agent/context_builder.py",
            "from tools.notes_tool import lookup_notes\n\n"
            "def build(query):\n    return lookup_notes({'query': query})\n",
        ),
        (
            "agent/summary.py",
            "import tools.notes_tool as notes\n\n"
            "def summary(q):\n    return notes.lookup_notes({'query': q})['notes']\n",
        ),
        (
            "tests/tools/test_notes_tool.py",
            "from tools.notes_tool import lookup_notes\n\n"
            "def test_empty():\n    assert lookup_notes({}) == {'error': 'query is required'}\n",
        ),
    ],
    ids=["agent-import", "module-attribute", "test"],
)
def test_a_caller_anywhere_under_the_root_makes_it_unsafe(
    tmp_path: Path, rel: str, source: str
) -> None:
    root = make_root(tmp_path, {"tools/notes_tool.py": TOOL, rel: source})
    assert _safety(root) == [False]


def test_a_mention_in_a_comment_or_string_elsewhere_is_no_call(tmp_path: Path) -> None:
    other = (
        "# lookup_notes is the notes tool\n"
        "HELP = 'call lookup_notes with a query'\n"
        "def lookup(x):\n    return x\n"
    )
    root = make_root(tmp_path, {"tools/notes_tool.py": TOOL, "agent/help.py": other})
    assert _safety(root) == [True]


def test_a_caller_added_later_is_seen_on_a_warm_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The handler module and its imports are unchanged, so its findings come from the cache;
    # who calls the handler is decided again on every run.
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    root = make_root(tmp_path / "root", {"tools/notes_tool.py": TOOL})
    assert _safety(root, use_cache=True) == [True]
    (root / "agent").mkdir()
    (root / "agent" / "loop.py").write_text(
        "from tools.notes_tool import lookup_notes\nlookup_notes({})\n", encoding="utf-8"
    )
    assert _safety(root, use_cache=True) == [False]


def test_a_root_too_big_to_scan_keeps_the_fix_unsafe(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = {"tools/notes_tool.py": TOOL, **{f"lib/m{i}.py": "X = 1\n" for i in range(5)}}
    root = make_root(tmp_path, files)
    monkeypatch.setattr(callers, "MAX_FILES", 3)
    assert _safety(root) == [False]


def test_named_elsewhere_reads_only_files_with_the_word(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("def alpha():\n    pass\n", encoding="utf-8")
    (tmp_path / "b.py").write_text("from a import alpha\nalpha()\n", encoding="utf-8")
    (tmp_path / "c.py").write_text("gamma = 'alpha'  # beta\n", encoding="utf-8")
    (tmp_path / ".venv").mkdir()
    (tmp_path / ".venv" / "d.py").write_text("beta()\n", encoding="utf-8")
    assert callers.named_elsewhere(tmp_path, ["alpha", "beta"], skip=[tmp_path / "a.py"]) == {
        "alpha"
    }
    # A def of that name elsewhere is another function, not a call of this one.
    assert callers.named_elsewhere(tmp_path, ["alpha"], skip=[tmp_path / "b.py"]) == set()
    assert callers.named_elsewhere(tmp_path, ["delta"]) == set()


def test_named_by_others_answers_for_many_homes_in_one_scan(tmp_path: Path) -> None:
    """Two modules each define `run`; only one is imported elsewhere. Each home is judged
    apart, with one read of every file (as `named_elsewhere` per home would)."""
    (tmp_path / "a.py").write_text("def run():\n    pass\n", encoding="utf-8")
    (tmp_path / "b.py").write_text("def run():\n    pass\n", encoding="utf-8")
    (tmp_path / "c.py").write_text("from a import run\nrun()\n", encoding="utf-8")
    (tmp_path / "d.py").write_text("def solo():\n    pass\n", encoding="utf-8")
    wanted = {"run": {tmp_path / "a.py", tmp_path / "b.py"}, "solo": {tmp_path / "d.py"}}
    assert callers.named_by_others(tmp_path, wanted) == {
        ("run", tmp_path / "a.py"),
        ("run", tmp_path / "b.py"),
    }
    (tmp_path / "c.py").write_text("x = 1\n", encoding="utf-8")
    assert callers.named_by_others(tmp_path, wanted) == set()


def test_a_module_with_its_own_function_of_that_name_is_no_caller(tmp_path: Path) -> None:
    # Tool modules written alike: each registers its own `lookup_notes`.
    other = TOOL.replace('name="lookup_notes"', 'name="other_notes"')
    root = make_root(tmp_path, {"tools/notes_tool.py": TOOL, "tools/other_tool.py": other})
    assert _safety(root) == [True, True]
