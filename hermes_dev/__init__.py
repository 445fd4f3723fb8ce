"""hermes-dev: scaffold and lint tools for Hermes Agent.

Public API (the command line is a thin layer over it):

- `new_tool(name, root=..., **answers)` / `remove_tool(name, root=...)`: the whole new-tool or
  remove-tool job, all or nothing; return the applied (or, with `dry_run=True`, planned) `Plan`.
- `new_plugin(name, root=..., standalone=DEST, **answers)` / `remove_plugin(name, root=...)`: the
  same for a plugin, in a checkout's `plugins/` or as a pip-installable package in DEST.
- `lint_paths(paths, root=..., select=..., ignore=...)`: lint tool modules; returns the result
  with its findings (`hermes_dev.lint` is the linter's package, hence the longer name).

Names are imported on first use, so `hermes-dev lint` never pays for copier or libcst.
"""

from __future__ import annotations

try:
    # Written by the build from the git tag (hatch-vcs; see pyproject.toml): one small module,
    # where importlib.metadata would cost lint's start-up milliseconds.
    from hermes_dev._version import __version__
except ImportError:  # a source tree no build has run in (imported through PYTHONPATH)
    __version__ = "0.0.0+unknown"

_LAZY = {
    "new_plugin": "hermes_dev.scaffold",
    "remove_plugin": "hermes_dev.scaffold",
    "new_tool": "hermes_dev.scaffold",
    "remove_tool": "hermes_dev.scaffold",
    "lint_paths": "hermes_dev.lint.engine",
}

__all__ = ["__version__", "lint_paths", "new_plugin", "new_tool", "remove_plugin", "remove_tool"]


def __getattr__(name: str) -> object:
    if name in _LAZY:
        import importlib

        module = importlib.import_module(_LAZY[name])
        return getattr(module, "lint" if name == "lint_paths" else name)
    raise AttributeError(f"module 'hermes_dev' has no attribute {name!r}")
