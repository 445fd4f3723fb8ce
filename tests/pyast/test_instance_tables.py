"""A table a method fills is read per instance: each router's routes are its own."""

from __future__ import annotations

from pathlib import Path

from hermes_dev.host.registrations import registrations_of
from hermes_dev.pyast.semantic.modules import Models

from tests.lint.support import make_root

FILES = {
    "plugins/led/__init__.py": """\
from . import bills, budgets
from .routing import App


def create_app():
    app = App()
    app.include_router(budgets.router)
    app.include_router(bills.router)
    return app


app = create_app()


def register(ctx):
    app.mount(ctx)
""",
    "plugins/led/bills.py": """\
from .routing import Router

router = Router(prefix="bill_")


@router.tool("due", "Bills due.")
async def due(days=7):
    return {"days": int(days)}
""",
    "plugins/led/budgets.py": """\
from .routing import Router

router = Router(prefix="budget_")


@router.tool("add", "Add a budget.")
def add(name="", limit=0):
    return {"name": name, "limit": float(limit)}
""",
    "plugins/led/plugin.yaml": """\
name: led
version: "1"
description: d
provides_tools: [budget_add]
""",
    "plugins/led/routing.py": """\
import inspect
import json
from dataclasses import dataclass


@dataclass
class Route:
    name: str
    endpoint: object
    description: str

    def __post_init__(self):
        self.is_async = inspect.iscoroutinefunction(self.endpoint)

    def make_handler(self):
        route = self
        if route.is_async:
            async def handler(args, **kw):
                return json.dumps(await route.endpoint(**args))
        else:
            def handler(args, **kw):
                return json.dumps(route.endpoint(**args))
        return handler


class Router:
    def __init__(self, prefix=""):
        self.prefix = prefix
        self.routes = []

    def tool(self, name, description=""):
        def decorator(func):
            self.routes.append(Route(name=f"{self.prefix}{name}", endpoint=func, description=description))
            return func
        return decorator


def _copy(route, prefix):
    return dict(name=f"{prefix}{route.name}", endpoint=route.endpoint, description=route.description)


class App:
    def __init__(self):
        self.routes = []

    def include_router(self, router, prefix=""):
        for route in router.routes:
            self.routes.append(Route(**_copy(route, prefix)))

    def mount(self, ctx):
        for route in self.routes:
            ctx.register_tool(
                name=route.name,
                toolset="ledger",
                schema={"name": route.name, "description": route.description, "parameters": {"type": "object", "properties": {}}},
                handler=route.make_handler(),
                is_async=route.is_async,
            )
""",
}


def _named(tmp_path: Path) -> list[tuple[str, bool]]:
    root = make_root(tmp_path, FILES)
    module = Models(root).get(root / "plugins/led/routing.py")
    assert module is not None
    out = []
    for reg in registrations_of(module):
        handler = reg.handler
        if reg.name is not None and handler is not None:
            out.append((reg.name, handler.is_async))
    return sorted(out)


def test_each_router_gives_its_own_routes_once(tmp_path: Path) -> None:
    # include_router(budgets.router) copies budget routes only: a route appended by a method
    # that ran on the other router is not this one's.
    assert _named(tmp_path) == [("bill_due", True), ("budget_add", False)]
