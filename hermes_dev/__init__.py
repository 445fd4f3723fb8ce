"""hermes-dev: scaffold and lint tools for Hermes Agent.

The command line (`hermes-dev`) is a thin layer over this package; heavy dependencies (copier,
libcst, jsonschema) are imported only by the commands that need them, so `hermes-dev lint` on one
file starts fast.
"""

__version__ = "0.1.0"
