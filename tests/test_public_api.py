"""What a user imports: everything public comes from `penguin_guard`, and the package says it is typed."""

import subprocess
import sys
from importlib import resources

import penguin_guard


def test_every_public_name_imports_from_the_package():
    from penguin_guard import Guard, InvalidMessagesError, SessionStore, StoreUnavailable, decision_of

    assert Guard.__module__ == "penguin_guard.guard" and decision_of.__name__ == "decision_of"
    assert issubclass(InvalidMessagesError, ValueError) and issubclass(StoreUnavailable, RuntimeError)
    assert SessionStore.__name__ == "SessionStore"
    missing = [name for name in penguin_guard.__all__ if not hasattr(penguin_guard, name)]
    assert missing == []


def test_importing_the_package_stays_light():
    code = "import sys, penguin_guard; print(sorted({'litellm', 'penguin_guard.guard', 'numpy'} & set(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_package_ships_py_typed():
    assert resources.files("penguin_guard").joinpath("py.typed").is_file()
