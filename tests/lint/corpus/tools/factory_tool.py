"""Handlers made by a factory function."""

import json

from tools.registry import registry, tool_error


def _make_handler(kind):
    def handler(args, **kw):
        value = args.get(kind)
        if value is None:
            return tool_error(f"{kind} is required")
        return json.dumps({kind: value})

    return handler


def _make_broken_handler(kind):
    def handler(args, **kw):
        if kind not in args:
            raise KeyError(kind)  # expect: HD102
        return f"Value of {kind}: {args[kind]}"  # expect: HD101

    return handler


def _make_unknown(kind):
    def handler(args, **kw):
        return f"{kind}"  # the value it was made with: JSON here, not reported

    return handler


def _make_lambda(kind):
    return lambda args, **kw: json.dumps({"kind": kind, "args": args})


registry.register(name="get_color", toolset="factory", schema={}, handler=_make_handler("color"))
registry.register(name="get_size", toolset="factory", schema={}, handler=_make_broken_handler("size"))
registry.register(name="get_unknown", toolset="factory", schema={}, handler=_make_unknown(json.dumps({"x": 1})))
registry.register(name="get_kind", toolset="factory", schema={}, handler=_make_lambda("kind"))
