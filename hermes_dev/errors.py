"""Errors meant for people: one line, what was wrong and what to do."""

from __future__ import annotations


class HermesDevError(Exception):
    """Base class of every error hermes-dev raises on purpose."""

    exit_code = 1


class UserError(HermesDevError):
    """Bad input or an unusable project: shown as one line on stderr, exit code 2."""

    exit_code = 2
