"""## What it does
Checks the statically evaluated `parameters` of a tool schema against the metaschema of the
JSON Schema draft it declares in `$schema` (Draft 2020-12 when it declares none), with
jsonschema: type names that do not exist (`"type": "str"`), `required` that is not a list of
strings, a negative `minLength`, `enum` that is not a list, and so on. The finding points at
the offending key inside the schema literal.

## Why is this bad?
Providers validate tool schemas: one invalid schema can make every request of the turn fail,
or the model receives a schema it cannot follow and fills the arguments wrongly.

## Example
```python
"parameters": {
    "type": "object",
    "properties": {"city": {"type": "str", "description": "City name"}},
    "required": "city",
}
```

## Use instead
```python
"parameters": {
    "type": "object",
    "properties": {"city": {"type": "string", "description": "City name"}},
    "required": ["city"],
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


class InvalidParametersSchema(Rule):
    code = "HD202"
    name = "invalid-parameters-schema"
    summary = "The tool's parameters are not a valid JSON Schema"

    VALID: ClassVar[tuple[Valid, ...]] = (
        Valid(
            _HEAD
            + "SCHEMA = {\n"
            + '    "name": "x",\n'
            + '    "description": "X.",\n'
            + '    "parameters": {\n'
            + '        "type": "object",\n'
            + '        "properties": {\n'
            + '            "n": {"type": ["integer", "null"], "minimum": 0,'
            + ' "description": "N"},\n'
            + '            "mode": {"type": "string", "enum": ["a", "b"], "description": "M"},\n'
            + "        },\n"
            + '        "required": ["n"],\n'
            + "    },\n"
            + "}\n"
            + _REGISTER
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
            + '            "city": {"type": "str", "description": "City"},\n'
            + '            "days": {"type": "integer", "minimum": "1", "description": "Days"},\n'
            + "        },\n"
            + '        "required": "city",\n'
            + "    },\n"
            + "}\n"
            + _REGISTER,
            lines=(14, 15, 17),
            note="a bad type name, a string minimum, required not a list",
        ),
    )

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        from hermes_dev.lint.call_cache import per_module

        return per_module(ctx, self.code, lambda m: self._module(ctx, m))

    def _module(self, ctx: LintContext, module: ModuleInfo) -> Iterator[Finding]:
        from hermes_dev.lint.schema_check import CHECKS_CACHE, checked_schemas, schema_errors

        for _, schema in checked_schemas(ctx, [module]):
            assert schema.evaluated is not None
            value = schema.evaluated.value
            if not isinstance(value, dict) or not isinstance(value.get("parameters"), dict):
                continue  # HD201 reports a schema or parameters that is not an object
            for pointer, message in schema_errors(
                value["parameters"], "parameters", ctx.cache.results(CHECKS_CACHE)
            ):
                yield schema.finding(self.code, message, module, "/parameters" + pointer)
