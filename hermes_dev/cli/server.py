"""`hermes-dev server`: the language server, for editors (LSP over stdin/stdout)."""

from __future__ import annotations

import click

from hermes_dev.errors import UserError


@click.command("server", short_help="Run the language server (LSP on stdio) for editors.")
@click.option(
    "--no-cache",
    "no_cache",
    is_flag=True,
    help="Neither read nor write the on-disk lint cache.",
)
def command(no_cache: bool) -> int:
    """Speak the Language Server Protocol on stdin/stdout: diagnostics as you type, fixes and
    "suppress on this line" as code actions, rule docs on hover. Start it from the editor (see
    the README for VS Code, Neovim and Helix); it needs `pip install 'hermes-dev[server]'`."""
    try:
        import lsprotocol  # noqa: F401
        import pygls  # noqa: F401
    except ImportError:
        raise UserError(
            "the language server needs pygls: pip install 'hermes-dev[server]'"
        ) from None
    from hermes_dev.server.lsp import serve

    serve(use_cache=False if no_cache else None)
    return 0
