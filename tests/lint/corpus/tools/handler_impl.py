"""Handlers implemented in a helper module (it registers nothing itself)."""

import json

from tools.registry import tool_error


def memory_read(key, store=None):
    if store is None:
        return tool_error("memory store not initialised")
    if key not in store:
        return None  # expect: HD101
    return json.dumps({"key": key, "value": store[key]})


def memory_write(args, **kw):
    try:
        store = kw["store"]
    except KeyError:
        return tool_error("no store")
    store[args["key"]] = args["value"]
    return json.dumps({"ok": True})
