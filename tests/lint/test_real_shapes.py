"""Shapes QA met in real Hermes checkouts, where the point is a message or a statistic rather
than a finding's place (those are in the rules' VALID/INVALID cases and the corpus)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from hermes_dev.lint.engine import lint
from tests.lint.support import make_root


@pytest.fixture(autouse=True)
def _no_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HERMES_DEV_NO_CACHE", "1")


_PLUGIN_TABLE = """\
def _where(args, **kw):
    return '{}'


TOOL_DEFINITIONS = (
    {"name": "spacey_where", "toolset": "spacey", "schema": {}, "handler": _where},
)


def register(ctx):
    for definition in TOOL_DEFINITIONS:
        ctx.register_tool(**definition, requires_env=["SPACEY_KEY"])
"""


def test_a_spread_row_gives_the_tool_its_name(tmp_path: Path) -> None:
    """`ctx.register_tool(**definition, ...)` over dict displays: the row's items are keywords."""
    root = make_root(tmp_path, {"plugins/spacey/__init__.py": _PLUGIN_TABLE})
    result = lint([], root=str(root), select=["HD306"])
    assert [f.code for f in result.findings] == ["HD306"]
    assert result.findings[0].message.startswith("tool 'spacey_where' has requires_env")


def test_a_tool_without_a_static_name_is_never_named_question_mark(tmp_path: Path) -> None:
    computed = _PLUGIN_TABLE.replace(
        "for definition in TOOL_DEFINITIONS:", "for definition in load_definitions():"
    )
    root = make_root(tmp_path, {"plugins/spacey/__init__.py": computed})
    result = lint([], root=str(root), select=["HD306"])
    assert [f.code for f in result.findings] == ["HD306"]
    message = result.findings[0].message
    assert message.startswith("a tool registered here has requires_env but no check_fn")
    assert "'?'" not in message


_TOOL_WITH_KEY = """\
from tools.registry import registry


def _handler(args, **kw):
    return '{}'


registry.register(name="weather", toolset="weather", schema={}, handler=_handler,
                  check_fn=bool, requires_env=["WEATHER_API_KEY"])
"""


def test_optional_env_vars_followed_into_config_defaults(tmp_path: Path) -> None:
    root = make_root(
        tmp_path,
        {
            "tools/weather_tool.py": _TOOL_WITH_KEY,
            "hermes_cli/config_defaults.py": 'OPTIONAL_ENV_VARS = {\n    "OTHER_KEY": {},\n}\n',
            "hermes_cli/config.py": (
                "from hermes_cli.config_defaults import DEFAULT_CONFIG, OPTIONAL_ENV_VARS"
                "  # noqa: E402,F401\n"
            ),
        },
    )
    result = lint([], root=str(root), select=["HD303"])
    expected = (
        "WEATHER_API_KEY is required by tool 'weather' but not listed in OPTIONAL_ENV_VARS"
        " (hermes_cli/config_defaults.py): setup never asks for it"
    )
    assert [f.message for f in result.findings] == [expected]
    assert not result.stats.counters


@pytest.mark.parametrize(
    "config",
    [
        "DEFAULT_CONFIG = {}\n",
        "from hermes_cli.config_defaults import OPTIONAL_ENV_VARS\n",  # no such file
        None,
    ],
)
def test_optional_env_vars_not_found_is_said(tmp_path: Path, config: str | None) -> None:
    files = {"tools/weather_tool.py": _TOOL_WITH_KEY}
    if config is not None:
        files["hermes_cli/config.py"] = config
    root = make_root(tmp_path, files)
    result = lint([], root=str(root), select=["HD303", "HD304"])
    assert result.findings == []
    assert result.stats.counters == {"HD303/HD304 skipped: OPTIONAL_ENV_VARS not found": 1}


