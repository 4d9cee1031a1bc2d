# Run by torch_reads_tc_test.py under tc-run: saves checkpoints into the
# folder argv[1] for the reference torch to load (and one legacy-format
# and one non-checkpoint file for tc's own error texts).
import collections
import os
import sys

import torch
import torch.nn as nn

out = sys.argv[1]
model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
with torch.no_grad():
    for i, p in enumerate(model.parameters()):
        p.copy_(torch.arange(p.numel(), dtype=torch.float32).reshape(p.shape) * 0.25 - i)
torch.save(model.state_dict(), os.path.join(out, 'sequential.pt'))
base = torch.arange(24, dtype=torch.float64).reshape(4, 6) / 7
torch.save({
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
}, os.path.join(out, 'mixed.pt'))
for name, head in [('legacy.pt', b'\x80\x02\x8a\x0a\x6c\xfc\x9c\x46\xf9\x20\x6a\xa8\x50\x19'),
                   ('text.pt', b'hello, not a checkpoint')]:
    path = os.path.join(out, name)
    with open(path, 'wb') as f:
        f.write(head + b'\x00' * 16)
    try:
        torch.load(path)
    except RuntimeError as e:
        print(str(e).replace(out, '<out>'))
