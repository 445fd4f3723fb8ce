"""The reference host behaves like Hermes: discovery, toolsets, dispatch and its safety net."""

import json

import pytest

import toolsets
from hermes_cli import config
from tools import registry as registry_module
from tools.registry import discover_builtin_tools, registry, tool_error, tool_result


def test_discovery_imports_every_registering_module():
    imported = discover_builtin_tools()
    assert "tools.clock_tool" in imported
    assert "tools.text_tool" in imported
    assert "tools.registry" not in imported
    assert {"current_time", "word_count", "reverse_text"} <= set(registry.get_all_tool_names())


def test_every_toolset_tool_is_registered():
    discover_builtin_tools()
    registered = set(registry.get_all_tool_names())
    for name in toolsets.TOOLSETS:
        assert set(toolsets.resolve_toolset(name)) <= registered, name


def test_core_tools_resolve_through_platform_toolsets():
    for name in ("hermes-cli", "hermes-telegram"):
        assert set(toolsets._HERMES_CORE_TOOLS) <= set(toolsets.resolve_toolset(name)), name
    # hermes-cli also includes the toolsets new-tool made (weather); the others take the core
    assert toolsets.resolve_toolset("hermes-telegram") == list(toolsets._HERMES_CORE_TOOLS)


def test_a_fresh_config_offers_the_weather_tool_on_the_cli(monkeypatch):
    from hermes_cli.tools_config import CONFIGURABLE_TOOLSETS, _get_platform_tools
    from model_tools import get_tool_definitions

    assert ("weather", "🌦️ Weather", "Get the current weather for a location.") in CONFIGURABLE_TOOLSETS
    enabled = _get_platform_tools({}, "cli")
    assert {"clock", "text", "weather"} <= enabled  # (and whatever tools new-tool added since)
    telegram = _get_platform_tools({}, "telegram")
    assert {"clock", "text"} <= telegram and "weather" not in telegram  # listed, not its default
    monkeypatch.setenv("WEATHER_API_KEY", "k")
    registry_module.invalidate_check_fn_cache()
    names = {d["function"]["name"] for d in get_tool_definitions(enabled_toolsets=sorted(enabled))}
    assert {"current_time", "word_count", "reverse_text", "weather"} <= names
    monkeypatch.delenv("WEATHER_API_KEY")
    registry_module.invalidate_check_fn_cache()
    names = {d["function"]["name"] for d in get_tool_definitions(enabled_toolsets=sorted(enabled))}
    assert "weather" not in names  # its check_fn is false: left out, as in Hermes


def test_a_saved_config_and_default_off_toolsets(monkeypatch):
    from hermes_cli import tools_config

    saved = {"platform_toolsets": {"cli": ["clock"], "telegram": ["weather", "my-mcp"]}}
    assert tools_config._get_platform_tools(saved, "cli") == {"clock"}
    assert tools_config._get_platform_tools(saved, "telegram") == {"weather", "my-mcp"}
    monkeypatch.setattr(tools_config, "_DEFAULT_OFF_TOOLSETS", {"text"})
    enabled = tools_config._get_platform_tools({}, "cli")
    assert {"clock", "weather"} <= enabled and "text" not in enabled
    disabled = {"agent": {"disabled_toolsets": ["clock"]}}
    enabled = tools_config._get_platform_tools(disabled, "cli")
    assert "weather" in enabled and "clock" not in enabled


def test_dispatch_returns_json_and_catches_exceptions():
    discover_builtin_tools()
    assert json.loads(registry.dispatch("word_count", {"text": "a b c"})) == {"words": 3}
    assert "error" in json.loads(registry.dispatch("word_count", {"text": 3}))
    assert "Unknown tool" in json.loads(registry.dispatch("nope", {}))["error"]

    def boom(args, **kw):
        raise RuntimeError("kaput")

    registry.register(name="_boom", toolset="_test", schema={"name": "_boom"}, handler=boom)
    try:
        body = json.loads(registry.dispatch("_boom", {}))
        assert body["error"] == "Tool execution failed: RuntimeError: kaput"
    finally:
        registry.deregister("_boom")


