"""Helpers of the lint tests: throwaway Hermes-shaped roots."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

MINIMAL_REGISTRY = """\
import json


class ToolRegistry:
    def register(self, name, toolset, schema, handler, check_fn=None, requires_env=None,
                 is_async=False, description="", emoji="", max_result_size_chars=None,
                 dynamic_schema_overrides=None, override=False):
        pass


registry = ToolRegistry()


def tool_error(message, **extra):
    return json.dumps({"error": str(message), **extra}, ensure_ascii=False)


def tool_result(data=None, **kwargs):
    return json.dumps(data if data is not None else kwargs, ensure_ascii=False)
"""

MINIMAL_TOOLSETS = """\
_HERMES_CORE_TOOLS = []

TOOLSETS = {}
"""


def make_root(root: Path, files: Mapping[str, str]) -> Path:
    """Write `files` (relative path -> source) under `root`, plus a minimal registry/toolsets;
    files with a `pyproject.toml` or a `plugin.yaml` at the root are a plugin package outside
    any checkout, left as they are."""
    defaults = {"tools/registry.py": MINIMAL_REGISTRY, "toolsets.py": MINIMAL_TOOLSETS}
    package = "pyproject.toml" in files or "plugin.yaml" in files
    sources = {**({} if package else defaults), **files}
    for rel, text in sources.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root
