# torch.save and torch.load in PyTorch 2.15's checkpoint format, on
# CPython's own zipfile and pickle (run by tc's VM). The file is a zip
# archive whose records sit in one folder: data.pkl (a protocol-2 pickle of
# the object, each tensor storage a persistent id), then .format_version,
# .storage_alignment, byteorder, one data/<key> record of raw bytes per
# storage (payloads 64-byte aligned), version and .data/serialization_id,
# as PyTorch's writer orders them. Loading with weights_only=True (the
# default) resolves globals only from PyTorch's default allowlist.
# The natives _storage_key, _storage_bytes, _storage_from_bytes and
# _view_storage (torch_serialization.cc) move storage bytes in and out.
import collections
import os
import pickle
import sys
import zipfile

import torch

__all__ = ['save', 'load']

# Legacy dtypes and their storage classes (torch/storage.py), pickled as
# GLOBAL 'torch <Name>Storage'.
_STORAGE_NAMES = [
    ('float64', 'DoubleStorage'), ('float32', 'FloatStorage'), ('float16', 'HalfStorage'),
    ('bfloat16', 'BFloat16Storage'), ('int64', 'LongStorage'), ('int32', 'IntStorage'),
    ('int16', 'ShortStorage'), ('int8', 'CharStorage'), ('uint8', 'ByteStorage'),
    ('bool', 'BoolStorage'),
]


class _StorageBase:
    """What torch.<Name>Storage stands for in a checkpoint: a storage type."""
    dtype = None


def _storage_class(name, dtype):
    cls = type(name, (_StorageBase,), {'dtype': dtype})
    cls.__module__ = 'torch'
    cls.__qualname__ = name
    return cls


_STORAGE_CLASSES = {}
for _dtype_name, _name in _STORAGE_NAMES:
    _cls = _storage_class(_name, getattr(torch, _dtype_name))
    _STORAGE_CLASSES[_cls.dtype] = _cls
    setattr(torch, _name, _cls)
_UNTYPED = _storage_class('UntypedStorage', torch.uint8)
_UNTYPED.__module__ = 'torch.storage'


def _rebuild_tensor_v2(storage, storage_offset, size, stride, requires_grad, backward_hooks,
                       metadata=None):
    t = _view_storage(storage.base, storage.dtype, storage_offset, size, stride)
    if requires_grad:
        t.requires_grad_(True)
    return t


def _rebuild_tensor_v3(storage, storage_offset, size, stride, requires_grad, backward_hooks,
                       dtype, metadata=None):
    t = _view_storage(storage.base, dtype, storage_offset, size, stride)
    if requires_grad:
        t.requires_grad_(True)
    return t


def _rebuild_parameter(data, requires_grad, backward_hooks):
    return torch.nn.Parameter(data, requires_grad)


def _rebuild_parameter_with_state(data, requires_grad, backward_hooks, state):
    param = torch.nn.Parameter(data, requires_grad)
    for k, v in state.items():
        setattr(param, k, v)
    return param


# torch._utils (an empty native module until now) holds the rebuild
# functions pickle names.
import torch._utils as _utils  # noqa: E402

for _fn in (_rebuild_tensor_v2, _rebuild_tensor_v3, _rebuild_parameter,
            _rebuild_parameter_with_state):
    _fn.__module__ = 'torch._utils'
    setattr(_utils, _fn.__name__, _fn)


# --- save -------------------------------------------------------------------

class _StorageRef:
    """One storage while saving: its key, class and element count."""

    def __init__(self, key, cls, numel):
        self.key = key
        self.cls = cls
        self.numel = numel


