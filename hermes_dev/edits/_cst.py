"""Shared pieces of the source edits: parsing, the top-level literal, keys and string literals.

Every edit parses its file once, finds one module-level assignment in `module.body` directly and
rebuilds only that statement; nothing walks the whole tree (the real `hermes_cli/config.py` is
thousands of lines, and a full-tree transformer would cost more than the parse itself).
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import libcst as cst

from hermes_dev.errors import UserError

TOOLSETS_FILE = "toolsets.py"
CONFIG_FILE = "hermes_cli/config.py"
TOOLS_CONFIG_FILE = "hermes_cli/tools_config.py"

Literal = TypeVar("Literal", cst.List, cst.Dict)


class EditError(UserError):
    """A file has a shape the edit cannot change safely; the message names the file and shape."""


# libcst writes code back, and evaluates implicit string concatenations, by recursion: a level
# of nesting (`1 + 1 + ...`, a description wrapped into hundreds of pieces) costs a few Python
# frames. An edit that overflows the default limit runs again in a thread whose stack and
# recursion limit fit MAX_NESTING levels; deeper than that, the file is refused in one line.
MAX_NESTING = 20_000
_DEEP_RECURSION_LIMIT = MAX_NESTING * 4
_DEEP_STACK_BYTES = 1 << 30  # reserved address space; only what is used is ever touched

_Edit = TypeVar("_Edit", bound=Callable[..., str])


def deep(filename: str) -> Callable[[_Edit], _Edit]:
    """Make a whole-file edit of `filename` survive deep nesting (see MAX_NESTING)."""

    def wrap(edit: _Edit) -> _Edit:
        @functools.wraps(edit)
        def run(*args: Any, **kwargs: Any) -> str:
            try:
                return edit(*args, **kwargs)  # the usual, shallow file: no thread
            except RecursionError:
                pass
            return _run_deep(filename, functools.partial(edit, *args, **kwargs))

        return run  # type: ignore[return-value]

    return wrap


def _run_deep(filename: str, edit: Callable[[], str]) -> str:
    import sys
    import threading

    outcome: list[Any] = []

    def target() -> None:
        try:
            outcome.append(edit())
        except BaseException as exc:  # noqa: BLE001 -- handed back to the calling thread
            outcome.append(exc)

    old_limit = sys.getrecursionlimit()
    old_stack = threading.stack_size()
    try:
        threading.stack_size(_DEEP_STACK_BYTES)
        sys.setrecursionlimit(max(old_limit, _DEEP_RECURSION_LIMIT))
        thread = threading.Thread(target=target, name="hermes-dev-deep-edit")
        thread.start()
        thread.join()
    finally:
        threading.stack_size(old_stack)
        sys.setrecursionlimit(old_limit)
    (result,) = outcome
    if isinstance(result, RecursionError):
        raise EditError(
            f"{filename}: an expression is nested more than {MAX_NESTING:,} levels deep;"
            " hermes-dev cannot rewrite the file: make the edit by hand"
        ) from None
    if isinstance(result, BaseException):
        raise result
    assert isinstance(result, str)
    return result


# libcst's native parser recurses on the C stack, and nesting deeper than that stack takes kills
# the process (a segfault, exit 139) where no exception can be caught. So every libcst parse of a
# checkout's text goes through `check_parses` first: Python's own parser refuses what is nested
# too deeply for it (200 brackets, ~3,000 levels of other expressions), and what it takes flat but
# libcst builds as a chain (`a and b and ...`, a dotted name `a.b.c...` in an import; libcst died
# past ~6,000 operands on an 8 MiB stack) is bounded here.
MAX_CHAIN = 2_000
_CHAIN_WORD = re.compile(r"\b(?:and|or)\b")


def nested_too_deeply(filename: str) -> EditError:
    return EditError(
        f"{filename} holds an expression nested too deeply for Python to parse; fix it, then"
        " run hermes-dev again"
    )


def check_parses(source: str, filename: str, *, mode: str = "exec") -> None:
    """EditError, before libcst sees `source`, for text that Python cannot parse or that is too
    deep for libcst's parser (see MAX_CHAIN)."""
    try:
        tree = ast.parse(source.removeprefix("\ufeff"), filename=filename, mode=mode)
    except (RecursionError, MemoryError):
        raise nested_too_deeply(filename) from None
    except SyntaxError as exc:
        if (exc.msg or "").startswith("too many nested"):  # parentheses (the tokenizer's 200)
            raise nested_too_deeply(filename) from None
        raise EditError(
            f"{filename}: does not parse ({exc.msg}, line {exc.lineno}); fix it before editing"
        ) from None
    except ValueError as exc:  # a null byte
        raise EditError(f"{filename}: does not parse ({exc}); fix it before editing") from None
    # Counting words and dots over-approximates the chains; the tree is walked only past that.
    words = len(_CHAIN_WORD.findall(source)) >= MAX_CHAIN
    if not words and source.count(".") < MAX_CHAIN:
        return
    for node in ast.walk(tree):
        if isinstance(node, ast.BoolOp):
            size, what = len(node.values), "`and`/`or` operands"
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names = [alias.name for alias in node.names]
            if isinstance(node, ast.ImportFrom) and node.module:
                names.append(node.module)
            size, what = max(name.count(".") + 1 for name in names), "parts of a dotted name"
        else:
            continue
        if size > MAX_CHAIN:
            raise EditError(
                f"{filename}: line {node.lineno} holds {size:,} {what}; hermes-dev edits files"
                f" with at most {MAX_CHAIN:,}: make the edit by hand"
            )


