"""Holdout 43's false and debatable findings and one of its misses, fixed after it was measured (a tuning set from
then on, 2026-12-07). values-only-in-prose:
- a parameter whose text opens by calling it JSON text ("JSON string with company attributes") takes no `enum`: the
  values its text lists are those of a key inside it;
- a labelled list may hold codes joined by an underscore whatever their case ("Purpose: job_application, tenancy,
  SACCO_membership, NGO_programme").
undocumented-identifier: an attachment's MIME Content-ID is the sender's to name.
Also from the pooled misses of holdouts 35 to 43 (relative-path: a path to a repository, a Chinese clause ending in a
file's path; values-only-in-prose: a labelled list holding the default), and holdout 44's false finding (an entry cut
mid-list)."""

from __future__ import annotations

import pytest
from helpers import fires, helps, mcp_tool

_JSON_ENTRY = "Score a prospect.\n\n    Args:\n        company_id: HubSpot company ID.\n        company_data: {entry}\n    "


@pytest.mark.parametrize("entry", [
    'JSON string with company attributes. Example keys: industry, stage ("lead"/"customer"/"churned").',
    "A JSON object of filters: status one of open, closed, pending.",
    "JSON 字符串，包含公司字段：阶段可选值：lead、customer、churned",
])
def test_the_values_of_a_key_inside_json_text_are_no_enum_of_it(entry):
    text = mcp_tool("score_prospect", _JSON_ENTRY.format(entry=entry),
                    {"company_id": {"type": "string"}, "company_data": {"type": "string"}})
    assert not fires("values-only-in-prose", text)


@pytest.mark.parametrize("entry", [
    'Stage of the company: "lead", "customer" or "churned".',
    "公司阶段，可选值：lead、customer、churned",
    'Output format: one of json, csv or xml. A JSON string is returned for "json".',  # JSON named later: still a set
])
def test_values_of_the_parameter_itself_are_still_reported(entry):
    text = mcp_tool("score_prospect", _JSON_ENTRY.format(entry=entry),
                    {"company_id": {"type": "string"}, "company_data": {"type": "string"}})
    assert fires("values-only-in-prose", text)


@pytest.mark.parametrize("description", [
    "Purpose: job_application, loan_application, tenancy, SACCO_membership, NGO_programme",
    "申请用途。\nPurpose: job_application, loan_application, SACCO_membership or NGO_programme",
    "Tier: FREE_plan, Pro_plan, Enterprise_plan",
])
def test_a_labelled_list_of_underscored_codes_is_the_set(description):
    text = mcp_tool("generate_reference", "Generate a reference statement.",
                    {"reference_purpose": {"type": "string", "description": description}} if "Purpose" in description
                    else {"tier": {"type": "string", "description": description}})
    assert fires("values-only-in-prose", text)


@pytest.mark.parametrize("description", [
    "Purpose, e.g.: job_application, loan_application, SACCO_membership",
    "Purpose: job_application, loan_application, SACCO_membership, etc.",
    "用途，例如：job_application, loan_application, SACCO_membership 等",
])
def test_examples_of_underscored_codes_are_not_the_set(description):
    text = mcp_tool("generate_reference", "Generate a reference statement.",
                    {"reference_purpose": {"type": "string", "description": description}})
    assert not fires("values-only-in-prose", text)


# undocumented-identifier: an attachment's MIME Content-ID is named by the sender (holdout 43, judged debatable three
# times); other ids of an attachment, and a content id fetched from somewhere, are still ids.
def _send_email(attachment: dict, description: str = "Send an email with attachments.") -> str:
    return mcp_tool("send_email", description, {
        "To": {"type": "string", "description": "Recipient address"},
        "Attachments": {"type": "array", "items": {"type": "object", "properties": attachment}}})


@pytest.mark.parametrize("name", ["ContentID", "content_id", "cid"])
def test_a_content_id_the_sender_names_is_not_reported(name):
    assert not fires("undocumented-identifier",
                     _send_email({"Name": {"type": "string"}, name: {"type": "string"}}))
    assert not fires("undocumented-identifier",
                     _send_email({name: {"type": "string"}}, "发送带附件的邮件。"))


@pytest.mark.parametrize("name", ["FileID", "attachment_id"])
def test_other_ids_of_an_attachment_are_still_reported(name):
    assert fires("undocumented-identifier", _send_email({name: {"type": "string"}}))
    assert fires("undocumented-identifier", _send_email({name: {"type": "string"}}, "发送带附件的邮件。"))


