"""The child interpreter of `_render.PendingRender`: the template and its answers as JSON on
stdin (`{"template": PATH, "data": {...}}`), the files to OUT_DIR."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from hermes_dev.scaffold._render import REFUSED, copy_template


def main(argv: list[str]) -> int:
    payload = json.loads(sys.stdin.buffer.read().decode("utf-8"))
    try:
        copy_template(payload["data"], Path(argv[0]), Path(payload["template"]))
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return REFUSED
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
