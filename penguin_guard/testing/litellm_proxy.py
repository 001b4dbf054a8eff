"""Run a real LiteLLM proxy (`litellm --config ...`) on 127.0.0.1 for end-to-end tests and benchmarks.

    with start_proxy(config_path, env={"PENGUIN_UPSTREAM_API_BASE": server.url}) as proxy:
        client = openai.OpenAI(base_url=proxy.base_url, api_key=proxy.master_key)

`start_proxy` picks a free port, sets a random master key (the proxy refuses well-known ones), keeps LiteLLM
offline (local cost map), waits for `/health/liveliness`, and on failure raises with the tail of the proxy's
log. Pass the same `master_key` to proxies that must share guard sessions (through Redis): the guardrail scopes
session ids to the caller's team or API key.
The test suite's `litellm_proxy` fixture (tests/conftest.py) wraps `start_proxy` and stops what it started.
"""

from __future__ import annotations

import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

LITELLM_BIN = Path(sys.executable).with_name("litellm")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class ProxyProcess:
    """A running proxy. `url` is the server root; `base_url` is what an OpenAI client wants."""

    url: str
    master_key: str
    process: subprocess.Popen
    log_path: Path
    env: dict[str, str] = field(repr=False, default_factory=dict)

    @property
    def base_url(self) -> str:
        return f"{self.url}/v1"

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    def alive(self) -> bool:
        return self.process.poll() is None

    def stop(self, timeout: float = 10.0) -> None:
        if not self.alive():
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout)

    def __enter__(self) -> ProxyProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/health/liveliness", timeout=2) as response:
            return response.status == 200
    except (urllib.error.URLError, OSError):
        return False


def start_proxy(
    config_path: str | Path,
    *,
    env: Mapping[str, str] | None = None,
    port: int | None = None,
    timeout: float = 90.0,
    extra_args: tuple[str, ...] = (),
    log_dir: str | Path | None = None,
    master_key: str | None = None,
) -> ProxyProcess:
    """Start `litellm --config config_path` and return once it answers its liveness probe."""
    if not LITELLM_BIN.exists():
        raise FileNotFoundError(f"{LITELLM_BIN} not found: install the [proxy] extra into this environment")
    port = port or free_port()
    master_key = master_key or "sk-" + secrets.token_hex(24)
    full_env = {
        **os.environ,
        "LITELLM_MASTER_KEY": master_key,
        "LITELLM_LOCAL_MODEL_COST_MAP": "True",
        "NEMO_GUARDRAILS_NO_USAGE_STATS": "1",
        "DISABLE_ADMIN_UI": "True",
        "PYTHONUNBUFFERED": "1",
        **(env or {}),
    }
    full_env.pop("DATABASE_URL", None)  # the proxy needs no database; never pick up a developer's
    log_file = tempfile.NamedTemporaryFile(  # noqa: SIM115 - kept open for the child's lifetime
        prefix=f"litellm-proxy-{port}-", suffix=".log", dir=log_dir, delete=False
    )
    command = [str(LITELLM_BIN), "--config", str(config_path), "--host", "127.0.0.1", "--port", str(port),
               *extra_args]
    process = subprocess.Popen(command, env=full_env, stdout=log_file, stderr=subprocess.STDOUT,
                               cwd=str(Path(config_path).resolve().parent))
    log_file.close()
    proxy = ProxyProcess(url=f"http://127.0.0.1:{port}", master_key=master_key, process=process,
                         log_path=Path(log_file.name), env=full_env)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not proxy.alive():
            raise RuntimeError(f"litellm proxy exited with {process.returncode}:\n{proxy.log_tail()}")
        if _healthy(proxy.url):
            return proxy
        time.sleep(0.25)
    proxy.stop()
    raise TimeoutError(f"litellm proxy not healthy after {timeout:.0f} s:\n{proxy.log_tail()}")
