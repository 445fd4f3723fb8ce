"""## What it does
Reports a keyword of a `registry.register(...)` call that the `register` method of the root's
`tools/registry.py` does not accept. The signature is read statically (`ast`, never imported) and
cached with the file's stamp. Skipped when `register` takes `**kwargs`, is decorated, or
`tools/registry.py` is absent, unreadable, or does not say which `register` is the registry's;
and for a receiver that is not the `registry` imported from `tools.registry`.

## Why is this bad?
An unknown keyword is a `TypeError` when the module is imported. Hermes' discovery logs "Could
not import tool module" and goes on, so every tool of the module silently vanishes. A keyword
renamed between Hermes versions (`check_available=` for `check_fn=`) does exactly this.

## Example
```python
registry.register(
    name="ha_get_state", toolset="homeassistant", schema=SCHEMA, handler=handle,
    check_available=_ha_available,
)
```

## Use instead
```python
registry.register(
    name="ha_get_state", toolset="homeassistant", schema=SCHEMA, handler=handle,
    check_fn=_ha_available,
)
```
"""

from __future__ import annotations

import ast

from hermes_dev.lint.rule import Invalid, Rule, Valid
from hermes_dev.pyast.semantic.resolve import assigned_value, import_origin
from hermes_dev.pyast.semantic.scopes import module_scope

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

    from hermes_dev.lint.context import LintContext
    from hermes_dev.lint.rule import Finding
    from hermes_dev.pyast.semantic.modules import ModuleInfo

# The per-file summary cache kind of tools/registry.py: register()'s keyword names, or None.
PARAMS_KIND = "hd106-register-params-v1"

_TOOL = """\
from tools.registry import registry, tool_error


def handle(args, **kw):
    return tool_error("not yet")


def _available():
    return True


"""

_REGISTRY_WITH_KWARGS = """\
class ToolRegistry:
    def register(self, name, toolset, schema, handler, **options):
        pass


registry = ToolRegistry()


def tool_error(message, **extra):
    return "{}"
"""


class RegisterKeywordNotAccepted(Rule):
    code = "HD106"
    name = "register-keyword-not-accepted"
    summary = "registry.register(...) passes a keyword that register() does not accept"

    VALID = (
        Valid(
            _TOOL
            + 'registry.register(name="ha", toolset="t", schema={}, handler=handle,\n'
            + "                  check_fn=_available, emoji='x', requires_env=[])\n"
        ),
        Valid(
            {
                "tools/registry.py": _REGISTRY_WITH_KWARGS,
                "tools/example_tool.py": _TOOL
                + 'registry.register(name="ha", toolset="t", schema={}, handler=handle,\n'
                + "                  check_available=_available)\n",
            },
            note="register() takes **kwargs: any keyword is accepted",
        ),
        Valid(
            "class _Registry:\n"
            "    def register(self, name, **kw):\n"
            "        pass\n"
            "\n"
            "\n"
            "registry = _Registry()\n"
            'registry.register(name="x", toolset="t", schema={}, handler=print, colour="red")\n',
            note="a registry of this module, not the one of tools/registry.py",
        ),
    )
    INVALID = (
        Invalid(
            _TOOL
            + 'registry.register(name="ha", toolset="t", schema={}, handler=handle,\n'
            + "                  check_available=_available)\n",
            lines=(13,),
        ),
        Invalid(
            _TOOL.replace("import registry,", "import registry as _registry,")
            + "for _name in ('ha_on', 'ha_off'):\n"
            + "    _registry.register(name=_name, toolset='t', schema={}, handler=handle,\n"
            + "                       check_fn=_available, icon='x')\n",
            lines=(14,),
            note="a loop, and the registry under another name",
        ),
    )

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        from hermes_dev.host.registrations import registrations_of

        accepted: frozenset[str] | None = None
        looked = False
        for module in ctx.modules:
            if module.tree is None or module.rel == "tools/registry.py":
                continue
            seen: set[int] = set()
            for reg in registrations_of(module):
                if reg.kind != "registry" or id(reg.call) in seen:
                    continue
                seen.add(id(reg.call))
                if not _is_hermes_registry(module, reg.call):
                    continue
                if not looked:
                    looked = True
                    accepted = _accepted_keywords(ctx)
                if accepted is None:
                    return
                for kw in reg.call.keywords:
                    if kw.arg is None or kw.arg in accepted:
                        continue
                    yield ctx.finding(
                        self.code,
                        f"register() has no parameter {kw.arg!r} (tools/registry.py): the"
                        " module fails to import with a TypeError and its tools never exist",
                        module,
                        kw,
                        reg.label(),
                    )


def _is_hermes_registry(module: ModuleInfo, call: ast.Call) -> bool:
    """Whether the call's receiver is the `registry` of `tools.registry`."""
    func = call.func
    if not isinstance(func, ast.Attribute) or not isinstance(func.value, ast.Name):
        return False
    return import_origin(func.value.id, module_scope(module)) == ("tools.registry", "registry")


def _accepted_keywords(ctx: LintContext) -> frozenset[str] | None:
    """The keyword names `registry.register` accepts, or None when it is not known."""
    path = ctx.root / "tools" / "registry.py"
    hit, data = ctx.cache.get(path, PARAMS_KIND)
    if hit and (data is None or (isinstance(data, list) and all(type(n) is str for n in data))):
        return None if data is None else frozenset(data)
    params = _register_params(ctx, path)
    ctx.cache.put(path, PARAMS_KIND, None if params is None else sorted(params))
    return params


def _register_params(ctx: LintContext, path: Path) -> frozenset[str] | None:
    module = ctx.models.get(path) if path.is_file() else None
    if module is None or module.tree is None:
        return None
    methods: dict[str, ast.FunctionDef | ast.AsyncFunctionDef] = {}
    for stmt in module.tree.body:
        if isinstance(stmt, ast.ClassDef):
            for item in stmt.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and (
                    item.name == "register"
                ):
                    methods[stmt.name] = item
    method = None
    bound = assigned_value("registry", module_scope(module))
    instance = bound[0] if bound is not None else None
    if isinstance(instance, ast.Call) and isinstance(instance.func, ast.Name):
        method = methods.get(instance.func.id)
    elif len(methods) == 1:
        method = next(iter(methods.values()))
    if method is None or method.decorator_list or method.args.kwarg is not None:
        return None
    a = method.args
    names = [p.arg for p in (*a.args, *a.kwonlyargs)]  # positional-only ones are not keywords
    return frozenset(names[1:] if a.args and names[0] in ("self", "cls") else names)
