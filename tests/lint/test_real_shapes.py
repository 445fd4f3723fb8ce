"""Shapes QA met in real Hermes checkouts, where the point is a message or a statistic rather
than a finding's place (those are in the rules' VALID/INVALID cases and the corpus)."""

from __future__ import annotations

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


def test_a_tool_without_a_static_name_is_never_named_question_mark(tmp_path: Path) -> None:
    root = make_root(tmp_path, {"plugins/spacey/__init__.py": _PLUGIN_TABLE})
    result = lint([], root=str(root), select=["HD306"])
    assert [f.code for f in result.findings] == ["HD306"]
    message = result.findings[0].message
    assert message.startswith("a tool registered here has requires_env but no check_fn")
    assert "'?'" not in message
