"""Test doubles shared across the suite (tests/ is on sys.path, see conftest.py)."""

from __future__ import annotations


class DownStore:
    """A session store that is unreachable: every call raises, as a dead Redis or a locked database would."""

    def load(self, session_id):
        raise ConnectionError("store down")

    def save(self, state, expected_version):
        raise ConnectionError("store down")

    def forget(self, session_id):
        raise ConnectionError("store down")

    def close(self):
        pass
