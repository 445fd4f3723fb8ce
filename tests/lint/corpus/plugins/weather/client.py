"""The weather API client: reading the key happens when the client is built."""

import json
import os
import urllib.request


class WeatherError(Exception):
    """Anything the weather API reports."""


class AuthError(WeatherError):
    """The API key is missing or refused."""


class WeatherClient:
    BASE = "https://api.weather.example/v1"

    def __init__(self, units: str = "metric"):
        self.units = units
        self.key = self._load_key()

    def _load_key(self) -> str:
        key = os.environ.get("WEATHER_API_KEY")
        if not key:
            raise AuthError("WEATHER_API_KEY is not set")  # origin: plugin-relative-client,plugin-absolute-client
        return key

    def forecast(self, city: str) -> dict:
        if not city:
            raise WeatherError("city is required")
        url = f"{self.BASE}/forecast?city={city}&units={self.units}&key={self.key}"
        with urllib.request.urlopen(url) as response:  # origin: urlopen-under-own-errors,urlopen-under-base-error
            return json.loads(response.read())

    def alerts(self, region: str) -> list:
        return [{"region": region, "level": "none"}]
