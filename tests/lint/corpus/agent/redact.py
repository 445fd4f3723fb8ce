"""Redaction of secrets in text that tools send back to the model."""

import re

_SCOPES = ("strict", "normal")
_KEY = re.compile(r"(sk-[A-Za-z0-9]{8,})")


def redact(text: str, scope: str = "strict") -> str:
    if scope not in _SCOPES:
        raise ValueError(f"unknown redaction scope {scope!r}")
    if scope == "strict":
        return _KEY.sub("[REDACTED]", text)
    return text


def finish(session: dict, error: Exception | None = None) -> None:
    session.clear()
    if error is not None:
        raise RuntimeError("the session failed") from error
