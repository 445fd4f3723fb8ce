"""The one on-disk cache of a lint run: per-file summaries and content-keyed results.

Everything lives under `$XDG_CACHE_HOME/hermes-dev/` (`~/.cache/hermes-dev/`), is keyed by the
package version and a stamp of its files (`cache_format()`: other code never reads its entries,
be it a newer release or an edited checkout), and is turned off by one switch,
`HERMES_DEV_NO_CACHE=1` (or `lint --no-cache`, `lint(use_cache=False)`); `lint --cache-dir DIR`
keeps it elsewhere. Best effort: an unreadable,
corrupt or unwritable cache is ignored, never fatal, and every value read back is shape-checked
by its user. A `SummaryCache` is made per run (nothing is kept in process-wide globals, so an API
caller linting twice gets the same answer) and `save()` at its end writes what changed.

- `SummaryCache.get/put(path, kind, value)`: a summary of one file (its registrations, the
  toolsets it lists, ...), one JSON file per root, where each file's entry is kept as its own
  JSON text: a run decodes only the entries it reads and writes back the others as they were
  (a one-file run reads a few and changes one). An entry is keyed by the file's content (a
  digest of its bytes); its (mtime_ns, size) stamp only spares reading the file when it proves
  the content unchanged, which it does when the file was last modified well before the entry was
  written (git's "racy clean" rule: a write in the same clock tick as the stamp is not trusted).
  A file in `unsaved` (linted from an editor's buffer or stdin, not from its disk content) is
  never read from or written to the cache.
- `SummaryCache.results(name)`: a `ResultCache` of results that depend only on the key they are
  stored under (jsonschema's verdict on a schema, keyed by the schema's content).
"""

from __future__ import annotations

import os

from hermes_dev import __version__

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

VERSION = 3  # of the summaries file's own shape
_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_ANALYSIS_PACKAGES = ("lint", "pyast", "host")
_format: list[str] = []  # (computed once: the code a process runs does not change)
# A stamp is trusted only for a file last modified this long before the entry was written
# (file systems keep mtimes to a clock tick, some to seconds).
RACY_NS = 2_000_000_000


def disabled_by_env() -> bool:
    """True when `HERMES_DEV_NO_CACHE` is set (to anything but "" or "0")."""
    return os.environ.get("HERMES_DEV_NO_CACHE", "") not in ("", "0")


def cache_dir() -> str:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "hermes-dev")


def cache_format() -> str:
    """What the cache files are marked with: their shape's VERSION, the package version and a
    stamp (path, mtime, size) of the code the cached results come from (the .py and .json files
    of `lint`, `pyast` and `host`). An entry written by other code (an edited checkout, another
    build of the same version) is never read back."""
    if not _format:
        stamps: list[str] = []
        folders = [os.path.join(_PACKAGE, name) for name in _ANALYSIS_PACKAGES]
        while folders:
            try:
                entries = list(os.scandir(folders.pop()))
            except OSError:
                continue
            for entry in entries:
                try:
                    if entry.is_dir(follow_symlinks=False):
                        if entry.name != "__pycache__":
                            folders.append(entry.path)
                        continue
                    if not entry.name.endswith((".py", ".json")):
                        continue
                    st = entry.stat()
                except OSError:
                    continue
                stamps.append(f"{entry.path}\0{st.st_mtime_ns}\0{st.st_size}")
        code = _digest("\n".join(sorted(stamps)).encode("utf-8", "surrogateescape"))
        _format.append(f"{VERSION}-{__version__}-{code}")
    return _format[0]


def _digest(data: bytes) -> str:
    import zlib  # not hashlib: its import alone costs a pre-commit run ~3 ms

    return f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}{len(data):x}"


def _read_json(source: str, version_key: str, field: str) -> dict[str, Any] | None:
    """`data[field]` of the JSON object in `source` when `data[version_key]` is `cache_format()` and
    the field is an object; None for anything else (missing, unreadable, another shape)."""
    import json

    from hermes_dev.reading import DATA_LIMIT, read_bounded

    try:
        # Not through a symlink, only a regular file, at most DATA_LIMIT bytes: a FIFO or a
        # link to /dev/zero planted in the cache folder is a miss, never a hang.
        data = json.loads(read_bounded(source, DATA_LIMIT, follow=False))
    except (OSError, ValueError, RecursionError, MemoryError):  # (JSON nested too deep)
        return None
    if not isinstance(data, dict) or data.get(version_key) != cache_format():
        return None
    value = data.get(field)
    return value if isinstance(value, dict) else None


