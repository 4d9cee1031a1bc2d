# torch._inductor in the script language: list_options(), list_mode_options()
# and the mode=/options= checks torch.compile applies for backend="inductor",
# written as PyTorch 2.15 writes them (torch/_inductor/__init__.py and
# torch/__init__.py's _TorchCompileInductorWrapper), so the accepted values
# and the error texts are PyTorch's.
#
# Runs in the torch._inductor module's namespace (libs/compiler/src/modules.cc).

_LITE_MODE_OPTIONS = {
    'fallback_by_default': True,
    'selective_decompose': True,
    'reorder_for_peak_memory': False,
    'reorder_for_compute_comm_overlap': False,
    'triton.reorder_for_reducing_graph_partitions': False,
    'use_pre_grad_passes': False,
    'use_joint_graph_passes': False,
    'use_post_grad_passes': False,
    'use_dce': False,
    'allow_buffer_reuse': False,
}


def list_mode_options(mode=None, dynamic=None):
    mode_options = {
        'default': {},
        'lite': dict(_LITE_MODE_OPTIONS),
        'reduce-overhead': {
            'triton.cudagraphs': True,
        },
        'max-autotune-no-cudagraphs': {
            'max_autotune': True,
            'coordinate_descent_tuning': True,
        },
        'max-autotune': {
            'max_autotune': True,
            'triton.cudagraphs': True,
            'coordinate_descent_tuning': True,
        },
    }
    try:
        return mode_options[mode] if mode else mode_options
    except KeyError as e:
        raise RuntimeError(
            f"Unrecognized mode={mode}, should be one of: {', '.join(mode_options.keys())}"
        ) from e


def list_options():
    from torch._inductor import config
    return list(config.get_config_copy().keys())


_CHECKED_TYPES = {'bool': bool, 'int': int, 'float': float, 'str': str, 'tuple': tuple,
                  'list': list, 'NoneType': type(None)}


def _apply_options(patches, options):
    # _TorchCompileInductorWrapper.apply_options: each key ('-' read as '_')
    # must be an option; a value must be an instance of the option's type
    # where PyTorch checks it (the message names the current value's type).
    if not options:
        return
    from torch._inductor import config
    for key, val in options.items():
        attr_name = key.replace('-', '_')
        if attr_name not in config._known:
            raise RuntimeError(
                f'Unexpected optimization option {key}, known options are '
                f'{list(config.get_config_copy())}'
            )
        check = config._checks[attr_name]
        if check != '-' and not isinstance(val, _CHECKED_TYPES[check]):
            val_type_str = type(val).__name__
            expected_type_str = type(config._get(attr_name)).__name__
            raise RuntimeError(
                f'Unexpected type of attr {key}, got {val_type_str} should be {expected_type_str}'
            )
        patches[attr_name] = val


def _compile_config(mode, options, dynamic):
    # The config patches of one torch.compile(backend="inductor") call:
    # mode's options, then options= over them.
    patches = {}
    if mode and mode != 'default':
        _apply_options(patches, list_mode_options(mode, dynamic))
    _apply_options(patches, options)
    return patches
