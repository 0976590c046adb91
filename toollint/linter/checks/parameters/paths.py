"""relative-path: a file-system path parameter that does not require an absolute path."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from toollint.lazy_regex import lazy_compile
from toollint.linter.checks import check
from toollint.linter.checks.parameters.tool_names import names_other_tool
from toollint.linter.context import Context, node_label
from toollint.linter.docview import SENTENCE_BREAK, entry_text, tool_docs, with_docs, without_results
from toollint.linter.namememo import NameMemo
from toollint.linter.options import RuleOptions
from toollint.linter.paramview import plain_description, plain_type, string_param
from toollint.linter.textstats import WordMatcher, cjk_language, fold_case, has_cjk, name_tokens, words_regex
from toollint.schema.walk import SchemaNode
from toollint.terminal import shown

# ---------------------------------------------------------------------------------------------
# relative-path


@dataclass(frozen=True)
class RelativePathOptions(RuleOptions, rule="relative-path"):
    path_names: tuple[str, ...]
    weak_path_names: tuple[str, ...]
    extra_path_names: tuple[str, ...]
    not_path_modifiers: tuple[str, ...]
    weak_path_modifiers: tuple[str, ...]
    path_words: tuple[str, ...]
    absolute_words: tuple[str, ...]
    relative_words: tuple[str, ...]
    remote_words: tuple[str, ...]

    @cached_property
    def names(self) -> frozenset[str]:
        return frozenset(w.lower() for w in self.path_names + self.extra_path_names)

    @cached_property
    def cjk_names(self) -> tuple[str, ...]:
        """The CJK ones of `names`, found anywhere in a CJK name token."""
        return tuple(word for word in self.names if has_cjk(word))

    @cached_property
    def weak_names(self) -> frozenset[str]:
        return frozenset(w.lower() for w in self.weak_path_names)

    @cached_property
    def not_modifiers(self) -> frozenset[str]:
        return frozenset(w.lower() for w in self.not_path_modifiers)

    @cached_property
    def weak_modifiers(self) -> frozenset[str]:
        return frozenset(w.lower() for w in self.weak_path_modifiers)

    @cached_property
    def path_word_matcher(self) -> WordMatcher | None:
        return words_regex(self.path_words)

    @cached_property
    def absolute(self) -> WordMatcher | None:
        return words_regex(self.absolute_words)

    @cached_property
    def relative(self) -> WordMatcher | None:
        return words_regex(self.relative_words)

    @cached_property
    def remote(self) -> WordMatcher | None:
        return words_regex(self.remote_words)

    @cached_property
    def names_seen(self) -> NameMemo:
        """name -> `_path_name`."""
        return NameMemo(lambda name: _path_name(name, self))


# The word patterns of this rule are lower case and searched in `fold_case(text)`, the text folded once: the regex
# engine then skips an alternative whose first letter differs at once, where IGNORECASE tries each (see `_OFF_DISK`).

# Paths relative to the tool's own base: "relative to the project", "within the repository", 相对于 (相對於).
_ANCHORED = lazy_compile(r"relative\s+to\s+(?!(?:the\s+)?(?:current|working|cwd))\S|\w-relative\b|(?:within|inside|in)\s+"
                         r"(?:the|a|your)\s+(?:repository|repo|project|vault|workspace|archive|zip|bucket|share|drive)|相[对對][于於]")

# Paths relative to the server process's working directory, which the agent cannot see or change: "relative to
# the current working directory", "resolved against the server's cwd", 相对于当前工作目录. The article's exact bug.
_CWD_RELATIVE = lazy_compile(
    r"\brelative(?:\s+paths?)?\s+(?:to|from|against)\s+(?:the\s+|your\s+)?(?:(?:server|process|mcp\s+server)(?:'s)?\s+)?"
    r"(?:current\s+(?:working\s+)?(?:directory|dir|folder)|working\s+(?:directory|dir)|cwd|pwd)\b|"
    r"\bresolved\s+(?:from|against|relative\s+to|in)\s+(?:the\s+)?(?:(?:server|process)(?:'s)?\s+)?"
    r"(?:current\s+(?:working\s+)?directory|working\s+directory|cwd)\b|相[对對][于於]?(?:[当當]前|目前)(?:工作)?目[录錄]")

# A default that is a relative path (`.`, `project.faf`, `./out`, `assets/raw`): the server resolves it against its own
# working directory. Not `""` (a default meaning "not given"), an absolute or home path, a variable, a URL, a
# template (`{name}.md`), a JSONPath, nor a word that stands for no file (`-` or `stdout` for standard output, `auto`).
_RELATIVE_DEFAULT = lazy_compile(r"\./?|(?!\$|~|[A-Za-z]:|[\w+.-]+://)(?=.*\w)[\w.-]+(?:/[\w.-]+)*/?")
# A description that is only three or more bare words joined by `|`: the names the parameter picks from.
_NAME_CHOICE = lazy_compile(r"\s*[a-z][\w-]{0,30}(?:[ \t]*\|[ \t]*[a-z][\w-]{0,30}){2,}\s*\.?\s*")
_NO_FILE_DEFAULTS = frozenset({"stdout", "stderr", "stdin", "auto", "none", "null", "default", "memory", ":memory:"})

# `^/`, `^\/`, `^[A-Za-z]:`, `^(/|[A-Za-z]:)`, `^(?:/|~)`, `^\\\\` (UNC), `^~/`.
_ABSOLUTE_PATTERN = lazy_compile(r"^\^\(?(?:\?:)?(?:\\?/|\[(?:a-zA-Z|A-Za-z|a-z|A-Z)\]:|~|\\\\\\\\|[A-Za-z]:)")
# `^(?!/)`, `^[^/]`: the author requires a relative path on purpose.
_RELATIVE_PATTERN = lazy_compile(r"^\^(?:\(\?!\\?/|\[\^\\?/)")


def _path_kind(tokens: tuple[str, ...], lex: RelativePathOptions) -> str | None:
    """"strong" when the name says path, "weak" when it may; None when it is no file-system path."""
    if not tokens:
        return None
    head = tokens[-1]
    if len(tokens) > 1 and not lex.not_modifiers.isdisjoint(tokens[:-1]):
        return None
    if head in lex.names and len(tokens) > 1 and not lex.weak_modifiers.isdisjoint(tokens[:-1]):
        return "weak"  # `key_path`: an SSH key file, or a path of keys in a document; the description decides
    if head in lex.names or (len(tokens) > 1 and tokens[-2] in ("file", "dir", "folder") and head == "path"):
        return "strong"
    if not head.isascii() and has_cjk(head) and any(word in head for word in lex.cjk_names):
        return "strong"  # 文件路径, 输出目录
    if head in lex.weak_names:
        return "weak"
    return None


def _path_name(name: str, lex: RelativePathOptions) -> tuple[tuple[str, ...], str] | None:
    """The name's tokens and `_path_kind`, or None when the name is no path."""
    tokens = name_tokens(name)
    kind = _path_kind(tokens, lex)
    return (tokens, kind) if kind is not None else None


