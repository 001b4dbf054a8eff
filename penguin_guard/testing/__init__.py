"""Test helpers for code that runs the guard: a fake provider and a real LiteLLM proxy, both on 127.0.0.1.

The test suite and the benchmarks share these (neither imports the other), and an integrator can use them too:

    from penguin_guard.testing import LoopbackLLM, start_proxy

    server = LoopbackLLM().start()     # an OpenAI-compatible chat server that records requests
    with start_proxy("config.yaml", env={"PENGUIN_UPSTREAM_API_BASE": server.url}) as proxy:
        ...                            # proxy.base_url, proxy.master_key

Nothing here is imported by the guard itself; `start_proxy` needs the [proxy] extra.
"""

from penguin_guard.testing.litellm_proxy import ProxyProcess, free_port, start_proxy
from penguin_guard.testing.loopback import LoopbackLLM, echo

__all__ = ["LoopbackLLM", "ProxyProcess", "echo", "free_port", "start_proxy"]
