"""`hermes-dev lint`: check tool modules against the handler contract, schemas, toolsets, env vars.

Holds the rule contract (`rule.py`: Finding, Rule, cases), the engine (`engine.py`: root, files,
running the rules, suppressions and HD900), config, report formats, the on-disk cache, fixes
(`fix/`) and the rules (`rules/`, one per file). May import `errors`, `host`, `pyast` and
`edits` (fixes write through them); never `cli`.
"""
