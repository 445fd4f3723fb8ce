"""Schemas of the shop-lookup plugin."""

SHOP_FIND_SCHEMA = {
    "name": "shop_find",
    "description": (
        "Find products by a free-text query. "
        "Returns names, prices and ids."
    ),
    "parameters": {
        "type": "object",
        "properties": {
            "query": {"type": "string", "description": "What to look for."},
        },
        "required": ["query"],
    },
}

SHOP_STOCK_SCHEMA = {
    "name": "shop_stock",
    "description": "How many of a product are in stock.",
    "parameters": {
        "type": "object",
        "properties": {
            "product_id": {"type": "string", "description": "The product id."},
        },
        "required": ["product_id"],
    },
}
