"""The model of a Hermes checkout, shared by lint and scaffold.

Holds: layout (root markers, root finding, the files' paths); toolsets, OPTIONAL_ENV_VARS and
registrations as read from a checkout. May import `hermes_dev.errors` and `hermes_dev.pyast`;
never `lint`, `scaffold`, `edits` or `cli`.
"""
