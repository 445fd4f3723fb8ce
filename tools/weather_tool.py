"""Weather tool -- Get the current weather for a location."""

import json
import logging
import os

from tools.registry import registry, tool_error

try:  # Hermes resolves keys per profile (one gateway process may serve many profiles)
    from agent.secret_scope import get_secret
except ImportError:  # a host without profile scopes: the process environment

    def get_secret(name: str, default: str | None = None) -> str | None:
        return os.getenv(name, default)

logger = logging.getLogger(__name__)

# Environment variables the tool needs; the setup wizard asks for them (hermes_cli/config.py).
_REQUIRED_ENV = ["WEATHER_API_KEY"]

# JSON Schema type -> the Python types a decoded argument of that type may have.
_JSON_TYPES = {
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "array": (list,),
    "object": (dict,),
}


# --- Availability check ---

def check_weather_requirements() -> bool:
    """True when every environment variable the tool needs is set."""
    return all(get_secret(var) for var in _REQUIRED_ENV)


# --- Handler ---

def _argument_problem(args: object) -> str | None:
    """What is wrong with the model's arguments, or None when they fit WEATHER_SCHEMA."""
    if not isinstance(args, dict):
        return "arguments must be a JSON object"
    parameters = WEATHER_SCHEMA["parameters"]
    for key in args:
        if key not in parameters["properties"]:
            return f"unknown parameter: {key}"
    for key in parameters["required"]:
        if args.get(key) is None:
            return f"missing required parameter: {key}"
    for key, value in args.items():
        expected = parameters["properties"][key]["type"]
        if value is None:
            continue
        # bool is a subclass of int in Python, but true/false is not a JSON number.
        if isinstance(value, bool) != (expected == "boolean") or not isinstance(
            value, _JSON_TYPES[expected]
        ):
            return f"parameter {key} must be of type {expected}"
    return None


def _handle_weather(args: dict, **kw) -> str:
    """Run the tool for the model; every result, failures included, is a JSON string.

    `kw` carries per-call context from the agent loop, such as `task_id`.
    """
    try:
        problem = _argument_problem(args)
        if problem is not None:
            return tool_error(problem)
        missing = [var for var in _REQUIRED_ENV if not get_secret(var)]
        if missing:
            return tool_error(f"not configured: set {', '.join(missing)}")
        # TODO: do the tool's real work here; this placeholder echoes its arguments.
        result = {
            "location": args["location"],
            "units": args.get("units"),
        }
        return json.dumps(result, ensure_ascii=False)
    except Exception as exc:  # the model should see what went wrong, not a generic failure
        logger.exception("%s failed", "weather")
        return tool_error(f"{type(exc).__name__}: {exc}")


# --- Schema ---

WEATHER_SCHEMA = {
    "name": "weather",
    "description": "Get the current weather for a location.",
    "parameters": {
        "type": "object",
        "properties": {
            "location": {
                "type": "string",
                "description": "City name or coordinates, e.g. London or 51.5,-0.1",
            },
            "units": {
                "type": "string",
                "description": "Temperature units, metric or imperial (default: metric)",
            },
        },
        "required": ["location"],
    },
}


# --- Registration ---

registry.register(
    name="weather",
    toolset="weather",
    schema=WEATHER_SCHEMA,
    handler=_handle_weather,
    check_fn=check_weather_requirements,
    requires_env=["WEATHER_API_KEY"],
    is_async=False,
    emoji="🌦️",
    description=WEATHER_SCHEMA["description"],
)
