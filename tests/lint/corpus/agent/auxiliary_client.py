"""A shared client for auxiliary model calls (vision, summaries), built from the environment.

Tools build one per call; building it resolves the provider, which fails when no key is set.
"""

import json
import logging
import os
from typing import Optional

logger = logging.getLogger(__name__)

_PROVIDERS = ("openrouter", "nous", "local")
_MODELS = {"fast": "small-model", "vision": "vision-model", "default": "large-model"}


class ProviderError(RuntimeError):
    """No auxiliary provider can be used (no key, unknown name)."""


class ProviderAuthError(ProviderError):
    """The provider's key is missing."""


class AuxiliaryClient:
    def __init__(self, provider: Optional[str] = None, timeout: float = 30.0):
        self.timeout = timeout
        self.provider = provider or self._pick_provider()
        self.key = self._read_key(self.provider)

    def _pick_provider(self) -> str:
        for name in _PROVIDERS:
            if os.environ.get(f"{name.upper()}_API_KEY"):
                return name
        return "local"

    def _read_key(self, provider: str) -> str:
        if provider == "local":
            return ""
        key = os.environ.get(f"{provider.upper()}_API_KEY")
        if not key:
            raise ProviderAuthError(f"{provider.upper()}_API_KEY is not set")  # origin: vision-client
        return key

    def complete(self, prompt: str, *, model: str = "default") -> str:
        logger.debug("auxiliary call to %s (%s)", self.provider, model)
        return json.dumps({"model": model, "text": prompt[:100]})

    def describe_image(self, url: str, model: str) -> dict:
        if not url.startswith(("http://", "https://", "data:")):
            raise ValueError(f"not an image URL: {url}")
        return {"url": url, "model": model, "caption": "an image"}


def get_auxiliary_client(provider: Optional[str] = None) -> AuxiliaryClient:
    return AuxiliaryClient(provider)


def resolve_model(alias: Optional[str]) -> str:
    if alias is None:
        return _MODELS["default"]
    if alias not in _MODELS:
        raise KeyError(f"unknown model alias {alias!r}")  # origin: vision-iife-default
    return _MODELS[alias]
