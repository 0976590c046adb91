"""Safety rules (TL6): what turns a tool against its user. By concern: `poisoning` (invisible-unicode,
model-instructions), `destructive` (undeclared-destructive-tool), `secrets` (secret-parameter,
mcp-header-on-secret), `contradictions` (description-contradicts-schema).
"""

from toollint.linter.checks.safety import (  # noqa: F401 - each module registers its checks
    contradictions,
    destructive,
    poisoning,
    secrets,
)
