"""The dice plugin's tools: check function, schemas and handlers.

Nothing here imports Hermes, so the plugin's tests run without it. Every handler returns a JSON
string, failures included (`{"error": ...}`): the model sees what went wrong.
"""

import json
import logging

logger = logging.getLogger(__name__)

# JSON Schema type -> the Python types a decoded argument of that type may have.
_JSON_TYPES = {
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "array": (list,),
    "object": (dict,),
}


def check_requirements() -> bool:
    """Always True: the tools need no API key or other setting."""
    return True


def _error(message: str) -> str:
    return json.dumps({"error": message}, ensure_ascii=False)


def _argument_problem(args: object, schema: dict) -> str | None:
    """What is wrong with the model's arguments, or None when they fit the schema."""
    if not isinstance(args, dict):
        return "arguments must be a JSON object"
    parameters = schema["parameters"]
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


# --- roll_dice ---

ROLL_DICE_SCHEMA = {
    "name": "roll_dice",
    "description": "Roll dice and return each result.",
    "parameters": {
        "type": "object",
        "properties": {
            "sides": {
                "type": "integer",
                "description": "Number of sides on each die, e.g. 6",
            },
            "count": {
                "type": "integer",
                "description": "How many dice to roll (default: 1)",
            },
        },
        "required": ["sides"],
    },
}


def handle_roll_dice(args: dict, **kw) -> str:
    """Run roll_dice for the model; every result, failures included, is a JSON string.

    `kw` carries per-call context from the agent loop, such as `task_id`.
    """
    try:
        problem = _argument_problem(args, ROLL_DICE_SCHEMA)
        if problem is not None:
            return _error(problem)
        # TODO: do the tool's real work here; this placeholder echoes its arguments.
        result = {
            "sides": args["sides"],
            "count": args.get("count"),
        }
        return json.dumps(result, ensure_ascii=False)
    except Exception as exc:  # the model should see what went wrong, not a generic failure
        logger.exception("%s failed", "roll_dice")
        return _error(f"{type(exc).__name__}: {exc}")