# "the path as a Java String", "in Python 3 syntax": a value in a programming language, not a file to open.
_CODE_EXPRESSION = lazy_compile(
    r"\b(?:java|javascript|typescript|python|kotlin|scala|ruby|c#|golang)\b[^.\n]{0,40}\b(?:syntax|object|"
    r"expression|variable|string representation|type|instance|literal)\b|\bstring representation of\b|"
    r"\bsdk syntax\b|\b(?:expression|variable)\s+(?:that|which)\s+(?:evaluates|holds|refers)")
_ABSOLUTE_EXAMPLE = lazy_compile(r"(?:[\"'`“‘(]|e\.g\.,?|例如|例[:：])\s*(?:/[\w.~-]+/|[A-Za-z]:[\\/]|~/)")
# "the plan file from the plan tool's output": the system hands the value over, the model does not write it.
_PRODUCED = lazy_compile(r"\b(?:from|returned\s+by|output\s+of|given\s+by|produced\s+by)\b[^.]{0,40}\b(?:output|tool|call|"
                       r"response|result|step)s?\b")
_CD_TOOLS = frozenset({"cd", "chdir", "change_directory", "change_dir", "set_cwd", "set_working_directory",
                       "set_workdir", "pushd", "cwd", "pwd"})


_CODE_TYPES = frozenset({"String", "Boolean", "Integer", "Long", "HashMap", "Map", "List", "ArrayList", "Array", "any",
                         "Object", "Function", "char", "long", "short", "byte"})


def _code_language_set(ctx: Context) -> bool:
    """Java or JavaScript signatures (`"type": "String"`, `"any"`): their path arguments are values in code."""
    def search() -> bool:
        for tool in ctx.tools:
            properties = tool.schema.get("properties") if isinstance(tool.schema, dict) else None
            if isinstance(properties, dict) and any(isinstance(p, dict) and isinstance(p.get("type"), str)
                                                    and p["type"] in _CODE_TYPES
                                                    for p in properties.values()):
                return True
        return False

    return bool(ctx.cached("code-language-set", search))


