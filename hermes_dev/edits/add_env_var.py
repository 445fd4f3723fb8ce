"""AddEnvVar: declare a tool's environment variable in `OPTIONAL_ENV_VARS` of the config module."""

from __future__ import annotations

import json

import libcst as cst

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
    Text,
    entry_element,
    key_element,
    replace_element,
    string_element,
    string_list_code,
)
from hermes_dev.edits._sequence import append

# The keys, in order, of an entry new-tool writes; remove_tool_from_env_vars deletes an entry
# only when it has exactly these.
NEW_ENTRY_KEYS = ("description", "prompt", "url", "tools", "password", "category")


def add_env_var(
    source: str, var: str, tool: str, *, description: str, prompt: str, url: str | None
) -> str:
    """Add `var` to the module-level `OPTIONAL_ENV_VARS = {...}` literal for `tool`.

    A new entry is `{"description", "prompt", "url", "tools": [tool], "password": True,
    "category": "tool"}`; when `var` exists, `tool` joins its `"tools"` list (created if absent).
    Run-time `OPTIONAL_ENV_VARS[x] = ...` statements are never touched. Returns `source`
    unchanged when `tool` is listed already.
    """
    module = parse(source, CONFIG_FILE)
    found = find_top_level(module, "OPTIONAL_ENV_VARS", cst.Dict, CONFIG_FILE)
    assert found is not None and isinstance(found.value, cst.Dict)
    env_vars = found.value
    quote = quote_of(env_vars)
    hit = dict_lookup(env_vars, var)
    if hit is None:
        values: dict[str, str | Text] = {
            "description": Text(description),
            "prompt": Text(prompt),
            "url": "None" if url is None else string_literal(url, quote),
            "tools": string_list_code([tool], quote),
            "password": "True",
            "category": string_literal("tool", quote),
        }
        new_entry = entry_element(env_vars, var, [(key, values[key]) for key in NEW_ENTRY_KEYS])
        return render(found.replace(append(env_vars, new_entry)), source)

    index, element = hit
    entry = element.value
    where = f"OPTIONAL_ENV_VARS[{json.dumps(var)}]"
    if not isinstance(entry, cst.Dict):
        raise EditError(
            f"{CONFIG_FILE}: {where} is {describe(entry)}, not a dict literal; "
            f"add {tool!r} to its tools by hand"
        )
    tools_hit = dict_lookup(entry, "tools")
    if tools_hit is None:
        entry = append(entry, key_element("tools", string_list_code([tool], quote), quote))
    else:
        tools_index, tools_element = tools_hit
        tools = tools_element.value
        if not isinstance(tools, cst.List):
            raise EditError(
                f'{CONFIG_FILE}: {where}["tools"] is {describe(tools)}, not a list literal; '
                f"add {tool!r} to it by hand"
            )
        if list_has_string(tools, tool):
            return source
        tools = append(tools, string_element(tool, quote_of(tools, entry)))
        entry = replace_element(entry, tools_index, tools_element.with_changes(value=tools))
    env_vars = replace_element(env_vars, index, element.with_changes(value=entry))
    return render(found.replace(env_vars), source)