# relative-path: a path *to* a repository is where a clone lies on the disk (`repo_path`, "Path to the git repo");
# a path inside one, or to a hosted one, is not; an absolute example in `examples` shows the form.
@pytest.mark.parametrize("name, description", [
    ("repo_path", "Path to the git repo (default: current directory)."),
    ("repo_path", "Path to your project's git repository. Defaults to current working directory."),
    ("path", "Path to the target repository or directory to analyze (optional)."),
    ("repo_root", "本地 git 仓库根目录"),
])
def test_a_path_to_a_local_repository_is_a_path(name, description):
    text = mcp_tool("scan_repo", "Scan a codebase for dead code.", {name: {"type": "string", "description": description}})
    assert fires("relative-path", text)


@pytest.mark.parametrize("name, description, extra", [
    ("repo_path", "Path to the GitHub repository, as owner/name.", {}),
    ("path", "File path within the repository.", {}),
    ("path", "仓库内的文件路径", {}),
    ("repo_root", "Optional app repo root for the doctor check", {"examples": ["/path/to/my-app"]}),
    ("project_dir", "项目目录", {"examples": ["C:\\work\\app", "~/app"]}),
])
def test_a_path_inside_a_repository_or_shown_absolute_is_left_alone(name, description, extra):
    text = mcp_tool("read_file", "Read a file.", {name: {"type": "string", "description": description, **extra}})
    assert not fires("relative-path", text)


# relative-path: Chinese puts the noun last, so a first clause that ends in a file's path or a directory calls the
# parameter one ("已存在的Word文档路径"); a hierarchy or node path is no file's.
_WORD_TOOL = "【向已存在文档添加标题】向现有Word文档添加标题\n\n参数：\n- {name}: {entry}\n- text: 标题文本\n"


@pytest.mark.parametrize("name, entry", [
    ("filename", "已存在的Word文档路径"),
    ("template", "模板 .docx 路径（可选，传空字符串则不使用）"),
    ("wcfg", "显式 wcfg 磁盘路径；缺省自动解析"),
    ("out", "报告保存目录"),
])
def test_a_chinese_clause_ending_in_a_files_path_is_a_path(name, entry):
    text = mcp_tool("add_heading", _WORD_TOOL.format(name=name, entry=entry),
                    {name: {"type": "string"}, "text": {"type": "string"}})
    assert fires("relative-path", text)


@pytest.mark.parametrize("name, entry", [
    ("signals", "最多 32 个精确层级路径，如 top.data"),
    ("node", "场景节点路径"),
    ("target", "Hierarchy path of the signal, e.g. top.data"),
])
def test_a_hierarchy_or_node_path_is_no_files(name, entry):
    text = mcp_tool("add_heading", _WORD_TOOL.format(name=name, entry=entry),
                    {name: {"type": "string"}, "text": {"type": "string"}})
    assert not fires("relative-path", text)


# values-only-in-prose: a labelled list holding the parameter's default is its set whatever the label says ("Research
# depth: ..." of `preset`, default `medium`); a list the text lets take a prefix ("Prefix with - for descending")
# is not the whole set.
@pytest.mark.parametrize("name, description, default", [
    ("preset", "Research depth: fast, low, medium, high, xhigh, wide-research. Deeper takes longer.", "medium"),
    ("suggested_action", "What you suggest the human does: update, archive, delete or review.", "review"),
    ("preset", "Depth 研究深度: fast, low, medium, high", "low"),
])
def test_a_labelled_list_holding_the_default_is_the_set(name, description, default):
    text = mcp_tool("research", "Run a research query.",
                    {name: {"type": "string", "description": description, "default": default}})
    assert fires("values-only-in-prose", text)


@pytest.mark.parametrize("name, description, default", [
    ("preset", "Research depth: fast, low, medium, high, xhigh, wide-research. Deeper takes longer.", "auto"),
    ("preset", "Depth 研究深度: fast, low, medium, high", "auto"),
])
def test_a_labelled_list_without_the_default_is_not_the_set(name, description, default):
    text = mcp_tool("research", "Run a research query.",
                    {name: {"type": "string", "description": description, "default": default}})
    assert not fires("values-only-in-prose", text)


@pytest.mark.parametrize("entry", ['Sort field: name, created, modified, size. Prefix with "-" for descending.',
                                   "Sort field: name, created, size; prefixed by - it sorts descending."])
def test_values_the_text_lets_take_a_prefix_are_not_the_whole_set(entry):
    text = mcp_tool("list_files", f"List files.\n\n    Args:\n        sort: {entry}\n    ",
                    {"sort": {"type": "string", "default": "name"}})
    assert not fires("values-only-in-prose", text)


