"""A small on-disk cache of per-file summaries, keyed by (path, mtime_ns, size).

One JSON file per root under `$XDG_CACHE_HOME/hermes-dev/` (`~/.cache/hermes-dev/`). Best effort:
an unreadable, corrupt or unwritable cache is ignored, never fatal. `HERMES_DEV_NO_CACHE=1` turns
it off. Project rules use it (through `ProjectView.summaries`) so that a pre-commit run on one file
need not parse the whole root.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

VERSION = 1


def cache_dir() -> str:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "hermes-dev")


class SummaryCache:
    def __init__(self, root: Path | str, enabled: bool = True) -> None:
        self.enabled = enabled
        self._root = str(root)
        self._file: str | None = None
        self._data: dict[str, dict[str, object]] | None = None
        self._dirty = False

    def _path(self) -> str:
        if self._file is None:
            import zlib  # not hashlib: its import alone costs a pre-commit run ~3 ms

            key = self._root.encode("utf-8", "surrogateescape")
            digest = f"{zlib.crc32(key):08x}{zlib.adler32(key):08x}"
            self._file = os.path.join(cache_dir(), f"summaries-{digest}.json")
        return self._file

    def _load(self) -> dict[str, dict[str, object]]:
        if self._data is None:
            self._data = {}
            if self.enabled:
                try:
                    import json

                    with open(self._path(), encoding="utf-8") as fh:
                        data = json.load(fh)
                    if isinstance(data, dict) and data.get("version") == VERSION:
                        files = data.get("files")
                        if isinstance(files, dict):
                            self._data = files
                except (OSError, ValueError):
                    pass
        return self._data

    @staticmethod
    def _stamp(path: Path | str) -> list[int] | None:
        try:
            st = os.stat(path)
        except OSError:
            return None
        return [st.st_mtime_ns, st.st_size]

    def get(self, path: Path | str, kind: str) -> tuple[bool, object]:
        """(hit, value) for the summary `kind` of `path`, a hit only if the file is unchanged."""
        if not self.enabled:
            return False, None
        entry = self._load().get(str(path))
        if not isinstance(entry, dict) or entry.get("stamp") != self._stamp(path):
            return False, None
        values = entry.get("kinds")
        if isinstance(values, dict) and kind in values:
            return True, values[kind]
        return False, None

    def put(self, path: Path | str, kind: str, value: object) -> None:
        if not self.enabled:
            return
        stamp = self._stamp(path)
        if stamp is None:
            return
        files = self._load()
        entry = files.get(str(path))
        kinds = entry.get("kinds") if isinstance(entry, dict) else None
        if not isinstance(kinds, dict) or entry.get("stamp") != stamp:  # type: ignore[union-attr]
            kinds = {}
            files[str(path)] = {"stamp": stamp, "kinds": kinds}
        kinds[kind] = value
        self._dirty = True

    def save(self) -> None:
        """Write the cache if anything changed (atomically; errors are ignored)."""
        if not self.enabled or not self._dirty or self._data is None:
            return
        try:
            import json

            target = self._path()
            os.makedirs(os.path.dirname(target), exist_ok=True)
            tmp = f"{target}.{os.getpid()}.tmp"
            with open(tmp, "w", encoding="utf-8") as fh:
                json.dump({"version": VERSION, "files": self._data}, fh, separators=(",", ":"))
            os.replace(tmp, target)
            self._dirty = False
        except (OSError, TypeError, ValueError):
            pass
