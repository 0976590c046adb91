"""`toollint strictify`: rewrite tools so a provider's strict mode accepts them without losing a constraint.

`rewrite` turns one schema into its wire form and validator, `shapes` and `decode` hold what the rewriter
and the boundary agree on, `sentences` words the moved constraints, `files` handles whole files.
"""

from toollint.errors import StrictifyError
from toollint.strictifier.rewrite import Change, StrictifyResult, strictify_schema, strictify_tool

__all__ = ["Change", "StrictifyError", "StrictifyResult", "strictify_schema", "strictify_tool"]
