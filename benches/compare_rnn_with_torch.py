#!/usr/bin/env python3
"""Runs rnn_timing.py under tc-run and under PyTorch (the reference env) in
one go and prints each case's time and the ratio tc / PyTorch (below 1: tc
is faster): nn.LSTM and nn.GRU forward, 2 layers, input 256, hidden 256,
64 steps, batch 32, float32. Both use their default thread counts; run on
an idle machine.

    benches/compare_rnn_with_torch.py [--tc-run build/bins/tc-run/tc-run]
"""
import compare_norms_with_torch


if __name__ == "__main__":
    compare_norms_with_torch.compare("rnn_timing.py", __doc__.split("\n\n")[0])
