"""`hermes tools` of the reference host, API-compatible with Hermes Agent's `hermes_cli/tools_config.py`.

`CONFIGURABLE_TOOLSETS` is the picker: one `(toolset, label, description)` row per toolset a user
can switch on or off per platform. `_DEFAULT_OFF_TOOLSETS` lists picker toolsets that start off.
`_get_platform_tools(config, platform)` decides which toolsets a platform enables: with no saved
`platform_toolsets` for it, each picker toolset whose tools are all in the platform's default
composite toolset (`hermes-cli` for the CLI), minus the default-off ones, plus the toolsets outside
the picker whose tools are all in that composite. A tool in a new toolset is offered only when its
toolset is in the picker and in the composite (new-tool does both).
"""

from typing import Dict, List, Optional, Set, Tuple

# Toolsets shown in `hermes tools`: (key in toolsets.TOOLSETS, label, description)
CONFIGURABLE_TOOLSETS: List[Tuple[str, str, str]] = [
    ("clock",   "🕒 Clock",           "current_time"),
    ("text",    "📝 Text Utilities",  "word_count, reverse_text"),
    ("weather", "🌦️ Weather",        "Get the current weather for a location."),
]

# Picker toolsets that are off until a user turns them on in `hermes tools`.
_DEFAULT_OFF_TOOLSETS = set()

PLATFORMS: Dict[str, Dict[str, str]] = {
    "cli": {"label": "🖥️  CLI", "default_toolset": "hermes-cli"},
    "telegram": {"label": "📱 Telegram", "default_toolset": "hermes-telegram"},
}


def _default_toolset(platform: str) -> str:
    info = PLATFORMS.get(platform)
    return info["default_toolset"] if info else f"hermes-{platform}"


def _get_platform_tools(
    config: dict,
    platform: str,
    *,
    include_default_mcp_servers: bool = True,
) -> Set[str]:
    """The toolsets enabled on `platform` (the reference host has no MCP servers)."""
    from toolsets import TOOLSETS, resolve_toolset

    saved = (config.get("platform_toolsets") or {}).get(platform)
    default_ts = _default_toolset(platform)
    names = [str(n) for n in saved] if isinstance(saved, list) else [default_ts]
    configurable = {key for key, _, _ in CONFIGURABLE_TOOLSETS}
    platform_defaults = {info["default_toolset"] for info in PLATFORMS.values()}

    if any(name in configurable for name in names):
        # saved by `hermes tools`: the picker toolsets listed are the ones on
        enabled = {name for name in names if name in configurable}
    else:
        universe: Set[str] = set()
        for name in names:
            universe.update(resolve_toolset(name))
        enabled = set()
        for key in configurable:
            tools = set(resolve_toolset(key))
            if tools and tools <= universe:
                enabled.add(key)
        enabled -= _DEFAULT_OFF_TOOLSETS

    # Toolsets outside the picker whose tools are all in the platform's composite.
    platform_tools = set(resolve_toolset(default_ts))
    picker_tools: Set[str] = set()
    for key in configurable:
        picker_tools.update(resolve_toolset(key))
    for key, toolset in TOOLSETS.items():
        if key in configurable or key.startswith("hermes-") or key in _DEFAULT_OFF_TOOLSETS:
            continue
        if toolset.get("includes"):
            continue
        tools = set(resolve_toolset(key))
        if tools and tools <= platform_tools and not tools <= picker_tools:
            enabled.add(key)

    # Other names a saved list holds (custom toolsets) stay on.
    enabled |= {n for n in names if n not in configurable and n not in platform_defaults}
    disabled = (config.get("agent") or {}).get("disabled_toolsets") or []
    return enabled - {str(name) for name in disabled}


def _toolset_label(key: str) -> Optional[str]:
    return next((label for k, label, _ in CONFIGURABLE_TOOLSETS if k == key), None)
