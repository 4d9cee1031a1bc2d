"""How every golden generator in scripts/ finds its reference Python (CPython
3.11 + torch 2.15.0 + NumPy 2.x): it asks scripts/reference-env, which makes
the virtual environment once and prints its python. No generator names a
machine path.

A generator that imports torch itself calls run_under_reference_python()
before `import torch`: when started by any other interpreter (`python3
scripts/gen_x.py`), it re-executes itself under the reference one, so both
`scripts/gen_x.py` and `"$(scripts/reference-env)" scripts/gen_x.py` work.
A generator that runs scripts in a child process uses reference_python()
and PINNED_ENV.

PyTorch picks its CPU kernels by the machine's instruction set (AVX-512,
AVX2, ...), and some ops' last bits differ between them; the generators pin
ATEN_CPU_CAPABILITY=avx2, which every development and CI machine has, so
goldens do not depend on the machine that made them.
"""
import os
import subprocess
import sys

_SCRIPTS = os.path.dirname(os.path.abspath(__file__))

# The environment every reference run gets on top of its own.
PINNED_ENV = {"ATEN_CPU_CAPABILITY": "avx2"}


def reference_python():
    """The path of the reference environment's python (made if needed)."""
    out = subprocess.run([os.path.join(_SCRIPTS, "reference-env")], check=True,
                         stdout=subprocess.PIPE, text=True).stdout
    return out.strip().splitlines()[-1]


def _venv_of(python):
    # A venv's python is a symlink to its base interpreter: compare the venv
    # folders (sys.prefix), not the resolved executables.
    return os.path.realpath(os.path.dirname(os.path.dirname(python)))


def run_under_reference_python():
    """Re-executes the running script under the reference python unless it
    already runs there."""
    os.environ.update(PINNED_ENV)  # read when torch is imported
    python = reference_python()
    if os.path.realpath(sys.prefix) != _venv_of(python):
        os.execv(python, [python] + sys.argv)
