"""A plugin: tools registered through ctx.register_tool in register(ctx)."""

import json

_NOTES = []


def _add(args, **kw):
    text = args.get("text")
    if not text:
        return json.dumps({"error": "text is required"})
    _NOTES.append(text)
    return json.dumps({"count": len(_NOTES)})


def _list(args, **kw):
    if not _NOTES:
        return "no notes yet"  # expect: HD101
    return json.dumps({"notes": _NOTES})


def _clear(args, **kw):
    if args.get("confirm") is not True:
        raise PermissionError("confirm is required")  # expect: HD102
    _NOTES.clear()
    return json.dumps({"cleared": True})


_TOOLS = (("note_list", _list), ("note_clear", _clear))


def register(ctx):
    ctx.register_tool(name="note_add", toolset="notes", schema={}, handler=_add)
    for name, handler in _TOOLS:
        ctx.register_tool(name=name, toolset="notes", schema={}, handler=handler)
