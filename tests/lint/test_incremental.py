"""Incremental lint (issue 23, item 1): a warm run reads each unchanged module's findings from the
on-disk cache and parses none of them, a one-file run analyses only that file, and what is shown
is the same as a run without cache, byte for byte in `--format json`. A damaged, truncated or
foreign cache file is a miss: the same findings again, never a traceback."""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hermes_dev.lint import catalog
from hermes_dev.lint.call_cache import REUSED_LABEL
from hermes_dev.lint.engine import LintResult, lint
from hermes_dev.lint.rule import Case
from tests.lint.support import make_root

REPO = Path(__file__).resolve().parents[2]
CORPUS = Path(__file__).parent / "corpus"
BROKEN = REPO / "tests" / "fixtures" / "broken_host"
UNWRITTEN = Path("/nonexistent/hermes-dev-test-cache")


def _rows(result: LintResult) -> list[tuple[object, ...]]:
    rows = []
    for f in result.findings:
        fix = f.fix
        rows.append(
            (
                f.code,
                result.relative(f.path),
                f.line,
                f.column,
                f.end_line,
                f.end_column,
                f.message,
                f.tool,
                f.chains,
                None if fix is None else (fix.edit, fix.path, fix.args, fix.safe, fix.title),
            )
        )
    return rows


def _counters(result: LintResult) -> dict[str, int]:
    return {k: v for k, v in result.stats.counters.items() if k != REUSED_LABEL}


def _cases() -> list[object]:
    out = []
    for code in catalog.all_codes():
        rule = catalog.load_rule(code)
        for kind, cases in (("valid", rule.VALID), ("invalid", rule.INVALID)):
            for i, case in enumerate(cases):
                out.append(pytest.param(case, id=f"{code}-{kind}-{i}"))
    return out


@pytest.mark.parametrize("case", _cases())
def test_every_rule_case_finds_the_same_with_a_warm_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: Case
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    root = make_root(tmp_path / "root", case.sources())
    off = lint([], root=str(root), use_cache=False)
    cold = lint([], root=str(root), use_cache=True)
    warm = lint([], root=str(root), use_cache=True)
    assert _rows(cold) == _rows(off)
    assert _rows(warm) == _rows(off)
    # the counters of --statistics too: a reused answer adds what its analysis added
    assert _counters(warm) == _counters(cold) == _counters(off)


