"""Write edits into a JSON or YAML file as it is written: bytes outside the edited spans stay as they were.

One writer serves `toollint strictify` and `toollint check --fix`: JSON through text splices
(`json_layout`) and YAML through the ruamel.yaml round trip (`yaml_layout`); files are replaced with
`safeio.atomic_write`.
"""

from __future__ import annotations

from toollint.document.edits import Edit, EditError
from toollint.document.json_layout import json_splices
from toollint.document.locate import LineIndex
from toollint.document.yaml_layout import apply_yaml


def apply_edits(text: str, fmt: str, edits: list[Edit]) -> str:
    """The text with every edit applied; raises EditError when one does not apply or two overlap."""
    if fmt == "python":
        raise EditError("toollint does not rewrite Python source: the finding says what to change")
    line_edits = [e for e in edits if e.op == "replace-text"]
    tree_edits = [e for e in edits if e.op != "replace-text"]
    try:
        if line_edits:
            text = _replace_text(text, line_edits)
        if not tree_edits:
            return text
        if fmt == "yaml":
            return apply_yaml(text, tree_edits)
        return splice(text, json_splices(text, tree_edits))
    except EditError:
        raise
    except RecursionError:
        raise EditError("the document is nested too deeply to rewrite") from None
    except Exception as error:  # noqa: BLE001 - ruamel.yaml or a locator failing on odd input: the edit fails
        raise EditError(f"cannot rewrite the file ({type(error).__name__}: {error})") from None


def _replace_text(text: str, edits: list[Edit]) -> str:
    lines = LineIndex(text)
    last = text.count("\n") + 1
    spans = []
    for edit in edits:
        if not (1 <= edit.line <= edit.end_line <= last and 1 <= edit.column <= len(lines.line_text(edit.line)) + 1
                and 1 <= edit.end_column <= len(lines.line_text(edit.end_line)) + 1):
            raise EditError(f"the text has no line {edit.line} column {edit.column} to line {edit.end_line} "
                            f"column {edit.end_column}")
        start, end = lines.offset(edit.line, edit.column), lines.offset(edit.end_line, edit.end_column)
        if start > end:
            raise EditError("a text edit ends before it starts")
        spans.append((start, end, edit.value))
    return splice(text, spans)


def splice(text: str, spans: list[tuple[int, int, str]]) -> str:
    """Replace [start, end) ranges (inserts have start == end); overlapping ranges are an EditError."""
    ordered = sorted(enumerate(spans), key=lambda item: (item[1][0], item[1][1], item[0]))
    out, cursor = [], 0
    for _, (start, end, new) in ordered:
        if start < cursor:
            raise EditError("two edits overlap")
        out.append(text[cursor:start])
        out.append(new)
        cursor = end
    out.append(text[cursor:])
    return "".join(out)