def parse(source: str, filename: str) -> cst.Module:
    check_parses(source, filename)
    try:
        return cst.parse_module(source)
    except cst.ParserSyntaxError as exc:
        line = str(exc).splitlines()[0] if str(exc) else "syntax error"
        raise EditError(
            f"{filename}: does not parse ({line}, line {exc.raw_line}); fix it before editing"
        ) from None


def render(module: cst.Module, source: str) -> str:
    """The code of `module`, parsed from `source`. libcst drops a byte-order mark and the final
    newline of a file whose lines end in a bare \r; we keep both."""
    code = module.code
    if source.endswith("\r") and not code.endswith("\r"):
        code += "\r"
    return ("\ufeff" + code) if source.startswith("\ufeff") else code


@dataclass(frozen=True)
class TopLevel:
    """One module-level `NAME = <literal>` (or `NAME: T = <literal>`) and where it sits."""

    module: cst.Module
    body_index: int
    small_index: int
    value: cst.BaseExpression

    def replace(self, value: cst.BaseExpression) -> cst.Module:
        """The module with this assignment's value replaced and every other statement kept."""
        line = self.module.body[self.body_index]
        assert isinstance(line, cst.SimpleStatementLine)
        smalls = list(line.body)
        small = smalls[self.small_index]
        assert isinstance(small, (cst.Assign, cst.AnnAssign))
        smalls[self.small_index] = small.with_changes(value=value)
        body = list(self.module.body)
        body[self.body_index] = line.with_changes(body=smalls)
        return self.module.with_changes(body=body)


def _assigned_value(small: cst.BaseSmallStatement, name: str) -> cst.BaseExpression | None:
    if isinstance(small, cst.Assign):
        targets = [t.target for t in small.targets]
        if any(isinstance(t, cst.Name) and t.value == name for t in targets):
            return small.value
    elif (
        isinstance(small, cst.AnnAssign)
        and small.value is not None
        and isinstance(small.target, cst.Name)
        and small.target.value == name
    ):
        return small.value
    return None


def find_top_level(
    module: cst.Module, name: str, kind: type[Literal], filename: str, *, required: bool = True
) -> TopLevel | None:
    """The last module-level assignment of `name` (the one in force once the file has run),
    when its value is a `kind` literal.

    An earlier assignment is dead at run time and is never edited; when the last one is not a
    `kind` literal, EditError (or None when not `required`: nothing new-tool added is there).
    Assignments inside functions or classes (run-time `OPTIONAL_ENV_VARS[x] = ...` and the like)
    are never looked at: only the literal itself is edited.
    """
    last: TopLevel | None = None
    count = 0
    for body_index, line in enumerate(module.body):
        if not isinstance(line, cst.SimpleStatementLine):
            continue
        for small_index, small in enumerate(line.body):
            value = _assigned_value(small, name)
            if value is not None:
                count += 1
                last = TopLevel(module, body_index, small_index, value)
    if last is not None and isinstance(last.value, kind):
        return last
    if not required:
        return None
    want = "a list literal [...]" if kind is cst.List else "a dict literal {...}"
    if last is None:
        raise EditError(f"{filename}: no module-level `{name} = ...` assignment; expected {want}")
    if count > 1:
        raise EditError(
            f"{filename}: `{name}` is assigned {count} times and the last one, the one in force,"
            f" is {describe(last.value)}, not {want.split(' [')[0].split(' {')[0]}; edit it by hand"
        )
    raise EditError(f"{filename}: `{name}` is {describe(last.value)}, not {want}; edit it by hand")


def last_top_level(module: cst.Module, name: str) -> TopLevel | None:
    """The last module-level assignment of `name` (the one in force), whatever its value."""
    last: TopLevel | None = None
    for body_index, line in enumerate(module.body):
        if not isinstance(line, cst.SimpleStatementLine):
            continue
        for small_index, small in enumerate(line.body):
            value = _assigned_value(small, name)
            if value is not None:
                last = TopLevel(module, body_index, small_index, value)
    return last


def module_constants(module: cst.Module) -> dict[str, str | None]:
    """Names bound at module level: the string a name is bound to when that is its only binding
    and a string literal (`CLOCK = "clock"`), else None (its value is not known here)."""
    found: dict[str, str | None] = {}
    for line in module.body:
        if not isinstance(line, cst.SimpleStatementLine):
            continue
        for small in line.body:
            targets: list[cst.BaseExpression] = []
            value: cst.BaseExpression | None = None
            if isinstance(small, cst.Assign):
                targets, value = [t.target for t in small.targets], small.value
            elif isinstance(small, cst.AnnAssign):
                targets, value = [small.target], small.value
            for target in targets:
                if isinstance(target, cst.Name):
                    text = string_value(value) if value is not None else None
                    found[target.value] = text if target.value not in found else None
    return found


