"""## What it does
In the statically evaluated tool schema, reports every property of `parameters.properties`
that has no non-empty `"description"` (a property that is only a `$ref` is left alone). Each
parameter is reported at its own line, in the module where the schema is written (a schema
imported from a sibling module, or one table row of several registered in a loop).

## Why is this bad?
The model fills the arguments from the schema alone: the parameter's name and type rarely say
enough (units, formats, which of two ids, what the default does). Undescribed parameters get
guessed values.

## Example
```python
"properties": {
    "units": {"type": "string", "enum": ["metric", "imperial"]},
}
```

## Use instead
```python
"properties": {
    "units": {
        "type": "string",
        "enum": ["metric", "imperial"],
        "description": "Temperature units (default: metric)",
    },
}
```
"""

from __future__ import annotations

from hermes_dev.lint.rule import Finding, Invalid, Rule, Valid

TYPE_CHECKING = False  # typing is not imported at run time: a pre-commit run pays for it
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import ClassVar

    from hermes_dev.lint.context import LintContext
    from hermes_dev.pyast.semantic.modules import ModuleInfo

_HEAD = "from tools.registry import registry\n\n\ndef _handler(args, **kw):\n    return '{}'\n\n\n"
_REGISTER = 'registry.register(name="x", toolset="x", schema=SCHEMA, handler=_handler)\n'


def _overridden(key: str) -> str:
    """A schema whose top-level `key` a dynamic_schema_overrides callable replaces."""
    return (
        "def _overrides():\n"
        '    """Known only at run time (the active profile)."""\n'
        f'    return {{"{key}": _live()}}\n'
        "\n\n"
        "SCHEMA = {\n"
        '    "name": "x",\n'
        '    "description": "X.",\n'
        '    "parameters": {\n'
        '        "type": "object",\n'
        '        "properties": {"path": {"type": "string"}},\n'
        "    },\n"
        "}\n"
        'registry.register(name="x", toolset="x", schema=SCHEMA, handler=_handler,\n'
        "                  dynamic_schema_overrides=_overrides)\n"
    )