def _write_json(target: str, data: object) -> bool:
    """Write `data` to `target` atomically; False when it could not be written."""
    import json

    from hermes_dev.writes.temporary import temporary_file

    tmp = None
    try:
        folder = os.path.dirname(target)
        os.makedirs(folder, exist_ok=True)
        # dumps, not dump: dump streams through the pure-Python encoder (~6x slower here)
        text = json.dumps(data, separators=(",", ":"))
        fd, tmp = temporary_file(folder, f".{os.path.basename(target)}.")
        with open(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, target)
        return True
    except (OSError, TypeError, ValueError):
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        return False


class ResultCache:
    """`{key: data}` for results that depend only on their key; kept in memory for the run, and
    in `<folder>/<name>-v<VERSION>.json` when `folder` is given."""

    MAX_ENTRIES = 5000  # bounded: old schemas are not worth keeping

    def __init__(self, folder: str | None, name: str) -> None:
        self.file = os.path.join(folder, f"{name}-v{VERSION}.json") if folder is not None else None
        self._entries: dict[str, object] | None = None
        self._dirty = False

    def _load(self) -> dict[str, object]:
        if self._entries is None:
            self._entries = {}
            if self.file is not None:
                self._entries = _read_json(self.file, "format", "entries") or {}
        return self._entries

    def get(self, key: str) -> object:
        return self._load().get(key)

    def put(self, key: str, data: object) -> None:
        entries = self._load()
        if len(entries) > self.MAX_ENTRIES:
            entries.clear()
        entries[key] = data
        self._dirty = True

    def save(self) -> None:
        if self.file is None or not self._dirty or self._entries is None:
            return
        self._dirty = False
        _write_json(self.file, {"format": cache_format(), "entries": self._entries})


