"""Handlers imported from a sibling module under the root."""

import functools

from tools import handler_impl
from tools.handler_impl import memory_read, memory_write
from tools.registry import registry

registry.register(
    name="memory_read",
    toolset="memory",
    schema={},
    handler=lambda args, **kw: memory_read(args.get("key"), store=kw.get("store")),
)
registry.register(name="memory_write", toolset="memory", schema={}, handler=memory_write)
registry.register(
    name="memory_read_default",
    toolset="memory",
    schema={},
    handler=functools.partial(memory_write),
)
registry.register(
    name="memory_status",
    toolset="memory",
    schema={},
    handler=lambda args, **kw: handler_impl.memory_status(args, **kw),
)
registry.register(name="memory_clear", toolset="memory", schema={}, handler=handler_impl.memory_clear)
