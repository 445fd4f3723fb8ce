"""## What it does
In the statically evaluated tool schema, checks every object schema (the `parameters` and the
object schemas nested in its properties and items): each name listed in `required` must be a
key of `properties`. Object schemas that may get properties elsewhere (`additionalProperties`,
`patternProperties`, `allOf`/`anyOf`/`oneOf`, `$ref`, `if`) are left alone.

## Why is this bad?
The model must send every required argument but is never told what it is: it invents a value,
or the provider rejects the tool. Usually it is a typo or a parameter renamed in one place only.

## Example
```python
"parameters": {
    "type": "object",
    "properties": {"location": {"type": "string", "description": "City"}},
    "required": ["loaction"],
}
```

## Use instead
```python
"parameters": {
    "type": "object",
    "properties": {"location": {"type": "string", "description": "City"}},
    "required": ["location"],
}
```

## Fix safety
The fix removes the name from the `required` list literal it is written in (in the tool module;
a schema built in another module has no fix). It is unsafe: the typo may be in `properties`
instead, and the model stops being asked for the argument.
"""

from __future__ import annotations

from hermes_dev.lint.rule import Finding, Fix, Invalid, Rule, Valid

TYPE_CHECKING = False  # typing is not imported at run time: a pre-commit run pays for it
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Any, ClassVar

    from hermes_dev.lint.context import LintContext
    from hermes_dev.pyast.semantic.modules import ModuleInfo

_HEAD = "from tools.registry import registry\n\n\ndef _handler(args, **kw):\n    return '{}'\n\n\n"
_REGISTER = 'registry.register(name="x", toolset="x", schema=SCHEMA, handler=_handler)\n'
# Keywords through which an object schema can accept names its `properties` do not list.
_OPEN_KEYWORDS = (
    "patternProperties",
    "allOf",
    "anyOf",
    "oneOf",
    "$ref",
    "$dynamicRef",
    "if",
    "dependentSchemas",
    "unevaluatedProperties",
)


class RequiredNotInProperties(Rule):
    code = "HD203"
    name = "required-not-in-properties"
    summary = "A name in `required` is not one of the schema's properties"
    fixable = "unsafe"

    VALID: ClassVar[tuple[Valid, ...]] = (
        Valid(
            _HEAD
            + "SCHEMA = {\n"
            + '    "name": "x",\n'
            + '    "description": "X.",\n'
            + '    "parameters": {\n'
            + '        "type": "object",\n'
            + '        "properties": {"a": {"type": "string", "description": "A"}},\n'
            + '        "required": ["a"],\n'
            + "    },\n"
            + "}\n"
            + _REGISTER
        ),
        Valid(
            _HEAD
            + "SCHEMA = {\n"
            + '    "name": "x",\n'
            + '    "description": "X.",\n'
            + '    "parameters": {\n'
            + '        "type": "object",\n'
            + '        "properties": {},\n'
            + '        "additionalProperties": {"type": "string"},\n'
            + '        "required": ["anything"],\n'
            + "    },\n"
            + "}\n"
            + _REGISTER,
            note="additionalProperties may supply the name",
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
            + '            "location": {"type": "string", "description": "City"},\n'
            + '            "todos": {"type": "array", "description": "Items", "items": {\n'
            + '                "type": "object",\n'
            + '                "properties": {"id": {"type": "string"}},\n'
            + '                "required": ["id",\n'
            + '                             "content"]}},\n'
            + "        },\n"
            + '        "required": ["loaction"],\n'
            + "    },\n"
            + "}\n"
            + _REGISTER,
            lines=(19, 21),
            note="a typo at the top, and a nested item schema",
            fixed="""\
from tools.registry import registry


def _handler(args, **kw):
    return '{}'


SCHEMA = {
    "name": "x",
    "description": "X.",
    "parameters": {
        "type": "object",
        "properties": {
            "location": {"type": "string", "description": "City"},
            "todos": {"type": "array", "description": "Items", "items": {
                "type": "object",
                "properties": {"id": {"type": "string"}},
                "required": ["id"]}},
        },
        "required": [],
    },
}
registry.register(name="x", toolset="x", schema=SCHEMA, handler=_handler)
""",
        ),
        Invalid(
            _HEAD
            + "SCHEMA = {\n"
            + '    "name": "x",\n'
            + '    "description": "X.",\n'
            + '    "parameters": {"type": "object", "required": ["query"]},\n'
            + "}\n"
            + _REGISTER,
            lines=(11,),
            note="no properties at all",
            fixed="""\
from tools.registry import registry


def _handler(args, **kw):
    return '{}'


SCHEMA = {
    "name": "x",
    "description": "X.",
    "parameters": {"type": "object", "required": []},
}
registry.register(name="x", toolset="x", schema=SCHEMA, handler=_handler)
""",
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
            if not isinstance(value, dict) or not isinstance(value.get("parameters"), dict):
                continue
            for pointer, name in _missing(value["parameters"], ["parameters"]):
                finding = schema.finding(
                    self.code,
                    f"required parameter {name!r} is not in properties",
                    module,
                    pointer,
                )
                pos = schema.evaluated.locate(pointer)
                if pos.path == module.path:
                    fix = Fix(
                        "drop_required_name",
                        module.path,
                        (pos.line, pos.column - 1, name),
                        False,
                        f"Remove {name!r} from `required`",
                    )
                    finding = finding.with_fix(fix)
                yield finding


def _missing(node: Any, path: list[str | int]) -> Iterator[tuple[list[str | int], str]]:
    """(pointer of the `required` element, name) for names missing from `properties`."""
    if not isinstance(node, dict):
        return
    properties = node.get("properties")
    if properties is None and node.get("type") == "object" and "properties" not in node:
        properties = {}  # an object schema that lists no properties describes none
    required = node.get("required")
    additional = node.get("additionalProperties", False)
    closed = additional is False or additional is None or "additionalProperties" not in node
    if (
        isinstance(properties, dict)
        and isinstance(required, list)
        and closed
        and not any(k in node for k in _OPEN_KEYWORDS)
    ):
        for i, name in enumerate(required):
            if isinstance(name, str) and name not in properties:
                yield [*path, "required", i], name
    if isinstance(properties, dict):
        for key, sub in properties.items():
            yield from _missing(sub, [*path, "properties", key])
    items = node.get("items")
    if isinstance(items, dict):
        yield from _missing(items, [*path, "items"])
