from toollint.cli import run

run()