def describe(node: cst.BaseExpression) -> str:
    """A few words naming the shape of an expression, for error messages."""
    code = cst.Module(body=[]).code_for_node
    if isinstance(node, cst.Name):
        return f"a name ({node.value})"
    if isinstance(node, cst.Attribute):
        return f"a name ({code(node)})"
    if isinstance(node, cst.Call):
        return f"a call ({code(node.func)}(...))"
    if isinstance(node, cst.BinaryOperation):
        return "an expression (... " + code(node.operator).strip() + " ...)"
    if isinstance(node, (cst.ListComp, cst.DictComp, cst.SetComp, cst.GeneratorExp)):
        return "a comprehension"
    if isinstance(node, cst.Subscript):
        return f"a subscript ({code(node)})"
    if isinstance(node, cst.List):
        return "a list literal"
    if isinstance(node, cst.Dict):
        return "a dict literal"
    if isinstance(node, cst.Tuple):
        return "a tuple"
    return f"a {type(node).__name__}"


def string_value(node: cst.BaseExpression) -> str | None:
    """The text of a plain or implicitly concatenated string literal; None for anything else."""
    if isinstance(node, cst.SimpleString):
        raw = node.value
        # A plain "..." or '...' without escapes is its own text: no evaluation (libcst's
        # evaluated_value compiles the literal, which every dict lookup did for every key).
        quote = raw[0] if raw else ""
        if len(raw) >= 2 and quote in "\"'" and raw[-1] == quote and "\\" not in raw:
            inner = raw[1:-1]
            if quote not in inner:  # (a triple-quoted string holds its quote: evaluated)
                return inner
    if isinstance(node, (cst.SimpleString, cst.ConcatenatedString)):
        value = node.evaluated_value
        return value if isinstance(value, str) else None
    return None


def dict_items(
    node: cst.Dict, names: dict[str, str | None] | None = None
) -> list[tuple[int, str, cst.DictElement]]:
    """(index, key, element) of every element whose key is a string literal, or a name that
    `names` (module_constants) binds to one, in source order."""
    items = []
    for index, element in enumerate(node.elements):
        if isinstance(element, cst.DictElement):
            key = string_value(element.key)
            if key is None and names is not None and isinstance(element.key, cst.Name):
                key = names.get(element.key.value)
            if key is not None:
                items.append((index, key, element))
    return items


def unknown_key(node: cst.Dict, names: dict[str, str | None]) -> cst.BaseExpression | None:
    """The first key whose value is not known statically (an imported or rebound name, an
    f-string, a call...), or None: a lookup that misses may still name its entry."""
    for element in node.elements:
        if isinstance(element, cst.DictElement) and string_value(element.key) is None:
            key = element.key
            if not (isinstance(key, cst.Name) and names.get(key.value) is not None):
                return key
    return None


def dict_lookup(
    node: cst.Dict, key: str, names: dict[str, str | None] | None = None
) -> tuple[int, cst.DictElement] | None:
    """The element for `key`; the last one wins, as it does when Python builds the dict."""
    found = None
    for index, name, element in dict_items(node, names):
        if name == key:
            found = (index, element)
    return found


def list_has_string(node: cst.List, text: str) -> bool:
    return any(isinstance(e, cst.Element) and string_value(e.value) == text for e in node.elements)


def quote_of(*nodes: cst.BaseExpression) -> str:
    """The quote character the first plain string literal among `nodes` uses, else `"`."""
    for node in nodes:
        found = _first_quote(node)
        if found is not None:
            return found
    return '"'


def _first_quote(node: cst.BaseExpression) -> str | None:
    if isinstance(node, cst.SimpleString):
        return node.quote[0]
    if isinstance(node, cst.ConcatenatedString):
        return _first_quote(node.left)
    if isinstance(node, (cst.List, cst.Tuple, cst.Set)):
        for item in node.elements:
            found = _first_quote(item.value)
            if found is not None:
                return found
    if isinstance(node, cst.Dict):
        for entry in node.elements:
            if isinstance(entry, cst.DictElement):
                found = _first_quote(entry.key)
                if found is not None:
                    return found
    return None


_ESCAPES = {"\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def string_literal(text: str, quote: str = '"') -> str:
    """A Python string literal for `text` in the file's quote style.

    Escapes the backslash, the quote, line breaks and everything unprintable, so text such as
    `\"\"\"`, `{{ x }}` or `{% if %}` can only ever be string data, never code (no f-prefix, no
    triple quotes).
    """
    out = [quote]
    for ch in text:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ch == quote:
            out.append("\\" + quote)
        elif ch.isprintable():
            out.append(ch)
        else:
            code = ord(ch)
            if code < 0x100:
                out.append(f"\\x{code:02x}")
            elif code < 0x10000:
                out.append(f"\\u{code:04x}")
            else:
                out.append(f"\\U{code:08x}")
    out.append(quote)
    return "".join(out)
