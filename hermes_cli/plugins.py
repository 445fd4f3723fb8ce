"""The reference host's plugin loader, shaped like Hermes Agent's `hermes_cli/plugins.py`.

Plugins come from the checkout's `plugins/<name>/` (a `plugin.yaml` beside an `__init__.py`,
imported as `hermes_plugins.<slug>`) and from installed packages that expose the entry-point group
`hermes_agent.plugins` (the entry point's name is the plugin's name; `ep.load()` gives the module).
Either way the module's `register(ctx)` runs once with a `PluginContext`, whose `register_tool`
puts the tool in `tools.registry`. As in Hermes, plugins are opt-in: only the names given as
`enabled` load.
"""

import importlib.metadata
import importlib.util
import logging
import sys
import types
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, List, Optional

from tools.registry import registry

logger = logging.getLogger(__name__)

ENTRY_POINTS_GROUP = "hermes_agent.plugins"
_NS_PARENT = "hermes_plugins"
BUNDLED_PLUGINS_DIR = Path(__file__).resolve().parent.parent / "plugins"


class PluginContext:
    """What a plugin's `register(ctx)` gets: `register_tool` delegates to the registry."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.tools_registered: List[str] = []

    def register_tool(
        self,
        name: str,
        toolset: str,
        schema: dict,
        handler: Callable,
        check_fn: Optional[Callable] = None,
        requires_env: Optional[list] = None,
        is_async: bool = False,
        description: str = "",
        emoji: str = "",
        **extra: Any,
    ) -> None:
        registry.register(
            name=name,
            toolset=toolset,
            schema=schema,
            handler=handler,
            check_fn=check_fn,
            requires_env=requires_env,
            is_async=is_async,
            description=description,
            emoji=emoji,
            **extra,
        )
        self.tools_registered.append(name)


def _register(name: str, module: types.ModuleType) -> PluginContext:
    register = getattr(module, "register", None)
    if register is None:
        raise ImportError(f"plugin {name!r} has no register() function")
    ctx = PluginContext(name)
    register(ctx)
    return ctx


def load_directory_plugin(plugin_dir: Path, key: Optional[str] = None) -> PluginContext:
    """Import `plugin_dir` as `hermes_plugins.<slug>` and run its `register(ctx)`."""
    key = key or plugin_dir.name
    if _NS_PARENT not in sys.modules:
        parent = types.ModuleType(_NS_PARENT)
        parent.__path__ = []  # type: ignore[attr-defined]
        sys.modules[_NS_PARENT] = parent
    module_name = f"{_NS_PARENT}.{key.replace('/', '__').replace('-', '_')}"
    spec = importlib.util.spec_from_file_location(
        module_name, plugin_dir / "__init__.py", submodule_search_locations=[str(plugin_dir)]
    )
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import the plugin in {plugin_dir}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    return _register(key, module)


def load_entry_point_plugins(enabled: Iterable[str]) -> Dict[str, PluginContext]:
    """Load every installed entry-point plugin whose name is in `enabled`: entry point ->
    module -> `register(ctx)`. A plugin that fails is logged and skipped, as Hermes does."""
    wanted = set(enabled)
    loaded: Dict[str, PluginContext] = {}
    for ep in importlib.metadata.entry_points(group=ENTRY_POINTS_GROUP):
        if ep.name not in wanted:
            continue
        try:
            loaded[ep.name] = _register(ep.name, ep.load())
        except Exception as exc:  # one broken plugin must not stop the others
            logger.warning("Failed to load plugin %r: %s", ep.name, exc)
    return loaded


def discover_plugins(enabled: Iterable[str]) -> Dict[str, PluginContext]:
    """The enabled plugins of the checkout's `plugins/` and of installed packages."""
    wanted = set(enabled)
    loaded: Dict[str, PluginContext] = {}
    if BUNDLED_PLUGINS_DIR.is_dir():
        for plugin_dir in sorted(BUNDLED_PLUGINS_DIR.iterdir()):
            has_manifest = (plugin_dir / "plugin.yaml").is_file()
            if plugin_dir.name in wanted and has_manifest:
                try:
                    loaded[plugin_dir.name] = load_directory_plugin(plugin_dir)
                except Exception as exc:
                    logger.warning("Failed to load plugin %r: %s", plugin_dir.name, exc)
    loaded.update(load_entry_point_plugins(wanted - set(loaded)))
    return loaded
