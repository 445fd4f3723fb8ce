"""Lint tests never read or write the user's summary cache."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _no_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HERMES_DEV_NO_CACHE", "1")