# What leads an example: "e.g. \"", "such as (", "like `".
_EXAMPLE_LEAD = r"(?:\be\.g\.,?|\bsuch\s+as|\bfor\s+example|\blike|例如)\s*[:(]?\s*[\"'`“‘]?"
# A relative example: `e.g. "root/Player"`, `(e.g. dist)`, `like src/app`; an absolute one is `_ABSOLUTE_EXAMPLE`.
_RELATIVE_EXAMPLE = lazy_compile(_EXAMPLE_LEAD + r"(?:\.{1,2}/|[A-Za-z_][\w.-]*/|[A-Za-z_][\w-]*[\"'`”’)])")


# An example in dot notation (`e.g. "game.ServerScriptService"`): a path of objects in an app, not of files. Its last
# part is too long for a file extension, or capitalised, where `main.py` and `notes.txt` end in an extension.
_DOTTED_EXAMPLE = lazy_compile(_EXAMPLE_LEAD + r"[A-Za-z_]\w*(?:\.\w+)*\.(?:(?-i:[A-Z]\w+)|[a-z_]\w{5,})[\"'`”’)]", re.IGNORECASE)


def _anchored_tool(ctx: Context) -> bool:
    """A tool whose other parameters say its paths are relative to its project or root ("relative to the
    project", `res://`): its paths share that base by design."""
    tool = ctx.tool
    properties = tool.schema.get("properties") if tool is not None and isinstance(tool.schema, dict) else None
    for prop in properties.values() if isinstance(properties, dict) else ():
        text = prop.get("description") if isinstance(prop, dict) else None
        if isinstance(text, str) and (_ANCHORED.search(fold_case(text)) or "res://" in text):
            return True
    return False


def _manages_working_directory(ctx: Context) -> bool:
    """The tool set keeps its own current directory (it has a `cd`), so its paths are relative to it on purpose."""
    def search() -> bool:
        names = {(t.name or "").lower().rsplit(".", 1)[-1] for t in ctx.tools}
        token_sets = [set(name_tokens(t.name or "")) for t in ctx.tools]
        sets_dir = any(tokens & {"set", "change", "switch", "use"} and tokens & {"dir", "directory", "cwd", "workdir",
                                                                             "folder"} for tokens in token_sets)
        return bool(names & _CD_TOOLS) or sets_dir

    return bool(ctx.cached("manages-working-directory", search))


# Tools that move, copy or rename files: their `source` and `destination` are paths by their role.
_FILE_MOVERS = frozenset({"move", "copy", "rename", "mv", "cp", "duplicate", "relocate"})
_ROLE_NAMES = frozenset({"source", "src", "destination", "dest", "dst", "from", "to", "target"})
# Paths that are not on the agent's file system: an SSH or SFTP host, a NAS volume, an API or URL path, a Unity
# project's own paths (`Assets/...`, resolved against the project, not the agent's directory). Lower case,
# searched in `fold_case(text)`: the regex engine skips an alternative whose first letter differs at once, where
# IGNORECASE tries them all one by one, at every position (three times slower over a tool description).
_OFF_DISK = lazy_compile(
    r"\b(?:(?:over|via|through|using)\s+ssh|ssh\s+(?:host|server|connection|session)|sftp|scp|ftp|ftps|rsync|remote\s+(?:host|server|machine|system|path|file|directory)|on\s+the\s+"
    r"(?:remote|server|host|device|router|switch|nas)|nas|synology|qnap|truenas|volume\d+|smb|cifs|"
    r"nfs|share\s+path|api\s+endpoint|endpoint\s+path|api\s+path|url\s+path|request\s+path|http\s+path|"
    r"rest\s+path|webdav|imap|mailbox|mail\s+folder|email\s+folder|inbox|(?:path-based|url|request|api|http|traffic|page)\s+routing|route|routes|"
    r"redirects?|rewrites?|cron|deployments?|page\s+path|function\s+path|node\s+path|scene\s+tree|vault|"
    r"hierarchy|gameobjects?|asset\s+path|assets/|area\s+path|iteration\s+path|note\s+path|"
    r"path\s+(?:to|of)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}node|instance\s+paths?|(?:an?|the|each)\s+instance|"
    r"unity)\b|"
    r"mail\s+(?:rules?|accounts?)|/volume\d+|(?<![\w./-])/api/|api\s*(?:パス|路径)|远程|接口路径|路由|邮箱|实例路径|对象路径")


# Name tokens that put a path on a remote system: `gitea_build_path`, `imap_folder`, `s3_key_path`.
_REMOTE_TOKENS = frozenset({"github", "gitlab", "gitea", "bitbucket", "git", "s3", "gcs", "drive", "dropbox",
                            "imap", "mail", "email", "mailbox", "ftp", "sftp", "ssh", "remote", "nas", "smb", "url",
                            "uri", "web", "http", "route", "api", "endpoint", "watch", "gameobject", "asset", "scene",
                            "vault", "note", "area", "iteration", "hierarchy"})


