"""Memory tool: add and remove curated entries (four levels down to the file write)."""

import json
import logging
from typing import Optional

from tools.memory_store import MemoryStore
from tools.registry import registry, tool_error

logger = logging.getLogger(__name__)

_STORE = MemoryStore()

MEMORY_SCHEMA = {
    "name": "memory",
    "description": "Save or remove a durable note about the user or the environment.",
    "parameters": {
        "type": "object",
        "properties": {
            "action": {"type": "string", "enum": ["add", "remove"], "description": "What to do"},
            "target": {"type": "string", "enum": ["memory", "user"], "description": "Which store"},
            "content": {"type": "string", "description": "The entry, or text of one to remove"},
        },
        "required": ["action", "content"],
    },
}


def _apply(store: MemoryStore, action: str, target: str, content: str) -> dict:
    if action == "add":
        return store.add(target, content)
    return store.remove(target, content)


def memory_tool(action: str, content: str, target: str = "memory",
                store: Optional[MemoryStore] = None) -> str:
    if store is None:
        return tool_error("Memory is not available in this session.")
    if action not in ("add", "remove"):
        return tool_error(f"unknown action {action!r}")
    result = _apply(store, action, target, content)  # shape: memory-optional  # expect: HD102
    return json.dumps(result, ensure_ascii=False)


def memory_default(args, **kw):
    result = _STORE.add(args.get("target", "memory"), args["content"])  # shape: memory-singleton  # expect: HD102
    return json.dumps(result)


def memory_scratch(args, **kw):
    scratch = MemoryStore(folder=args.get("folder"))
    try:
        entries = scratch.load("memory")
    except RuntimeError as e:
        return tool_error(f"cannot load: {e}")
    scratch.add("memory", args["content"])  # shape: memory-local  # expect: HD102
    return json.dumps({"before": len(entries)})


def memory_list(args, **kw):
    return json.dumps({"entries": _STORE.load(args.get("target", "memory"))})  # shape: memory-load  # expect: HD102


class _Session:
    store: MemoryStore

    def __init__(self, store):
        self.store = store


_SESSION = _Session(_STORE)


def memory_forget(args, **kw):
    _SESSION.store.remove("memory", args["needle"])  # shape: memory-annotated  # expect: HD102
    return json.dumps({"ok": True})


registry.register(
    name="memory",
    toolset="memory",
    schema=MEMORY_SCHEMA,
    handler=lambda args, **kw: memory_tool(
        action=args.get("action", ""),
        content=args.get("content", ""),
        target=args.get("target", "memory"),
        store=kw.get("store"),
    ),
    emoji="🧠",
)
registry.register(name="memory_default", toolset="memory", schema={}, handler=memory_default)
registry.register(name="memory_scratch", toolset="memory", schema={}, handler=memory_scratch)
registry.register(name="memory_list", toolset="memory", schema={}, handler=memory_list)
registry.register(name="memory_forget", toolset="memory", schema={}, handler=memory_forget)
