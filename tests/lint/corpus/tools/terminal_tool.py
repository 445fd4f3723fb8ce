"""Terminal environment settings shared by the process tools (a helper module, no tools)."""

import os
import shlex


class ConfigError(ValueError):
    """The terminal environment is misconfigured."""


_BACKENDS = ("local", "docker", "ssh")


def _get_env_config() -> dict:
    backend = os.environ.get("TERMINAL_ENV", "local")
    if backend not in _BACKENDS:
        raise ConfigError(f"TERMINAL_ENV={backend!r} is not one of {_BACKENDS}")  # origin: sibling-import,sibling-module-attr
    cwd = os.environ.get("TERMINAL_CWD") or os.getcwd()
    return {"backend": backend, "cwd": cwd}


def quote_command(command: str) -> str:
    return " ".join(shlex.quote(part) for part in shlex.split(command))
