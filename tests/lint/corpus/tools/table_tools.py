"""Several tools registered from loops over literal tables."""

import json

from tools.registry import registry, tool_error


def _upper(args, **kw):
    text = args.get("text")
    if not isinstance(text, str):
        return tool_error("text must be a string")
    return json.dumps({"text": text.upper()})


def _lower(args, **kw):
    text = args.get("text")
    if text is None:
        return {"error": "text is required"}  # expect: HD101
    return json.dumps({"text": text.lower()})  # expect: HD102


def _title(args, **kw):
    raise NotImplementedError("title case is not done yet")  # expect: HD102


def _schema(name):
    return {"name": name, "description": name, "parameters": {"type": "object", "properties": {}}}


_CASE_TOOLS = [
    ("upper_text", _upper),
    ("lower_text", _lower),
    ("title_text", _title),
]

for _name, _handler in _CASE_TOOLS:
    registry.register(name=_name, toolset="text", schema=_schema(_name), handler=_handler)


_STATS_TOOLS = {
    "char_count": {"handler": lambda args, **kw: json.dumps({"n": len(args.get("text", ""))})},
    "line_count": {"handler": lambda args, **kw: len(args.get("text", "").splitlines())},  # expect: HD101, HD102
}

for tool_name, spec in _STATS_TOOLS.items():
    registry.register(
        name=tool_name,
        toolset="text",
        schema=_schema(tool_name),
        handler=spec["handler"],
    )
