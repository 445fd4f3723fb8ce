"""What Python code is, read with the stdlib `ast`: modules, bindings, scopes, the resolver.

Imports nothing from `hermes_dev` outside this package.
"""
