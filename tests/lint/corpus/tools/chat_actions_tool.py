"""Two tools sharing one action runner through functools.partial objects, registered from a
loop over a tuple table with the late-binding lambda idiom (`_h=_handler`)."""

import functools
import json

from tools.registry import registry, tool_error

_READ_ACTIONS = {"list_rooms": lambda **p: ["general"], "fetch": lambda **p: []}
_ADMIN_ACTIONS = {"kick": lambda **p: True}


def _run_chat_action(action, valid_actions, tool_label, **params):
    if not params.get("token"):
        return {"error": f"{tool_label}: token not configured"}  # expect: HD101
    action_fn = valid_actions.get(action)
    if action_fn is None:
        return tool_error(f"unknown action {action!r}")
    try:
        result = action_fn(**params)
    except KeyError as e:
        raise RuntimeError(str(e))  # expect: HD102
    except Exception as e:
        return tool_error(str(e))
    return json.dumps({"result": result})


def _status(**params):
    if params.get("verbose"):
        return json.dumps({"ok": True, "verbose": True})
    return json.dumps({"ok": True})


chat_read = functools.partial(_run_chat_action, valid_actions=_READ_ACTIONS, tool_label="chat")
chat_admin = functools.partial(
    _run_chat_action, valid_actions=_ADMIN_ACTIONS, tool_label="chat_admin")

_SCHEMA = {"name": "chat", "description": "Chat.", "parameters": {"type": "object", "properties": {}}}

for _name, _actions, _handler in (
    ("chat", _READ_ACTIONS, chat_read), ("chat_admin", _ADMIN_ACTIONS, chat_admin),
):
    registry.register(
        name=_name,
        toolset="chat",
        schema={**_SCHEMA, "name": _name},
        handler=lambda args, _h=_handler, **kw: _h(**{"action": "", **args}),
        check_fn=lambda: True,
    )

registry.register(
    name="chat_read_direct",
    toolset="chat",
    schema={**_SCHEMA, "name": "chat_read_direct"},
    handler=lambda args, **kw: chat_read(action=args.get("action", ""), **args),
)

registry.register(
    name="chat_status",
    toolset="chat",
    schema={**_SCHEMA, "name": "chat_status"},
    handler=lambda args, _h=_status, **kw: _h(**args),
)