# "returns a base64 data URL of the PNG": the bytes themselves, no place the path is in.
_DATA_URL = lazy_compile(r"\bdata\s+ur[il]s?\b", re.IGNORECASE)


def _absolute_examples(schema: dict[str, Any]) -> bool:
    """Whether the schema's `examples` show absolute paths (`["/path/to/my-app"]`, `["C:\\data"]`, `["~/notes"]`)."""
    examples = schema.get("examples")
    return isinstance(examples, list) and any(isinstance(e, str) and _ABSOLUTE_VALUE.match(e) for e in examples)


_ABSOLUTE_VALUE = lazy_compile(r"/|~/|[A-Za-z]:[\\/]")


def _names_a_remote_place(text: str, lex: RelativePathOptions) -> bool:
    """Whether the text holds one of the rule's `remote-words` (a repository, a bucket, a URL), not counting the
    "data URL" a tool may return instead of writing the file."""
    if lex.remote is None:
        return False
    if "data" in text or "Data" in text:
        text = _DATA_URL.sub(" ", text)
    if "epo" in text or "仓库" in text:
        text = _REPOSITORY_ITSELF.sub(" ", text)
    return lex.remote.search(text) is not None


# "Path to the repository to scan", "Path to your project's git repository", "仓库根目录": the path is where a
# repository lies, a directory on the disk, not a path inside one.
_REPOSITORY_ITSELF = lazy_compile(r"\b(?:path|directory|folder|root|location)\s+(?:to|of)\s+(?:the\s+|an?\s+|your\s+)?"
                                  r"(?:(?!github|gitlab|gitee|gitea|bitbucket|remote|hosted)[\w'’-]+\s+){0,2}?(?:local\s+)?(?:git\s+)?(?:repository|repo)\b(?!\s*(?:url|name|on\b))|"
                                  r"(?:git\s*)?仓库的?(?:根目录|所在的?(?:目录|路径))", re.IGNORECASE)


def _off_disk_tool(ctx: Context, lex: RelativePathOptions) -> bool:
    """Whether the tool's description places its paths off the agent's disk (once per tool)."""
    tool = ctx.tool

    def search() -> bool:
        # (its prose: another parameter's entry, "url: The URL to crawl", says nothing of where this path is)
        text = tool_docs(tool, ctx).prose if tool is not None and isinstance(tool.description, str) else ""
        return bool(text) and (_names_a_remote_place(text, lex)
                               or _OFF_DISK.search(fold_case(text)) is not None)

    return bool(ctx.cached(("off-disk", id(tool)), search))


# A path in a container ("Mount path inside the container (default /data)", 容器内路径), unless the text also calls it
# local ("本地文件路径（容器部署时...再用容器内路径）": the server's own disk, which is the container's).
_IN_CONTAINER = lazy_compile(r"\b(?:inside|within|in)\s+(?:the\s+|a\s+|each\s+)?(?:container|pod)s?\b|"
                             r"\bcontainer\s+paths?\b|容器内")


# A tool about the nodes of a tree or a graph ("Get children of a node", "List key-value pairs at a node") that speaks
# of no file, directory or disk: a path it takes, which its name and its own text put on no disk either, addresses a
# node.
_NODES = lazy_compile(r"\bnodes?\b(?!\.js|_modules)|节点", re.IGNORECASE)
_DISK_WORDS = lazy_compile(r"\b(?:files?|director(?:y|ies)|folders?|disks?|filesystem)\b|文件|目录|磁盘", re.IGNORECASE)
# The names of such a path that say nothing of what it is a path of (`path`, `src_path`, `new_parent`... of a node).
_NODE_PATH_NAME = frozenset({"path", "paths", "src", "dst", "source", "destination", "target", "node", "parent", "from",
                             "to", "new", "old"})


def _node_tool(ctx: Context) -> bool:
    """Whether the tool's description speaks of nodes and of no file, directory or disk (once per tool)."""
    tool = ctx.tool

    def search() -> bool:
        text = tool.description if tool is not None and isinstance(tool.description, str) else ""
        return bool(text) and _NODES.search(text) is not None and _DISK_WORDS.search(text) is None

    return bool(ctx.cached(("node-tool", id(tool)), search))


# "Path to the PDF file or URL", "URL or local path": a URL is one choice, and the path the other is on the disk.
_PATH_OR_URL = r"\bpath\s+(?:to\s+(?:an?\s+|the\s+)?[\w.-]+(?:\s+file)?\s+)?or\s+(?:an?\s+)?url\b|\burl\s+or\s+(?:an?\s+)?(?:file\s+)?path\b|" \
    r"路径或\s*url|url\s*或\s*(?:本地)?(?:文件)?路径"


