"""## What it does
Compares the `"name"` of the statically evaluated schema with the `name=` of its
`registry.register(...)` / `ctx.register_tool(...)` call (for a loop over a table, row by row).

## Why is this bad?
Hermes sends the model `{**schema, "name": <registered name>}`, so the schema's own name is
dead text: whoever reads the schema (people, tests, anything that calls
`registry.get_schema(...)`) sees a tool that does not exist. It is nearly always a rename or a
copied schema that was changed in one place only, and the description often still speaks of
the old name.

## Example
```python
WEATHER_SCHEMA = {"name": "get_weather", "description": "...", "parameters": {...}}

registry.register(name="weather", toolset="weather", schema=WEATHER_SCHEMA, handler=...)
```

## Use instead
```python
WEATHER_SCHEMA = {"name": "weather", "description": "...", "parameters": {...}}

registry.register(name="weather", toolset="weather", schema=WEATHER_SCHEMA, handler=...)
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


class SchemaNameMismatch(Rule):
    code = "HD204"
    name = "schema-name-mismatch"
    summary = "The schema's name differs from the registered tool name"

    VALID: ClassVar[tuple[Valid, ...]] = (
        Valid(
            _HEAD
            + "def _schema(name, description):\n"
            + '    """A schema per table row."""\n'
            + '    return {"name": name, "description": description,\n'
            + '            "parameters": {"type": "object", "properties": {}}}\n'
            + "\n\n"
            + '_TOOLS = [("a_tool", "A.", _handler), ("b_tool", "B.", _handler)]\n'
            + "for _name, _description, _fn in _TOOLS:\n"
            + '    registry.register(name=_name, toolset="t",\n'
            + "                      schema=_schema(_name, _description), handler=_fn)\n",
            note="a helper called per table row gives each row its own name",
        ),
    )
    INVALID: ClassVar[tuple[Invalid, ...]] = (
        Invalid(
            _HEAD
            + "WEATHER_SCHEMA = {\n"
            + '    "name": "get_weather",\n'
            + '    "description": "Weather.",\n'
            + '    "parameters": {"type": "object", "properties": {}},\n'
            + "}\n"
            + 'registry.register(name="weather", toolset="weather", schema=WEATHER_SCHEMA,\n'
            + "                  handler=_handler)\n",
            lines=(9,),
        ),
        Invalid(
            _HEAD
            + "PAGE_SCHEMAS = [\n"
            + '    {"name": "page_open", "description": _describe("open"),\n'
            + '     "parameters": {"type": "object", "properties": {}}},\n'
            + '    {"name": "page_back", "description": _describe("back"),\n'
            + '     "parameters": {"type": "object", "properties": {}}},\n'
            + "]\n"
            + '_PAGE_SCHEMA_MAP = {s["name"]: s for s in PAGE_SCHEMAS}\n'
            + 'registry.register(name="page_open", toolset="page",\n'
            + '                  schema=_PAGE_SCHEMA_MAP["page_open"], handler=_handler)\n'
            + 'registry.register(name="page_back", toolset="page",\n'
            + '                  schema=_PAGE_SCHEMA_MAP["page_open"], handler=_handler)\n',
            lines=(9,),
            note="schemas picked from a map built by a dict comprehension; a helper's description",
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
            if schema.name is None or not isinstance(value, dict):
                continue
            declared = value.get("name")
            if isinstance(declared, str) and declared != schema.name:
                yield schema.finding(
                    self.code,
                    f"schema name {declared!r} differs from the registered name {schema.name!r}",
                    module,
                    "/name",
                    as_sent=False,  # the schema's own (dead) name, not the registered one
                )
