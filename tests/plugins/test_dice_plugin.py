"""Tests of the dice plugin, generated with it.

They need no Hermes: a stand-in for Hermes' plugin context records what `register(ctx)`
registers, and each tool is called through what it recorded. Where Hermes is importable (run
inside a Hermes checkout, or with Hermes installed) one more test registers the tools in
Hermes' own registry and dispatches them there.
"""

import asyncio
import importlib
import json
import sys
import types
from pathlib import Path

import pytest

PLUGIN_DIR = Path(__file__).resolve().parents[2] / "plugins" / "dice"


def load_plugin():
    """Import the plugin the way Hermes' loader imports a plugin folder: as the package
    `hermes_plugins.<name>`, from its path."""
    parent = sys.modules.get("hermes_plugins")
    if parent is None:
        parent = types.ModuleType("hermes_plugins")
        parent.__path__ = []
        sys.modules["hermes_plugins"] = parent
    name = "hermes_plugins." + "dice"
    for loaded in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
        del sys.modules[loaded]
    spec = importlib.util.spec_from_file_location(
        name, PLUGIN_DIR / "__init__.py", submodule_search_locations=[str(PLUGIN_DIR)]
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


plugin = load_plugin()
plugin_tools = importlib.import_module(plugin.__name__ + ".tools")

TOOLS = ["roll_dice"]
TOOLSET = "dice"
REQUIRED_ENV = []
# Arguments of the right type for every parameter.
VALID_ARGS = {
    "sides": 3,
    "count": 3,
}
# For each parameter, a value of the wrong type.
WRONG_ARGS = {
    "sides": "3",
    "count": "3",
}
JSON_TYPES = {"string", "integer", "number", "boolean", "array", "object"}
UNKNOWN_PARAMETER = "not_a_parameter_of_the_tool"


class RecordingContext:
    """What `register(ctx)` uses of Hermes' PluginContext: `register_tool`, recorded."""

    def __init__(self):
        self.tools = {}

    def register_tool(self, name, toolset, schema, handler, check_fn=None, requires_env=None,
                      is_async=False, description="", emoji="", **extra):
        assert name not in self.tools, f"{name} is registered twice"
        self.tools[name] = {
            "toolset": toolset,
            "schema": schema,
            "handler": handler,
            "check_fn": check_fn,
            "requires_env": list(requires_env or []),
            "is_async": is_async,
            "description": description,
            "emoji": emoji,
            **extra,
        }


@pytest.fixture
def recorded():
    ctx = RecordingContext()
    plugin.register(ctx)
    return ctx.tools


@pytest.fixture
def configured(monkeypatch):
    """Every environment variable the tools need, set to a placeholder."""
    for var in REQUIRED_ENV:
        monkeypatch.setenv(var, "test-value")


def call(entry, args):
    """Call a recorded handler as Hermes would, without its safety net."""
    result = entry["handler"](args, task_id="test")
    if entry["is_async"]:
        result = asyncio.run(result)
    return result


def error_of(result):
    """The error message of a JSON result (the test fails when it is not an error)."""
    assert isinstance(result, str)
    body = json.loads(result)
    assert isinstance(body, dict) and body.get("error"), body
    return body["error"]


def test_registers_its_tools(recorded):
    assert list(recorded) == TOOLS
    for entry in recorded.values():
        assert entry["toolset"] == TOOLSET
        assert entry["requires_env"] == REQUIRED_ENV
        assert entry["is_async"] is False
        assert callable(entry["check_fn"])


def test_manifest_lists_the_tools():
    yaml = pytest.importorskip("yaml")
    manifest_path = Path(plugin_tools.__file__).with_name("plugin.yaml")
    manifest = yaml.safe_load(manifest_path.read_text(encoding="utf-8"))
    assert manifest["name"] == "dice"
    assert manifest["provides_tools"] == TOOLS
    assert manifest.get("requires_env", []) == REQUIRED_ENV


@pytest.mark.parametrize("name", TOOLS)
def test_schema_shape(recorded, name):
    schema = recorded[name]["schema"]
    assert schema["name"] == name
    assert isinstance(schema["description"], str) and schema["description"].strip()
    parameters = schema["parameters"]
    assert parameters["type"] == "object"
    assert set(parameters["required"]) <= set(parameters["properties"])
    for prop in parameters["properties"].values():
        assert prop["type"] in JSON_TYPES
        assert isinstance(prop["description"], str) and prop["description"]
    assert json.loads(json.dumps(schema)) == schema


@pytest.mark.parametrize("name", TOOLS)
def test_json_contract(recorded, configured, name):
    """Every answer is a JSON string; bad arguments come back as {"error": ...}, never raised."""
    entry = recorded[name]
    result = call(entry, dict(VALID_ARGS))
    assert isinstance(result, str)
    body = json.loads(result)
    assert not (isinstance(body, dict) and "error" in body), body
    assert UNKNOWN_PARAMETER in error_of(call(entry, {**VALID_ARGS, UNKNOWN_PARAMETER: 1}))
    assert error_of(call(entry, ["not", "an", "object"]))
    required = entry["schema"]["parameters"]["required"]
    for key in required:
        args = dict(VALID_ARGS)
        del args[key]
        assert key in error_of(call(entry, args))
    for key, value in WRONG_ARGS.items():
        assert key in error_of(call(entry, {**VALID_ARGS, key: value}))


@pytest.mark.parametrize("name", TOOLS)
def test_missing_env_vars_are_reported(recorded, monkeypatch, name):
    for var in REQUIRED_ENV:
        monkeypatch.delenv(var, raising=False)
    result = call(recorded[name], dict(VALID_ARGS))
    if REQUIRED_ENV:
        message = error_of(result)
        assert all(var in message for var in REQUIRED_ENV)
    else:
        assert "error" not in json.loads(result)


def test_check_fn_follows_env_vars(recorded, monkeypatch):
    for var in REQUIRED_ENV:
        monkeypatch.setenv(var, "test-value")
    for entry in recorded.values():
        assert entry["check_fn"]() is True
    for var in REQUIRED_ENV:
        monkeypatch.delenv(var)
        assert all(entry["check_fn"]() is False for entry in recorded.values())
        monkeypatch.setenv(var, "test-value")


def test_dispatch_through_hermes_registry(configured):
    """Under Hermes: the tools registered in its registry, dispatched to a JSON string."""
    try:
        registry_module = importlib.import_module("tools.registry")
    except ImportError:
        pytest.skip("Hermes is not importable here (tools.registry)")
    registry = registry_module.registry

    class ForwardingContext:
        def register_tool(self, **kwargs):
            registry.register(**kwargs)

    added = [name for name in TOOLS if registry.get_entry(name) is None]
    try:
        plugin.register(ForwardingContext())
        for name in TOOLS:
            result = registry.dispatch(name, dict(VALID_ARGS))
            assert isinstance(result, str)
            body = json.loads(result)
            assert not (isinstance(body, dict) and "error" in body), body
    finally:
        for name in added:
            registry.deregister(name)
