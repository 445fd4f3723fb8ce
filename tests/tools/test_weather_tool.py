"""Tests of the weather tool.

Generated with the tool; they use only the registry API that Hermes Agent and the hermes-dev
reference host share, so they run unchanged in either.
"""

import importlib
import json

import pytest

from tools import weather_tool as tool_module
from tools.registry import registry

# The module itself (importlib: a package's lazy attributes cannot shadow it).
registry_module = importlib.import_module("tools.registry")

NAME = "weather"
REQUIRED_ENV = ["WEATHER_API_KEY"]
# Arguments of the right type for every parameter.
VALID_ARGS = {
    "location": "example",
    "units": "example",
}
JSON_TYPES = {"string", "integer", "number", "boolean", "array", "object"}
UNKNOWN_PARAMETER = "not_a_parameter_of_the_tool"


@pytest.fixture(autouse=True)
def registered():
    """The tool in the registry, even where a host's fixtures reset it between tests; and no
    check_fn verdict of this test left cached for the next one."""
    if registry.get_entry(NAME) is None:
        importlib.reload(tool_module)
    yield
    drop_cached_checks()


@pytest.fixture
def configured(monkeypatch):
    """Every environment variable the tool needs, set to a placeholder."""
    for var in REQUIRED_ENV:
        monkeypatch.setenv(var, "test-value")


def call_handler(args):
    """Call the handler itself, without the registry's safety net."""
    return tool_module._handle_weather(args)


def drop_cached_checks():
    """Hermes Agent caches check_fn verdicts for a while; forget them where the registry does."""
    invalidate = getattr(registry_module, "invalidate_check_fn_cache", None)
    if invalidate is not None:
        invalidate()


def definitions():
    """The tool's definition as the model would get it now ([] when check_fn says no)."""
    drop_cached_checks()
    return registry.get_definitions({NAME}, quiet=True)


def error_of(result):
    """The error message of a JSON result (the test fails when it is not an error)."""
    assert isinstance(result, str)
    body = json.loads(result)
    assert isinstance(body, dict) and body.get("error"), body
    return body["error"]


def test_registered():
    entry = registry.get_entry(NAME)
    assert entry is not None
    assert entry.toolset == "weather"
    assert entry.is_async is False
    assert registry.get_schema(NAME) == tool_module.WEATHER_SCHEMA


def test_schema_shape():
    schema = registry.get_schema(NAME)
    assert schema["name"] == NAME
    assert isinstance(schema["description"], str) and schema["description"].strip()
    parameters = schema["parameters"]
    assert parameters["type"] == "object"
    assert set(parameters["required"]) <= set(parameters["properties"])
    for prop in parameters["properties"].values():
        assert prop["type"] in JSON_TYPES
        assert isinstance(prop["description"], str) and prop["description"]
        if prop["type"] == "array":
            assert prop["items"]["type"] in JSON_TYPES
    assert json.loads(json.dumps(schema)) == schema


def test_dispatch_returns_a_json_string(configured):
    result = registry.dispatch(NAME, dict(VALID_ARGS))
    assert isinstance(result, str)
    body = json.loads(result)
    assert not (isinstance(body, dict) and "error" in body), body


def test_errors_come_back_as_json(configured):
    error_of(registry.dispatch(NAME, {**VALID_ARGS, UNKNOWN_PARAMETER: 1}))
    assert UNKNOWN_PARAMETER in error_of(call_handler({**VALID_ARGS, UNKNOWN_PARAMETER: 1}))
    assert error_of(call_handler(["not", "an", "object"]))
    args = dict(VALID_ARGS)
    del args["location"]
    assert "location" in error_of(registry.dispatch(NAME, args))
    assert "location" in error_of(call_handler({**VALID_ARGS, "location": 3}))
    assert "units" in error_of(call_handler({**VALID_ARGS, "units": 3}))


def test_handler_reports_missing_env_vars(monkeypatch):
    for var in REQUIRED_ENV:
        monkeypatch.delenv(var, raising=False)
    message = error_of(registry.dispatch(NAME, dict(VALID_ARGS)))
    assert all(var in message for var in REQUIRED_ENV)


def test_check_fn_follows_env_vars(monkeypatch):
    check = tool_module.check_weather_requirements
    for var in REQUIRED_ENV:
        monkeypatch.setenv(var, "test-value")
    assert check() is True
    assert [d["function"]["name"] for d in definitions()] == [NAME]
    for var in REQUIRED_ENV:
        monkeypatch.delenv(var)
        assert check() is False
        assert definitions() == []
        monkeypatch.setenv(var, "test-value")
