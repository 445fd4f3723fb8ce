"""HD303's safe fix: add the variable to `OPTIONAL_ENV_VARS` with the entry `new-tool --env`
writes (`hermes_dev.edits.add_env_var`: description, prompt, tools, password, category)."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hermes_dev.lint.rule import Fix

EDIT = "add_env_var"
WHOLE_FILE = True


def rewrite(source: str, fixes: list[Fix]) -> str:
    """`fix.args` is (variable, tool)."""
    from hermes_dev.edits import add_env_var
    from hermes_dev.writes.env_entry import env_prompt

    for fix in fixes:
        var, tool = fix.args
        assert isinstance(var, str) and isinstance(tool, str)
        prompt = env_prompt(var)
        source = add_env_var(
            source, var, tool, description=f"{prompt} for the {tool} tool", prompt=prompt, url=None
        )
    return source
