"""Writes the torch-made checkpoints that tc's torch.load tests read
(tests/scripts/eager/_ckpt_data/*.pt), with the reference torch 2.15's
torch.save. Values come from arange, not from an RNG, so the files are the
same on every machine. Run: python3 scripts/gen_ckpt_data.py
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reference_python import run_under_reference_python  # noqa: E402

run_under_reference_python()

import collections  # noqa: E402

import torch  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tests', 'scripts', 'eager',
                   '_ckpt_data')


def main():
    os.makedirs(OUT, exist_ok=True)
    # A model's state dict (with _metadata) from fixed weights.
    model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.ReLU(), torch.nn.Linear(4, 2))
    with torch.no_grad():
        for i, p in enumerate(model.parameters()):
            p.copy_(torch.arange(p.numel(), dtype=torch.float32).reshape(p.shape) * 0.25 - i)
    torch.save(model.state_dict(), os.path.join(OUT, 'torch_sequential.pt'))
    # Every dtype tc has, views, a shared storage, containers, scalars.
    base = torch.arange(24, dtype=torch.float64).reshape(4, 6) / 7
    obj = {
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
        'param': torch.nn.Parameter(torch.ones(2)),
        'list': [1, 2.5, 'three', None, True, (4, 5)],
        'ordered': collections.OrderedDict([('b', 1), ('a', torch.arange(3))]),
        'big': 2**70,
    }
    torch.save(obj, os.path.join(OUT, 'torch_mixed.pt'))
    print('wrote', sorted(os.listdir(OUT)))


if __name__ == '__main__':
    main()