def _cli(root: Path, cache: Path | None, *args: str) -> tuple[int, str, str]:
    """`hermes-dev lint --format json --no-baseline ARGS` in `root`, with the cache folder
    `cache` (None: HERMES_DEV_NO_CACHE=1, and a cache folder that must stay unwritten)."""
    env = {**os.environ, "XDG_CACHE_HOME": str(cache or UNWRITTEN)}
    env.pop("HERMES_DEV_NO_CACHE", None)
    if cache is None:
        env["HERMES_DEV_NO_CACHE"] = "1"
    proc = subprocess.run(
        [sys.executable, "-m", "hermes_dev", "lint", "--format", "json", "--no-baseline", *args],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    return proc.returncode, proc.stdout, proc.stderr


def _same_as_without_cache(root: Path, cache: Path, *args: str) -> str:
    """Lint `root` without cache and with `cache` (twice: filled, then read): the same output
    and exit code each time. Returns the output."""
    expected = _cli(root, None, *args)
    assert expected[0] in (0, 1), expected[2]
    for _ in range(2):
        assert _cli(root, cache, *args) == expected
    return expected[1]


@pytest.fixture()
def trees(tmp_path: Path) -> Path:
    shutil.copytree(CORPUS, tmp_path / "corpus")
    shutil.copytree(BROKEN, tmp_path / "broken")
    return tmp_path


def test_the_reference_host_lints_the_same_with_a_warm_cache(tmp_path: Path) -> None:
    _same_as_without_cache(REPO, tmp_path / "cache")


def test_fixture_trees_lint_the_same_warm_after_an_edit_and_for_one_file(
    trees: Path,
) -> None:
    cache = trees / "cache"
    corpus, broken = trees / "corpus", trees / "broken"
    out = _same_as_without_cache(corpus, cache)
    assert {"HD101", "HD102", "HD402"} <= {f["code"] for f in json.loads(out)}
    out = _same_as_without_cache(broken, cache)
    assert {"HD201", "HD301", "HD305"} <= {f["code"] for f in json.loads(out)}
    # A change two imports away from a handler: its module is analysed again.
    errors = corpus / "tools" / "memory_store.py"
    errors.write_text(errors.read_text(encoding="utf-8") + "\nraise ValueError('x')\n")
    _same_as_without_cache(corpus, cache)
    for tree, one in ((corpus, "tools/memory_tool.py"), (broken, "tools/env_tool.py")):
        _same_as_without_cache(tree, cache, one)
    # A new plugin module and a broken one.
    (corpus / "plugins" / "weather" / "extra.py").write_text("def f(:\n", encoding="utf-8")
    _same_as_without_cache(corpus, cache)


def _summaries(cache: Path) -> list[Path]:
    return sorted((cache / "hermes-dev").glob("*.json"))


DAMAGE = {
    "truncated": lambda data: data[: len(data) // 2],
    "empty": lambda data: b"",
    "binary": lambda data: bytes(range(256)) * 4,
    "a list": lambda data: b"[1, 2, 3]",
    "every text a number": lambda data: json.dumps(
        {k: (7 if isinstance(v, str) else v) for k, v in json.loads(data).items()}
    ).encode(),
    "each entry cut short": lambda data: json.dumps(_cut_entries(json.loads(data))).encode(),
}


def _cut_entries(document: object) -> object:
    """Each file's entry (JSON text) cut to half its length, and any nested object emptied."""
    if not isinstance(document, dict):
        return document
    out: dict[str, object] = {}
    for key, value in document.items():
        if isinstance(value, dict):
            out[key] = {
                k: (v[: len(v) // 2] if isinstance(v, str) else {}) for k, v in value.items()
            }
        else:
            out[key] = value
    return out


@pytest.fixture(scope="module")
def filled(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    """The corpus, a cache folder filled by linting it, and the output of that lint (the same
    without cache and with the cache, filled then read): made once, for each damage below."""
    base = tmp_path_factory.mktemp("filled")
    corpus, cache = base / "corpus", base / "cache"
    shutil.copytree(CORPUS, corpus)
    return corpus, cache, _same_as_without_cache(corpus, cache)


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_damaged_cache_is_a_miss(
    filled: tuple[Path, Path, str], tmp_path: Path, damage: str
) -> None:
    corpus, filled_cache, expected = filled
    cache = tmp_path / "cache"
    shutil.copytree(filled_cache, cache)  # (lint writes no file of the corpus)
    files = _summaries(cache)
    assert files
    for path in files:
        data = path.read_bytes()
        try:
            path.write_bytes(DAMAGE[damage](data))
        except ValueError:  # (not JSON: damaged another way)
            path.write_bytes(data[:-1])
    code, out, err = _cli(corpus, cache)
    assert (code, out) == (1, expected)
    assert "Traceback" not in err
    # and it is whole again after that run
    assert _cli(corpus, cache)[:2] == (1, expected)


def test_a_foreign_cache_is_a_miss(trees: Path) -> None:
    """Another tree's summaries (the same kind of file, for other paths) in place of this tree's,
    then this tree's own under another version's stamp."""
    cache, other = trees / "cache", trees / "other-cache"
    corpus, broken = trees / "corpus", trees / "broken"
    expected = _same_as_without_cache(corpus, cache)
    _cli(broken, other)
    (mine,) = (cache / "hermes-dev").glob("summaries-*.json")
    (theirs,) = (other / "hermes-dev").glob("summaries-*.json")
    shutil.copy(theirs, mine)
    assert _cli(corpus, cache)[:2] == (1, expected)
    document = json.loads(mine.read_text(encoding="utf-8"))
    document["version"] = "3-0.0.1-another"
    mine.write_text(json.dumps(document), encoding="utf-8")
    code, out, err = _cli(corpus, cache)
    assert (code, out, "Traceback" in err) == (1, expected, False)


def _parsed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    parsed: list[str] = []
    real_parse = ast.parse

    def counting_parse(source, filename="<unknown>", *args, **kwargs):  # type: ignore[no-untyped-def]
        parsed.append(Path(str(filename)).name)
        return real_parse(source, filename, *args, **kwargs)

    monkeypatch.setattr(ast, "parse", counting_parse)
    return parsed


def test_a_warm_run_parses_no_unchanged_module(
    trees: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(trees / "cache"))
    broken = trees / "broken"
    cold = lint([], root=str(broken), use_cache=True)
    parsed = _parsed(monkeypatch)
    warm = lint([], root=str(broken), use_cache=True)
    assert _rows(warm) == _rows(cold)
    # (toolsets.py only for its HD302 fixes' edit ranges)
    assert parsed == ["toolsets.py"]
    assert warm.stats.counters[REUSED_LABEL] >= 50
    # An edit to one module: that module alone is parsed again (nothing imports it).
    env_tool = broken / "tools" / "env_tool.py"
    env_tool.write_text(env_tool.read_text(encoding="utf-8") + "\n# edited\n")
    parsed.clear()
    again = lint([], root=str(broken), use_cache=True)
    assert sorted(set(parsed)) == ["env_tool.py", "toolsets.py"]
    assert _rows(again) == _rows(cold)


def test_a_one_file_run_analyses_only_that_file(
    trees: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An edited tool module is analysed again; its handlers' calls into the (unchanged) module
    it imports are followed again too, but nothing else is parsed."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(trees / "cache"))
    corpus = trees / "corpus"
    lint([], root=str(corpus), use_cache=True)
    one = corpus / "tools" / "memory_tool.py"
    one.write_text(one.read_text(encoding="utf-8") + "\n# edited\n")
    expected = _rows(lint([str(one)], root=str(corpus), use_cache=False))
    parsed = _parsed(monkeypatch)
    result = lint([str(one)], root=str(corpus), use_cache=True)
    assert _rows(result) == expected
    assert "memory_tool.py" in parsed
    assert set(parsed) <= {"memory_tool.py", "memory_store.py", "registry.py"}


def test_a_warm_run_of_the_reference_host_parses_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    cold = lint([], root=str(REPO), use_cache=True)
    parsed = _parsed(monkeypatch)
    warm = lint([], root=str(REPO), use_cache=True)
    assert _rows(warm) == _rows(cold)
    assert parsed == []  # (toolsets.py too: HD302 reads its edit ranges only for a finding)


def test_hd105_sees_a_new_import_by_name_with_a_warm_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whether another file imports a module is outside its import closure: HD105 asks it on
    every run, so a model_tools.py that starts to import the tool by name silences it."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    tool = (
        "import json\nfrom tools.registry import registry\n\n\n"
        "def handle(args, **kw):\n    return json.dumps({})\n\n\n"
        "def _register():\n"
        '    registry.register(name="n8n", toolset="t", schema={}, handler=handle)\n\n\n'
        "_register()\n"
    )
    root = make_root(tmp_path / "root", {"tools/n8n_tool.py": tool})
    for _ in range(2):
        found = lint([], root=str(root), select=["HD105"], use_cache=True)
        assert [f.code for f in found.findings] == ["HD105"]
    (root / "model_tools.py").write_text(
        "import importlib\n\n_MODULES = ['tools.n8n_tool']\n\n\n"
        "def _discover_tools():\n    for name in _MODULES:\n        importlib.import_module(name)\n"
    )
    assert lint([], root=str(root), select=["HD105"], use_cache=True).findings == []
    assert lint([], root=str(root), select=["HD105"], use_cache=False).findings == []
