"""Handlers whose callees raise, each in a way that must stay silent (precision first)."""

import asyncio
import json
from abc import ABC, abstractmethod
from typing import Optional

import requests

from agent.auxiliary_client import AuxiliaryClient, ProviderError, resolve_model
from agent.redact import finish, redact
from plugins.weather.client import WeatherClient, WeatherError
from tools.registry import registry, tool_error
from tools.terminal_tool import ConfigError, _get_env_config


class Backend(ABC):
    @abstractmethod
    def search(self, query: str) -> dict:
        raise NotImplementedError


class Cache:
    def get(self, key: str):
        raise NotImplementedError("subclasses implement get")


def _never_called_by_a_handler():
    raise RuntimeError("dead code as far as the tools go")


def _checked(value):
    assert value is not None, "callers pass a value"
    return value


async def _heartbeat():
    raise RuntimeError("runs in its own task")


def _cancel(flag):
    if flag:
        raise GeneratorExit()
    return flag


def _stop(code):
    if code:
        raise SystemExit(code)
    return code


def _tree_size(node, depth: int = 0) -> int:
    if depth > 10:
        return 1
    return 1 + sum(_child_sizes(node, depth))


def _child_sizes(node, depth: int):
    return [_tree_size(child, depth + 1) for child in node.get("children", [])]


def caught_by_base(args, **kw):
    try:
        client = AuxiliaryClient(args.get("provider"))
        weather = WeatherClient()
        return json.dumps({"p": client.provider, "w": weather.alerts("x")})
    except (ProviderError, WeatherError) as e:
        return tool_error(e)


def caught_by_builtin_base(args, **kw):
    try:
        config = _get_env_config()
        model = resolve_model(args.get("model") if isinstance(args.get("model"), str) else None)
    except (ValueError, LookupError) as e:
        return tool_error(e)
    return json.dumps({"config": config, "model": model})


def caught_by_exception(args, **kw):
    try:
        return json.dumps({"model": resolve_model(args.get("model"))})
    except Exception as e:
        return tool_error(e)


def caught_by_its_own_class(args, **kw):
    try:
        return json.dumps(_get_env_config())
    except ConfigError as e:
        return tool_error(e)


def silent_callees(args, backend: Optional[Backend] = None, cache: Optional[Cache] = None, **kw):
    hooks = kw.get("hooks") or {}
    _checked(args)
    _cancel(args.get("cancel"))
    _stop(args.get("exit_code"))
    asyncio.get_event_loop().create_task(_heartbeat())
    getattr(requests, "post")(args.get("url"))
    requests.utils.quote(args.get("url"))
    hooks["none"]()
    kw.get("on_done", print)()
    backend.search(args.get("q", ""))
    cache.get("key")
    redact(str(args.get("text", "")))
    redact(args.get("text", ""), "normal")
    finish({}, None)
    finish({})
    return json.dumps({"size": _tree_size(args)})


registry.register(name="caught_by_base", toolset="safe", schema={}, handler=caught_by_base)
registry.register(name="caught_by_builtin_base", toolset="safe", schema={}, handler=caught_by_builtin_base)
registry.register(name="caught_by_exception", toolset="safe", schema={}, handler=caught_by_exception)
registry.register(name="caught_by_its_own_class", toolset="safe", schema={}, handler=caught_by_its_own_class)
registry.register(name="silent_callees", toolset="safe", schema={}, handler=silent_callees)
