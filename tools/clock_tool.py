"""Clock tool -- tell the current time, in UTC or at a fixed offset."""

import json
import logging
from datetime import datetime, timedelta, timezone

from tools.registry import registry, tool_error

logger = logging.getLogger(__name__)


def current_time(utc_offset_hours: float = 0.0) -> str:
    """The current time as ISO 8601 at the given offset. Returns a JSON string."""
    try:
        offset = timezone(timedelta(hours=float(utc_offset_hours)))
    except (TypeError, ValueError, OverflowError) as exc:  # OverflowError: found by check
        return tool_error(f"bad utc_offset_hours: {exc}")
    return json.dumps({"time": datetime.now(offset).isoformat(timespec="seconds")})


CURRENT_TIME_SCHEMA = {
    "name": "current_time",
    "description": "Tell the current date and time.",
    "parameters": {
        "type": "object",
        "properties": {
            "utc_offset_hours": {
                "type": "number",
                "description": "Hours east of UTC (default 0, e.g. 5.5 for India)",
            },
        },
        "required": [],
    },
}

registry.register(
    name="current_time",
    toolset="clock",
    schema=CURRENT_TIME_SCHEMA,
    handler=lambda args, **kw: current_time(args.get("utc_offset_hours", 0.0)),
    emoji="🕒",
)
