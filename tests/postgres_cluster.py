"""A throwaway PostgreSQL for the postgres tier: ``initdb`` in a temporary folder, the
server on a free port of 127.0.0.1 with its socket in that folder, stopped and removed at
the end. As root (CI, a container) it runs as an unprivileged user, ``postgres`` (Debian's
package makes it) or else ``nobody``: PostgreSQL refuses to run as root.

:func:`start` answers a running cluster, or a sentence saying why none could be started
(the tier is then skipped with it)."""
from __future__ import annotations

import glob
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

#: how long the cluster may take to start or stop (seconds)
PATIENCE = 60.0


def binaries() -> Path | None:
    """The folder of ``initdb`` and ``postgres``: on PATH, else Debian's newest version."""
    found = shutil.which("initdb")
    if found:
        return Path(os.path.realpath(found)).parent
    def version(path: str) -> int:
        name = Path(path).parent.parent.name
        return int(name) if name.isdigit() else 0

    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=version)
    return Path(versions[-1]).parent if versions else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    def __init__(self, bindir: Path, folder: Path, as_user: dict[str, Any]) -> None:
        self.bindir, self.folder, self.as_user = bindir, folder, as_user
        self.port = 0
        self.proc: subprocess.Popen[bytes] | None = None

    def url(self, name: str = "postgres") -> str:
        return f"postgresql://gauss@127.0.0.1:{self.port}/{name}"

    def database(self, name: str) -> str:
        """A new, empty database: its URL."""
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as db:
            db.execute(f'DROP DATABASE IF EXISTS "{name}"')
            db.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        self.halt()
        shutil.rmtree(self.folder, ignore_errors=True)

    def halt(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)  # the fast shutdown
            try:
                self.proc.wait(PATIENCE)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(PATIENCE)


def start() -> Cluster | str:
    try:
        import psycopg  # noqa: F401
    except ImportError as exc:
        return f"psycopg cannot be imported ({exc}): pip install 'psycopg>=3.1' (and libpq5)"
    bindir = binaries()
    if bindir is None:
        return ("PostgreSQL is not installed (no initdb on PATH or in /usr/lib/postgresql): "
                "apt install postgresql")
    as_user: dict[str, Any] = {}
    if os.geteuid() == 0:
        import pwd

        for name in ("postgres", "nobody"):
            try:
                entry = pwd.getpwnam(name)
            except KeyError:
                continue
            as_user = {"user": entry.pw_uid, "group": entry.pw_gid, "extra_groups": []}
            break
        else:
            return "running as root, and no unprivileged user (postgres, nobody) to run PostgreSQL as"
    # (as another user: in /tmp, which that user can reach, whatever $TMPDIR says)
    folder = Path(tempfile.mkdtemp(prefix="gauss-arcade-pg-", dir="/tmp" if as_user else None))
    folder.chmod(0o700)
    if as_user:
        os.chown(folder, as_user["user"], as_user["group"])
    cluster = Cluster(bindir, folder, as_user)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
    env.update(LC_ALL="C", LANG="C")
    made = subprocess.run([str(bindir / "initdb"), "-D", str(folder / "data"), "-U", "gauss", "--auth=trust",
                           "-E", "UTF8", "--locale=C", "--no-sync"], cwd=folder, env=env, capture_output=True,
                          text=True, timeout=PATIENCE, **as_user)
    if made.returncode != 0:
        shutil.rmtree(folder, ignore_errors=True)
        last = (made.stderr.strip().splitlines() or ["?"])[-1]
        return f"initdb failed: {last}"
    for _attempt in range(3):  # a port taken between finding it free and binding it: another
        cluster.port = free_port()
        log = open(folder / "postgres.log", "ab")  # noqa: SIM115 - kept open for the server's life
        cluster.proc = subprocess.Popen(
            [str(bindir / "postgres"), "-D", str(folder / "data"), "-p", str(cluster.port), "-h", "127.0.0.1",
             "-k", str(folder), "-c", "fsync=off", "-c", "max_connections=60", "-c", "shared_buffers=16MB"],
            cwd=folder, env=env, stdout=log, stderr=subprocess.STDOUT, **as_user)
        log.close()
        if ready(cluster):
            return cluster
        cluster.halt()
    tail = (folder / "postgres.log").read_text(errors="replace").strip().splitlines()[-1:] if (
        folder / "postgres.log").exists() else []
    shutil.rmtree(folder, ignore_errors=True)
    return f"PostgreSQL did not start: {' '.join(tail) or 'no log'}"


def ready(cluster: Cluster) -> bool:
    import psycopg

    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        if cluster.proc is None or cluster.proc.poll() is not None:
            return False
        try:
            with psycopg.connect(cluster.url(), connect_timeout=2):
                return True
        except psycopg.OperationalError:
            time.sleep(0.1)
    return False
