"""`hermes-dev server`: hermes-dev's findings, fixes and rule docs in an editor (LSP on stdio).

Needs the optional dependency pygls (`pip install 'hermes-dev[server]'`); nothing here is
imported by `hermes-dev lint`. `session` is the protocol-free part (the open buffers, a warm lint
per root, fixes and suppressions as text), `lsp` the pygls server over it (`serve()`).
Sits beside `hermes_dev.cli` and above `hermes_dev.lint` (the contracts in pyproject.toml).
"""
