"""`hermes-dev lint`: check tool modules against the handler contract, schemas, toolsets, env vars.

Holds the rule contract (`rule.py`: Rule, cases; `finding.py`: Finding, Fix; `context.py`: the
LintContext a rule's check gets; none imports the engine), the file walk (`files.py`), the engine
(`engine.py`: root, running the rules, suppressions and HD900), config, report formats, the on-disk cache, fixes
(`fix/`) and the rules (`rules/`, one per file). May import `errors`, `host`, `pyast` and
`edits` (fixes write through them); never `cli`.
"""
