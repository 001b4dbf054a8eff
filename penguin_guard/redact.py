"""Keeping conversation text out of logs.

The guard itself logs decisions (actions, domains, attribute *names*), never values. Its upstream calls are a
different matter: at DEBUG, LiteLLM logs whole request and response bodies ("POST Request Sent ...", the
logging payload), and so does the OpenAI SDK it uses ("Request options: ..."). Those bodies carry the
enrichment message, i.e. the user's answers. `install()` (run by every Guard) adds a filter to those loggers
that replaces every message text field (`content`, `text`, `prompt`, `input`, ...) in a record with
"[redacted]" before any handler sees it, at every level. Model names, parameters, timings and errors stay.

Not covered, by design: `litellm.set_verbose = True` / `litellm._turn_on_debug()`-style print-to-stdout
debugging, which bypasses logging entirely; do not enable it where real users talk to the guard.
"""

from __future__ import annotations

import logging
import re

REDACTED = "[redacted]"

# Loggers that may render request/response bodies. Filters on a logger do not apply to its children, so the
# SDK's module loggers are named one by one.
THIRD_PARTY_LOGGERS = (
    "LiteLLM", "LiteLLM Router", "LiteLLM Proxy", "litellm",
    "openai", "openai._base_client", "openai.agents",
    "httpx", "httpcore", "httpcore.http11", "httpcore.connection",
    "nemoguardrails", "langchain_core", "langgraph",
)

_FIELDS = r"(?:content|text|prompt|input|system_message|original_request|reasoning_content|user_message|query)"
# 'content': '...'  /  "content": "..."  (Python repr and JSON; any backslash-escapes inside)
_QUOTED = re.compile(r"(?P<key>(?P<kq>['\"])" + _FIELDS + r"(?P=kq)\s*:\s*)(?P<q>['\"])(?:\\.|(?!(?P=q)|\\).)*(?P=q)", re.DOTALL)
# \"content\": \"...\"  (JSON embedded in a string, e.g. a curl command line)
_ESCAPED = re.compile(r'(?P<key>\\"' + _FIELDS + r'\\"\s*:\s*)\\"(?:\\\\\\\\|\\\\\\"|\\\\[^\\"]|[^\\])*\\"', re.DOTALL)
# content='...'  (keyword repr of pydantic / dataclass objects such as Message(content='...'))
_KWARG = re.compile(r"(?P<key>\b" + _FIELDS + r"=)(?P<q>['\"])(?:\\.|(?!(?P=q)|\\).)*(?P=q)", re.DOTALL)

# Free-form debug lines that end with a message text (LiteLLM's token counter).
_TRAILING = re.compile(r"(?P<key>text in token_counter: ).+", re.DOTALL)


def redact_text(text: str) -> str:
    """`text` with the values of message-text fields replaced by [redacted]."""
    text = _TRAILING.sub(lambda m: f"{m['key']}{REDACTED}", text)
    text = _QUOTED.sub(lambda m: f"{m['key']}{m['q']}{REDACTED}{m['q']}", text)
    text = _ESCAPED.sub(lambda m: f'{m["key"]}\\"{REDACTED}\\"', text)
    return _KWARG.sub(lambda m: f"{m['key']}{m['q']}{REDACTED}{m['q']}", text)


class RedactBodies(logging.Filter):
    """Rewrites a record's rendered message with message texts redacted. Never drops a record."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            rendered = record.getMessage()
        except Exception:  # a malformed record: leave it to the handler's own error path
            return True
        cleaned = redact_text(rendered)
        if cleaned != rendered:
            record.msg, record.args = cleaned, None
        return True


def install(logger_names: tuple[str, ...] = THIRD_PARTY_LOGGERS) -> None:
    """Add the filter to each named logger once (idempotent; safe to call from every Guard)."""
    for name in logger_names:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactBodies) for f in logger.filters):
            logger.addFilter(RedactBodies())