class ParameterWithoutDescription(Rule):
    code = "HD205"
    name = "parameter-without-description"
    summary = "A tool parameter has no description"

    VALID: ClassVar[tuple[Valid, ...]] = (
        Valid(
            _HEAD
            + '_UNITS = {"type": "string", "description": "Units"}\n'
            + "SCHEMA = {\n"
            + '    "name": "x",\n'
            + '    "description": "X.",\n'
            + '    "parameters": {\n'
            + '        "type": "object",\n'
            + '        "properties": {\n'
            + '            "city": {"type": "string",\n'
            + '                     "description": "City name "\n'
            + '                                    "or coordinates"},\n'
            + '            "units": _UNITS,\n'
            + '            "days": {"type": "integer", "description": textwrap.dedent(DOC)},\n'
            + "        },\n"
            + "    },\n"
            + "}\n"
            + _REGISTER,
            note="a description that is not static is still a description",
        ),
        Valid(
            _HEAD + _overridden("parameters"),
            note="dynamic_schema_overrides replaces parameters at run time: not checked",
        ),
    )
    INVALID: ClassVar[tuple[Invalid, ...]] = (
        Invalid(
            _HEAD
            + "SCHEMA = {\n"
            + '    "name": "x",\n'
            + '    "description": "X.",\n'
            + '    "parameters": {\n'
            + '        "type": "object",\n'
            + '        "properties": {\n'
            + '            "city": {"type": "string", "description": "City"},\n'
            + '            "units": {"type": "string", "enum": ["metric", "imperial"]},\n'
            + '            "days": {"type": "integer", "description": ""},\n'
            + "        },\n"
            + "    },\n"
            + "}\n"
            + _REGISTER,
            lines=(15, 16),
        ),
        Invalid(
            {
                "plugins/shop-lookup/__init__.py": (
                    "from .schemas import SHOP_FIND_SCHEMA\n"
                    "from .handlers import handle_shop_find\n"
                    "\n"
                    "\n"
                    "def register(ctx):\n"
                    '    ctx.register_tool(name="shop_find", toolset="shop",\n'
                    "                      schema=SHOP_FIND_SCHEMA, handler=handle_shop_find)\n"
                ),
                "plugins/shop-lookup/schemas.py": (
                    "SHOP_FIND_SCHEMA = {\n"
                    '    "name": "shop_find",\n'
                    '    "description": "Find products.",\n'
                    '    "parameters": {\n'
                    '        "type": "object",\n'
                    '        "properties": {"query": {"type": "string"}},\n'
                    "    },\n"
                    "}\n"
                ),
                "plugins/shop-lookup/handlers.py": (
                    "def handle_shop_find(args, **kw):\n    return '{}'\n"
                ),
            },
            findings=(("plugins/shop-lookup/schemas.py", 6),),
            note="a plugin folder whose name is no identifier: relative imports read by path",
        ),
        Invalid(
            {
                "plugins/looper/__init__.py": (
                    "import json\n"
                    "\n"
                    "from .schemas import A_SCHEMA, B_SCHEMA\n"
                    "\n"
                    "\n"
                    "def _run(args, **kw):\n"
                    '    return json.dumps({"ok": True})\n'
                    "\n"
                    "\n"
                    '_TOOLS = [("a_tool", A_SCHEMA), ("b_tool", B_SCHEMA)]\n'
                    "\n"
                    "\n"
                    "def register(ctx):\n"
                    "    for name, schema in _TOOLS:\n"
                    '        ctx.register_tool(name=name, toolset="looper", schema=schema,\n'
                    "                          handler=_run)\n"
                ),
                "plugins/looper/schemas.py": (
                    "A_SCHEMA = {\n"
                    '    "name": "a_tool",\n'
                    '    "description": "A.",\n'
                    '    "parameters": {"type": "object", "properties": {\n'
                    '        "x": {"type": "string"},\n'
                    '        "y": {"type": "integer"},\n'
                    "    }},\n"
                    "}\n"
                    "B_SCHEMA = {\n"
                    '    "name": "b_tool",\n'
                    '    "description": "B.",\n'
                    '    "parameters": {"type": "object", "properties": {\n'
                    '        "z": {"type": "string"},\n'
                    "    }},\n"
                    "}\n"
                ),
            },
            findings=(
                ("plugins/looper/schemas.py", 5),
                ("plugins/looper/schemas.py", 6),
                ("plugins/looper/schemas.py", 13),
            ),
            note="tools registered in a loop: each parameter at its own line, where it is written",
        ),
        Invalid(
            _HEAD
            + "def _board_prop():\n"
            + '    """Built at run time: not static."""\n'
            + '    prop = {"type": "string"}\n'
            + '    prop["description"] = f"Board ({len(_BOARDS)} known)"\n'
            + "    return prop\n"
            + "\n\n"
            + "SCHEMA = {\n"
            + '    "name": "x",\n'
            + '    "description": _describe("x"),\n'
            + '    "parameters": {\n'
            + '        "type": "object",\n'
            + '        "properties": {\n'
            + '            "board": _board_prop(),\n'
            + '            "task": {"type": "string"},\n'
            + "        },\n"
            + "    },\n"
            + "}\n"
            + _REGISTER,
            lines=(22,),
            note="a helper's description and a built property are opaque: the rest is checked",
        ),
        Invalid(
            _HEAD
            + "def _schema(name, description, properties=None):\n"
            + '    return {"name": name, "description": description,\n'
            + '            "parameters": {"type": "object", "properties": properties or {}}}\n'
            + "\n\n"
            + 'registry.register(name="drag", toolset="ui", handler=_handler,\n'
            + '                  schema=_schema("drag", "Drag.", {\n'
            + '                      "from": {"type": "integer"},\n'
            + '                      "to": {"type": "integer"},\n'
            + "                  }))\n",
            lines=(15, 16),
            note="properties passed to a helper (`properties or {}`): each at its own line",
        ),
        Invalid(
            _HEAD + _overridden("description"),
            lines=(18,),
            note="dynamic_schema_overrides replaces only the description: parameters are checked",
        ),
        Invalid(
            _HEAD
            + "from dataclasses import dataclass\n"
            + "from typing import Any, Callable\n"
            + "\n\n"
            + "@dataclass(frozen=True)\n"
            + "class Spec:\n"
            + "    name: str\n"
            + "    schema: dict\n"
            + "    op: Callable[..., Any]\n"
            + "\n\n"
            + "def _hive(args, **kw):\n"
            + '    return "{}"\n'
            + "\n\n"
            + "SPECS = [\n"
            + '    Spec("hive_status", {"name": "hive_status", "description": "A hive.",\n'
            + '                         "parameters": {"type": "object", "properties": {\n'
            + '                             "hive_id": {"type": "string"}}}}, _hive),\n'
            + "]\n"
            + "\n"
            + "for spec in SPECS:\n"
            + '    registry.register(name=spec.name, toolset="bees", schema=spec.schema, handler=spec.op)\n',
            lines=(26,),
            note="a schema given as a field of a record row (`spec.schema` of a dataclass"
            " `Spec(...)`): what the call that made the row gave it",
        ),
    )

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        from hermes_dev.lint.call_cache import per_module

        return per_module(ctx, self.code, lambda m: self._module(ctx, m))

    def _module(self, ctx: LintContext, module: ModuleInfo) -> Iterator[Finding]:
        from hermes_dev.lint.schema_check import checked_schemas

        for _, schema in checked_schemas(ctx, [module]):
            assert schema.evaluated is not None
            value = schema.evaluated.value
            if not isinstance(value, dict):
                continue
            parameters = value.get("parameters")
            if not isinstance(parameters, dict):
                continue
            properties = parameters.get("properties")
            if not isinstance(properties, dict):
                continue
            for key, prop in properties.items():
                if not isinstance(prop, dict) or "$ref" in prop:
                    continue
                description = prop.get("description")
                if description is not None and not isinstance(description, str):
                    continue  # not static (or not a string: HD202's business)
                if isinstance(description, str) and description.strip():
                    continue
                yield schema.finding(
                    self.code,
                    f"parameter {key!r} has no description",
                    module,
                    ["parameters", "properties", str(key)],
                    at_source=True,
                )
