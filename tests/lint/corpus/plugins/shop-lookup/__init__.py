"""A bundled plugin in a hyphenated folder: schemas and handlers imported relatively."""

from .schemas import (
    SHOP_FIND_SCHEMA,
    SHOP_STOCK_SCHEMA,
)
from .handlers import (
    handle_shop_find,
    handle_shop_stock,
    shop_available,
)

TOOLSET = "shop"


def register(ctx):
    ctx.register_tool(
        name="shop_find",
        toolset=TOOLSET,
        schema=SHOP_FIND_SCHEMA,
        handler=handle_shop_find,
        check_fn=shop_available,
        description=SHOP_FIND_SCHEMA["description"],
    )
    ctx.register_tool(
        name="shop_stock",
        toolset=TOOLSET,
        schema=SHOP_STOCK_SCHEMA,
        handler=handle_shop_stock,
        check_fn=shop_available,
        description=SHOP_STOCK_SCHEMA["description"],
    )