class _Pickler(pickle.Pickler):
    def __init__(self, file):
        super().__init__(file, protocol=2)
        self.storages = {}  # _storage_key -> (_StorageRef, dtype, tensor)

    def persistent_id(self, obj):
        if isinstance(obj, _StorageRef):
            return ('storage', obj.cls, obj.key, 'cpu', obj.numel)
        return None

    def _storage_of(self, t):
        skey = _storage_key(t)
        found = self.storages.get(skey)
        if found is not None:
            if found[1] != t.dtype:
                raise RuntimeError('Cannot save multiple tensors or storages that view the same '
                                   'data as different types')
            return found[0]
        cls = _STORAGE_CLASSES.get(t.dtype)
        if cls is None:
            raise NotImplementedError(f'torch.save of a {t.dtype} tensor is not supported by tc')
        data = _storage_bytes(t)
        ref = _StorageRef(str(len(self.storages)), cls, len(data) // t.element_size())
        self.storages[skey] = (ref, t.dtype, data)
        return ref

    def reducer_override(self, obj):
        if not isinstance(obj, torch.Tensor):
            return NotImplemented
        if isinstance(obj, torch.nn.Parameter):
            return (_rebuild_parameter,
                    (obj.detach(), obj.requires_grad, collections.OrderedDict()))
        args = (self._storage_of(obj), obj.storage_offset(), tuple(obj.shape), tuple(obj.stride()),
                obj.requires_grad, collections.OrderedDict())
        return (_rebuild_tensor_v2, args)


def _archive_name(f):
    """The archive's folder: the file's name without its last extension for
    an ASCII path (PyTorch's writer), 'archive' otherwise."""
    if isinstance(f, (str, os.PathLike)):
        path = os.fspath(f)
        if path.isascii():
            base = path.replace('\\', '/').rsplit('/', 1)[-1]
            return base.rsplit('.', 1)[0] if '.' in base else base
    return 'archive'


def _write_record(z, root, name, data):
    """One stored record whose payload starts at a multiple of 64, padded by
    an 'FB' extra field of 'Z's as PyTorch's writer pads."""
    info = zipfile.ZipInfo(root + '/' + name, date_time=(1980, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_STORED
    fullname = len(info.filename.encode('utf-8'))
    offset = z.fp.tell()
    pad = -(offset + 30 + fullname + 4) % 64
    info.extra = b'FB' + pad.to_bytes(2, 'little') + b'Z' * pad
    z.writestr(info, data)


def save(obj, f, pickle_module=pickle, pickle_protocol=2, _use_new_zipfile_serialization=True,
         _disable_byteorder_record=False):
    if pickle_protocol != 2 or pickle_module is not pickle:
        raise NotImplementedError('torch.save with another pickle_module or pickle_protocol is '
                                  'not supported by tc')
    if not _use_new_zipfile_serialization:
        raise NotImplementedError('torch.save in the legacy (pre-1.6) format is not supported '
                                  'by tc')
    import io
    buf = io.BytesIO()
    pickler = _Pickler(buf)
    pickler.dump(obj)
    root = _archive_name(f)
    own = isinstance(f, (str, os.PathLike))
    fp = open(f, 'wb') if own else f
    try:
        with zipfile.ZipFile(fp, 'w', compression=zipfile.ZIP_STORED) as z:
            _write_record(z, root, 'data.pkl', buf.getvalue())
            _write_record(z, root, '.format_version', b'1')
            _write_record(z, root, '.storage_alignment', b'64')
            if not _disable_byteorder_record:
                _write_record(z, root, 'byteorder', sys.byteorder.encode('ascii'))
            for ref, _, data in pickler.storages.values():
                _write_record(z, root, 'data/' + ref.key, data)
            _write_record(z, root, 'version', b'3\n')
            _write_record(z, root, '.data/serialization_id', b'0' * 40)
    finally:
        if own:
            fp.close()


# --- load -------------------------------------------------------------------

_LEGACY_MAGIC = b'\x80\x02\x8a\x0a\x6c\xfc\x9c\x46\xf9\x20\x6a\xa8\x50\x19'

# The opcodes PyTorch's weights-only unpickler accepts (protocol 2's).
_WEIGHTS_ONLY_OPCODES = frozenset(
    b'\x80.cR' b'\x81b' b'aes' b'u(t\x85\x86\x87N\x88\x89)]}' b'\x8fJKMGXUQhjqr\x8a')

_UNSAFE = ('This file can still be loaded, to do so you have two options, \x1b[1mdo those steps '
           'only if you trust the source of the checkpoint\x1b[0m. \n\t(1) In PyTorch 2.6, we '
           'changed the default value of the `weights_only` argument in `torch.load` from '
           '`False` to `True`. Re-running `torch.load` with `weights_only` set to `False` will '
           'likely succeed, but it can result in arbitrary code execution. Do it only if you '
           'got the file from a trusted source.\n\t(2) Alternatively, to load with '
           '`weights_only=True` please check the recommended steps in the following error '
           'message.\n\tWeightsUnpickler error: ')
_DOCS = ('\n\nCheck the documentation of torch.load to learn more about types accepted by '
         'default with weights_only https://pytorch.org/docs/stable/generated/torch.load.html.')


def _allowed_global(module, name):
    """The object PyTorch's default weights-only allowlist gives for
    `module.name`, or None."""
    if module == 'collections' and name in ('OrderedDict', 'Counter'):
        return getattr(collections, name)
    if module == 'torch._utils' and hasattr(_utils, name):
        return getattr(_utils, name)
    if module == 'torch':
        if name in ('Size', 'device', 'Tensor'):
            return getattr(torch, name)
        if name.endswith('Storage'):
            for cls in _STORAGE_CLASSES.values():
                if cls.__name__ == name:
                    return cls
        value = getattr(torch, name, None)
        if isinstance(value, torch.dtype):
            return value
    if module == 'torch.storage' and name == 'UntypedStorage':
        return _UNTYPED
    if module == 'torch.nn.parameter' and name == 'Parameter':
        return torch.nn.Parameter
    if module == '_codecs' and name == 'encode':
        import codecs
        return codecs.encode
    if module in ('builtins', '__builtin__') and name in ('set', 'complex', 'bytearray'):
        import builtins
        return getattr(builtins, name)
    return None


class _LoadedStorage:
    def __init__(self, base, dtype):
        self.base = base  # a uint8 tensor over the storage's bytes
        self.dtype = dtype


def _cuda_error():
    return RuntimeError('Attempting to deserialize object on a CUDA device but '
                        'torch.cuda.is_available() is False. If you are running on a CPU-only '
                        'machine, please use torch.load with map_location=torch.device(\'cpu\') '
                        'to map your storages to the CPU.')


def _restore_location(location, map_location):
    if map_location is None:
        where = location
    elif isinstance(map_location, dict):
        where = map_location.get(location, location)
    elif isinstance(map_location, (str, torch.device)):
        where = str(map_location)
    else:
        raise NotImplementedError('torch.load with a callable map_location is not supported by '
                                  'tc')
    if where.startswith('cuda'):
        raise _cuda_error()
    if where != 'cpu':
        raise RuntimeError('don\'t know how to restore data location of '
                           'torch.storage.UntypedStorage (tagged with ' + where + ')')


class _Unpickler(pickle.Unpickler):
    def __init__(self, file, z, root, weights_only, map_location, swap):
        super().__init__(file, encoding='utf-8')
        self.z = z
        self.root = root
        self.weights_only = weights_only
        self.map_location = map_location
        self.swap = swap
        self.loaded = {}

    def find_class(self, module, name):
        found = _allowed_global(module, name)
        if found is not None:
            return found
        if self.weights_only:
            shown = name if module == 'builtins' else module + '.' + name
            raise pickle.UnpicklingError(
                f'Unsupported global: GLOBAL {shown} was not an allowed global by default. '
                f'Please use `torch.serialization.add_safe_globals([{shown}])` or the '
                f'`torch.serialization.safe_globals([{shown}])` context manager to allowlist '
                f'this global if you trust this class/function.')
        return super().find_class(module, name)

    def persistent_load(self, pid):
        if not isinstance(pid, tuple) or not pid or pid[0] != 'storage':
            raise pickle.UnpicklingError(
                f'Only persistent_load of storage is allowed, but got {pid[0]}')
        _, cls, key, location, numel = pid
        _restore_location(location, self.map_location)
        dtype = cls.dtype
        found = self.loaded.get(key)
        if found is None:
            data = self.z.read(self.root + '/data/' + key)
            itemsize = torch.empty(0, dtype=dtype).element_size()
            nbytes = numel if cls is _UNTYPED else numel * itemsize
            if len(data) < nbytes:
                raise RuntimeError(f'storage data/{key} has {len(data)} bytes, expected {nbytes}')
            if self.swap and itemsize > 1:
                data = b''.join(data[i:i + itemsize][::-1] for i in range(0, len(data), itemsize))
            found = _LoadedStorage(_storage_from_bytes(data), dtype)
            self.loaded[key] = found
        return found


def _unsupported_operand(code):
    def refuse(self):
        raise pickle.UnpicklingError(f'Unsupported operand {code}')
    return refuse


# The weights-only unpickler's opcode table: protocol 2's opcodes that
# PyTorch accepts, every other byte refused as PyTorch refuses it.
_WEIGHTS_ONLY_DISPATCH = {
    code: (pickle.Unpickler.dispatch[code] if code in _WEIGHTS_ONLY_OPCODES and
           code in pickle.Unpickler.dispatch else _unsupported_operand(code))
    for code in range(256)}


class _WeightsOnlyUnpickler(_Unpickler):
    dispatch = _WEIGHTS_ONLY_DISPATCH


def _weights_only_error(e):
    return pickle.UnpicklingError('Weights only load failed. ' + _UNSAFE + str(e) + _DOCS)


def load(f, map_location=None, pickle_module=None, *, weights_only=None, mmap=None,
         **pickle_load_args):
    if weights_only is None:
        weights_only = pickle_module is None
    if weights_only and pickle_module is not None:
        raise RuntimeError('Can not safely load weights when explicit pickle_module is '
                           'specified')
    if mmap:
        raise NotImplementedError('torch.load(mmap=True) is not supported by tc')
    own = isinstance(f, (str, os.PathLike))
    name = os.fspath(f) if own else getattr(f, 'name', repr(f))
    fp = open(f, 'rb') if own else f
    try:
        start = fp.tell()
        head = fp.read(len(_LEGACY_MAGIC))
        fp.seek(start)
        if head[:4] != b'PK\x03\x04':
            if head == _LEGACY_MAGIC:
                raise RuntimeError(f'{name}: legacy (pre-1.6) torch.save format is not supported '
                                   f'by tc; re-save it with a current PyTorch (zip format)')
            raise RuntimeError(f'{name} is not a torch.save checkpoint (neither a zip archive nor '
                               f'the legacy format)')
        try:
            z = zipfile.ZipFile(fp)
        except zipfile.BadZipFile as e:
            raise RuntimeError(f'PytorchStreamReader failed reading zip archive: {e} ({name})')
        with z:
            return _load_zip(z, name, map_location, weights_only)
    finally:
        if own:
            fp.close()


def _load_zip(z, name, map_location, weights_only):
    names = z.namelist()
    if not names or '/' not in names[0]:
        raise RuntimeError('file in archive is not in a subdirectory: ' +
                           (names[0] if names else ''))
    root = names[0].split('/', 1)[0]
    records = set(names)
    for needed in ('data.pkl', 'version'):
        if root + '/' + needed not in records and not (
                needed == 'version' and root + '/.data/version' in records):
            raise RuntimeError(f'{name}: not a torch.save checkpoint (no {needed} record in '
                               f'{root}/)')
    if root + '/constants.pkl' in records:
        raise RuntimeError(f'{name} is a TorchScript archive; torch.jit.load is not supported '
                           f'by tc')
    swap = False
    if root + '/byteorder' in records:
        order = z.read(root + '/byteorder').decode('ascii')
        if order not in ('little', 'big'):
            raise ValueError('Unknown endianness type: ' + order)
        swap = order != sys.byteorder
    import io
    data = z.read(root + '/data.pkl')
    cls = _WeightsOnlyUnpickler if weights_only else _Unpickler
    unpickler = cls(io.BytesIO(data), z, root, weights_only, map_location, swap)
    if not weights_only:
        return unpickler.load()
    try:
        return unpickler.load()
    except pickle.UnpicklingError as e:
        raise _weights_only_error(e) from None