# The parameter's own words put the path on the machine the server runs on ("a video file on the user's machine",
# "本地文件", "ローカルパス"): what the tool says elsewhere of URLs, buckets or hosts is about its other inputs.
_LOCAL = lazy_compile(r"\blocal\s+(?:file|path|director|folder|disk|filesystem|file\s+system)|\bon\s+(?:the\s+)?"
                      r"(?:user'?s|your|this|local|host)\s+(?:machine|computer|disk|filesystem|file\s+system)\b|"
                      r"\bon\s+disk\b|本地|ローカル|" + _PATH_OR_URL)


# Name tokens of a place the tool saves what it fetched (`saveDir`, `download_path`): on the agent's disk even in a
# tool whose other inputs are URLs or a bucket.
_SAVED_LOCALLY = frozenset({"save", "download", "downloads"})
# The same said in the parameter's words: "Directory to save downloaded files", "where to save", 下载到.
_SAVED_HERE = lazy_compile(r"\bdownloaded\b|\b(?:directory|folder|dir)\s+to\s+(?:save|store)\b|\bwhere\s+to\s+(?:save|store)\b|"
                           r"保存到|下载到|保存目录|下载目录")


# "File path to search for in conversation history": the path is a term the tool looks up, not a file it opens.
_SEARCH_TERM = lazy_compile(r"\b(?:search|look)\s+for\s+in\b|(?:历史|记录|日志)(?:中|里)(?:搜索|查找)")


# A parameter naming a container by its id (`workspace_id`, `bucket_id`, `repoId`): the tool's paths are inside it.
_CONTAINERS = frozenset({"workspace", "project", "bucket", "repo", "repository", "drive", "space", "vault", "dataset",
                         "container", "volume", "share", "site", "notebook", "collection"})


def _named_container(ctx: Context) -> str | None:
    """The container (`workspace`) whose id the tool takes, its paths being inside it (once per tool)."""
    tool = ctx.tool

    def search() -> str | None:
        properties = tool.schema.get("properties") if tool is not None and isinstance(tool.schema, dict) else None
        for name in properties if isinstance(properties, dict) else ():
            tokens = name_tokens(name) if isinstance(name, str) else ()
            if len(tokens) >= 2 and tokens[-1] == "id" and tokens[-2] in _CONTAINERS:
                return tokens[-2]
        return None

    found = ctx.cached(("named-container", id(tool)), search)
    return found if isinstance(found, str) else None


def _beside_a_repository(node: SchemaNode) -> bool:
    """Whether a sibling property inside an object names a repository (`source: {repoURL, path}`): the path is in
    it. Not at the top level, where `clone(repo_url, target_dir)` takes a directory on the disk."""
    parent = node.parent
    siblings = parent.schema.get("properties") if parent is not None and not parent.is_root else None
    return isinstance(siblings, dict) and any(
        isinstance(name, str) and name != node.name and not {"repo", "repository"}.isdisjoint(name_tokens(name))
        for name in siblings)


# A file's text beside its path: `files: [{path, content}]` sends the file itself, and the path only names it.
_CONTENT_NAMES = frozenset({"content", "contents", "text", "body", "data"})


# Verbs of a tool that puts the files it is sent on a disk: `write_files(files: [{path, content}])`.
_WRITING = frozenset({"write", "save", "create", "put", "upload", "edit", "apply", "update", "patch", "batch",
                      "execute", "run", "store", "sync", "copy", "move"})


def _beside_its_content(node: SchemaNode, ctx: Context) -> bool:
    """Whether the path sits in an array's item object beside the file's content (`files[].{path, content}`) of a
    tool that reads what it is sent (`analyze_for_redesign`): the call carries the file, so nothing is read from a
    disk at that path. Not at the top level, where `write_file(path, content)` writes the content to the disk, nor
    in a tool that writes or runs what it is sent."""
    parent = node.parent
    if parent is None or parent.is_root or parent.via != "items":
        return False
    siblings = parent.schema.get("properties")
    return isinstance(siblings, dict) and not _CONTENT_NAMES.isdisjoint(siblings) and ctx.tool is not None and \
        _WRITING.isdisjoint(name_tokens(ctx.tool.name or ""))


def _role_path(node: SchemaNode, ctx: Context) -> bool:
    """`source`/`destination` of a tool that moves, copies or renames files."""
    tool = ctx.tool
    if tool is None or not node.name or not tool.name:
        return False
    tokens = name_tokens(node.name)
    return len(tokens) == 1 and tokens[0] in _ROLE_NAMES and \
        not _FILE_MOVERS.isdisjoint(name_tokens(tool.name)) and \
        bool({"file", "files", "path", "paths", "dir", "directory", "folder"} & set(name_tokens(tool.name)) or
             _FILE_WORDS.search(tool.description if isinstance(tool.description, str) else ""))


