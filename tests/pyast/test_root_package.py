"""A plugin whose folder is the lint root: its relative imports name its own modules."""

from __future__ import annotations

import ast
from pathlib import Path

from hermes_dev.pyast.semantic.modules import Models, submodule_name
from hermes_dev.pyast.semantic.resolve import resolve_name
from hermes_dev.pyast.semantic.scopes import Function, ModuleObject, module_scope


def _root(tmp_path: Path) -> Models:
    (tmp_path / "plugin.yaml").write_text("name: kiln\n")
    (tmp_path / "__init__.py").write_text("from . import steps\nfrom .steps import fire\n")
    (tmp_path / "steps.py").write_text("from . import report\n\n\ndef fire(args):\n    pass\n")
    (tmp_path / "report.py").write_text("def as_json(x):\n    pass\n")
    return Models(tmp_path)


def test_a_relative_import_at_the_root_reads_the_root_package(tmp_path: Path) -> None:
    models = _root(tmp_path)
    init = models.get(tmp_path / "__init__.py")
    assert init is not None and init.tree is not None
    first, second = init.tree.body
    assert isinstance(first, ast.ImportFrom) and isinstance(second, ast.ImportFrom)
    assert init.import_base(first) == ""
    assert init.import_base(second) == "steps"
    assert submodule_name("", "steps") == "steps"


def test_its_names_resolve_to_the_plugins_own_modules(tmp_path: Path) -> None:
    models = _root(tmp_path)
    init = models.get(tmp_path / "__init__.py")
    steps = models.get(tmp_path / "steps.py")
    assert init is not None and steps is not None
    module = resolve_name("steps", module_scope(init)).single()
    assert isinstance(module, ModuleObject) and module.module.rel == "steps.py"
    fire = resolve_name("fire", module_scope(init)).single()
    assert isinstance(fire, Function) and fire.name == "fire"
    report = resolve_name("report", module_scope(steps)).single()
    assert isinstance(report, ModuleObject) and report.module.rel == "report.py"
