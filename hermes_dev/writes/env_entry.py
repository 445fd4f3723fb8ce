"""The words of an `OPTIONAL_ENV_VARS` entry that hermes-dev writes: its prompt and description.

new-tool writes them, lint --fix (HD303) writes the same, and remove-tool deletes an entry only
while it still reads so; one definition here keeps the three in step.
"""

from __future__ import annotations

# Words an environment variable's name spells in capitals in the setup wizard's prompt.
_ACRONYMS = {"API", "URL", "ID", "SSH", "AWS", "GPU", "LLM", "HTTP", "HTTPS", "SMTP", "IMAP"}


def env_prompt(var: str) -> str:
    """`WEATHER_API_KEY` -> `Weather API key`."""
    words = [w if w in _ACRONYMS else w.lower() for w in var.split("_") if w]
    if words and words[0] not in _ACRONYMS:
        words[0] = words[0].capitalize()
    return " ".join(words) or var


def env_description(var: str, tool: str) -> str:
    """A new entry's description; remove-tool deletes an entry only while it still reads so."""
    return f"{env_prompt(var)} for the {tool} tool"