class SummaryCache:
    def __init__(self, root: Path | str, enabled: bool = True, folder: str | None = None) -> None:
        self.enabled = enabled
        self.root = str(root)
        self.folder = folder if folder is not None else cache_dir()  # `lint --cache-dir`
        self._file: str | None = None
        # path -> its entry: decoded when read, else the JSON text it was stored as
        self._data: dict[str, dict[str, object] | str] | None = None
        self._stored: dict[str, str] = {}  # the text of each entry decoded and unchanged since
        self._dirty = False
        self._results: dict[str, ResultCache] = {}
        # Files linted from text other than their disk content: always a miss, never stored.
        self.unsaved: frozenset[str] = frozenset()

    def results(self, name: str) -> ResultCache:
        """The run's `ResultCache` called `name` (on disk only when the cache is enabled)."""
        found = self._results.get(name)
        if found is None:
            found = ResultCache(self.folder if self.enabled else None, name)
            self._results[name] = found
        return found

    def _path(self) -> str:
        if self._file is None:
            import zlib

            key = self.root.encode("utf-8", "surrogateescape")
            digest = f"{zlib.crc32(key):08x}{zlib.adler32(key):08x}"
            self._file = os.path.join(self.folder, f"summaries-{digest}.json")
        return self._file

    def _load(self) -> dict[str, dict[str, object] | str]:
        if self._data is None:
            self._data = {}
            if self.enabled:
                self._data = _read_json(self._path(), "version", "files") or self._data
        return self._data

    def _entry(self, key: str) -> dict[str, object] | None:
        """The entry of `key`, decoded (None: none, or not a JSON object)."""
        files = self._load()
        entry = files.get(key)
        if isinstance(entry, str):
            import json

            text = entry
            try:
                entry = json.loads(text)
            except (ValueError, RecursionError):
                entry = None
            if not isinstance(entry, dict):
                del files[key]
                self._dirty = True
                return None
            files[key] = entry
            self._stored[key] = text
        return entry if isinstance(entry, dict) else None

    @staticmethod
    def _stamp(path: Path | str) -> list[int] | None:
        try:
            st = os.stat(path)
        except OSError:
            return None
        return [st.st_mtime_ns, st.st_size]

    @staticmethod
    def _content_digest(path: Path | str) -> str | None:
        from hermes_dev.reading import SOURCE_LIMIT, read_bounded

        try:
            return _digest(read_bounded(path, SOURCE_LIMIT))
        except OSError:
            return None

    def _fresh(self, path: Path | str, entry: dict[str, object]) -> bool:
        """True when `entry` was made from the content `path` has now."""
        stamp = self._stamp(path)
        if stamp is None:
            return False
        written = entry.get("written")
        if entry.get("stamp") == stamp and type(written) is int and stamp[0] + RACY_NS < written:
            return True
        digest = entry.get("digest")
        if type(digest) is not str or digest != self._content_digest(path):
            return False
        # Same content, new stamp (a checkout, a touch): trust the new stamp from now on.
        entry["stamp"] = stamp
        entry["written"] = _now_ns()
        self._changed(str(path))
        return True

    def _changed(self, key: str) -> None:
        self._stored.pop(key, None)
        self._dirty = True

    def get(self, path: Path | str, kind: str) -> tuple[bool, object]:
        """(hit, value) for the summary `kind` of `path`, a hit only if its content is unchanged."""
        if not self.enabled or str(path) in self.unsaved:
            return False, None
        entry = self._entry(str(path))
        if entry is None:
            return False, None
        values = entry.get("kinds")
        if not isinstance(values, dict) or kind not in values or not self._fresh(path, entry):
            return False, None
        return True, values[kind]

    def lookup(self, path: Path | str, kind: str) -> tuple[str | None, bool, object]:
        """(the digest of the content `path` has now, hit, value) for the summary `kind`: the
        digest from the entry when its stamp proves the content unchanged, else read (None when
        the file cannot be read, or the cache is off or `path` unsaved: nothing is read then).
        A file read anew gets an entry for its content (a stale one is dropped), so that the
        next run trusts its stamp."""
        if not self.enabled or str(path) in self.unsaved:
            return None, False, None
        stamp = self._stamp(path)
        if stamp is None:
            return None, False, None
        key = str(path)
        entry = self._entry(key)
        kinds = entry.get("kinds") if entry is not None else None
        digest = entry.get("digest") if entry is not None else None
        written = entry.get("written") if entry is not None else None
        trusted = (
            isinstance(kinds, dict)
            and type(digest) is str
            and entry is not None
            and entry.get("stamp") == stamp
            and type(written) is int
            and stamp[0] + RACY_NS < written
        )
        if not trusted:
            digest = self._content_digest(path)
            if digest is None:
                return None, False, None
            if entry is None or not isinstance(kinds, dict) or entry.get("digest") != digest:
                kinds = {}
                entry = {"stamp": stamp, "written": _now_ns(), "digest": digest, "kinds": kinds}
                self._load()[key] = entry
            else:
                entry["stamp"] = stamp
                entry["written"] = _now_ns()
            self._changed(key)
        assert isinstance(kinds, dict) and isinstance(digest, str)
        if kind in kinds:
            return digest, True, kinds[kind]
        return digest, False, None

    def put(self, path: Path | str, kind: str, value: object) -> None:
        if not self.enabled or str(path) in self.unsaved:
            return
        stamp = self._stamp(path)
        if stamp is None:
            return
        key = str(path)
        entry = self._entry(key)
        kinds = entry.get("kinds") if entry is not None else None
        if entry is None or not isinstance(kinds, dict) or entry.get("stamp") != stamp:
            digest = self._content_digest(path)
            if digest is None:
                return
            kinds = {}
            entry = {"stamp": stamp, "written": _now_ns(), "digest": digest, "kinds": kinds}
            self._load()[key] = entry
        kinds[kind] = value
        self._changed(key)

    def save(self) -> None:
        """Write what changed (atomically; errors are ignored)."""
        if not self.enabled:
            return
        for results in self._results.values():
            results.save()
        if not self._dirty or self._data is None:
            return
        import json

        files: dict[str, str] = {}
        try:
            for key, entry in self._data.items():
                if isinstance(entry, str):
                    files[key] = entry  # never read this run: as it was
                else:
                    stored = self._stored.get(key)
                    if stored is None:
                        stored = self._stored[key] = json.dumps(entry, separators=(",", ":"))
                    files[key] = stored
        except (TypeError, ValueError):
            return  # a value that is no JSON: nothing is written
        if _write_json(self._path(), {"version": cache_format(), "files": files}):
            self._dirty = False


def _now_ns() -> int:
    import time

    return time.time_ns()
