"""Formatting of API payloads into tool results."""

import json


def format_forecast(data: dict, compact: bool = False):
    if not data:
        return {"error": "empty forecast"}  # origin: plugin-helper-dict
    if compact:
        return json.dumps({"t": data.get("temp")})
    return json.dumps(data, ensure_ascii=False)


def format_alerts(alerts: list, as_text: bool = False) -> str:
    if as_text:
        return "\n".join(a["level"] for a in alerts)
    return json.dumps({"alerts": alerts})
