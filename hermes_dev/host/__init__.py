"""The model of a Hermes checkout, shared by lint and scaffold.

Holds: layout (root markers, root finding, the files' paths); toolsets.py (`toolsets`: the one
reader of that file, for lint and the scaffold alike: what it evaluates to and what is written
where), OPTIONAL_ENV_VARS (`env_vars` to edit them, `config_summary` for what lint reads of them)
and registrations (`registrations`: the names; `registered_tools`: name, toolset, env vars of
each) as read from a checkout. May import `hermes_dev.errors` and `hermes_dev.pyast`; never `lint`, `scaffold`,
`edits` or `cli`.
"""
