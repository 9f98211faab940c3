"""The files an operator copies to run the server (docs/deploy/): the systemd unit starts the
server with options it has (a renamed option would fail at every boot), is a unit systemd
reads without a complaint where systemd-analyze is here, and the proxies pass the
WebSocket's upgrade to every port the unit's instances listen on."""
from __future__ import annotations

import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from game.server import cli

DEPLOY = Path(__file__).resolve().parent.parent / "docs" / "deploy"
UNIT = DEPLOY / "gauss-arcade-server@.service"
PORTS = ["8741", "8742", "8743", "8744"]


def unit_lines() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for line in UNIT.read_text().splitlines():
        if line and not line.startswith("#") and "=" in line and not line.startswith("["):
            key, value = line.split("=", 1)
            out.setdefault(key, []).append(value)
    return out


def test_the_unit_starts_the_server_with_options_it_has():
    found = unit_lines()
    command = shlex.split(found["ExecStart"][0].replace("%i", "8741"))
    assert command[0].endswith("/gauss-arcade-server")
    args = cli.parser().parse_args(command[1:])  # an option it lacks: SystemExit
    assert args.port == 8741 and args.host == "127.0.0.1" and args.keep_days == 365
    database = found["Environment"][0].split("=", 1)[1]
    assert found["Environment"][0].startswith("GAUSS_ARCADE_DATABASE=") and database.startswith("postgresql://")
    assert ":" not in database.split("//", 1)[1].split("@")[0], "no password in the unit"
    assert found["KillSignal"] == ["SIGTERM"] and found["Restart"] == ["on-failure"]


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not here")
def test_systemd_reads_the_unit_without_a_complaint(tmp_path):
    executable = tmp_path / "gauss-arcade-server"
    executable.write_text("#!/bin/sh\n")
    executable.chmod(0o755)
    unit = tmp_path / "gauss-arcade-server@.service"
    shipped = "/opt/gauss-arcade/.venv/bin/gauss-arcade-server"
    unit.write_text(UNIT.read_text().replace(shipped, str(executable)))
    done = subprocess.run(["systemd-analyze", "verify", str(tmp_path / "gauss-arcade-server@8741.service")],
                          capture_output=True, text=True, timeout=60)
    complaints = [line for line in (done.stdout + done.stderr).splitlines()
                  if "gauss-arcade-server@" in line]  # (not the host's own units' complaints)
    assert complaints == [], complaints


def test_the_proxies_pass_websocket_upgrades_to_every_instance():
    nginx = (DEPLOY / "nginx.conf").read_text()
    assert re.findall(r"server 127\.0\.0\.1:(\d+);", nginx) == PORTS
    for needed in ("proxy_http_version 1.1;", "proxy_set_header Upgrade $http_upgrade;",
                   "proxy_set_header Connection $connection_upgrade;", "proxy_pass http://gauss_arcade;"):
        assert needed in nginx, needed
    timeout = int(re.search(r"proxy_read_timeout (\d+)s;", nginx).group(1))
    from game.online import client

    assert timeout > client.SILENT_SECONDS  # a quiet game is never cut by the proxy
    caddy = (DEPLOY / "Caddyfile").read_text()
    assert re.findall(r"127\.0\.0\.1:(\d+)", caddy) == PORTS
    assert nginx.count("{") == nginx.count("}") and caddy.count("{") == caddy.count("}")
