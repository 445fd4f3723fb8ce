"""Hermes-free static analysis of Python code.

Holds: the module index and name resolution, static evaluation, function walking, locations,
exception escape and JSON-ness inference; call following: call resolution (`resolve`), the
exception hierarchy (`exceptions`), constant branch tests (`branches`) and per-function
summaries of escaping exceptions and non-JSON returns (`summaries`). Imports nothing else from
`hermes_dev`.
"""
