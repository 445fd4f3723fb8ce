"""Weather plugin: tools registered through ctx.register_tool in register(ctx)."""

import json
import logging

from .alerts import weather_alerts
from .client import AuthError, WeatherClient, WeatherError
from .formatting import format_forecast

logger = logging.getLogger(__name__)


def _make_client(units: str = "metric") -> WeatherClient:
    return WeatherClient(units)


def _auth_message(e: AuthError) -> str:
    return json.dumps({"error": f"weather is not configured: {e}"})


def weather_forecast(args, **kw):
    client = _make_client(args.get("units", "metric"))  # shape: plugin-relative-client  # expect: HD102
    try:
        data = client.forecast(args.get("city", ""))  # shape: urlopen-under-own-errors  # expect: HD102
    except AuthError as e:
        return _auth_message(e)
    except WeatherError as e:
        return json.dumps({"error": str(e)})
    return format_forecast(data)  # shape: plugin-helper-dict  # expect: HD101


def weather_summary(args, **kw):
    try:
        client = _make_client()
        data = client.forecast(args.get("city", ""))  # shape: urlopen-under-base-error  # expect: HD102
    except WeatherError as e:
        return json.dumps({"error": str(e)})
    return json.dumps({"city": args.get("city"), "temp": data.get("temp")})


def register(ctx):
    ctx.register_tool(name="weather_forecast", toolset="weather", schema={}, handler=weather_forecast)
    ctx.register_tool(name="weather_alerts", toolset="weather", schema={}, handler=weather_alerts)
    ctx.register_tool(name="weather_summary", toolset="weather", schema={}, handler=weather_summary)
