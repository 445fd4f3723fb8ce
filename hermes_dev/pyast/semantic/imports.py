"""Imports: which module an import binding reads, and whether it is under the root.

- `import_target(binding, scope)`: (module, attr) an import binding reads, relative imports made
  absolute (`import a.b as x` -> ("a.b", None); `import a.b` -> ("a", None); `from m import n`
  -> (m, "n")).
- `import_finds_module(scope, binding)`: whether it finds a module under the root.
"""

from __future__ import annotations

import ast

from hermes_dev.pyast.semantic.modules import submodule_name

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Protocol

    from hermes_dev.pyast.semantic.bindings import Binding
    from hermes_dev.pyast.semantic.modules import ModuleInfo

    class HasModule(Protocol):
        @property
        def module(self) -> ModuleInfo: ...


def import_target(binding: Binding, scope: HasModule) -> tuple[str, str | None] | None:
    """(module, attr) an import binding reads: `import a.b as x` -> ("a.b", None); `import a.b`
    -> ("a", None); `from m import n` -> (m, "n") with relative imports made absolute."""
    stmt = binding.node
    alias = binding.detail
    assert isinstance(alias, ast.alias)
    if isinstance(stmt, ast.Import):
        if alias.asname:
            return alias.name, None
        return alias.name.split(".", 1)[0], None
    assert isinstance(stmt, ast.ImportFrom)
    base = scope.module.import_base(stmt)
    if base is None:
        return None
    return base, alias.name


def import_finds_module(scope: HasModule, binding: Binding) -> bool:
    target = import_target(binding, scope)
    if target is None:
        return False
    models = scope.module.models
    module, attr = target
    if models.by_name(module) is not None:
        return True
    return attr is not None and models.by_name(submodule_name(module, attr)) is not None
