"""A loopback OpenAI-compatible chat server for tests: records every request, answers with scripted text.

    server = LoopbackLLM().start()
    litellm.completion(model="openai/test", api_base=server.url, api_key="sk-test", messages=[...])
    server.requests[-1]["messages"]   # what reached "the provider"

Replies come from `server.replies` (a queue of strings) when it is not empty, else from `server.responder`
(a function of the request body; the default echoes the last user message). `server.fail_next(n, status)`
makes the next n requests fail. Streaming requests get SSE chunks.
"""

from __future__ import annotations

import json
import sys
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def echo(body: dict) -> str:
    users = [m for m in body.get("messages", []) if m.get("role") == "user"]
    content = users[-1]["content"] if users else ""
    if isinstance(content, list):
        content = " ".join(p.get("text", "") for p in content if isinstance(p, dict))
    return f"ECHO: {content}"


class LoopbackLLM:
    def __init__(self, responder: Callable[[dict], str] = echo):
        self.responder = responder
        self.replies: list[str] = []
        self.requests: list[dict] = []
        self.headers: list[dict] = []
        self._failures: list[int] = []
        self._lock = threading.Lock()
        self.delay_seconds = 0.0
        self._server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        assert self._server is not None
        return f"http://127.0.0.1:{self._server.server_port}/v1"

    def fail_next(self, count: int = 1, status: int = 503) -> None:
        with self._lock:
            self._failures.extend([status] * count)

    def start(self) -> LoopbackLLM:
        owner = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:  # keep test output quiet
                pass

            def do_GET(self) -> None:
                self._send_json(200, {"object": "list", "data": [{"id": "test", "object": "model"}]})

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                with owner._lock:
                    owner.requests.append(body)
                    owner.headers.append(dict(self.headers))
                    status = owner._failures.pop(0) if owner._failures else None
                    text = owner.replies.pop(0) if owner.replies else None
                if owner.delay_seconds:
                    time.sleep(owner.delay_seconds)
                if status is not None:
                    self._send_json(status, {"error": {"message": "loopback failure", "type": "server_error"}})
                    return
                if text is None:
                    text = owner.responder(body)
                if body.get("stream"):
                    self._send_stream(text, body.get("model", "test"))
                else:
                    self._send_json(200, _completion(text, body.get("model", "test")))

            def _send_json(self, status: int, payload: dict) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _send_stream(self, text: str, model: str) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Connection", "close")
                self.end_headers()
                words = text.split(" ")
                for i, word in enumerate(words):
                    piece = word if i == len(words) - 1 else word + " "
                    chunk = {"id": "chatcmpl-loop", "object": "chat.completion.chunk", "created": int(time.time()),
                             "model": model, "choices": [{"index": 0, "delta": {"content": piece}, "finish_reason": None}]}
                    self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
                done = {"id": "chatcmpl-loop", "object": "chat.completion.chunk", "created": int(time.time()),
                        "model": model, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}
                self.wfile.write(f"data: {json.dumps(done)}\n\ndata: [DONE]\n\n".encode())
                self.wfile.flush()
                self.close_connection = True

        self._server = _QuietServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()

    def reset(self) -> None:
        with self._lock:
            self.requests.clear()
            self.headers.clear()
            self.replies.clear()
            self._failures.clear()
        self.responder = echo
        self.delay_seconds = 0.0


class _QuietServer(ThreadingHTTPServer):
    """A client that hangs up mid-stream (a test of timeouts and retries) is expected here: the default
    handle_error prints its BrokenPipeError traceback to stderr, into whatever test is capturing it then.

    The listen backlog is socketserver's 5 by default: with 200 requests arriving at once (benchmarks/
    load_sessions.py), the kernel dropped the connections past it and the clients' SYN retries backed off for
    minutes, which read as proxy timeouts."""

    request_queue_size = 1024

    def handle_error(self, request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def _completion(text: str, model: str) -> dict:
    return {
        "id": "chatcmpl-loop",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 10, "completion_tokens": max(1, len(text.split())), "total_tokens": 10 + len(text.split())},
    }
