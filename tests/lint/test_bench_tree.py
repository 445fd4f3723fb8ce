"""The benchmark's synthetic tree has the promised shape, and its correct handlers pass."""

from __future__ import annotations

from pathlib import Path

from bench.hermes_tree import build
from hermes_dev.lint.engine import lint
from hermes_dev.pyast.analyze.jsonness import JSON
from hermes_dev.pyast.calls.driver import Callee
from hermes_dev.pyast.calls.returns import return_summary
from hermes_dev.pyast.semantic.resolve import resolve_name
from hermes_dev.pyast.semantic.scopes import module_scope
from hermes_dev.pyast.semantic.modules import Models
from hermes_dev.host.registrations import registrations_of


def test_tree_shape_and_handler_rules_pass(tmp_path: Path) -> None:
    counts = build(tmp_path)
    assert counts["modules"] >= 100
    assert counts["lines"] >= 75_000
    assert 60 <= counts["registrations"] <= 90
    result = lint([], root=str(tmp_path), select=["HD0", "HD1", "HD9"], use_cache=False)
    assert result.files >= 100
    assert result.findings == []

    models = Models(tmp_path)
    registrations = [
        reg
        for path in sorted((tmp_path / "tools").rglob("*tool.py"))
        for reg in (registrations_of(models.get(path)) if models.get(path) else [])
    ]
    handlers = [reg.handler for reg in registrations if reg.handler is not None]
    assert len(handlers) == len(registrations)  # every handler resolves, imported ones too
    assert {h.kind for h in handlers} == {"function", "lambda", "partial", "factory"}
    assert any(h.target is not None and h.target.is_async for h in handlers)  # async
    assert any(h.func.module.rel.startswith("tools/helpers_") for h in handlers)  # imported
    # The cost of real modules: JSON reached through helpers, several levels deep.
    lookup = next(h for h in handlers if h.kind == "function" and h.func.name.startswith("_handle"))
    assert lookup.target is None and return_summary(Callee(lookup.func)).verdict.kind == JSON
    scope = module_scope(lookup.func.module)
    chain = [resolve_name(f"_svc000_{n}", scope).single() for n in ("respond", "render", "ok")]
    assert all(
        f is not None and return_summary(Callee(f)).verdict.kind == JSON  # type: ignore[arg-type]
        for f in chain
    )