_FILE_WORDS = lazy_compile(r"\b(?:files?|director(?:y|ies)|folders?|paths?)\b|文件|目录", re.IGNORECASE)


# `key_path`, `cert_file`, `identity_file`: the key a client reads from its own disk, also when it connects to a
# remote host (an SSH or TLS tool's other paths are on that host; its key is not).
_KEY_FILE_MODIFIERS = frozenset({"key", "cert", "certificate", "identity", "keyfile", "pem"})


_CONNECTION_TOKENS = frozenset({"ssh", "sftp", "ftp", "remote"})
# What makes a `key_path` a file and not a path of keys in a document: "private key file", "PEM", 密钥文件.
_KEY_FILE_WORDS = lazy_compile(r"\b(?:files?|pem|\.pem|id_rsa|id_ed25519)\b|文件", re.IGNORECASE)


def _key_file(tokens: tuple[str, ...]) -> bool:
    return len(tokens) > 1 and tokens[-1] in ("path", "file", "filepath") and \
        not _KEY_FILE_MODIFIERS.isdisjoint(tokens[:-1])


# The `format`s pydantic gives `pathlib.Path`, `FilePath` and `DirectoryPath`: a path on the server's own disk.
_PATH_FORMATS = frozenset({"path", "file-path", "directory-path"})


def _path_format(schema: dict) -> bool:
    """Whether the schema, or one branch of its `anyOf` (`Path | None`), is typed as a local path."""
    declared = schema.get("format")
    if declared is not None:
        return declared in _PATH_FORMATS
    branches = schema.get("anyOf")
    return branches is not None and isinstance(branches, list) and \
        any(isinstance(b, dict) and b.get("format") in _PATH_FORMATS for b in branches)


# A description that opens by calling the parameter a directory or a path on the disk: `extract_to`, "Directory
# to extract to"; `out`, "Path where the report is written"; `dest`, "保存文件的目录". Not under a name that says
# the path is elsewhere (`node_path`, "Path to the node": the rule's `not-path-modifiers`).
# Chinese puts the noun last: a first clause that ends in it calls the parameter one too ("已存在的Word文档路径", the
# path of an existing Word document), when it is a directory or a file's path ("精确层级路径", a design's hierarchy
# path, is none).
_PATH_OPENING = lazy_compile(r"(?:the\s+|an?\s+)?(?:(?:local|output|target|destination|working)\s+)?(?:directory|folder|"
                             r"(?:file\s*)?path)\s+(?:to|of|where|in|for|into|under)\b|(?:本地|输出|目标)?(?:目录|文件夹|文件路径)[:：]?|"
                             r"[^，。；,;:：\n()（）]{0,24}?(?:(?:文件|文档|磁盘|本地|\.[A-Za-z0-9]{1,6}\s*)路径|目录|文件夹)(?=\s*(?:$|[，。；,;(（.]))",
                             re.IGNORECASE)


def _described_as_a_path(node: SchemaNode, ctx: Context) -> bool:
    """Whether a property's own description, or else its docstring entry (`Args:`), opens by calling it a directory
    or a path."""
    text = node.schema.get("description")
    if not isinstance(text, str):
        described = ctx.tool.description if ctx.tool is not None else None
        # (an entry holds the name: the tool's documentation view is built only for a description that does)
        text = entry_text(node, ctx) if isinstance(described, str) and node.name and node.name in described else ""
    head = text[:40]  # (substring tests first: a regex call on every description costs 1% of a run)
    return ("ath" in head or "irector" in head or "older" in head or "目录" in head or "文件夹" in head
            or "路径" in head) and _PATH_OPENING.match(text) is not None


# Weak names that hold the content when a sibling holds the file: "Pass `path` alone, or with `source`".
_INLINE_NAMES = frozenset({("source",), ("src",), ("input",)})
# The words before `path` in a sibling that names the input file (`file_path`, `input_path`), not the output.
_INPUT_WORDS = frozenset({"file", "input", "source", "src"})


def _beside_a_path(node: SchemaNode, lex: RelativePathOptions) -> bool:
    """Whether a property beside this one is the file it would be read from, by its name alone (`path`,
    `file_path`; not `output_path`, beside which `source` is the input file)."""
    siblings = node.parent.schema.get("properties") if node.parent is not None else None
    if not isinstance(siblings, dict):
        return False
    for other in siblings:
        named = lex.names_seen[other] if isinstance(other, str) and other != node.name else None
        if named is not None and named[1] == "strong" and _INPUT_WORDS.issuperset(named[0][:-1]):
            return True
    return False


