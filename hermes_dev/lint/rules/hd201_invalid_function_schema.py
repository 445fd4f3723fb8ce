"""## What it does
Evaluates the `schema=` of every `registry.register(...)` / `ctx.register_tool(...)` statically
(a dict literal, a module-level name bound to one, also imported from another module under the
root, `{**BASE, ...}`, implicit string concatenation, a small helper that returns a literal) and
validates it with jsonschema against the function-calling schema that ships with hermes-dev
(`hermes_dev/lint/schemas/function_schema.json`) as the model receives it, that is with the
registered name (Hermes sends `{**schema, "name": <registered name>}`): a `name` of 1 to 64
letters, digits, `_` or `-`; a non-empty `description`; `parameters`, when given, an object
schema (`"type": "object"`). Findings point at the offending key inside the schema literal (a
bad name at the `name=` of the registration). A registration with `dynamic_schema_overrides`
is skipped: what the model sees is decided at run time. Two common mix-ups get one finding that
says so: a schema wrapped in `{"type": "function", "function": ...}` (Hermes wraps it itself),
and the parameters object registered in place of the function object.
A schema that cannot be evaluated without running the code is skipped silently (and counted by
`--statistics`); a part of one that cannot (a description built by a call, say) is taken as
unknown, and the rest is still checked.

## Why is this bad?
The model only ever sees the schema. Providers reject a request whose tool has a bad name, so
one broken schema can fail every turn; a tool without a description is one the model cannot
choose sensibly; parameters that are not an object schema cannot be filled in.

## Example
```python
WEATHER_SCHEMA = {
    "name": "weather lookup",
    "description": "",
    "parameters": {"type": "object", "properties": {}},
}
```

## Use instead
```python
WEATHER_SCHEMA = {
    "name": "weather",
    "description": "Get the current weather for a location.",
    "parameters": {"type": "object", "properties": {}},
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


class InvalidFunctionSchema(Rule):
    code = "HD201"
    name = "invalid-function-schema"
    summary = "The tool schema is not a valid function-calling schema"

    VALID: ClassVar[tuple[Valid, ...]] = (
        Valid(
            _HEAD
            + "SCHEMA = {\n"
            + '    "name": "web_search",\n'
            + '    "description": ("Search the web "\n'
            + '                    "for pages."),\n'
            + '    "parameters": {"type": "object", "properties": {}, "required": []},\n'
            + "}\n"
            + 'registry.register(name="web_search", toolset="web", schema=SCHEMA,'
            + " handler=_handler)\n",
            note="implicit string concatenation in parentheses",
        ),
        Valid(
            _HEAD
            + 'registry.register(name="ping", toolset="net", handler=_handler,\n'
            + '                  schema={"name": "ping", "description": "Ping."})\n',
            note="parameters may be left out for a tool without arguments",
        ),
        Valid(
            _HEAD
            + "SCHEMA = build_schema()\n"
            + 'registry.register(name="x", toolset="x", schema=SCHEMA, handler=_handler)\n',
            note="not static: skipped silently",
        ),
        Valid(
            _HEAD
            + 'registry.register(name="ping", toolset="net", handler=_handler,\n'
            + '                  schema={"description": "Ping a host."})\n',
            note="the registry adds the registered name to what it sends",
        ),
        Valid(
            _HEAD
            + 'registry.register(name="ping", toolset="net", handler=_handler,\n'
            + '                  schema={"name": "ping", "description": ""},\n'
            + '                  dynamic_schema_overrides=lambda: {"description": "Ping."})\n',
            note="what the model sees is decided at run time",
        ),
    )
    INVALID: ClassVar[tuple[Invalid, ...]] = (
        Invalid(
            _HEAD
            + "SCHEMA = {\n"
            + '    "name": "web search",\n'
            + '    "description": "Search the web.",\n'
            + '    "parameters": {"type": "object", "properties": {}},\n'
            + "}\n"
            + 'registry.register(name="web search", toolset="web", schema=SCHEMA,'
            + " handler=_handler)\n",
            lines=(13,),
            note="a space in the name the model sees: the registered one",
        ),
        Invalid(
            _HEAD
            + "BASE = {\n"
            + '    "parameters": {"type": "array"},\n'
            + "}\n"
            + 'registry.register(name="x", toolset="x", handler=_handler,\n'
            + '                  schema={**BASE, "name": "x", "description": ""})\n',
            lines=(9, 12),
            note="{**BASE, ...}: parameters not an object, and an empty description",
        ),
        Invalid(
            _HEAD
            + "SCHEMA = {\n"
            + '    "type": "function",\n'
            + '    "function": {"name": "x", "description": "X.",\n'
            + '                 "parameters": {"type": "object", "properties": {}}},\n'
            + "}\n"
            + 'registry.register(name="x", toolset="x", schema=SCHEMA, handler=_handler)\n',
            lines=(8,),
            note="the OpenAI wrapper around the function object",
        ),
        Invalid(
            _HEAD
            + 'registry.register(name="x", toolset="x", handler=_handler, schema={\n'
            + '    "type": "object",\n'
            + '    "properties": {"q": {"type": "string", "description": "Query"}},\n'
            + "})\n",
            lines=(8,),
            note="the parameters object registered as the schema",
        ),
    )

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        from hermes_dev.lint.call_cache import per_module

        return per_module(ctx, self.code, lambda m: self._module(ctx, m))

    def _module(self, ctx: LintContext, module: ModuleInfo) -> Iterator[Finding]:
        from hermes_dev.lint.schema_check import CHECKS_CACHE, checked_schemas, schema_errors

        for _, schema in checked_schemas(ctx, [module]):
            sent = schema.as_sent()
            value = schema.evaluated.value if schema.evaluated is not None else None
            if sent is None:
                problems = [("", f"the schema must be a dict, not {type(value).__name__}")]
            elif isinstance(value, dict) and (shape := _wrong_shape(value)):
                problems = [("", shape)]  # one clear finding instead of every symptom
            else:
                problems = schema_errors(sent, "function", ctx.cache.results(CHECKS_CACHE))
            for pointer, message in problems:
                yield schema.finding(self.code, message, module, pointer)


def _wrong_shape(schema: dict[str, object]) -> str | None:
    """The two ways a schema is commonly the wrong object altogether."""
    if schema.get("type") == "function" and isinstance(schema.get("function"), dict):
        return (
            'the schema is wrapped in {"type": "function", "function": ...}: Hermes wraps it'
            " itself; register the inner function object"
        )
    looks_like_parameters = schema.get("type") == "object" and "properties" in schema
    if looks_like_parameters and "parameters" not in schema and "description" not in schema:
        return (
            "the schema is a parameters object: register the function object"
            ' {"name", "description", "parameters": <this>}'
        )
    return None
