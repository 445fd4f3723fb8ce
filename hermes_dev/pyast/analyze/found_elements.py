"""Elements searched for in a document the model names, and what their absence raises.

`ET.parse(path)` of a path the model sends, `ET.fromstring(text)` of its text or of what a file
or an address it names holds, `BeautifulSoup(html)` of such text: a document whose shape the
tool does not decide. `doc.find("Value")` (`select_one(...)`) is None when it lacks that
element, so `doc.find("Value").text` raises AttributeError, as does `.text` of a name bound to
that search that no test looks at (`if node is not None`, `node.text if node else ...`).

Elements are followed through `.getroot()`, `.find()`, `.findall()`, `.iter()`,
`.iterfind()`, loops over those, names bound to them, and a helper's parameter given one
(`_lap_hr(lap)`: what the caller hands on as a file's contents).
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from hermes_dev.pyast.semantic.walker import last_name

# Searches that answer None when nothing matches.
_SEARCHES = frozenset({"find", "select_one"})
# What reads an element (ElementTree's and BeautifulSoup's): on None, AttributeError.
_READS = frozenset(
    {
        "text",
        "tail",
        "attrib",
        "tag",
        "get",
        "find",
        "findall",
        "findtext",
        "iter",
        "iterfind",
        "items",
        "keys",
        "string",
        "get_text",
        "select",
        "select_one",
        "find_all",
        "attrs",
    }
)
# Calls of an element or a document that give elements of it.
_WITHIN = frozenset(
    {"getroot", "find", "findall", "iter", "iterfind", "select", "select_one", "find_all"}
)
# Parsers of a whole document, by their last name, and which argument is the text or path.
_PARSERS = frozenset({"parse", "fromstring", "XML", "BeautifulSoup"})
_XML_MODULES = frozenset({"ET", "ElementTree", "etree", "cElementTree"})

Risk = tuple[type[BaseException], str]


class Documents:
    """Elements of documents the model names, in one function (see the module's docstring)."""

    __slots__ = ("_contents", "_iterated", "_named", "_source", "_tested", "_values")

    def __init__(
        self,
        values: dict[str, list[ast.expr | None]],
        contents: set[str],
        source: Callable[[ast.expr], bool],
        iterated: Callable[[ast.expr], ast.expr | None],
        tested: Callable[[], set[str]],
    ) -> None:
        """`contents`: names holding what a file or an address the model names holds (live);
        `source(expr)`: the model's text, a path it names or what such a file holds;
        `iterated(expr)`: the iterable whose element a loop's name holds, else None;
        `tested()`: names some test here looks at."""
        self._values = values
        self._contents = contents
        self._source = source
        self._iterated = iterated
        self._tested = tested
        self._named: dict[str, bool] = {}

    def risk(self, node: ast.Attribute) -> Risk | None:
        """`doc.find(path).text`, or `.text` of a name bound only to such a search."""
        if node.attr not in _READS or not isinstance(node.ctx, ast.Load):
            return None
        target = node.value
        search = target
        if isinstance(target, ast.Name):
            if target.id in self._tested():
                return None
            bound = self._values.get(target.id)
            if not bound or len(bound) != 1 or bound[0] is None:
                return None
            search = bound[0]
        path = self._search(search)
        if path is None:
            return None
        return (
            AttributeError,
            f"when the document the model names has no {path} element (the search gives None)",
        )

    def _search(self, expr: ast.expr) -> str | None:
        """The path a search of a document's element looks for (`'t:Value'`), as shown."""
        if not (
            isinstance(expr, ast.Call)
            and isinstance(expr.func, ast.Attribute)
            and expr.func.attr in _SEARCHES
            and expr.args
            and self.element(expr.func.value)
        ):
            return None
        wanted = expr.args[0]
        if isinstance(wanted, ast.Constant) and isinstance(wanted.value, str):
            return repr(wanted.value)
        return f"`{ast.unparse(wanted)[:40]}`"

    def element(self, expr: ast.expr, depth: int = 0) -> bool:
        """`expr` is a document the model names, or an element of one."""
        if depth > 6:
            return False
        iterable = self._iterated(expr)
        if iterable is not None:
            # (`for tp in lap.iterfind(...)`, `for child in root`, in a comprehension too)
            return self.element(iterable, depth + 1)
        if isinstance(expr, ast.Name):
            if expr.id in self._contents:
                return True  # (a parameter a caller handed one to, as a file's contents)
            known = self._named.get(expr.id)
            if known is None:
                self._named[expr.id] = False  # (a name bound to itself: not one)
                bound = self._values.get(expr.id)
                known = bool(bound) and all(
                    v is not None and self.element(v, depth + 1)
                    for v in bound  # type: ignore[union-attr]
                )
                self._named[expr.id] = known
            return known
        if not isinstance(expr, ast.Call):
            return False
        func = expr.func
        if isinstance(func, ast.Attribute) and func.attr in _WITHIN:
            return self.element(func.value, depth + 1)
        name = last_name(func)
        if name not in _PARSERS or not expr.args:
            return False
        if name != "BeautifulSoup" and not (
            isinstance(func, ast.Name)
            or (isinstance(func, ast.Attribute) and last_name(func.value) in _XML_MODULES)
        ):
            return False
        return self._source(expr.args[0])