def test_hd304_when_only_the_file_with_the_literal_is_passed(tmp_path: Path) -> None:
    root = make_root(
        tmp_path,
        {
            "tools/weather_tool.py": _TOOL_WITH_KEY,
            "hermes_cli/config_defaults.py": (
                'OPTIONAL_ENV_VARS = {\n    "WEATHER_API_KEY": {"tools": ["get_weather"]},\n}\n'
            ),
            "hermes_cli/config.py": "from .config_defaults import OPTIONAL_ENV_VARS\n",
        },
    )
    result = lint([str(root / "hermes_cli" / "config_defaults.py")])
    assert [(result.relative(f.path), f.line, f.code) for f in result.findings] == [
        ("hermes_cli/config_defaults.py", 2, "HD304")
    ]


@pytest.mark.parametrize("folder", ["shop-lookup", "shop.lookup", "shop_lookup"])
def test_plugin_relative_imports_are_read_by_path(tmp_path: Path, folder: str) -> None:
    root = make_root(
        tmp_path,
        {
            f"plugins/{folder}/__init__.py": (
                "from . import handlers\n"
                "from .handlers import handle_find\n"
                "\n"
                "\n"
                "def register(ctx):\n"
                '    ctx.register_tool(name="find", toolset="shop", schema={},'
                " handler=handle_find)\n"
                '    ctx.register_tool(name="stock", toolset="shop", schema={},'
                " handler=handlers.handle_stock)\n"
            ),
            f"plugins/{folder}/handlers.py": (
                "def handle_find(args, **kw):\n"
                "    return 'not json'\n"
                "\n"
                "\n"
                "def handle_stock(args, **kw):\n"
                "    return {'stock': 1}\n"
            ),
        },
    )
    result = lint([], root=str(root), select=["HD101"])
    assert [(result.relative(f.path), f.line, f.tool) for f in result.findings] == [
        (f"plugins/{folder}/handlers.py", 2, "find"),
        (f"plugins/{folder}/handlers.py", 6, "stock"),
    ]


@pytest.mark.parametrize("args", [["lint"], ["lint", "--statistics", "--select", "HD1"]])
def test_no_paths_outside_a_hermes_root_is_a_usage_error(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
) -> None:
    from hermes_dev.cli import main

    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exited:
        main(args)
    assert exited.value.code == 2
    out, err = capsys.readouterr()
    assert "no Hermes root found here" in err
    assert "pass paths or --root" in err
    assert "All checks passed" not in out + err


_EXCEPT_PEP758 = """\
from tools.registry import registry, tool_error


def handle(args, **kw):
    try:
        return tool_error("x")
    except ValueError, TypeError:
        return tool_error("y")


registry.register(name="p758", toolset="t", schema={}, handler=handle)
"""


@pytest.mark.skipif(sys.version_info >= (3, 14), reason="`except A, B:` parses on 3.14")
def test_hd000_names_the_running_python_for_newer_syntax(tmp_path: Path) -> None:
    root = make_root(tmp_path, {"tools/p758_tool.py": _EXCEPT_PEP758})
    result = lint([], root=str(root), select=["HD000"])
    [finding] = result.findings
    running = "{}.{}".format(*sys.version_info[:2])
    assert finding.line == 7
    assert f"file does not parse with Python {running}" in finding.message
    assert "Python 3.14 syntax" in finding.message


_BROKEN = 'from tools.registry import registry\n\ndef h(args\nregistry.register(name="b")\n'


def test_hd000_names_the_checkouts_python(tmp_path: Path) -> None:
    root = make_root(
        tmp_path,
        {
            "tools/broken_tool.py": _BROKEN,
            "pyproject.toml": '[project]\nname = "hermes-agent"\nrequires-python = ">=3.99"\n',
        },
    )
    [finding] = lint([], root=str(root), select=["HD000"]).findings
    assert "it may be Python 3.99 syntax" in finding.message


def test_hd000_plain_syntax_error_says_nothing_of_versions(tmp_path: Path) -> None:
    root = make_root(
        tmp_path,
        {"tools/broken_tool.py": _BROKEN},
    )
    [finding] = lint([], root=str(root), select=["HD000"]).findings
    assert finding.message.startswith("file does not parse: ")
