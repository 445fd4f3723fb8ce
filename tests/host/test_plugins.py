"""Plugin folders of a checkout as Hermes' loaders find them, their kinds, and the tools memory
providers and context engines serve through their own interface."""

from __future__ import annotations

from pathlib import Path

import pytest

from hermes_dev.host.plugins import checkout_plugins, served_tool_names, served_tools

PROVIDER = (
    "from providers import register_provider\n"
    "from providers.base import ProviderProfile\n\n"
    'register_provider(ProviderProfile(name="acme"))\n'
)
MEMORY = "from agent.memory_provider import MemoryProvider\n\n\nclass M(MemoryProvider):\n    pass\n"
PLAIN = "def register(ctx):\n    pass\n"

LAYOUT = {
    # the general loader: flat, a category, platforms/ one level deeper
    "plugins/disk-cleanup/plugin.yaml": "name: disk-cleanup\n",
    "plugins/disk-cleanup/__init__.py": PLAIN,
    "plugins/image_gen/acme/plugin.yaml": "name: acme\nkind: backend\n",
    "plugins/image_gen/acme/__init__.py": PLAIN,
    "plugins/image_gen/acme/deep/plugin.yaml": "name: deep\n",  # depth cap: not a plugin
    "plugins/platforms/irc/plugin.yaml": "name: irc\nkind: platform\n",
    "plugins/platforms/irc/__init__.py": PLAIN,
    "plugins/platforms/chat/relay/plugin.yaml": "name: relay\nkind: platform\n",
    "plugins/platforms/chat/relay/__init__.py": PLAIN,
    # kinds Hermes guesses for a manifest without `kind:`
    "plugins/llm/acme/plugin.yaml": "name: acme-llm\n",
    "plugins/llm/acme/__init__.py": PROVIDER,
    "plugins/notes/plugin.yaml": "name: notes\n",
    "plugins/notes/__init__.py": MEMORY,
    "plugins/odd/plugin.yaml": "name: odd\nkind: sidecar\n",  # unknown kind: standalone
    "plugins/odd/__init__.py": PLAIN,
    # their own discovery: with or without a manifest, an __init__.py is what counts
    "plugins/memory/__init__.py": "",
    "plugins/memory/journal/plugin.yaml": "name: journal\n",
    "plugins/memory/journal/__init__.py": MEMORY,
    "plugins/memory/bare/__init__.py": MEMORY,
    "plugins/memory/_private/__init__.py": MEMORY,
    "plugins/memory/docs/README.md": "no __init__.py\n",
    "plugins/context_engine/digest/__init__.py": PLAIN,
    "plugins/model-providers/acme/plugin.yaml": "name: acme\nkind: model-provider\n",
    "plugins/model-providers/acme/__init__.py": PROVIDER,
}


@pytest.fixture
def root(tmp_path: Path) -> Path:
    for rel, text in LAYOUT.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


def test_every_loader_finds_its_folders_with_their_kinds(root: Path) -> None:
    found = {p.key: (p.loader, p.kind, p.needs_register) for p in checkout_plugins(root)}
    assert found == {
        "disk-cleanup": ("general", "standalone", True),
        "image_gen/acme": ("general", "backend", True),
        "platforms/irc": ("general", "platform", True),
        "platforms/chat/relay": ("general", "platform", True),
        "llm/acme": ("general", "model-provider", False),
        "notes": ("general", "exclusive", False),
        "odd": ("general", "standalone", True),
        "memory/journal": ("memory", "exclusive", False),
        "memory/bare": ("memory", "exclusive", False),
        "context_engine/digest": ("context_engine", "exclusive", False),
        "model-providers/acme": ("model-providers", "model-provider", False),
    }


def test_served_tools_follow_the_schemas_get_tool_schemas_returns() -> None:
    source = """\
A = {"name": "a_tool", "description": "A.", "parameters": {"properties": {"q": {}}}}
B = {"name": "b_tool"}
BOTH = [A, B]
UNUSED = {"name": "unused_tool"}


class P:
    def get_tool_schemas(self):
        if self.off:
            return []
        extra = []
        extra.append({"name": "c_tool"})
        aliases = {"a_tool": "a-tool"}
        return list(BOTH) + extra + [dict(A, name=aliases["a_tool"])]
"""
    names, maybe = served_tools(source)
    assert names == ["a_tool", "b_tool", "c_tool"]
    assert set(maybe) >= {"a_tool", "b_tool", "c_tool", "a-tool"}
    assert "unused_tool" not in maybe and "q" not in maybe
    assert served_tools("def get_tool_schemas(:\n") == ([], [])


def test_only_memory_providers_and_context_engines_serve_tools(root: Path) -> None:
    schema = (
        "class E:\n    def get_tool_schemas(self):\n"
        '        return [{"name": "%s"}]\n'
    )
    (root / "plugins/memory/journal/__init__.py").write_text(MEMORY + schema % "journal_find")
    (root / "plugins/context_engine/digest/__init__.py").write_text(schema % "digest_expand")
    (root / "plugins/disk-cleanup/__init__.py").write_text(PLAIN + schema % "cleanup_tool")
    assert served_tool_names(root) == {
        "journal_find": "plugins/memory/journal/__init__.py",
        "digest_expand": "plugins/context_engine/digest/__init__.py",
    }
