"""The `toollint` command line: click only. Exit codes: 0 clean, 1 findings at or above --fail-on, 2 usage,
config or internal error. Each subcommand lives in its own module, imported only when invoked (start-up time
matters in pre-commit)."""

from __future__ import annotations

import importlib
import os
import sys

import click

from toollint import __version__


class LazyGroup(click.Group):
    """Subcommands are imported from their modules only when invoked."""

    LAZY = {"check": "toollint.cli.check", "rule": "toollint.cli.rules", "rules": "toollint.cli.rules",
            "strictify": "toollint.cli.strictify", "validate": "toollint.cli.validate",
            "diff": "toollint.cli.diff", "explain": "toollint.cli.explain",
            "contract": "toollint.cli.contract", "passk": "toollint.cli.passk"}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(self.LAZY))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.LAZY and name not in self.commands:
            try:
                module = importlib.import_module(self.LAZY[name])
                self.add_command(getattr(module, name.replace("-", "_") + "_command"), name)
            except (ImportError, AttributeError):
                return None
        return super().get_command(ctx, name)

    def invoke(self, ctx: click.Context):  # noqa: ANN201 - click's signature
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:  # 130 like a shell, not click's 1 (which means "findings")
            click.echo("toollint: interrupted", err=True)
            sys.exit(130)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="toollint")
def main() -> None:
    """Lint, strictify and validate the tool definitions LLM agents are given."""



def run() -> None:
    """Console entry point: an unexpected error exits 2 with a one-line message (TOOLLINT_DEBUG=1 shows the traceback)."""
    try:
        main(standalone_mode=True)
    except Exception as error:  # noqa: BLE001 - the last line of defence against a traceback
        if os.environ.get("TOOLLINT_DEBUG"):
            raise
        click.echo(f"toollint: internal error: {type(error).__name__}: {error}", err=True)
        sys.exit(2)