# values-only-in-prose (holdout 44, judged false: the enum it advised dropped a documented mode): an `Args:` entry
# whose text ends on a joiner goes on past what was read as its text, so its values are only some of the set; a
# named line that does so is read on to its next lines, at its own indent too, and its whole list is reported.
@pytest.mark.parametrize("entry", [
    'mode: "horizontal" (mirror across x), "vertical" (across y),\n    or "both" (4-way symmetry).',
    "mode: 可选 horizontal、vertical、\n    或 both",
])
def test_a_named_line_cut_mid_list_is_read_whole(entry):
    text = mcp_tool("draw", f"Plot pixels with their mirror image.\n\n    {entry}\n    ",
                    {"mode": {"type": "string", "default": "horizontal"}})
    advised = helps("values-only-in-prose", text)
    assert advised and '"both"' in advised[0]


@pytest.mark.parametrize("entry", [
    'mode: "horizontal" (mirror across x), "vertical" (across y),',
    "mode: 可选 horizontal、vertical、",
])
def test_an_entry_cut_mid_list_lists_only_some_values(entry):
    description = f"Plot pixels with their mirror image.\n\n    Args:\n        {entry}\n\n    Returns the image.\n    "
    text = mcp_tool("draw", description, {"mode": {"type": "string", "default": "horizontal"}})
    assert not fires("values-only-in-prose", text)


@pytest.mark.parametrize("entry", [
    'mode: "horizontal" (mirror across x), "vertical" (across y) or "both" (4-way symmetry).',
    "mode: 可选 horizontal、vertical、both",
])
def test_a_whole_entry_still_lists_the_set(entry):
    text = mcp_tool("draw", f"Plot pixels with their mirror image.\n\n    {entry}\n    ",
                    {"mode": {"type": "string", "default": "horizontal"}})
    assert fires("values-only-in-prose", text)


# The documentation view: a `name: text` line with no section header above it goes on to the lines below it indented
# deeper when it ends on a joiner (holdout 41's `synth_type`, whose last two synths stood on the next line); a line
# that ends a sentence still ends the entry.
@pytest.mark.parametrize("description, expected", [
    ("Create a synth track.\n\nsynth_type: 'vaporisateur' (subtractive, default), 'nano' (simple),\n"
     "            'soundfont' (SF2 player), 'apparat' (FM synth).\nname: Display name.\n",
     "'vaporisateur' (subtractive, default), 'nano' (simple), 'soundfont' (SF2 player), 'apparat' (FM synth)."),
    ("创建合成器音轨。\n\nsynth_type: 可选 vaporisateur、nano、\n    soundfont、apparat\nname: 名称\n",
     "可选 vaporisateur、nano、 soundfont、apparat"),
    ("Create a synth track.\n\nsynth_type: the synth to use.\n            Call list_synths first.\nname: Display name.\n",
     "the synth to use."),
])
def test_a_named_line_ending_on_a_joiner_goes_on_below(description, expected):
    from toollint.linter.docview import parse

    docs = parse(description, ("synth_type", "name"))
    assert docs.entries["synth_type"].text == expected
    assert docs.entries["name"].text in ("Display name.", "名称")


def test_the_whole_list_below_a_named_line_is_reported():
    description = ("Create a synth track.\n\nsynth_type: 'vaporisateur' (subtractive, default), 'nano' (simple),\n"
                   "            'soundfont' (SF2 player), 'apparat' (FM synth).\n")
    text = mcp_tool("create_synth_track", description, {"synth_type": {"type": "string", "default": "vaporisateur"}})
    found = helps("values-only-in-prose", text)
    assert found and '"apparat"' in found[0]


# secret-parameter (holdout 45, judged false twice): a key-derivation tool's password is what the key is derived
# from, the tool's data; a tool that signs in with one still asks for a secret.
@pytest.mark.parametrize("tool_name, description", [
    ("pbkdf2_derive", "Derive a key from a password with PBKDF2-HMAC-SHA256."),
    ("scrypt_derive", "Derive a key from a password with scrypt."),
    ("argon2_hash", "用 Argon2 对密码做哈希。"),
])
def test_a_key_derivation_tools_password_is_its_data(tool_name, description):
    text = mcp_tool(tool_name, description, {"password": {"type": "string", "description": "The password"},
                                             "salt": {"type": "string"}})
    assert not fires("secret-parameter", text)


@pytest.mark.parametrize("tool_name, description", [
    ("fetch_report", "Fetch the monthly report from the billing portal."),
    ("获取报表", "从计费门户获取月度报表。"),
])
def test_a_tool_that_signs_in_with_a_password_still_asks_for_a_secret(tool_name, description):
    text = mcp_tool(tool_name, description, {"password": {"type": "string", "description": "Portal password"},
                                             "month": {"type": "string"}})
    assert fires("secret-parameter", text)
