"""The dice plugin for Hermes Agent -- Roll dice and return each result.

Hermes' plugin loader imports this package and calls `register(ctx)` once; the tools themselves
(check function, schemas, handlers) are in `tools.py`.
"""

from .tools import (
    ROLL_DICE_SCHEMA,
    check_requirements,
    handle_roll_dice,
)


def register(ctx) -> None:
    """Register the plugin's tools with Hermes (`ctx` is its PluginContext)."""
    ctx.register_tool(
        name="roll_dice",
        toolset="dice",
        schema=ROLL_DICE_SCHEMA,
        handler=handle_roll_dice,
        check_fn=check_requirements,
        requires_env=[],
        is_async=False,
        emoji="🎲",
        description=ROLL_DICE_SCHEMA["description"],
    )
