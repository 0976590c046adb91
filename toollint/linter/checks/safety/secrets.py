"""Secrets the model is asked for: a parameter that takes a credential, and one mirrored into an HTTP header."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from toollint import pointer as jp
from toollint.document.dialects import MCP, Tool
from toollint.lazy_regex import lazy_compile
from toollint.linter.checks import check
from toollint.linter.checks.parameters.tool_names import names_other_tool
from toollint.linter.checks.shared import file_has_mcp_headers, mcp_headers
from toollint.linter.context import Context, node_label
from toollint.linter.docview import with_docs
from toollint.linter.namememo import NameMemo
from toollint.linter.options import RuleOptions
from toollint.linter.paramview import param_of, plain_description, plain_type
from toollint.linter.textstats import contains_any, has_cjk, name_tokens
from toollint.profiles.tool_apis import construct
from toollint.schema.walk import SchemaNode
from toollint.terminal import shown

# ---------------------------------------------------------------------------------------------
# secret-parameter


@dataclass(frozen=True)
class SecretParameterOptions(RuleOptions, rule="secret-parameter"):
    secret_names: tuple[str, ...]
    extra_secret_names: tuple[str, ...]
    not_secret_modifiers: tuple[str, ...]

    @cached_property
    def names(self) -> NameMemo:
        """name -> its tokens when it names a credential (ends in the tokens of a secret name, and no token makes
        it something else), else None."""
        by_last: dict[str, list[tuple[str, ...]]] = {}
        for name in self.secret_names + self.extra_secret_names:
            tokens = name_tokens(name)
            if tokens:
                by_last.setdefault(tokens[-1], []).append(tokens)
        not_modifiers = frozenset(w.lower() for w in self.not_secret_modifiers)

        cjk = tuple(name for name in self.secret_names + self.extra_secret_names if has_cjk(name))

        def secret_name(name: str) -> tuple[str, ...] | None:
            tokens = name_tokens(name)
            if tokens and not tokens[-1].isascii() and tokens[-1].endswith(cjk) and not_modifiers.isdisjoint(tokens):
                return tokens  # 用户密码: a CJK run ends in a secret's word
            candidates = by_last.get(tokens[-1]) if tokens else None
            if not candidates or not not_modifiers.isdisjoint(tokens):
                return None
            if not any(len(secret) <= len(tokens) and tokens[-len(secret):] == secret for secret in candidates):
                return None
            return tokens

        return NameMemo(secret_name)


_NAMES_A_SECRET = lazy_compile(
    r"^\s*(?:the\s+)?(?:name|id|identifier|arn|uri|url)\s+of\b|名称|名字|"
    r"^\s*(?:the\s+)?(?:(?:full\s+|absolute\s+|local\s+)?path|file\s*path|filename|file\s+name|location)\s+(?:to|of)\b|"
    r"\b(?:path|file)\s+(?:to|of|containing)\s+(?:the\s+|an?\s+|your\s+)?(?:[\w-]+\s+){0,2}(?:key|keys|secret|"
    r"certificate|credentials?|token)(?:\s+file)?\b|密钥文件|文件路径|"
    r"\b(?:id|identifier|name|label|alias|fingerprint|prefix|hash|digest|checksum)\s+of\s+(?:the\s+|an?\s+)?"
    r"(?:[\w-]+\s+){0,2}(?:key|token|secret|password|credential)s?\b|"
    r"\b(?:hashed|bcrypt|sha-?\d*|md5|argon2)\b|(?:密钥|令牌|密码)(?:的)?(?:ID|编号|标识|哈希|摘要)|"
    r"\bpublic\s+(?:[\w-]+\s+)?(?:token|key)\b|\bpublishable\s+key\b|\bpk[._]\w*|公开的?(?:令牌|密钥)", re.IGNORECASE)
# A tool that deletes, revokes or rotates a key takes which key, not a secret to use.
_KEY_MANAGEMENT = frozenset({"delete", "revoke", "remove", "rotate", "disable", "expire", "invalidate", "deactivate"})
# What such a tool must name for that: the key is its object (`delete_api_key`, `revoke_token`), not a habit's.
_KEY_OBJECTS = frozenset({"key", "keys", "apikey", "apikeys", "token", "tokens", "credential", "credentials", "secret",
                          "secrets"})


# Tools that provision a credential: the secret is what the tool stores, so it cannot come from the server's config.
_PROVISION_VERBS = frozenset({"create", "add", "set", "update", "change", "reset", "register", "provision", "invite",
                              "configure", "config", "store", "save", "put", "new", "enroll", "signup",
                              "modify", "edit", "generate", "import", "upsert", "write", "setup", "install",
                              "reinstall", "recreate", "rebuild", "init", "initialize"})
_PROVISION_CJK = ("创建", "新增", "添加", "设置", "修改", "重置", "注册", "配置")


# A secret the call sets rather than uses: "Password for the new user", "(for create operation)", 新密码, "If not
# provided, random password will be generated" (the password of the machine being set up).
_SETS_SECRET = lazy_compile(
    r"\b(?:new|initial|temporary|desired)\s+(?:[\w-]+\s+)?(?:password|passphrase|secret|pin)\b|"
    r"\b(?:password|passphrase|secret)\s+(?:for|of)\s+the\s+new\s+(?:user|account|member|role)\b|"
    r"\bfor\s+(?:the\s+)?(?:create|creation|update|reset)\b|\bto\s+(?:set|assign)\b|新密码|初始密码|设置的?密码|"
    r"\brandom\s+(?:[\w-]+\s+)?(?:password|passphrase|secret)\s+(?:will\s+be|is)\s+generated\b|随机生成",
    re.IGNORECASE)
# The password of a file the user hands the tool ("PDF password for protected files", `zip_password`, 压缩包密码):
# the user's data for that file, which no server configuration can hold.
_FILE_KINDS = frozenset({"pdf", "zip", "rar", "7z", "archive", "document", "doc", "docx", "workbook", "spreadsheet",
                         "excel", "xlsx", "xls", "pptx", "file", "files"})
_FILE_PASSWORD = lazy_compile(
    r"\b(?:pdf|zip|rar|7z|archive|document|workbook|spreadsheet|excel|docx?|xlsx?|pptx?)s?\s+(?:file\s+)?password\b|"
    r"\bpassword\s+(?:for|of|to\s+open|to\s+unlock)\s+(?:the\s+|an?\s+)?(?:(?:protected|encrypted|locked|input)\s+)?"
    r"(?:pdf|zip|rar|7z|archive|document|workbook|spreadsheet|excel|file)s?\b|"
    r"(?:PDF|压缩包|壓縮檔|文档|文檔|文件|檔案)\s*(?:的|打开|打開)?\s*密[码碼]", re.IGNORECASE)


# Verbs of a tool that locks or unlocks a file with a password (`protect_document`, `unlock_pdf`).
_FILE_LOCKS = frozenset({"protect", "unprotect", "lock", "unlock", "verify"})


def _locks_files(tool_tokens: set[str]) -> bool:
    return not tool_tokens.isdisjoint(_FILE_LOCKS) and not tool_tokens.isdisjoint(_FILE_KINDS)


# Tools whose input a secret is: one-time passwords, signatures, ciphers, key derivation (`pbkdf2_derive`,
# `scrypt_derive`: the password is what the key is derived from).
_SECRET_PROCESSORS = frozenset({"otp", "totp", "hotp", "mfa", "authenticator", "hmac", "encrypt", "decrypt", "cipher",
                                "jwt", "hash", "crypto", "derive", "kdf", "hkdf", "pbkdf2", "scrypt", "argon2",
                                "bcrypt"})
# Credentials a caller authenticates with: an API issues them, so a tool that creates or updates something else
# (`update_contact(access_token)`) uses the token; only a tool named for it (`create_api_key`) or one that sets
# itself up (`configure`, `login`) is given it to keep.
_ISSUED = (("token",), ("api", "key"), ("apikey",), ("access", "key"))
_CONFIGURE_VERBS = frozenset({"configure", "config", "setup", "init", "initialize", "login", "signin", "connect",
                              "authenticate", "auth", "register", "enroll", "signup"})


# A one-time secret delivered to the user: "Access token from the reset email URL fragment", "code sent to your
# phone", 邮件中的验证码, or "the watch's signing_secret (returned at registration)": what an earlier answer handed
# over. (Not "from the dashboard": a key issued once belongs in the configuration.)
_HANDED_OVER = lazy_compile(
    r"\bfrom\s+(?:the\s+|your\s+|an?\s+)?(?:(?:password\s+)?(?:reset|verification|confirmation|invitation|invite|"
    r"magic|login|sign-?in)\s+)?(?:e-?mail|sms|text\s+message)\b|\bsent\s+to\s+(?:the\s+user's\s+|your\s+)"
    r"(?:e-?mail|inbox|phone)\b|(?:邮件|短信|郵件|簡訊)(?:中|里|裡)的|"
    r"\b(?:returned|issued|given)\s+(?:to\s+you\s+)?(?:at|on|by|when|from)\s+(?:the\s+)?(?:registration|"
    r"register|sign-?up|creation|create|login)\b|注册时返回", re.IGNORECASE)


def _provisions(tokens: tuple[str, ...], tool_tokens: set[str], ctx: Context) -> bool:
    """The tool creates or sets the credential (by the verbs of its name), or the parameter is a new one."""
    if tokens[:1] in (("new",), ("initial",), ("temporary",), ("temp",)):
        return True  # `new_password`: the value being set
    # `spaces_key_get(access_key)`: a tool about the credentials themselves names which one, it does not use it
    if tokens[-1] in tool_tokens or tokens[-1] + "s" in tool_tokens:
        return True
    if any(tokens[-len(issued):] == issued for issued in _ISSUED):
        # a token to call an API with is used, not provisioned, unless the tool stores a connection to another system
        return not _CONFIGURE_VERBS.isdisjoint(tool_tokens) or _stores_a_connection(tool_tokens, ctx)
    return not _PROVISION_VERBS.isdisjoint(tool_tokens) or (ctx.tool is not None and
                                                            contains_any(ctx.tool.name or "", _PROVISION_CJK))


def _stores_a_connection(tool_tokens: set[str], ctx: Context) -> bool:
    """A tool that creates or updates a connection to another system (`create_action_connection`,
    `update_custom_destination`, "Create a new Cloudflare account integration"): the other system's key is the data
    it stores, as a user's password is `create_user`'s."""
    if _PROVISION_VERBS.isdisjoint(tool_tokens):
        return False
    if not _CONNECTIONS.isdisjoint(tool_tokens):
        return True
    description = ctx.tool.description if ctx.tool is not None else None
    return isinstance(description, str) and _CONNECTION_WORDS.search(description, 0, _OPENING) is not None


# What holds another system's credentials: an integration, a connection, a connector, a log destination.
_CONNECTIONS = frozenset({"integration", "integrations", "connection", "connections", "connector", "connectors",
                          "destination", "destinations", "datasource", "datasources"})
# The tool's verb, then what it makes or changes, in its opening: "Create a new Cloudflare account integration",
# "Update an existing Opsgenie service integration", 创建钉钉集成 ("a GitHub issue via the GitHub integration" is none).
_CONNECTION_WORDS = lazy_compile(
    r"\b(?:create|add|update|set\s+up|configure|register|modify|edit)s?\s+(?:an?\s+|the\s+)?(?:new\s+|existing\s+)?"
    r"(?:[\w-]+\s+){0,3}(?:integration|connection|connector|destination|data\s+source)s?\b|"
    r"(?:创建|新增|添加|更新|修改|配置)(?-i:[\u4e00-\u9fffA-Za-z0-9 ]){0,8}(?:集成|连接器|对接)", re.IGNORECASE)
# (The CJK class is case-sensitive: under IGNORECASE, compiling it folds the case of each of its characters.)
_OPENING = 200  # the description's opening, where it says what the tool makes: "Create a new X integration"


# The parameter of a multi-action tool that picks what it does.
_ACTION_NAMES = frozenset({"action", "operation", "op", "command", "method", "mode"})


def _action_provisions(ctx: Context) -> bool:
    """Whether the tool's action parameter offers an action that creates or sets what holds a credential
    (`createUser`, `update_user`, `reset-password`): the secret is that action's data."""
    tool = ctx.tool
    properties = tool.schema.get("properties") if tool is not None and isinstance(tool.schema, dict) else None
    for name, prop in properties.items() if isinstance(properties, dict) else ():
        enum = prop.get("enum") if isinstance(prop, dict) and name in _ACTION_NAMES else None
        if isinstance(enum, list) and any(isinstance(value, str) and _sets_a_credential(name_tokens(value))
                                          for value in enum):
            return True
    return False


