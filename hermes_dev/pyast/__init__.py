"""Hermes-free static analysis of Python code.

Holds: the module index and name resolution, static evaluation, function walking, locations,
exception escape and JSON-ness inference. Imports nothing else from `hermes_dev`.
"""