def test_dispatch_rejects_a_dict_result():
    registry.register(name="_dict", toolset="_test", schema={}, handler=lambda args, **kw: {"a": 1})
    try:
        body = json.loads(registry.dispatch("_dict", {}))
        assert body["error_type"] == "tool_result_contract"
    finally:
        registry.deregister("_dict")


def test_multimodal_envelope_passes_through():
    envelope = {"_multimodal": True, "content": [{"type": "text", "text": "hi"}]}
    registry.register(name="_mm", toolset="_test", schema={}, handler=lambda args, **kw: envelope)
    try:
        assert registry.dispatch("_mm", {}) == envelope
    finally:
        registry.deregister("_mm")


def test_async_handler_is_bridged():
    async def handler(args, **kw):
        return tool_result(ok=True, task=kw.get("task_id"))

    registry.register(name="_async", toolset="_test", schema={}, handler=handler, is_async=True)
    try:
        assert json.loads(registry.dispatch("_async", {}, task_id="t1")) == {"ok": True, "task": "t1"}
    finally:
        registry.deregister("_async")


def test_check_fn_filters_definitions():
    registry.register(name="_off", toolset="_test", schema={"description": "x"},
                      handler=lambda a, **k: "{}", check_fn=lambda: False)
    try:
        assert registry.get_definitions({"_off"}) == []
    finally:
        registry.deregister("_off")


def test_check_fn_verdicts_are_cached_until_invalidated():
    gate = {"open": True}
    registry.register(name="_gated", toolset="_test", schema={"description": "x"},
                      handler=lambda a, **k: "{}", check_fn=lambda: gate["open"])
    try:
        assert len(registry.get_definitions({"_gated"})) == 1
        gate["open"] = False
        assert len(registry.get_definitions({"_gated"})) == 1  # the cached verdict, as in Hermes
        registry_module.invalidate_check_fn_cache()
        assert registry.get_definitions({"_gated"}) == []
    finally:
        registry.deregister("_gated")


def test_helpers_return_json_strings():
    assert json.loads(tool_error("bad", code=3)) == {"error": "bad", "code": 3}
    assert json.loads(tool_result({"a": 1})) == {"a": 1}
    assert json.loads(tool_result(b=2)) == {"b": 2}


def test_module_discovery_rule(tmp_path):
    (tmp_path / "a_tool.py").write_text("from tools.registry import registry\nregistry.register(name='a')\n")
    (tmp_path / "b_tool.py").write_text("def f():\n    registry.register(name='b')\n")
    (tmp_path / "c_tool.py").write_text("for x in []:\n    registry.register(name=x)\n")
    assert registry_module._module_registers_tools(tmp_path / "a_tool.py")
    assert not registry_module._module_registers_tools(tmp_path / "b_tool.py")
    assert registry_module._module_registers_tools(tmp_path / "c_tool.py")


def test_optional_env_vars_have_the_wizard_keys():
    for name, info in config.OPTIONAL_ENV_VARS.items():
        assert {"description", "prompt", "category"} <= set(info), name


@pytest.fixture(autouse=True)
def _quiet_logs(caplog):
    caplog.set_level("CRITICAL")


def test_plugin_loader_registers_enabled_directory_plugins_only():
    from hermes_cli import plugins

    if registry.get_entry("roll_dice") is not None:
        registry.deregister("roll_dice")
    try:
        assert plugins.discover_plugins(enabled=[]) == {}
        assert registry.get_entry("roll_dice") is None  # plugins are opt-in
        loaded = plugins.discover_plugins(enabled=["dice"])
        assert loaded["dice"].tools_registered == ["roll_dice"]
        assert registry.get_entry("roll_dice").toolset == "dice"
        result = registry.dispatch("roll_dice", {"sides": 6, "count": 2})
        assert isinstance(result, str) and json.loads(result) == {"sides": 6, "count": 2}
        assert "error" in json.loads(registry.dispatch("roll_dice", {}))
    finally:
        if registry.get_entry("roll_dice") is not None:
            registry.deregister("roll_dice")
