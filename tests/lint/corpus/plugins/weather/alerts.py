"""Alert tools, importing the client by its absolute module name."""

import json

from plugins.weather.client import WeatherClient, WeatherError
from plugins.weather.formatting import format_alerts


def weather_alerts(args, **kw):
    client = WeatherClient(units=args.get("units", "metric"))  # shape: plugin-absolute-client  # expect: HD102
    try:
        return format_alerts(client.alerts(args.get("region", "")))
    except WeatherError as e:
        return json.dumps({"error": str(e)})
