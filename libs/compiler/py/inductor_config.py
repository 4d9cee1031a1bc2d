# torch._inductor.config in the script language: every option of PyTorch
# 2.15's torch._inductor.config with its default (data/inductor_options.txt,
# generated from the reference torch by scripts/gen_inductor_options.py), as
# attributes of this module; dotted names live on sub-config objects
# (config.trace.enabled, config.cpp.threads) as in PyTorch. Unknown names
# raise PyTorch's AttributeError; get_config_copy() and patch() behave as
# PyTorch's config module's do.
#
# tc's inductor backend honours only some options (see
# tc/compiler/inductor_config.h); it reads them from here at compile time
# with the torch.compile call's mode=/options= applied on top.
#
# Runs in the module's namespace (libs/compiler/src/modules.cc), which holds
# the table's text as _tc_options_table before this runs.

_PREFIX = 'torch._inductor.config'


def _parse_table(text):
    names = []
    checks = {}
    defaults = {}
    aliases = {}
    in_aliases = False
    for line in text.split('\n'):
        if not line or line.startswith('#'):
            continue
        if line == '[aliases]':
            in_aliases = True
            continue
        fields = line.split('\t')
        name = fields[0]
        checks[name] = fields[1]
        if not in_aliases:
            names.append(name)
            defaults[name] = eval(fields[2], {'__builtins__': {}})
        elif fields[3] in checks:
            aliases[name] = fields[3]
        else:
            # An alias of another module's option (torch.compiler.config's
            # force_disable_caches): an option of its own here.
            defaults[name] = eval(fields[2], {'__builtins__': {}})
    return names, checks, defaults, aliases


# _names: what list_options() lists, in order; _known: every name options=
# and assignments accept (aliases too); _aliases: alias -> the option it
# reads and writes.
_names, _checks, _defaults, _aliases = _parse_table(_tc_options_table)
del _tc_options_table
_known = set(_checks)


class _SubConfig:
    # The options under one prefix ("trace", "cpp"): attribute reads and
    # writes of names the table lists; anything else is PyTorch's error.
    def __init__(self, prefix, values):
        object.__setattr__(self, '_prefix', prefix)
        for k, v in values.items():
            object.__setattr__(self, k, v)

    def __setattr__(self, name, value):
        if self._prefix + '.' + name not in _known:
            raise AttributeError(f'{_PREFIX}.{self._prefix}.{name} does not exist')
        object.__setattr__(self, name, value)

    def __getattr__(self, name):
        raise AttributeError(f'{_PREFIX}.{self._prefix}.{name} does not exist')


def _install_defaults():
    groups = {}
    for name, value in _defaults.items():
        if '.' in name:
            prefix, rest = name.split('.', 1)
            groups.setdefault(prefix, {})[rest] = value
        else:
            globals()[name] = value
    for prefix, values in groups.items():
        globals()[prefix] = _SubConfig(prefix, values)


_install_defaults()


def __getattr__(name):
    if name in _aliases:
        return _get(_aliases[name])
    raise AttributeError(f'{_PREFIX}.{name} does not exist')


def _get(name):
    # The current value of an option, by its dotted name or an alias.
    name = _aliases.get(name, name)
    if '.' in name:
        prefix, rest = name.split('.', 1)
        return getattr(globals()[prefix], rest)
    return globals()[name]


def _set(name, value):
    # config.NAME = value (the module's __setattr__ calls this) and patch().
    if name not in _known:
        raise AttributeError(f'{_PREFIX}.{name} does not exist')
    name = _aliases.get(name, name)
    if '.' in name:
        prefix, rest = name.split('.', 1)
        setattr(globals()[prefix], rest, value)
    else:
        globals()[name] = value


def get_config_copy():
    return {name: _get(name) for name in _names}


class _Patch:
    # config.patch(name, value), patch({name: value}) or patch(name=value):
    # a context manager (and decorator) that sets the options and restores
    # them on exit.
    def __init__(self, changes):
        for name in changes:
            if name not in _known:
                raise AttributeError(f'{_PREFIX}.{name} does not exist')
        self._changes = changes
        self._saved = None

    def __enter__(self):
        self._saved = {name: _get(name) for name in self._changes}
        for name, value in self._changes.items():
            _set(name, value)
        return self

    def __exit__(self, *exc):
        for name, value in self._saved.items():
            _set(name, value)
        self._saved = None
        return False

    def __call__(self, fn):
        patch = self

        def patched(*args, **kwargs):
            with patch:
                return fn(*args, **kwargs)
        patched.__name__ = getattr(fn, '__name__', 'patched')
        return patched


def patch(arg1=None, arg2=None, **kwargs):
    if isinstance(arg1, str):
        changes = {arg1: arg2}
    elif isinstance(arg1, dict):
        changes = dict(arg1)
    else:
        changes = {}
    changes.update(kwargs)
    return _Patch(changes)
