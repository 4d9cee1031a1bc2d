#!/usr/bin/env python3
"""Runs issue12_timing.py under tc-run and under PyTorch (the reference env)
in one go and prints each row's time and the ratio tc / PyTorch (below 1: tc
is faster): the convolutions, batch_norm and max_pool, causal SDPA, softmax
and layer_norm, the LSTM and the GPT-style and ResNet-style zoo forwards of
issue 12. Both use their default thread counts; run on an idle machine.

    benches/compare_issue12_with_torch.py [--tc-run build/bins/tc-run/tc-run]
"""
import compare_norms_with_torch


if __name__ == "__main__":
    compare_norms_with_torch.compare("issue12_timing.py", __doc__.split("\n\n")[0])
