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
    store[args["key"]] = args["value"]  # expect: HD102
    return json.dumps({"ok": True})


def _counts(store):
    return {"entries": len(store or {})}


def memory_status(args, **kw):
    store = kw.get("store")
    if store is None:
        return tool_error("no store")
    return _counts(store)  # expect: HD101


def memory_clear(args, **kw):
    if not args.get("confirm"):
        raise PermissionError("confirm first")  # expect: HD102
    return json.dumps({"cleared": True})
