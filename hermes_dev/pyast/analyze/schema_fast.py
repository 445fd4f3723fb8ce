"""Proofs that a schema is valid, much cheaper than running jsonschema, for plain schemas.

Most tool schemas are plain: `type`, `properties`, `description`, `enum`, `required`, `items`
... with values of the right types. jsonschema checks them against the Draft 2020-12 metaschema
through `$ref`/`$dynamicRef` lookups that cost about a millisecond a schema, and importing it
costs more than a pre-commit run's budget. These functions answer only "valid" (True: jsonschema
would report nothing) or "not proven" (False: let jsonschema decide and word the errors), so a
finding always comes from jsonschema.

- `parameters_valid(doc)`: `doc` passes the Draft 2020-12 metaschema (no `$schema`: one that
  declares a draft is left to jsonschema). Each keyword in `_CHECKS` is checked exactly as its
  metaschema definition says (or more strictly: e.g. `minLength: 2.0` is left to jsonschema);
  any other keyword the metaschema constrains (`METASCHEMA_KEYWORDS`) is not proven; a keyword
  the metaschema does not know is allowed, as the metaschema allows it. tests/lint/
  test_schema_fast.py checks both tables against the metaschema jsonschema ships and compares
  the answers with jsonschema's on generated schemas.
- `document_valid(instance, schema)`: `instance` is valid against `schema` (the function schema
  of HD201), interpreting only the keywords `type`, `properties`, `required`, `items`, `pattern`
  and `const` (a string), and annotations; a schema using another keyword is not proven.

`OPAQUE` stands for a part of the schema that is not static (see `mark_opaque`): it passes every
check. That is what jsonschema's answer comes to after `project_index` drops the errors a part
that is not static may cause (those at or under it, and those of non-shape keywords above it):
no metaschema keyword evaluated above a value reads that value, except `uniqueItems`, `enum`,
`const` and the applicators, whose errors are not shape errors.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

_MAX_DEPTH = 64


class _Opaque:
    __slots__ = ()

    def __repr__(self) -> str:
        return "OPAQUE"


OPAQUE: object = _Opaque()


class _Mismatch(Exception):
    pass


def mark_opaque(value: object, document: object) -> object:
    """`document` (the JSON form of `value`) with each part where `value` holds a
    `values.Opaque` replaced by `OPAQUE`; None when the two do not line up key for key
    (a key that is not a string: its JSON pointer would differ from the one the errors get)."""
    from hermes_dev.pyast.analyze.values import Opaque

    def mark(val: object, doc: object) -> object:
        if isinstance(val, Opaque):
            return OPAQUE
        if isinstance(val, dict):
            if not isinstance(doc, dict) or len(doc) != len(val):
                raise _Mismatch
            out: dict[str, object] = {}
            for (key, item), (doc_key, doc_item) in zip(val.items(), doc.items()):
                if not isinstance(key, str) or key != doc_key:
                    raise _Mismatch
                out[doc_key] = mark(item, doc_item)
            return out
        if isinstance(val, (list, tuple)):
            if not isinstance(doc, list) or len(doc) != len(val):
                raise _Mismatch
            return [mark(item, doc_item) for item, doc_item in zip(val, doc)]
        return doc

    try:
        return mark(value, document)
    except _Mismatch:
        return None


SIMPLE_TYPES = frozenset({"array", "boolean", "integer", "null", "number", "object", "string"})

# Every keyword a Draft 2020-12 metaschema (its vocabularies and the deprecated ones the top
# metaschema keeps) puts a constraint on. A keyword outside this set is unconstrained.
METASCHEMA_KEYWORDS = frozenset(
    {
        # core
        "$id",
        "$schema",
        "$ref",
        "$anchor",
        "$dynamicRef",
        "$dynamicAnchor",
        "$vocabulary",
        "$comment",
        "$defs",
        # applicator
        "prefixItems",
        "items",
        "contains",
        "additionalProperties",
        "properties",
        "patternProperties",
        "dependentSchemas",
        "propertyNames",
        "if",
        "then",
        "else",
        "allOf",
        "anyOf",
        "oneOf",
        "not",
        # unevaluated
        "unevaluatedItems",
        "unevaluatedProperties",
        # validation
        "type",
        "const",
        "enum",
        "multipleOf",
        "maximum",
        "exclusiveMaximum",
        "minimum",
        "exclusiveMinimum",
        "maxLength",
        "minLength",
        "pattern",
        "maxItems",
        "minItems",
        "uniqueItems",
        "maxContains",
        "minContains",
        "maxProperties",
        "minProperties",
        "required",
        "dependentRequired",
        # meta-data
        "title",
        "description",
        "default",
        "deprecated",
        "readOnly",
        "writeOnly",
        "examples",
        # format-annotation, content
        "format",
        "contentEncoding",
        "contentMediaType",
        "contentSchema",
        # deprecated, kept by the top metaschema
        "definitions",
        "dependencies",
        "$recursiveAnchor",
        "$recursiveRef",
    }
)


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _non_negative_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _unique_strings(value: list[object], allowed: frozenset[str] | None = None) -> bool:
    """Every element a string (in `allowed`, if given) or OPAQUE; the strings unique."""
    strings: list[str] = []
    for item in value:
        if item is OPAQUE:
            continue
        if not isinstance(item, str) or (allowed is not None and item not in allowed):
            return False
        strings.append(item)
    return len(set(strings)) == len(strings)


def _string_array(value: object) -> bool:
    """`stringArray`: an array of strings, unique."""
    return isinstance(value, list) and _unique_strings(value)


def _type_value(value: object) -> bool:
    """`type`: a simple type name, or a non-empty array of unique ones."""
    if isinstance(value, str):
        return value in SIMPLE_TYPES
    return isinstance(value, list) and len(value) >= 1 and _unique_strings(value, SIMPLE_TYPES)


def _schema_map(value: object, depth: int) -> bool:
    """An object whose every value is a schema (`properties`, `$defs`)."""
    return isinstance(value, dict) and all(_schema(v, depth + 1) for v in value.values())


def _schema_array(value: object, depth: int) -> bool:
    """`schemaArray`: a non-empty array of schemas."""
    return isinstance(value, list) and len(value) >= 1 and all(_schema(v, depth + 1) for v in value)


def _any(value: object, depth: int) -> bool:
    return True


# keyword -> its metaschema constraint, for the keywords proven here.
_CHECKS: dict[str, Callable[[object, int], bool]] = {
    "type": lambda v, d: _type_value(v),
    "properties": _schema_map,
    "$defs": _schema_map,
    "items": lambda v, d: _schema(v, d + 1),
    "additionalProperties": lambda v, d: _schema(v, d + 1),
    "propertyNames": lambda v, d: _schema(v, d + 1),
    "not": lambda v, d: _schema(v, d + 1),
    "allOf": _schema_array,
    "anyOf": _schema_array,
    "oneOf": _schema_array,
    "prefixItems": _schema_array,
    "required": lambda v, d: _string_array(v),
    "enum": lambda v, d: isinstance(v, list),
    "examples": lambda v, d: isinstance(v, list),
    "const": _any,
    "default": _any,
    "title": lambda v, d: isinstance(v, str),
    "description": lambda v, d: isinstance(v, str),
    "format": lambda v, d: isinstance(v, str),
    "pattern": lambda v, d: isinstance(v, str),  # `format: regex` is an annotation only
    "$comment": lambda v, d: isinstance(v, str),
    "multipleOf": lambda v, d: _is_number(v) and v > 0,  # type: ignore[operator]
    "minimum": lambda v, d: _is_number(v),
    "maximum": lambda v, d: _is_number(v),
    "exclusiveMinimum": lambda v, d: _is_number(v),
    "exclusiveMaximum": lambda v, d: _is_number(v),
    "minLength": lambda v, d: _non_negative_int(v),
    "maxLength": lambda v, d: _non_negative_int(v),
    "minItems": lambda v, d: _non_negative_int(v),
    "maxItems": lambda v, d: _non_negative_int(v),
    "minProperties": lambda v, d: _non_negative_int(v),
    "maxProperties": lambda v, d: _non_negative_int(v),
    "uniqueItems": lambda v, d: isinstance(v, bool),
    "deprecated": lambda v, d: isinstance(v, bool),
    "readOnly": lambda v, d: isinstance(v, bool),
    "writeOnly": lambda v, d: isinstance(v, bool),
}


def _schema(value: object, depth: int) -> bool:
    """`value` is proven a valid Draft 2020-12 schema (an object or a boolean)."""
    if isinstance(value, bool) or value is OPAQUE:
        return True
    if not isinstance(value, dict) or depth > _MAX_DEPTH:
        return False
    for key, item in value.items():
        check = _CHECKS.get(key)
        if check is None:
            if key in METASCHEMA_KEYWORDS:
                return False  # constrained, but not proven here
            continue  # a keyword the metaschema does not know: allowed
        if item is not OPAQUE and not check(item, depth):
            return False
    return True


def parameters_valid(document: object) -> bool:
    """True when `document` surely passes the Draft 2020-12 metaschema (jsonschema would report
    nothing); False when that is not proven here."""
    if isinstance(document, dict) and "$schema" in document:
        return False  # it declares its draft: jsonschema picks the metaschema
    return _schema(document, 0)


# -- a document against a small schema (HD201's function schema) ---------------------------

_ANNOTATIONS = frozenset({"title", "description", "$comment", "default", "examples"})
_TYPE_TESTS: dict[str, Callable[[object], bool]] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "number": _is_number,
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
}


def document_valid(instance: object, schema: object, depth: int = 0) -> bool:
    """True when `instance` surely passes `schema` (see the module docs for the keywords)."""
    if schema is True or instance is OPAQUE:
        return True
    if not isinstance(schema, dict) or depth > _MAX_DEPTH:
        return False
    import re

    for key, value in schema.items():
        if key in _ANNOTATIONS:
            continue
        if key == "type":
            test = _TYPE_TESTS.get(value) if isinstance(value, str) else None
            if test is None or not test(instance):
                return False
        elif key == "required":
            if not isinstance(value, list):
                return False
            if isinstance(instance, dict) and any(name not in instance for name in value):
                return False
        elif key == "properties":
            if not isinstance(value, dict):
                return False
            if isinstance(instance, dict):
                for name, sub in value.items():
                    if name in instance and not document_valid(instance[name], sub, depth + 1):
                        return False
        elif key == "items":
            if isinstance(instance, list) and not all(
                document_valid(item, value, depth + 1) for item in instance
            ):
                return False
        elif key == "pattern":
            if not isinstance(value, str):
                return False
            if isinstance(instance, str) and re.search(value, instance) is None:
                return False
        elif key == "const":
            if not isinstance(value, str) or not isinstance(instance, str) or instance != value:
                return False
        else:
            return False  # a keyword not interpreted here: not proven
    return True
