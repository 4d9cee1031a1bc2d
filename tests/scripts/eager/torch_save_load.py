# torch.save / torch.load: checkpoints PyTorch 2.15 wrote (made by
# scripts/gen_ckpt_data.py) load with every dtype, view, shared storage and
# container; what this script saves loads back the same, including a
# model's state_dict (with _metadata) into a fresh model; bad files give
# clear errors. Float values print at full precision: loading copies bytes.
import io
import os
import tempfile
import zipfile

import _ckpt_recipe
import torch
import torch.nn as nn

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), '_ckpt_data')


def describe(name, v):
    if isinstance(v, torch.Tensor):
        print(name, type(v).__name__, v.dtype, tuple(v.shape), v.stride(), v.storage_offset(),
              v.requires_grad, v.tolist())
    else:
        print(name, type(v).__name__, repr(v))


def check_sequential(sd):
    print(type(sd).__name__, list(sd.keys()))
    print('metadata', sd._metadata)
    model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
    print(model.load_state_dict(sd))
    x = torch.arange(6, dtype=torch.float32).reshape(2, 3) / 5
    print(model(x).tolist())
    for k, v in sd.items():
        describe(k, v)


def check_mixed(obj):
    for k in obj:
        describe(k, obj[k])
    # The views share their base's storage again: writing the base shows.
    obj['base'][2, 0] = 100.0
    print(obj['view'][1, 0].item(), obj['row'][0].item())


# 1. Files torch wrote.
check_sequential(torch.load(os.path.join(DATA, 'torch_sequential.pt')))
check_mixed(torch.load(os.path.join(DATA, 'torch_mixed.pt'), weights_only=True))
with open(os.path.join(DATA, 'torch_mixed.pt'), 'rb') as f:
    print(sorted(torch.load(f, map_location='cpu').keys()))

# 2. Round trips of what this script saves.
model = _ckpt_recipe.sequential()
mixed = _ckpt_recipe.mixed()
with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, 'model.v2.pt')
    torch.save(model.state_dict(), path)
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        print(names)
        offsets = [z.getinfo(n).header_offset for n in names]
    with open(path, 'rb') as f:
        raw = f.read()
    # Every record's payload starts at a multiple of 64.
    for n, off in zip(names, offsets):
        name_len = int.from_bytes(raw[off + 26:off + 28], 'little')
        extra_len = int.from_bytes(raw[off + 28:off + 30], 'little')
        print(n, (off + 30 + name_len + extra_len) % 64)
    check_sequential(torch.load(path))
    path2 = os.path.join(d, 'mixed')
    torch.save(mixed, path2)
    with zipfile.ZipFile(path2) as z:
        print(z.namelist())
    check_mixed(torch.load(path2))

buf = io.BytesIO()
torch.save([torch.tensor([1, 2]), 'x', (None, 3.5)], buf)
print(zipfile.ZipFile(io.BytesIO(buf.getvalue())).namelist()[0])
buf.seek(0)
print(torch.load(buf))

# 3. Errors.
with tempfile.TemporaryDirectory() as d:
    legacy = os.path.join(d, 'legacy.pt')
    with open(legacy, 'wb') as f:
        f.write(b'\x80\x02\x8a\x0a\x6c\xfc\x9c\x46\xf9\x20\x6a\xa8\x50\x19' + b'\x00' * 20)
    bad = os.path.join(d, 'bad.pt')
    with open(bad, 'wb') as f:
        f.write(b'PK\x03\x04 truncated')
    print(os.path.exists(legacy), os.path.exists(bad))
    for p in [bad]:
        try:
            torch.load(p)
        except Exception as e:
            print(type(e).__name__, str(e).replace(d, '<dir>').split(':')[0])
    evil = io.BytesIO()
    with zipfile.ZipFile(evil, 'w') as z:
        z.writestr('archive/data.pkl', b'\x80\x02cbuiltins\nprint\nq\x00.')
        z.writestr('archive/version', b'3\n')
    evil.seek(0)
    try:
        torch.load(evil)
    except Exception as e:
        print(type(e).__name__, str(e).split('\n')[-3])
