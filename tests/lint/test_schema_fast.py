"""schema_fast proves a schema valid only where jsonschema finds nothing.

Its tables are checked against the Draft 2020-12 metaschema that jsonschema ships, and its
answers against jsonschema's on many generated schemas: plain ones (which it must prove, or it
saves nothing) and broken variants of them (which it must never call valid).
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import jsonschema_specifications
import pytest
from jsonschema.validators import Draft202012Validator

from hermes_dev.lint import project_index
from hermes_dev.pyast.analyze import schema_fast
from hermes_dev.pyast.analyze.schema_fast import (
    METASCHEMA_KEYWORDS,
    document_valid,
    parameters_valid,
)

META = "https://json-schema.org/draft/2020-12/"
VOCABULARIES = (
    "meta/core",
    "meta/applicator",
    "meta/unevaluated",
    "meta/validation",
    "meta/meta-data",
    "meta/format-annotation",
    "meta/content",
)
FUNCTION_SCHEMA = json.loads(
    (Path(project_index.__file__).parent / "schemas" / "function_schema.json").read_text()
)


def _meta(name: str) -> dict[str, Any]:
    contents = jsonschema_specifications.REGISTRY.contents(META + name)
    assert isinstance(contents, dict)
    return contents


def _metaschema_properties() -> dict[str, Any]:
    props: dict[str, Any] = dict(_meta("schema")["properties"])
    for vocabulary in VOCABULARIES:
        props.update(_meta(vocabulary)["properties"])
    return props


def test_keyword_table_is_the_metaschemas() -> None:
    assert set(_metaschema_properties()) == METASCHEMA_KEYWORDS
    top = _meta("schema")
    assert [entry["$ref"] for entry in top["allOf"]] == list(VOCABULARIES)
    assert "additionalProperties" not in top and "unevaluatedProperties" not in top


# The metaschema definition of every keyword schema_fast checks (what its check implements).
_SCHEMA = {"$dynamicRef": "#meta"}
_SCHEMA_ARRAY = {"$ref": "#/$defs/schemaArray"}
_NON_NEGATIVE = (
    {"$ref": "#/$defs/nonNegativeInteger"},
    {"$ref": "#/$defs/nonNegativeIntegerDefault0"},
)
EXPECTED: dict[str, Any] = {
    "type": {
        "anyOf": [
            {"$ref": "#/$defs/simpleTypes"},
            {
                "type": "array",
                "items": {"$ref": "#/$defs/simpleTypes"},
                "minItems": 1,
                "uniqueItems": True,
            },
        ]
    },
    "properties": {"type": "object", "additionalProperties": _SCHEMA, "default": {}},
    "$defs": {"type": "object", "additionalProperties": _SCHEMA},
    "items": _SCHEMA,
    "additionalProperties": _SCHEMA,
    "propertyNames": _SCHEMA,
    "not": _SCHEMA,
    "allOf": _SCHEMA_ARRAY,
    "anyOf": _SCHEMA_ARRAY,
    "oneOf": _SCHEMA_ARRAY,
    "prefixItems": _SCHEMA_ARRAY,
    "required": {"$ref": "#/$defs/stringArray"},
    "enum": {"type": "array", "items": True},
    "examples": {"type": "array", "items": True},
    "const": True,
    "default": True,
    "title": {"type": "string"},
    "description": {"type": "string"},
    "format": {"type": "string"},
    "pattern": {"type": "string", "format": "regex"},
    "$comment": {"type": "string"},
    "multipleOf": {"type": "number", "exclusiveMinimum": 0},
    "minimum": {"type": "number"},
    "maximum": {"type": "number"},
    "exclusiveMinimum": {"type": "number"},
    "exclusiveMaximum": {"type": "number"},
    "minLength": _NON_NEGATIVE,
    "maxLength": _NON_NEGATIVE,
    "minItems": _NON_NEGATIVE,
    "maxItems": _NON_NEGATIVE,
    "minProperties": _NON_NEGATIVE,
    "maxProperties": _NON_NEGATIVE,
    "uniqueItems": {"type": "boolean", "default": False},
    "deprecated": {"type": "boolean", "default": False},
    "readOnly": {"type": "boolean", "default": False},
    "writeOnly": {"type": "boolean", "default": False},
}


def test_checked_keywords_are_defined_as_assumed() -> None:
    props = _metaschema_properties()
    assert set(EXPECTED) == set(schema_fast._CHECKS)
    for keyword, expected in EXPECTED.items():
        if isinstance(expected, tuple):
            assert props[keyword] in expected, keyword
        else:
            assert props[keyword] == expected, keyword
    validation = _meta("meta/validation")["$defs"]
    assert validation["nonNegativeInteger"] == {"type": "integer", "minimum": 0}
    assert validation["stringArray"]["items"] == {"type": "string"}
    assert validation["stringArray"]["uniqueItems"] is True
    assert set(validation["simpleTypes"]["enum"]) == schema_fast.SIMPLE_TYPES
    assert _meta("meta/applicator")["$defs"]["schemaArray"] == {
        "type": "array",
        "minItems": 1,
        "items": _SCHEMA,
    }


# -- generated schemas ------------------------------------------------------------------------

_LEAVES = [
    {"type": "string", "description": "a"},
    {"type": "integer", "minimum": 0, "maximum": 10},
    {"type": ["string", "null"]},
    {"type": "number", "multipleOf": 0.5, "exclusiveMinimum": 0},
    {"enum": ["a", "b", 1, None]},
    {"const": "x", "title": "t"},
    {"type": "boolean", "default": False, "deprecated": True},
    {"type": "string", "pattern": "^[a-z]+$", "minLength": 1, "maxLength": 9, "format": "date"},
    {"type": "array", "items": {"type": "string"}, "minItems": 0, "uniqueItems": True},
    {"anyOf": [{"type": "string"}, {"type": "integer"}]},
    {"x-custom": [1, 2], "nullable": True, "type": "string"},
    True,
    {"$comment": "c", "examples": ["e"], "readOnly": False},
]

# Values that break a keyword's metaschema definition (or that schema_fast leaves to jsonschema).
_BAD: dict[str, list[Any]] = {
    "type": ["strin", [], ["string", "string"], 3, ["string", "nope"]],
    "required": ["q", [1], ["a", "a"], {"a": 1}],
    "properties": [[], "x", {"a": 3}, {"a": {"type": "nope"}}],
    "items": [3, "x", [{"type": "string"}], {"minimum": "0"}],
    "enum": ["a", {"a": 1}, 3],
    "minimum": ["0", None, True],
    "multipleOf": [0, -1, "2", False],
    "minLength": [-1, 1.5, 2.0, "1", True],
    "maxItems": [-3, 0.5],
    "description": [3, None, ["a"]],
    "title": [False],
    "pattern": [5],
    "format": [1],
    "uniqueItems": ["yes", 1],
    "anyOf": [[], {}, [3]],
    "allOf": [[{"type": 1}]],
    "additionalProperties": [1, "no"],
    "$schema": ["https://json-schema.org/draft-07/schema#", 5],
    "$id": ["a#b", 3],
    "$ref": [5],
    "$defs": [[], {"a": 5}],
    "dependentRequired": [{"a": [1]}, {"a": ["b"]}],
    "if": [{"type": "string"}, 3],
    "minContains": [-1, 2],
}


def _plain(rng: random.Random, depth: int = 0) -> dict[str, Any]:
    props: dict[str, Any] = {}
    for i in range(rng.randint(1, 6)):
        if depth < 2 and rng.random() < 0.25:
            props[f"p{i}"] = _plain(rng, depth + 1)
        elif depth < 2 and rng.random() < 0.15:
            props[f"p{i}"] = {"type": "array", "items": _plain(rng, depth + 1)}
        else:
            props[f"p{i}"] = copy.deepcopy(rng.choice(_LEAVES))
    schema: dict[str, Any] = {"type": "object", "properties": props}
    if rng.random() < 0.7:
        schema["required"] = sorted(rng.sample(sorted(props), rng.randint(0, len(props))))
    if rng.random() < 0.3:
        schema["additionalProperties"] = rng.choice([False, {"type": "string"}])
    if rng.random() < 0.2:
        schema["description"] = "d"
    return schema


def _subschemas(schema: Any) -> list[dict[str, Any]]:
    if not isinstance(schema, dict):
        return []
    found = [schema]
    properties = schema.get("properties")
    for value in properties.values() if isinstance(properties, dict) else ():
        found.extend(_subschemas(value))
    found.extend(_subschemas(schema.get("items")))
    return found


def _errors(schema: Any) -> list[Any]:
    return list(Draft202012Validator(Draft202012Validator.META_SCHEMA).iter_errors(schema))


@pytest.mark.parametrize("seed", range(8))
def test_never_calls_an_invalid_schema_valid(seed: int) -> None:
    rng = random.Random(seed)
    proven = 0
    for _ in range(60):
        schema = _plain(rng)
        if parameters_valid(schema):
            proven += 1
            assert _errors(schema) == [], schema
        for _ in range(4):
            broken = copy.deepcopy(schema)
            target = rng.choice(_subschemas(broken))
            keyword = rng.choice(sorted(_BAD))
            target[keyword] = copy.deepcopy(rng.choice(_BAD[keyword]))
            if parameters_valid(broken):
                assert _errors(broken) == [], broken
    assert proven >= 50  # plain schemas are proven, or the fast path saves nothing


def test_function_schema_documents() -> None:
    rng = random.Random(7)
    good = {"name": "a_tool", "description": "Does it.", "parameters": _plain(rng)}
    assert document_valid(good, FUNCTION_SCHEMA)
    validator = Draft202012Validator(FUNCTION_SCHEMA)
    variants: list[Any] = [
        {**good, "name": "bad name"},
        {**good, "name": "x" * 65},
        {**good, "name": 3},
        {**good, "description": "   "},
        {**good, "description": None},
        {k: v for k, v in good.items() if k != "description"},
        {**good, "parameters": {"type": "array"}},
        {**good, "parameters": {"properties": {}}},
        {**good, "parameters": {"type": "object", "required": "q"}},
        {**good, "parameters": {"type": "object", "required": [1]}},
        {**good, "parameters": {"type": "object", "properties": []}},
        {**good, "extra": 1},
        [good],
        "x",
    ]
    for doc in [good, *variants]:
        if document_valid(doc, FUNCTION_SCHEMA):
            assert list(validator.iter_errors(doc)) == [], doc
        else:
            assert doc is not good
    assert not document_valid(good, {"type": "object", "minProperties": 1})  # not interpreted


def _with_opaque(rng: random.Random, schema: dict[str, Any]) -> dict[str, Any]:
    """The schema with a few of its values (or list elements) not static."""
    from hermes_dev.pyast.analyze.values import Opaque
    from hermes_dev.pyast.semantic.locations import Pos

    value = copy.deepcopy(schema)
    for n in range(rng.randint(1, 3)):
        target = rng.choice(_subschemas(value))
        key = rng.choice(sorted(target))
        if isinstance(target[key], list) and target[key] and rng.random() < 0.5:
            target[key][0] = Opaque(Pos(Path("m.py"), n + 1, 1, n + 1, 2))
        else:
            target[key] = Opaque(Pos(Path("m.py"), n + 1, 1, n + 1, 2))
    return value


@pytest.mark.parametrize("seed", range(4))
def test_parts_not_static_pass_only_where_jsonschema_drops_their_errors(seed: int) -> None:
    from hermes_dev.lint.schema_check import (
        _json_value,
        _opaque_pointers,
        _proven_valid,
        _run_jsonschema,
    )

    rng = random.Random(100 + seed)
    proven = 0
    for _ in range(40):
        schema = _plain(rng)
        if rng.random() < 0.5:
            target = rng.choice(_subschemas(schema))
            keyword = rng.choice(sorted(_BAD))
            target[keyword] = copy.deepcopy(rng.choice(_BAD[keyword]))
        value = _with_opaque(rng, schema)
        document = _json_value(value)
        pointers = list(_opaque_pointers(value))
        if _proven_valid(document, "parameters", value):
            proven += 1
            assert _run_jsonschema(document, "parameters", pointers) == [], value
        function = {"name": "t", "description": "d", "parameters": value}
        if _proven_valid(_json_value(function), "function", function):
            found = _run_jsonschema(
                _json_value(function), "function", list(_opaque_pointers(function))
            )
            assert found == [], function
    assert proven >= 10
