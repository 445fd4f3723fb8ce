"""Text tools -- small string utilities, registered from one table."""

import json
import logging

from tools.registry import registry, tool_error

logger = logging.getLogger(__name__)


def _word_count(args, **kw):
    text = args.get("text")
    if not isinstance(text, str):
        return tool_error("text must be a string")
    return json.dumps({"words": len(text.split())})


def _reverse_text(args, **kw):
    text = args.get("text")
    if not isinstance(text, str):
        return tool_error("text must be a string")
    return json.dumps({"text": text[::-1]})


def _text_schema(name: str, description: str) -> dict:
    return {
        "name": name,
        "description": description,
        "parameters": {
            "type": "object",
            "properties": {"text": {"type": "string", "description": "The text to work on"}},
            "required": ["text"],
        },
    }


_TEXT_TOOLS = [
    ("word_count", "Count the words in a text.", _word_count, "🔢"),
    ("reverse_text", "Reverse a text character by character.", _reverse_text, "🔁"),
]

for _name, _description, _handler, _emoji in _TEXT_TOOLS:
    registry.register(
        name=_name,
        toolset="text",
        schema=_text_schema(_name, _description),
        handler=_handler,
        emoji=_emoji,
    )
