"""File-backed memory: the store the memory tool writes through (a helper module, no tools)."""

import json
import os
import tempfile
from pathlib import Path
from typing import List, Optional

ENTRY_DELIMITER = "\n§\n"


class MemoryStore:
    def __init__(self, folder: Optional[str] = None, char_limit: int = 2200):
        self.folder = Path(folder or os.path.expanduser("~/.hermes/memories"))
        self.char_limit = char_limit
        self.entries: List[str] = []

    def _path_for(self, target: str) -> Path:
        return self.folder / ("USER.md" if target == "user" else "MEMORY.md")

    def add(self, target: str, content: str) -> dict:
        if len(content) > self.char_limit:
            return {"success": False, "error": "entry too long"}
        self.entries.append(content)
        self.save(target)
        return {"success": True, "entries": len(self.entries)}

    def remove(self, target: str, needle: str) -> dict:
        kept = [e for e in self.entries if needle not in e]
        removed = len(self.entries) - len(kept)
        self.entries = kept
        self.save(target)
        return {"success": True, "removed": removed}

    def save(self, target: str) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        _write_file(self._path_for(target), self.entries)

    def load(self, target: str) -> List[str]:
        path = self._path_for(target)
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        try:
            return [e for e in json.loads(text or "[]") if e.strip()]
        except ValueError as e:
            raise RuntimeError(f"{path} is not a JSON list: {e}") from e  # origin: memory-load

    def export(self) -> str:
        return json.dumps({"entries": self.entries})


def _joined(entries: List[str]) -> str:
    for entry in entries:
        if ENTRY_DELIMITER in entry:
            raise ValueError("an entry holds the delimiter")  # origin: memory-optional,memory-singleton,memory-local,memory-annotated
    return ENTRY_DELIMITER.join(entries)


def _write_file(path: Path, entries: List[str]) -> None:
    # (a failing disk, passed on as it is, is the machine's state: not reported)
    fd, tmp = tempfile.mkstemp(dir=str(path.parent), suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(_joined(entries))
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
