"""A minimal registry with the real one's helpers and signatures."""

import json


class ToolRegistry:
    def __init__(self):
        self._tools = {}

    def register(self, name, toolset, schema, handler, check_fn=None, requires_env=None,
                 is_async=False, description="", emoji="", max_result_size_chars=None,
                 dynamic_schema_overrides=None, override=False):
        self._tools[name] = handler


registry = ToolRegistry()


def tool_error(message, **extra):
    return json.dumps({"error": str(message), **extra}, ensure_ascii=False)


def tool_result(data=None, **kwargs):
    return json.dumps(data if data is not None else kwargs, ensure_ascii=False)
