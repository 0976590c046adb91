"""False-finding classes read on holdout 14 (2026-12-06). values-only-in-prose: "Supported formats: zip, tar" in the
text of a path, the formats of the file there, not the path's values. secret-parameter: the root password of a
machine a tool sets up or recreates ("If not provided, random password will be generated"), the tool's data. Each
stays quiet where the text settles it and still fires where it does not, in English and Chinese."""

from __future__ import annotations

import pytest
from helpers import fires
from helpers import mcp_tool as _tool


@pytest.mark.parametrize("name, text", [
    ("archivePath", "Absolute path to the website archive file. Supported formats: zip, tar, tar.gz, tgz."),
    ("archive_path", "网站压缩包的绝对路径。Supported formats: zip, tar, tgz"),
    ("upload_file", "The file to upload. Accepted types: pdf, docx, txt"),
])
def test_the_formats_of_a_file_are_no_values_of_its_path(name, text):
    assert not fires("values-only-in-prose", _tool("deploy_site", "Deploy a website from an archive.",
                                                   {name: {"type": "string", "description": text}}))


@pytest.mark.parametrize("name, text", [
    ("format", "Archive format. Supported formats: zip, tar, tgz"),
    ("archive_format", "压缩包格式。Supported formats: zip, tar, tgz"),
    ("file_type", "The file's type. Accepted types: pdf, docx, txt"),
])
def test_a_plural_that_names_the_parameter_lists_its_values(name, text):
    assert fires("values-only-in-prose", _tool("deploy_site", "Deploy a website from an archive.",
                                               {name: {"type": "string", "description": text}}))


@pytest.mark.parametrize("tool, text", [
    ("VPS_setupPurchasedVirtualMachineV1", "Password for the virtual machine. If not provided, random password will "
                                           "be generated."),
    ("VPS_recreateVirtualMachineV1", "Root password for the virtual machine."),
    ("hosting_installWordPressV1", "password parameter"),
    ("reinstall_server", "服务器的 root 密码，不填则随机生成"),
])
def test_the_password_of_a_machine_being_set_up_is_its_data(tool, text):
    assert not fires("secret-parameter", _tool(tool, "Set up a machine.",
                                               {"password": {"type": "string", "description": text}}))


@pytest.mark.parametrize("tool, text", [("VPS_getMetricsV1", "Password of the panel, used to log in."),
                                        ("query_database", "数据库密码，用于连接")])
def test_a_password_a_tool_logs_in_with_still_fires(tool, text):
    assert fires("secret-parameter", _tool(tool, "Read a machine's metrics.",
                                           {"password": {"type": "string", "description": text}}))
