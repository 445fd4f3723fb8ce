"""Handlers of the shop-lookup plugin."""

import json
import os

_CATALOG = {"p1": {"name": "Kettle", "stock": 3}}


def shop_available():
    return bool(os.getenv("SHOP_API_URL"))


def _matches(query):
    return [pid for pid, item in _CATALOG.items() if query.lower() in item["name"].lower()]


def handle_shop_find(args, **kw):
    query = (args.get("query") or "").strip()  # expect: HD102
    if not query:
        return "query is required"  # expect: HD101
    return json.dumps({"ids": _matches(query)})


def handle_shop_stock(args, **kw):
    item = _CATALOG.get(args.get("product_id"))  # expect: HD102
    if item is None:
        raise KeyError(args.get("product_id"))  # expect: HD102
    return json.dumps({"stock": item["stock"]})
