#!/usr/bin/env python3
"""Writes the goldens of the training corpus (tests/scripts/train/) from real
CPython + PyTorch.

Usage (from anywhere; the scripts always run from the repository root):

    python3 scripts/gen_train_goldens.py              # all scripts
    python3 scripts/gen_train_goldens.py train_gpt    # some (names or paths)
    python3 scripts/gen_train_goldens.py --check      # verify, write nothing

Each script trains a zoo model for a few steps with SGD and AdamW, eagerly,
under torch.compile with aot_eager and inductor, and with the whole step
compiled (tests/scripts/train/_train_helper.py), printing losses and
parameter checksums. The machinery is scripts/gen_script_goldens.py with the
compile corpus' environment (scripts/gen_compile_goldens.py: no Dynamo log
lines, no profile carried between runs, a fresh Inductor cache per
generator run). Inductor compiles every graph with a C++ compiler, so a
full run takes minutes.
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_compile_goldens  # noqa: E402
import gen_script_goldens  # noqa: E402

CORPUS_REL = os.path.join("tests", "scripts", "train")


def main():
    # Inductor compiles every training graph (forward, backward, optimizer)
    # with a C++ compiler: far longer than one eager script.
    gen_script_goldens.TIMEOUT_S = 1800
    with tempfile.TemporaryDirectory(prefix="tc-train-goldens-") as cache_dir:
        return gen_script_goldens.main(corpus_rel=CORPUS_REL,
                                       env_extra=gen_compile_goldens.compile_env(cache_dir),
                                       prog="gen_train_goldens",
                                       description=__doc__.split("\n\n")[0])


if __name__ == "__main__":
    sys.exit(main())
