"""Toolsets of the reference host, shaped like Hermes Agent's `toolsets.py`.

A toolset groups tool names; `includes` pulls in other toolsets. `_HERMES_CORE_TOOLS` is the set
every platform gets.
"""

from typing import Dict, List, Optional, Set

# Tools every platform gets
_HERMES_CORE_TOOLS = [
    # Time
    "current_time",
    # Text utilities
    "word_count", "reverse_text",
]

TOOLSETS = {
    # ── Utilities ──
    "clock": {
        "description": "Tell the current time",
        "tools": ["current_time"],
        "includes": [],
    },

    "text": {
        "description": (
            "Small text utilities: "
            "count words, reverse text"
        ),
        "tools": ["word_count", "reverse_text"],
        "includes": []
    },

    # ── Platforms ──
    "hermes-cli": {
        "description": "Everything the command line offers",
        "tools": _HERMES_CORE_TOOLS,
        "includes": ["weather"],
    },

    "hermes-telegram": {
        "description": "Telegram bot toolset: the core tools",
        "tools": _HERMES_CORE_TOOLS,
        "includes": [],
    },

    "weather": {
        "description": "Get the current weather for a location.",
        "tools": ["weather"],
        "includes": [],
    },
}


def get_toolset(name: str) -> Optional[dict]:
    return TOOLSETS.get(name)


def resolve_toolset(name: str, visited: Optional[Set[str]] = None) -> List[str]:
    """Every tool name in a toolset, following `includes` (cycles are cut)."""
    visited = set() if visited is None else visited
    if name in visited:
        return []
    visited.add(name)
    toolset = TOOLSETS.get(name)
    if toolset is None:
        return []
    tools = list(toolset.get("tools", []))
    for included in toolset.get("includes", []):
        tools.extend(resolve_toolset(included, visited))
    seen: Set[str] = set()
    return [t for t in tools if not (t in seen or seen.add(t))]


def get_all_toolsets() -> Dict[str, dict]:
    return dict(TOOLSETS)


def validate_toolset(name: str) -> bool:
    return name in TOOLSETS
