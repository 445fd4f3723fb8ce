"""AddEnvVar: declare a tool's environment variable in `OPTIONAL_ENV_VARS` of the config module."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

import libcst as cst

from hermes_dev.edits._calls import append_arg, has_star, replace_arg_value
from hermes_dev.edits._cst import (
    CONFIG_FILE,
    EditError,
    describe,
    dict_lookup,
    find_top_level,
    list_has_string,
    parse,
    quote_of,
    render,
    string_literal,
)
from hermes_dev.edits._entries import (
    LINE_LENGTH,
    Text,
    entry_element,
    key_element,
    replace_element,
    string_element,
    string_list_code,
    wrapped,
)
from hermes_dev.edits._sequence import ElementBuilder, append, insert_after

# The keys, in order, of a dict entry new-tool writes by default.
NEW_ENTRY_KEYS = ("description", "prompt", "url", "tools", "password", "category")
TOOLS = "tools"


@dataclass(frozen=True)
class NewEntry:
    """How to write a new entry: its fields (name, one-line code or Text) in order; as a call of
    `helper` with the first `positional` fields passed by position (the rest as keywords), or as
    a dict literal when `helper` is None; right after the entry of `after`, or at the end."""

    fields: tuple[tuple[str, str | Text], ...]
    helper: str | None = None
    positional: int = 0
    after: str | None = None


def default_entry(
    description: str, prompt: str, url: str | None, tool: str, password: bool, quote: str = '"'
) -> NewEntry:
    """The dict entry new-tool writes where the file gives no other style."""
    values: dict[str, str | Text] = {
        "description": Text(description),
        "prompt": Text(prompt),
        "url": "None" if url is None else string_literal(url, quote),
        "tools": string_list_code([tool], quote),
        "password": "True" if password else "False",
        "category": string_literal("tool", quote),
    }
    return NewEntry(tuple((key, values[key]) for key in NEW_ENTRY_KEYS))


def add_env_var(
    source: str,
    var: str,
    tool: str,
    *,
    description: str,
    prompt: str,
    url: str | None,
    password: bool = True,
    new_entry: NewEntry | None = None,
) -> str:
    """Add `var` to the module-level `OPTIONAL_ENV_VARS = {...}` literal for `tool`.

    When `var` has an entry, `tool` joins its tools: the `"tools"` list of a dict literal, or the
    `tools=[...]` argument of a helper call (`_tool("...", "...", tools=[...])`); an entry without
    tools gets `"tools": ["<tool>"]` / `tools=["<tool>"]` as its last key or argument. Otherwise
    a new entry is written as `new_entry` says (default: a dict literal of NEW_ENTRY_KEYS at the
    end). Run-time `OPTIONAL_ENV_VARS[x] = ...` statements are never touched. Returns `source`
    unchanged when `tool` is listed already.
    """
    module = parse(source, CONFIG_FILE)
    found = find_top_level(module, "OPTIONAL_ENV_VARS", cst.Dict, CONFIG_FILE)
    assert found is not None and isinstance(found.value, cst.Dict)
    env_vars = found.value
    quote = quote_of(env_vars)
    hit = dict_lookup(env_vars, var)
    if hit is None:
        spec = new_entry or default_entry(description, prompt, url, tool, password, quote)
        build = _new_element(env_vars, var, spec, quote)
        after = dict_lookup(env_vars, spec.after) if spec.after is not None else None
        if after is not None:
            return render(found.replace(insert_after(env_vars, after[0], build)), source)
        return render(found.replace(append(env_vars, build)), source)

    index, element = hit
    entry = element.value
    where = f"OPTIONAL_ENV_VARS[{json.dumps(var)}]"
    new_value: cst.BaseExpression
    if isinstance(entry, cst.Dict):
        tools_hit = dict_lookup(entry, TOOLS)
        if tools_hit is None:
            new_value = append(entry, key_element(TOOLS, string_list_code([tool], quote), quote))
        else:
            tools_index, tools_element = tools_hit
            tools = _editable(tools_element.value, f'{where}["tools"]', tool)
            if list_has_string(tools, tool):
                return source
            tools = append(tools, string_element(tool, quote_of(tools, entry)))
            new_value = replace_element(entry, tools_index, tools_element.with_changes(value=tools))
    elif isinstance(entry, cst.Call):
        if has_star(entry):
            raise EditError(
                f"{CONFIG_FILE}: {where} is {describe(entry)} with *args or **keys; "
                f"add {tool!r} to its tools by hand"
            )
        arg_index = _keyword_index(entry, TOOLS)
        if arg_index is None:
            code = string_list_code([tool], quote)
            new_value = append_arg(entry, TOOLS, _code_element(code))
        else:
            tools = _editable(entry.args[arg_index].value, f"{where} tools=", tool)
            if list_has_string(tools, tool):
                return source
            tools = append(tools, string_element(tool, quote_of(tools, entry)))
            new_value = replace_arg_value(entry, arg_index, tools)
    else:
        raise EditError(
            f"{CONFIG_FILE}: {where} is {describe(entry)}, not a dict literal or a helper call;"
            f" add {tool!r} to its tools by hand"
        )
    env_vars = replace_element(env_vars, index, element.with_changes(value=new_value))
    return render(found.replace(env_vars), source)


def _keyword_index(call: cst.Call, keyword: str) -> int | None:
    for index, arg in enumerate(call.args):
        if arg.keyword is not None and arg.keyword.value == keyword:
            return index
    return None


def _editable(value: cst.BaseExpression, what: str, tool: str) -> cst.List:
    if not isinstance(value, cst.List):
        raise EditError(
            f"{CONFIG_FILE}: {what} is {describe(value)}, not a list literal; "
            f"add {tool!r} to it by hand"
        )
    return value


def _code_element(code: str) -> ElementBuilder:
    def build(indent: str | None) -> cst.Element:
        return cst.Element(value=cst.parse_expression(code))

    return build


def _new_element(parent: cst.Dict, var: str, spec: NewEntry, quote: str) -> ElementBuilder:
    if spec.helper is None:
        return entry_element(parent, var, list(spec.fields))
    return _call_element(parent, var, spec.helper, spec.fields, spec.positional, quote)


def _call_element(
    parent: cst.Dict,
    var: str,
    helper: str,
    fields: Sequence[tuple[str, str | Text]],
    positional: int,
    quote: str,
) -> ElementBuilder:
    """`"VAR": helper(a, b, key=c)`, on one line when it fits, else wrapped the way Hermes wraps
    its entries: the arguments on continuation lines one level deeper, long text split into an
    implicit concatenation, `)` closing the last line."""

    def arg_code(i: int, name: str, value: str | Text) -> str:
        code = string_literal(value.value, quote) if isinstance(value, Text) else value
        return code if i < positional else f"{name}={code}"

    def build(indent: str | None) -> cst.DictElement:
        head = f"{string_literal(var, quote)}: {helper}("
        args = [arg_code(i, name, value) for i, (name, value) in enumerate(fields)]
        text = head + ", ".join(args) + ")"
        if indent is not None and len(f"{indent}{text},".expandtabs()) > LINE_LENGTH:
            inner = indent + ("\t" if "\t" in indent else "    ")
            lines: list[str] = []
            current = ""
            for i, (name, value) in enumerate(fields):
                last = i == len(fields) - 1
                ending = ")" if last else ","
                code = arg_code(i, name, value)
                if len(f"{inner}{current}{code}{ending}".expandtabs()) <= LINE_LENGTH:
                    current += code + ending + ("" if last else " ")
                    continue
                if current:
                    lines.append(inner + current.rstrip())
                    current = ""
                if isinstance(value, Text) and i < positional:
                    pieces = wrapped(value.value, quote, inner, 1)
                    lines.extend(inner + piece for piece in pieces[:-1])
                    current = pieces[-1] + ending + ("" if last else " ")
                else:
                    current = code + ending + ("" if last else " ")
            lines.append(inner + current.rstrip())
            text = "\n".join([head, *lines])
        parsed = cst.parse_expression("{" + text + "}")
        assert isinstance(parsed, cst.Dict)
        element = parsed.elements[0]
        assert isinstance(element, cst.DictElement)
        return element

    return build
