"""Every way a handler breaks the contract that the rules must find."""

import json
import orjson
from functools import lru_cache, partial

from tools.registry import registry, tool_error, tool_result


class ToolFailure(Exception):
    pass


def _status(code):
    return {"status": code}


def _format_error(e):
    return f"Error: {e}"


_CACHED_REPLY = None


def _warm_up():
    global _CACHED_REPLY
    _CACHED_REPLY = json.dumps({"warm": True})


def cached_reply(args, **kw):
    return _CACHED_REPLY  # rebound by `global` elsewhere: not static, not reported


def _abort(message):
    raise ToolFailure(message)


def ends_in_abort(args, **kw):
    try:
        if args:
            return json.dumps(args)
        _abort("no arguments")  # always raises: not a fall-off
    except ToolFailure as e:
        return tool_error(e)
    _abort("unreachable")  # the helper raises: not a fall-off (its raise is not the handler's)


def broken_returns(args, **kw):
    mode = args.get("mode")
    if mode == "dict":
        return {"ok": True}  # expect: HD101
    if mode == "list":
        return [1, 2, 3]  # expect: HD101
    if mode == "tuple":
        return "a", "b"  # expect: HD101
    if mode == "number":
        return 42  # expect: HD101
    if mode == "bool":
        return True  # expect: HD101
    if mode == "none":
        return None  # expect: HD101
    if mode == "bare":
        return  # expect: HD101
    if mode == "bytes":
        return orjson.dumps(args)  # expect: HD101
    if mode == "bytes-encoded":
        return json.dumps(args).encode("utf-8")  # expect: HD101
    if mode == "bytes-decoded":
        return orjson.dumps(args).decode()
    if mode == "prose":
        return "Done."  # expect: HD101
    if mode == "fstring":
        return f"Error: {mode}"  # expect: HD101
    if mode == "percent":
        return "Failed: %s" % mode  # expect: HD101
    if mode == "format":
        return "Failed: {}".format(mode)  # expect: HD101
    if mode == "concat":
        return json.dumps(args) + " (cached)"  # expect: HD101
    if mode == "helper-dict":
        return _status(200)  # expect: HD101
    if mode == "helper-prose":
        return _format_error(mode)  # expect: HD101
    if mode == "json-literal":
        return '{"ok": true}'
    if mode == "conditional":
        return tool_result(ok=True) if args else {"ok": False}  # expect: HD101
    payload = {"mode": mode}
    return payload  # expect: HD101


def broken_raises(args, **kw):
    if not args:
        raise ValueError("no arguments")  # expect: HD102
    try:
        value = int(args["n"])  # expect: HD102
    except KeyError:
        raise ToolFailure("n is required")  # expect: HD102
    except ValueError as e:
        raise  # expect: HD102
    try:
        if value < 0:
            raise ToolFailure("negative")
    except ToolFailure:
        return tool_error("negative")
    try:
        if value > 100:
            raise OverflowError("too big")  # expect: HD102
    except ValueError:
        return tool_error("not reached: OverflowError is no ValueError")
    assert value != 13, "unlucky"  # expect: HD102
    return json.dumps({"n": value})


def falls_off(args, **kw):
    for item in args.get("items", []):  # expect: HD101
        if item:
            return json.dumps({"first": item})


def swallows(args, **kw):
    try:
        return json.dumps({"n": int(args["n"])})
    except Exception as e:
        print(f"failed: {e}")  # expect: HD101


def no_kwargs(args):  # expect: HD103
    return json.dumps(args)


def two_positional(args, table):  # expect: HD103
    return json.dumps(table)


def with_table(table, args, **kw):
    return json.dumps({"table": table, "args": args})


def _returns_json(fn):
    def wrapper(args, **kw):
        try:
            return json.dumps(fn(args, **kw))
        except Exception as e:
            return tool_error(e)
    return wrapper


@_returns_json
def wrapped(args, **kw):
    if not args:
        raise ValueError("a decorator may catch this: not reported")
    return {"wrapped": True}


@lru_cache(maxsize=32)
def cached_lookup(args, **kw):
    return {"cached": True}  # expect: HD101


registry.register(name="wrapped", toolset="bugs", schema={}, handler=wrapped)
registry.register(name="cached_lookup", toolset="bugs", schema={}, handler=cached_lookup)
registry.register(name="cached_reply", toolset="bugs", schema={}, handler=cached_reply)
registry.register(name="ends_in_abort", toolset="bugs", schema={}, handler=ends_in_abort)
registry.register(name="broken_returns", toolset="bugs", schema={}, handler=broken_returns)
registry.register(name="broken_raises", toolset="bugs", schema={}, handler=broken_raises)
registry.register(name="falls_off", toolset="bugs", schema={}, handler=falls_off)
registry.register(name="swallows", toolset="bugs", schema={}, handler=swallows)
registry.register(name="no_kwargs", toolset="bugs", schema={}, handler=no_kwargs)
registry.register(name="two_positional", toolset="bugs", schema={}, handler=two_positional)
registry.register(name="partial_ok", toolset="bugs", schema={}, handler=partial(with_table, {}))
