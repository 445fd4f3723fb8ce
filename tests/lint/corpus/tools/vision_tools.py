"""Vision tools: describe an image through the auxiliary client."""

import json
import logging
from typing import Optional

from agent.auxiliary_client import (
    AuxiliaryClient,
    ProviderError,
    get_auxiliary_client,
    resolve_model,
)
from tools.registry import registry, tool_error

logger = logging.getLogger(__name__)

_ACTIONS = ("describe", "ocr", "tags")


def _format_provider_error(e: ProviderError) -> str:
    return tool_error(f"vision provider unavailable: {e}")


def vision_analyze(args, **kw):
    client = get_auxiliary_client(args.get("provider"))  # shape: vision-client  # expect: HD102
    try:
        data = client.describe_image(args["url"], model=args.get("model", "vision"))  # expect: HD102
    except ProviderError as e:
        return _format_provider_error(e)
    except ValueError as e:
        return tool_error(str(e))
    result_json = json.dumps(data, ensure_ascii=False)
    if data.get("caption") == "an image":
        result_json += f"\n\n[Hint: the caption is generic; call vision_analyze with model=high]"
    return result_json  # JSON with a hint appended  # expect: HD101


def run_vision(action: str, url: str, model: str, client: Optional[AuxiliaryClient] = None):
    if action not in _ACTIONS:
        return {"error": f"unknown action {action}"}  # origin: vision-iife-return
    client = client or AuxiliaryClient()
    return json.dumps({"action": action, "model": model, "url": url})


registry.register(
    name="vision_analyze",
    toolset="vision",
    schema={},
    handler=vision_analyze,
)
registry.register(
    name="vision_run",
    toolset="vision",
    schema={},
    handler=lambda args, **kw: (lambda _m=resolve_model(args.get("model")): run_vision(  # shape: vision-iife-default,vision-iife-return  # expect: HD102, HD101
        action=args.get("action", "describe"), url=args.get("url", ""), model=_m))(),
)
