"""Toolsets of the corpus root (only here so the folder is a Hermes root)."""

_HERMES_CORE_TOOLS = []

TOOLSETS = {}