@check("relative-path", "schema", properties_only=True)
def relative_path(node: SchemaNode, ctx: Context) -> None:
    lex: RelativePathOptions = ctx.options
    named = lex.names_seen[node.name or ""]
    typed = ("format" in node.schema or "anyOf" in node.schema) and _path_format(node.schema)
    if named is None:
        if typed or node.name and node.name.lower() in _ROLE_NAMES and _role_path(node, ctx):
            named = (name_tokens(node.name or ""), "strong")
        elif _described_as_a_path(node, ctx) and lex.not_modifiers.isdisjoint(name_tokens(node.name or "")):
            named = (name_tokens(node.name or ""), "weak")
        else:
            return  # most properties: no path by name, type or description, and no `source`/`destination` either
    kind = "strong" if typed else named[1]
    if kind == "weak" and _role_path(node, ctx):
        kind = "strong"  # the `source` of a move: a path by its role, whatever the description says
    elif kind == "weak" and named[0][-1:] in _INLINE_NAMES and _beside_a_path(node, lex):
        return  # `source` beside `path`: the text itself, or the file that holds it
    schema = node.schema
    items = None
    plain = plain_type(node)
    if plain is not None and plain != "array":  # a plain property is its own parameter view
        if plain != "string":
            return
        text = plain_description(schema)
    else:
        found = string_param(node, ctx)
        if found is None:
            return
        param, merged = found
        schema, text = param.schema if merged is None else merged, param.description
        items = None if merged is None else param.item()
    if "enum" in schema or "const" in schema or schema.get("format") in ("uri", "uri-reference", "iri", "url"):
        return
    if items is not None and isinstance(items.get("description"), str):
        text = f"{text}\n{items['description']}"
    pattern = schema.get("pattern")
    if isinstance(pattern, str) and (_ABSOLUTE_PATTERN.match(pattern) or _RELATIVE_PATTERN.match(pattern)):
        return  # an absolute `^/`, or relative only on purpose (`^(?!/)`): the author chose it
    default = schema.get("default")
    if default == "":
        default = None  # `path: str = ""`: "not given", no default to report
    elif isinstance(default, str) and (not _RELATIVE_DEFAULT.fullmatch(default) or default.lower() in _NO_FILE_DEFAULTS):
        return  # an absolute default, a JSONPath or a template
    if "|" in text and _NAME_CHOICE.fullmatch(text):
        return  # `directory`: "colors | kinds | countries": a choice among named things, no path
    text = with_docs(text, node, ctx)  # what the docstring's `Args:` entry and the description say of it
    key_file = _key_file(named[0]) and _KEY_FILE_WORDS.search(text) is not None
    if kind == "weak" and not key_file and (lex.path_word_matcher is None or lex.path_word_matcher.search(text) is None):
        return
    low = fold_case(text)
    cwd_relative = _CWD_RELATIVE.search(low) is not None
    if not cwd_relative and (_RELATIVE_EXAMPLE.search(low) or _DOTTED_EXAMPLE.search(text)):
        return  # "e.g. \"root/Player\"", "like dist": the tool resolves it against its own base; "game.Workspace"
    siblings = node.parent.schema.get("properties") if node.parent is not None else None
    if isinstance(siblings, dict) and "op" in siblings and node.name == "path":
        return  # a JSON Patch operation
    if names_other_tool(text, ctx):
        return  # "use list_artifacts to see available paths"
    if _ABSOLUTE_EXAMPLE.search(text) or _PRODUCED.search(low) or _absolute_examples(schema):
        return  # "e.g. '/var/log/app'" or `"examples": ["/path/to/app"]` shows an absolute path; "from the plan
        # tool's output" is handed over
    if _CODE_EXPRESSION.search(low) or _SEARCH_TERM.search(low):
        return  # a Java or Python value, or a path searched for in what the tool has recorded
    if cwd_relative:
        if not _manages_working_directory(ctx):  # with a `cd` tool the agent sets that directory itself
            _report(node, items is not None, text, ctx, cwd=True)
        return
    tool_text = _tool_text(ctx)
    if lex.absolute is not None and lex.absolute.search(text):
        if lex.relative is None or not lex.relative.search(text) or _ANCHORED.search(low):
            return
    elif lex.relative is not None and lex.relative.search(text):
        return  # relative by design ("the relative path to the doc page"); the base is the tool's business
    if _ANCHORED.search(low) or (_names_a_remote_place(text, lex) and not _LOCAL.search(low)) or \
            (not typed and not key_file and _off_disk_tool(ctx, lex) and not _LOCAL.search(low)
             and _SAVED_LOCALLY.isdisjoint(named[0]) and not _SAVED_HERE.search(low)):
        return  # the tool's paths are in a repository, a bucket, on an SSH host, a NAS volume, an API endpoint
    if not typed and _NODE_PATH_NAME.issuperset(named[0]) and _node_tool(ctx) and _DISK_WORDS.search(text) is None:
        return  # the `path` of "Get children of a node" ("*path* is used as node_id"): a node's place, not a file's
    if _IN_CONTAINER.search(low) and not _LOCAL.search(low):
        return  # "Mount path inside the container": the container's file system, not the agent's
    remote_tokens = _REMOTE_TOKENS - _CONNECTION_TOKENS if key_file else _REMOTE_TOKENS  # `ssh_key_path` is local
    if _OFF_DISK.search(low) or (not typed and not remote_tokens.isdisjoint(named[0])):
        return  # a path on an SSH host, a NAS volume, an API endpoint: not the agent's file system
    if not typed and not _LOCAL.search(low) and (_beside_a_repository(node) or _beside_its_content(node, ctx)):
        return  # `source: {repoURL, path}` (Argo CD): in the repository; `files: [{path, content}]`: the file is sent
    if not typed and not _LOCAL.search(low):
        container = _named_container(ctx)
        if container is not None and (container in named[0] or not _LOCAL.search(fold_case(tool_text))):
            return  # `workspace_id` beside `path`: a path inside that workspace, on the server's side
    if lex.relative is not None and lex.relative.search(tool_text):
        if (lex.absolute is None or not lex.absolute.search(tool_text)) and _says_paths_relative(tool_text, lex):
            return  # the tool says its paths are relative (to its sandbox, its root): by design
        if lex.absolute is not None and lex.absolute.search(tool_text) and _MUST_BE_ABSOLUTE.search(fold_case(tool_text)):
            return  # "Every path must ... be ABSOLUTE — a relative path resolves against ...": required, and why
    elif lex.absolute is not None and lex.absolute.search(tool_text):
        return  # "All paths must be absolute" for the whole tool
    # Last, as they look at every tool of the file (once per file, but only for files that get this far):
    if _manages_working_directory(ctx) or _code_language_set(ctx) or _anchored_tool(ctx):
        return  # a shell-like set whose `cd` makes relative paths its design, or values in Java/JavaScript code
    _report(node, items is not None, text, ctx, default=default if isinstance(default, str) else None)


