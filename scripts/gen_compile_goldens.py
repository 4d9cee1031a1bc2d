#!/usr/bin/env python3
"""Writes the goldens of the compile script corpus (tests/scripts/compile/) from
real CPython + PyTorch.

Usage (from anywhere; the scripts always run from the repository root):

    python3 scripts/gen_compile_goldens.py                    # all scripts
    python3 scripts/gen_compile_goldens.py explain_toy_negative_b   # some (names or paths)
    python3 scripts/gen_compile_goldens.py --check            # verify, write nothing

The machinery is scripts/gen_script_goldens.py (same files written: NAME.out,
and NAME.err/NAME.rc for err_* scripts; same contract: a script not named err_*
exits 0 with an empty stderr; --check re-runs and compares byte for byte). Only
the corpus directory and a few environment variables differ. On top of the
eager corpus' fixed environment every run gets:

    TORCH_LOGS=-dynamo,-torch torch._dynamo's logging-module warnings (the
                              `Graph break from Tensor.item()` hint, the
                              `hit config.recompile_limit (8)` warning) and the
                              rest of torch's (Inductor's C++ build warns that
                              this CUDA-less machine has a CUDA toolkit) are
                              silenced: they carry timestamps and pids that no
                              implementation can reproduce. tc prints no such
                              log lines by default either.
    TORCH_DYNAMO_AUTOMATIC_DYNAMIC_LOCAL_PGO=0
                              no profile carried from one run to the next (a
                              second run must behave like the first).
    TORCHINDUCTOR_CACHE_DIR   a fresh empty directory per generator run, so
                              no cache left by an earlier run is seen.
    TORCHDYNAMO_VERBOSE=0     short exception texts.

Python warnings are ignored (`-W ignore`) as for the eager corpus.
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_script_goldens  # noqa: E402

CORPUS_REL = os.path.join("tests", "scripts", "compile")


def compile_env(cache_dir):
    return {
        "TORCH_LOGS": "-dynamo,-torch",
        "TORCH_DYNAMO_AUTOMATIC_DYNAMIC_LOCAL_PGO": "0",
        "TORCHINDUCTOR_CACHE_DIR": cache_dir,
        "TORCHDYNAMO_VERBOSE": "0",
    }


def main():
    with tempfile.TemporaryDirectory(prefix="tc-compile-goldens-") as cache_dir:
        return gen_script_goldens.main(corpus_rel=CORPUS_REL, env_extra=compile_env(cache_dir),
                                       prog="gen_compile_goldens",
                                       description=__doc__.split("\n\n")[0])


if __name__ == "__main__":
    sys.exit(main())
