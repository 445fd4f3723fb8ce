"""Setup-wizard settings of the reference host, shaped like Hermes Agent's `hermes_cli/config.py`.

`OPTIONAL_ENV_VARS` lists the environment variables the setup wizard asks for; a tool's API key
belongs here with `"category": "tool"` and the tools that need it.
"""

import os
from typing import Dict, List

OPTIONAL_ENV_VARS = {
    # ── Providers ──
    "EXAMPLE_PROVIDER_API_KEY": {
        "description": "API key of an example model provider",
        "prompt": "Example provider API key",
        "url": None,
        "password": True,
        "category": "provider",
    },

    # ── Tools ──
    "WEATHER_API_KEY": {
        "description": "Weather API key for the weather tool",
        "prompt": "Weather API key",
        "url": None,
        "tools": ["weather"],
        "password": True,
        "category": "tool",
    },
}


def missing_env_vars(category: str = "tool") -> List[str]:
    """Variables of one category that are not set in the environment."""
    return [
        name for name, info in OPTIONAL_ENV_VARS.items()
        if info.get("category") == category and not os.getenv(name)
    ]


def register_runtime_env_var(name: str, info: Dict[str, object]) -> None:
    """Plugins add their variables at run time; this is not the literal above."""
    OPTIONAL_ENV_VARS[name] = dict(info)
