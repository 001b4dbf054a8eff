# `make demo` and `make test` work on a fresh machine: they create .venv and install everything first.
VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip
# llama.cpp built with default flags segfaults on some x86 CPUs at the first token; these flags are portable.
LLAMA_CMAKE_ARGS ?= -DGGML_NATIVE=OFF -DGGML_AVX512=OFF -DGGML_AMX_INT8=OFF -DGGML_OPENMP=OFF
PYTEST_ARGS ?=
# The tested versions of every dependency (pyproject.toml declares ranges; this pins what CI installs).
CONSTRAINTS ?= constraints.txt

.PHONY: install demo test test-fast lint clean

$(VENV)/.installed: pyproject.toml $(CONSTRAINTS)
	python3 -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip
	# CPU torch first (on these machines a local wheel; elsewhere add --index-url https://download.pytorch.org/whl/cpu)
	$(PIP) install --quiet -c $(CONSTRAINTS) "torch==2.13.0"
	@echo ">>> Building llama-cpp-python from source with portable flags: this compiles for several minutes."
	# --no-cache-dir: a wheel cached from a default-flags build would be reused otherwise; --verbose shows the compile
	CMAKE_ARGS="$(LLAMA_CMAKE_ARGS)" $(PIP) install --verbose --no-cache-dir -c $(CONSTRAINTS) "llama-cpp-python==0.3.36"
	$(PIP) install --quiet -c $(CONSTRAINTS) -e '.[all,local]' --group dev
	touch $@

install: $(VENV)/.installed

demo: install
	$(VENV)/bin/penguin-guard demo

test: install
	$(PY) -m pytest $(PYTEST_ARGS)

test-fast: install
	$(PY) -m pytest -m "not slow" $(PYTEST_ARGS)

lint: install
	$(VENV)/bin/ruff check penguin_guard tests scripts benchmarks
	# Types of penguin_guard/ ([tool.mypy] in pyproject.toml; ~25 s cold, a few seconds with .mypy_cache)
	$(VENV)/bin/mypy

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache
