"""Stand-ins the model-input analysis binds names to where no expression of the source is the
value: an item of the tuple a helper returns, an element of a loop's iterable."""

from __future__ import annotations

import ast


class Item(ast.expr):
    """The `index`-th item of the tuple a helper call gives (`path, err = _resolve(raw)`); it
    reads what the call reads (a test of `raw` tests it)."""

    _fields = ("call",)

    def __init__(self, call: ast.Call, index: int) -> None:
        super().__init__()
        self.call = call
        self.index = index


class Element(ast.expr):
    """An element of a loop's iterable, as a value bound to the loop's target."""

    _fields = ("value",)

    def __init__(self, value: ast.expr) -> None:
        super().__init__()
        self.value = value
        ast.copy_location(self, value)
