# The objects the checkpoint tests save and expect back, built the same way
# under tc and under PyTorch: torch_save_load.py, tests/ckpt/tc_writes.py,
# tests/ckpt/torch_reads_tc_test.py and scripts/gen_ckpt_data.py import it.
# Values come from arange, not an RNG, so every machine builds the same.
import collections

import torch
import torch.nn as nn


def sequential():
    """Linear(3, 4), ReLU, Linear(4, 2) with fixed weights."""
    model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
    with torch.no_grad():
        for i, p in enumerate(model.parameters()):
            p.copy_(torch.arange(p.numel(), dtype=torch.float32).reshape(p.shape) * 0.25 - i)
    return model


def mixed():
    """Every dtype tc has, views of one storage, containers and scalars."""
    base = torch.arange(24, dtype=torch.float64).reshape(4, 6) / 7
    return {
        'f32': torch.arange(6, dtype=torch.float32) / 3,
        'f16': (torch.arange(5, dtype=torch.float32) / 3).half(),
        'bf16': (torch.arange(5, dtype=torch.float32) / 3).bfloat16(),
        'i64': torch.tensor([-(2**40), 0, 2**40]),
        'i32': torch.tensor([-7, 7], dtype=torch.int32),
        'i16': torch.tensor([-300, 300], dtype=torch.int16),
        'i8': torch.tensor([-128, 127], dtype=torch.int8),
        'u8': torch.tensor([0, 255], dtype=torch.uint8),
        'bool': torch.tensor([True, False, True]),
        'scalar': torch.tensor(2.5),
        'empty': torch.zeros(0, 3),
        'base': base,
        'view': base[1:3, ::2],
        'row': base[2],
        'expanded': torch.tensor([1.0, 2.0]).expand(3, 2),
        'param': nn.Parameter(torch.ones(2)),
        'list': [1, 2.5, 'three', None, True, (4, 5)],
        'ordered': collections.OrderedDict([('b', 1), ('a', torch.arange(3))]),
        'big': 2**70,
    }
