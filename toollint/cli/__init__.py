"""The `toollint` command line: click only. Exit codes: 0 clean, 1 findings at or above --fail-on, 2 usage,
config or internal error. Each subcommand lives in its own module, imported only when invoked (start-up time
matters in pre-commit)."""

from __future__ import annotations

import importlib
import os
import sys
from typing import NoReturn

import click

from toollint import __version__


class LazyGroup(click.Group):
    """Subcommands are imported from their modules only when invoked."""

    LAZY = {"check": "toollint.cli.check", "rule": "toollint.cli.rules", "rules": "toollint.cli.rules",
            "strictify": "toollint.cli.strictify", "validate": "toollint.cli.validate",
            "diff": "toollint.cli.diff", "explain": "toollint.cli.explain",
            "contract": "toollint.cli.contract", "passk": "toollint.cli.passk",
            "dump": "toollint.cli.dump"}

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

    invoked: str | None = None  # the subcommand this process runs (see `run`)

    def resolve_command(self, ctx: click.Context, args: list[str]):  # noqa: ANN201 - click's signature
        name, command, rest = super().resolve_command(ctx, args)
        LazyGroup.invoked = name
        return name, command, rest

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
    import warnings

    # Python's note on a tool file's `[[` in a pattern ("Possible nested set") is not the user's output.
    warnings.filterwarnings("ignore", message="Possible nested set", category=FutureWarning)
    try:
        main(standalone_mode=True)
    except SystemExit as done:
        if LazyGroup.invoked == "check" and done.code in (None, 0, 1):  # a finished run: workers joined, files closed
            _exit_now(done.code)
        raise  # interrupted or failed: the normal exit, which also stops worker processes still running
    except Exception as error:  # noqa: BLE001 - the last line of defence against a traceback
        if os.environ.get("TOOLLINT_DEBUG"):
            raise
        from toollint.terminal import one_line

        click.echo(one_line(f"toollint: internal error: {type(error).__name__}: {error}")[:2000], err=True)
        sys.exit(2)


def _exit_now(code: int | None) -> NoReturn:
    """End a `check` without the interpreter's teardown, which frees every module, cache and pattern one object at
    a time: 30-60 ms, a fifth of a one-file run in pre-commit. Its report is written (files are written through
    `atomic_write`, closed), so what is left to do is flushing the standard streams. mypy ends its runs this way."""
    status = code if isinstance(code, int) else 0
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe (`| head`) or stream: nothing more can be written anyway
            pass
    os._exit(status)
