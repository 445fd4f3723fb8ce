"""HD2xx/HD3xx end to end: every seeded defect of the broken host is found, nothing else; the
reference host and its generated weather tool give nothing; pre-commit runs report only on the
files they pass."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from hermes_dev.lint.engine import lint

REPO = Path(__file__).resolve().parents[2]
BROKEN = REPO / "tests" / "fixtures" / "broken_host"
CODES = ["HD2", "HD3"]


@pytest.fixture(autouse=True)
def _no_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HERMES_DEV_NO_CACHE", "1")


def _seeded(root: Path) -> set[tuple[str, str, int]]:
    """(code, path, line) of every `# defect: HDxxx ...` comment under `root`."""
    found: set[tuple[str, str, int]] = set()
    for path in sorted(root.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            match = re.search(r"# defect: ((?:HD\d{3} ?)+)", line)
            if match:
                for code in match.group(1).split():
                    found.add((code, path.relative_to(root).as_posix(), number))
    return found


def _found(result: object) -> set[tuple[str, str, int]]:
    return {
        (f.code, result.relative(f.path), f.line)  # type: ignore[attr-defined]
        for f in result.findings  # type: ignore[attr-defined]
    }


def test_every_seeded_defect_is_found_and_nothing_else() -> None:
    result = lint([], root=str(BROKEN), select=CODES, use_cache=False)
    assert _found(result) == {
        ("HD201", "tools/schema_tools.py", 53),
        ("HD202", "tools/schema_tools.py", 24),
        ("HD203", "tools/schema_tools.py", 36),
        ("HD204", "tools/schema_tools.py", 41),
        ("HD205", "tools/schema_tools.py", 46),
        ("HD205", "tools/_schemas.py", 9),
        ("HD205", "tools/table_tools.py", 22),
        ("HD301", "tools/orphan_tool.py", 14),
        ("HD302", "toolsets.py", 11),
        ("HD302", "toolsets.py", 29),
        ("HD303", "tools/env_tool.py", 28),
        ("HD304", "hermes_cli/config.py", 22),
        ("HD305", "tools/dup_a_tool.py", 14),
        ("HD305", "tools/dup_b_tool.py", 14),
        ("HD306", "tools/env_tool.py", 28),
    }
    # the fixture's own markers agree with the list above
    assert _found(result) == _seeded(BROKEN)
    assert result.stats.counters == {"schemas skipped (not static)": 1}


def test_findings_point_inside_the_schema_literal() -> None:
    result = lint(
        [str(BROKEN / "tools" / "schema_tools.py")],
        root=str(BROKEN),
        select=["HD203"],
        use_cache=False,
    )
    (finding,) = result.findings
    # the `"lang"` string in `"required": ["query", "lang"]`
    assert (finding.line, finding.column, finding.end_column) == (36, 31, 37)
    assert finding.tool == "web search"


def test_a_defect_in_an_imported_schema_is_reported_where_it_is_written() -> None:
    result = lint(
        [str(BROKEN / "tools" / "schema_tools.py")],
        root=str(BROKEN),
        select=["HD205"],
        use_cache=False,
    )
    messages = {(result.relative(f.path), f.line): f.message for f in result.findings}
    assert messages == {
        ("tools/_schemas.py", 9): "parameter 'word' has no description",
        ("tools/schema_tools.py", 46): "parameter 'site' has no description",
    }


def test_reference_host_and_weather_tool_give_nothing() -> None:
    assert (REPO / "tools" / "weather_tool.py").is_file()
    result = lint([], root=str(REPO), select=CODES, use_cache=False)
    assert _found(result) == set()
    assert result.stats.counters == {}
    result = lint(
        [
            str(REPO / "tools" / "weather_tool.py"),
            str(REPO / "toolsets.py"),
            str(REPO / "hermes_cli" / "config.py"),
        ],
        root=str(REPO),
        select=CODES,
        use_cache=False,
    )
    assert _found(result) == set()


def test_one_file_reports_on_that_file_only() -> None:
    result = lint(
        [str(BROKEN / "tools" / "dup_a_tool.py")], root=str(BROKEN), select=CODES, use_cache=False
    )
    # HD305 still sees the other module; toolsets.py and config.py findings stay out
    assert _found(result) == {("HD305", "tools/dup_a_tool.py", 14)}


def test_toolsets_and_config_findings_when_passed() -> None:
    result = lint(
        [str(BROKEN / "toolsets.py"), str(BROKEN / "hermes_cli" / "config.py")],
        root=str(BROKEN),
        select=CODES,
        use_cache=False,
    )
    assert _found(result) == {
        ("HD302", "toolsets.py", 11),
        ("HD302", "toolsets.py", 29),
        ("HD304", "hermes_cli/config.py", 22),
    }


def test_known_tools_allows_run_time_tools(tmp_path: Path) -> None:
    root = tmp_path / "host"
    shutil.copytree(BROKEN, root)
    (root / "pyproject.toml").write_text(
        '[tool.hermes-dev]\nknown-tools = ["ghost_tool", "phantom_tool"]\n', encoding="utf-8"
    )
    result = lint([], root=str(root), select=["HD302", "HD304"], use_cache=False)
    assert _found(result) == {("HD302", "toolsets.py", 11)}


def test_rules_needing_toolsets_or_config_are_skipped_where_absent(tmp_path: Path) -> None:
    root = tmp_path / "bare"
    shutil.copytree(BROKEN / "tools", root / "tools")
    result = lint([], root=str(root), select=CODES, use_cache=False)
    codes = {f.code for f in result.findings}
    assert not codes & {"HD301", "HD302", "HD303", "HD304"}
    assert {"HD201", "HD305", "HD306"} <= codes


def test_cache_serves_a_one_file_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A second one-file run takes other modules' names and the toolsets/config summaries from
    the on-disk cache instead of parsing them, and the unchanged file's own answers too: it
    parses nothing."""
    import ast

    monkeypatch.delenv("HERMES_DEV_NO_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    one = [str(BROKEN / "tools" / "env_tool.py")]
    first = lint(one, root=str(BROKEN), select=CODES)
    parsed: list[str] = []
    real_parse = ast.parse

    def counting_parse(source, filename="<unknown>", *args, **kwargs):  # type: ignore[no-untyped-def]
        parsed.append(str(filename))
        return real_parse(source, filename, *args, **kwargs)

    monkeypatch.setattr(ast, "parse", counting_parse)
    second = lint(one, root=str(BROKEN), select=CODES)
    assert (
        _found(second)
        == _found(first)
        == {
            ("HD303", "tools/env_tool.py", 28),
            ("HD306", "tools/env_tool.py", 28),
        }
    )
    assert parsed == []


def test_excluded_modules_still_register_their_tools(tmp_path: Path) -> None:
    root = tmp_path / "host"
    shutil.copytree(BROKEN, root)
    (root / "pyproject.toml").write_text(
        '[tool.hermes-dev]\nexclude = ["tools/dup_b_tool.py", "tools/schema_tools.py"]\n',
        encoding="utf-8",
    )
    result = lint([], root=str(root), select=["HD302", "HD305"], use_cache=False)
    # dup_b is not reported on, but its "dup" still collides with dup_a's; the names
    # schema_tools.py registers still satisfy toolsets.py
    assert _found(result) == {
        ("HD302", "toolsets.py", 11),
        ("HD302", "toolsets.py", 29),
        ("HD305", "tools/dup_a_tool.py", 14),
    }


@pytest.mark.parametrize("rel", ["toolsets.py", "hermes_cli/config.py"])
def test_a_project_file_that_does_not_parse_is_reported(tmp_path: Path, rel: str) -> None:
    """The project rules read toolsets.py and hermes_cli/config.py: when one does not parse they
    can say nothing, so a whole-root run reports it (never "All checks passed")."""
    from tests.scaffold.hosts import make_host

    root = make_host(tmp_path / "host")
    path = root / rel
    path.write_text(path.read_text(encoding="utf-8") + "\nBROKEN = {\n", encoding="utf-8")
    result = lint([], root=str(root))
    assert [(f.code, result.relative(f.path)) for f in result.findings] == [("HD000", rel)]
