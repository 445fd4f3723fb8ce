"""`pytest --hermes-check [TOOL...]`: check's calls as test items in the host's own test run.

Registered as a `pytest11` entry point, so it is there wherever hermes-dev is installed; without
`--hermes-check` it adds nothing. With it, one item per tool (`hermes-check::weather`; with no
names, every registered tool outside the skipped toolsets of `check --all`) runs the same calls
as `hermes-dev check` in the same sandboxed child, once for the session, and fails with the
tool's findings (message and replay command each). `--hermes-check` takes the names after it:
put it last, or write `--hermes-check=weather`.
"""

from __future__ import annotations

import sys

import pytest

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from hermes_dev.check.result import CheckResult

_RESULT_KEY = "hermes_dev_check_result"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("hermes-check", "hermes-dev check (tool handlers at run time)")
    group.addoption(
        "--hermes-check",
        nargs="*",
        metavar="TOOL",
        default=None,
        help="Check these tools' handlers against their schemas (none: every safe tool).",
    )
    group.addoption(
        "--hermes-check-timeout",
        type=float,
        default=None,
        metavar="SECONDS",
        help="Per-call time limit of --hermes-check (default 5).",
    )


def _wanted(config: pytest.Config) -> list[str] | None:
    value: list[str] | None = config.getoption("--hermes-check", default=None)
    return value


def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    names = _wanted(config)
    if names is None:
        return
    names = [n for part in names for n in part.split(",") if n]
    if not names:
        names = _safe_tools(config)
    items.extend(CheckItem.from_parent(session, name=f"hermes-check::{n}", tool=n) for n in names)


def _safe_tools(config: pytest.Config) -> list[str]:
    """Every registered tool outside the skipped toolsets (listed by the sandboxed child)."""
    from hermes_dev.check.config import check_config
    from hermes_dev.check.run import find_host
    from hermes_dev.check.sandbox import Child, Settings
    from hermes_dev.lint import catalog
    from hermes_dev.lint.config import load_config

    root, modules = find_host(str(config.rootpath))
    skip = check_config(load_config(root, catalog.documented_codes()))
    with Child(Settings(root, sys.executable, package_modules=modules)) as child:
        child.start()
        tools = dict(child.tools)
    return sorted(
        name
        for name, tool in tools.items()
        if tool.toolset not in skip.skip_toolsets and name not in skip.skip_tools
    )


def _result(config: pytest.Config, names: list[str]) -> CheckResult:
    """One check run for every item of the session."""
    cached: CheckResult | None = getattr(config, _RESULT_KEY, None)
    if cached is None:
        from hermes_dev.check.run import check

        cached = check(
            names,
            root=str(config.rootpath),
            timeout=config.getoption("--hermes-check-timeout"),
            use_lint=False,
        )
        setattr(config, _RESULT_KEY, cached)
    return cached


class CheckFailed(Exception):
    """A tool's findings."""


class CheckItem(pytest.Item):
    def __init__(self, *, tool: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.tool = tool
        # Other plugins' hook wrappers may read a test function's arguments (pytest-lsp's
        # pytest_runtest_call does not yield for an item without them): these items have none.
        self.funcargs: dict[str, Any] = {}

    def runtest(self) -> None:
        names = [i.tool for i in self.session.items if isinstance(i, CheckItem)]
        result = _result(self.config, names)
        if self.tool in result.unknown:
            raise CheckFailed(f"no tool named {self.tool!r} is registered")
        found = [f for f in result.findings if f.tool == self.tool]
        if found:
            lines = [f"{result.relative(f.path)}:{f.line}: {f.code} {f.message}" for f in found]
            raise CheckFailed("\n".join(lines))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, CheckFailed):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Any, int | None, str]:
        return self.path, None, f"hermes-check: {self.tool}"