# A requirement of absolute paths in a text that also speaks of relative ones ("Every path must exist on THIS
# filesystem and be ABSOLUTE"), where "absolute or relative" is none.
_MUST_BE_ABSOLUTE = lazy_compile(r"\bmust\b[^.;\n]{0,40}\babsolute\b|必须[^。；\n]{0,20}(?:绝对|絕對)")


def _says_paths_relative(text: str, lex: RelativePathOptions) -> bool:
    """Whether a sentence of the tool's text that says "relative" speaks of paths too ("Paths are relative to the
    vault"): "Relative references shift as in Excel" is about the cells a tool copies, not its `path`."""
    if lex.relative is None or lex.path_word_matcher is None:
        return True
    return any(lex.relative.search(sentence) and lex.path_word_matcher.search(sentence)
               for sentence in SENTENCE_BREAK.split(text))


def _tool_text(ctx: Context) -> str:
    """The tool's description without its `Returns:` section, where it says nothing of its inputs (once per tool)."""
    tool = ctx.tool
    if tool is None or not isinstance(tool.description, str):
        return ""
    found: str = ctx.cached(("tool-text", id(tool)), lambda: without_results(tool.description))
    return found


def _absolute_words(text: str) -> str:
    """"absolute path" in the language of the parameter's text: Japanese, Chinese (for any other CJK text), or
    English."""
    language = cjk_language(text)
    if language is None:
        return "\"absolute path\""
    return "\"絶対パス\"" if language == "ja" else "\"绝对路径\""


def _report(node: SchemaNode, many: bool, text: str, ctx: Context, cwd: bool = False,
            default: str | None = None) -> None:
    what = "paths" if many else "a path"
    label = shown(node_label(node))
    if default is not None:
        message = f"`{label}` defaults to the relative path `{shown(default, 40)}`, resolved against the server's " \
                  "working directory, which the agent cannot see"
    else:
        message = f"`{label}` takes {what} " + \
            ("relative to the server's working directory, which the agent cannot see" if cwd
             else "but does not require an absolute one")
    ctx.report(node.pointer, message,
               key=True, help="say " + _absolute_words(text) + " in the description, with an example "
                              "(`/home/me/report.pdf`); a `\"pattern\": \"^/\"` fits only a server that runs on one "
                              "system (`~/` and `C:\\` paths fail it)",
               note="a relative path breaks once the agent changes directory")