# What an action creates or sets that holds a credential: `createUser`, `reset_password`, `add-member`.
_HOLDERS = frozenset({"user", "users", "account", "accounts", "member", "members", "credential", "credentials",
                      "password", "passwd", "secret", "secrets", "login", "identity", "principal"})


def _sets_a_credential(tokens: tuple[str, ...]) -> bool:
    return len(tokens) >= 2 and tokens[0] in _PROVISION_VERBS and not _HOLDERS.isdisjoint(tokens[1:])


def names_a_secret(name: str, options: SecretParameterOptions) -> bool:
    """Whether a name names a credential, by secret-parameter's own lexicon (its options, as configured)."""
    return options.names[name] is not None


@check("secret-parameter", "schema", properties_only=True)
def secret_parameter(node: SchemaNode, ctx: Context) -> None:
    tokens = ctx.options.names[node.name or ""]
    if tokens is None:
        return
    schema = node.schema
    plain = plain_type(node)
    if plain is not None:  # a plain property is its own parameter view
        if plain != "string":
            return
        text = plain_description(schema)
    else:
        param = param_of(node, ctx)
        if not param.is_string:
            return
        text = param.description
    text = with_docs(text, node, ctx)
    if _NAMES_A_SECRET.search(text):
        return  # "the name of the secret", "the key's id", "a bcrypt hash": a reference, not the secret
    tool_tokens = set(name_tokens(ctx.tool.name or "")) if ctx.tool is not None else set()
    if tool_tokens & _KEY_MANAGEMENT and tokens[-1] in ("key", "apikey", "token") and \
            not _KEY_OBJECTS.isdisjoint(tool_tokens):
        return  # delete_api_key(api_key): the key to revoke is named, not used (delete_habit's `api_key` is used)
    if _provisions(tokens, tool_tokens, ctx) or _SETS_SECRET.search(text):
        return  # create_user(password), set_chap_secret(secret): the credential is the tool's data
    if (tokens[-1] == "password" and (not _FILE_KINDS.isdisjoint(tokens[:-1]) or _locks_files(tool_tokens))) or \
            _FILE_PASSWORD.search(text):
        return  # `pdf_password`, "password to open the archive", `protect_document(password)`: the file's, given
        # by its owner
    if not tool_tokens.isdisjoint(_SECRET_PROCESSORS):
        return  # an OTP generator, an HMAC signer: the secret is the input the tool computes on
    if _action_provisions(ctx):
        return  # `manage_users(action: createUser | updateUser, password)`: one of its actions sets it
    if _HANDED_OVER.search(text) or names_other_tool(text, ctx):
        return  # "Access token from the reset email", "AAL2 token from verify_mfa's response": one the user reads
        # from a message or an earlier answer returns, which no server configuration can hold
    ctx.report(node.pointer, f"`{shown(node_label(node))}` asks the model for a secret", key=True,
               help="remove the parameter; have the server read the secret from its configuration or environment",
               note="the value passes through the prompt, the transcript and the provider's logs")


# ---------------------------------------------------------------------------------------------
# mcp-header-on-secret


@check("mcp-header-on-secret", "tool")
def mcp_header_on_secret(tool: Tool, ctx: Context) -> None:
    """`x-mcp-header` SHOULD NOT carry secrets: the header is logged by proxies and gateways on the way."""
    if tool.dialect is not MCP or not isinstance(tool.schema, dict) or not file_has_mcp_headers(ctx):
        return
    options = SecretParameterOptions.configured(ctx.linter.settings)  # secret-parameter's, as configured
    item = construct("mcp_header")
    for where, value, _, _ in mcp_headers(tool):
        name = jp.split(where)[-2]
        if names_a_secret(name, options) or (isinstance(value, str) and names_a_secret(value, options)):
            ctx.report(where, f"`{shown(name)}` looks like a secret and is mirrored into an HTTP header", key=True,
                       help="drop `x-mcp-header` from it, or have the server read the secret from its configuration",
                       note=f"the spec says SHOULD NOT ({item['sources'][0]}, {item['date']}); headers are logged "
                            "by proxies and gateways")
