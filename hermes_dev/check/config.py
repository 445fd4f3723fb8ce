"""`[tool.hermes-dev.check]` in the root's `pyproject.toml`: which tools `check --all` leaves
out, the defaults of `--timeout` and `--max-examples`, and the memory a call may take.

```toml
[tool.hermes-dev.check]
skip-toolsets = ["terminal", "file"]        # replaces the default list below
extend-skip-toolsets = ["spotify"]          # adds to it
skip-tools = ["send_message"]
timeout = 10                                # seconds per call
max-examples = 50                           # generated calls per tool
memory-per-call = 2048                      # MB a call may add to the sandbox (1024)
```

A malformed value is a `UserError` (one line, exit 2).
"""

from __future__ import annotations

from hermes_dev.errors import UserError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hermes_dev.lint.config import Config

# Toolsets whose tools act on the world (run commands or code, write files, drive a browser or a
# desktop, send messages, schedule jobs, start agents, control devices and accounts). `--all`
# leaves them out even though the sandbox guards would block most of what they do; a tool named
# on the command line runs whatever its toolset.
DEFAULT_SKIP_TOOLSETS = (
    "terminal",
    "code_execution",
    "file",
    "browser",
    "browser-cdp",
    "computer_use",
    "messaging",
    "discord",
    "discord_admin",
    "feishu_doc",
    "feishu_drive",
    "hermes-yuanbao",
    "cronjob",
    "delegation",
    "clarify",
    "homeassistant",
    "spotify",
)
# The numbers check accepts, from the command line, the pytest plugin or the settings file: a
# per-call limit past an hour (1e308 overflowed the child's deadline) or more generated calls
# than a run could make in a day is a typo, refused in one line.
MIN_TIMEOUT = 0.1
MAX_TIMEOUT = 3600.0
MAX_EXAMPLES = 10_000

KEYS = (
    "skip-toolsets",
    "extend-skip-toolsets",
    "skip-tools",
    "timeout",
    "max-examples",
    "memory-per-call",
)
MEMORY_RANGE = (16, 1024**2)  # MB
WHERE = "pyproject.toml [tool.hermes-dev.check]"


class CheckConfig:
    def __init__(self) -> None:
        self.skip_toolsets: tuple[str, ...] = DEFAULT_SKIP_TOOLSETS
        self.skip_tools: tuple[str, ...] = ()
        self.timeout: float | None = None
        self.max_examples: int | None = None
        self.memory_per_call: int | None = None  # MB


def check_config(config: Config | None) -> CheckConfig:
    out = CheckConfig()
    table = config.raw.get("check") if config is not None else None
    if table is None:
        return out
    if not isinstance(table, dict):
        raise UserError(f"{WHERE}: must be a table")
    for key in table:
        if key not in KEYS:
            raise UserError(f"{WHERE}: unknown key {key!r} (known: {', '.join(KEYS)})")
    if "skip-toolsets" in table:
        out.skip_toolsets = _strings(table, "skip-toolsets")
    out.skip_toolsets += _strings(table, "extend-skip-toolsets")
    out.skip_tools = _strings(table, "skip-tools")
    timeout = table.get("timeout")
    if timeout is not None:
        if isinstance(timeout, bool) or not isinstance(timeout, (int, float)):
            raise UserError(f"{WHERE} timeout: {timeout_problem(None)}")
        problem = timeout_problem(float(timeout))
        if problem is not None:
            raise UserError(f"{WHERE} timeout: {problem}")
        out.timeout = float(timeout)
    examples = table.get("max-examples")
    if examples is not None:
        if isinstance(examples, bool) or not isinstance(examples, int):
            raise UserError(f"{WHERE} max-examples: {max_examples_problem(None)}")
        problem = max_examples_problem(examples)
        if problem is not None:
            raise UserError(f"{WHERE} max-examples: {problem}")
        out.max_examples = examples
    memory = table.get("memory-per-call")
    if memory is not None:
        low, high = MEMORY_RANGE
        if isinstance(memory, bool) or not isinstance(memory, int) or not low <= memory <= high:
            raise UserError(
                f"{WHERE} memory-per-call: must be a whole number of MB from {low} to {high:,}"
            )
        out.memory_per_call = memory
    return out


def timeout_problem(value: float | None) -> str | None:
    """What is wrong with `value` as a per-call limit in seconds (None: nothing)."""
    import math

    if value is not None and math.isfinite(value) and MIN_TIMEOUT <= value <= MAX_TIMEOUT:
        return None
    shown = "" if value is None else f"{value:g} is not valid: "
    return f"{shown}must be a number of seconds from {MIN_TIMEOUT:g} to {MAX_TIMEOUT:,.0f}"


def max_examples_problem(value: int | None) -> str | None:
    """What is wrong with `value` as the number of generated calls per tool (None: nothing)."""
    if value is not None and 0 <= value <= MAX_EXAMPLES:
        return None
    shown = "" if value is None else f"{value} is not valid: "
    return f"{shown}must be a whole number from 0 to {MAX_EXAMPLES:,}"


def _strings(table: dict[str, object], key: str) -> tuple[str, ...]:
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise UserError(f"{WHERE} {key}: must be a list of strings")
    return tuple(value)
