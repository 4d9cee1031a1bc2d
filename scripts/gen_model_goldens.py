#!/usr/bin/env python3
"""Writes the goldens of the model zoo (tests/scripts/models/) from real
CPython + PyTorch.

Usage (from anywhere; the scripts always run from the repository root):

    python3 scripts/gen_model_goldens.py              # all models
    python3 scripts/gen_model_goldens.py zoo_gpt      # some (names or paths)
    python3 scripts/gen_model_goldens.py --check      # verify, write nothing

Each model script builds its model after torch.manual_seed(0), runs a forward
pass eagerly and again through torch.compile (PyTorch's default backend,
Inductor), and prints statistics and values at full precision. The machinery
is scripts/gen_script_goldens.py with the compile corpus' environment
(scripts/gen_compile_goldens.py: no Dynamo log lines, no profile carried
between runs, a fresh Inductor cache per generator run).
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_compile_goldens  # noqa: E402
import gen_script_goldens  # noqa: E402

CORPUS_REL = os.path.join("tests", "scripts", "models")


def main():
    with tempfile.TemporaryDirectory(prefix="tc-model-goldens-") as cache_dir:
        return gen_script_goldens.main(corpus_rel=CORPUS_REL,
                                       env_extra=gen_compile_goldens.compile_env(cache_dir),
                                       prog="gen_model_goldens",
                                       description=__doc__.split("\n\n")[0])


if __name__ == "__main__":
    sys.exit(main())
