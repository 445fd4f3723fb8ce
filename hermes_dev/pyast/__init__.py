"""Static analysis of Python code, Hermes-free but for how a tool is registered.

Holds: the module index and name resolution (`model`), tool registrations and the handlers they
register (`registrations`: the one place that knows the shapes of a register call), a function's
local scope (`scope`), static evaluation (`schema_eval`, of the values in `values`, in the module
scopes and loaders of `module_scope`), function walking (`walk`), locations, whether control can
reach the end of a block (`flow`), exception escape and JSON-ness inference (`jsonness`); call
following: call resolution (`resolve`), the exception hierarchy (`exceptions`), constant branch
tests (`branches`) and per-function summaries of escaping exceptions and non-JSON returns
(`summaries`). Imports nothing else from `hermes_dev`.
"""
