# torch.autograd.gradcheck and gradgradcheck (slow mode, real inputs):
# every Jacobian of the function's differentiable outputs with respect to
# its inputs that require grad, by central differences and by backward
# (one torch.autograd.grad per output element), compared with allclose.
#
# PyTorch perturbs the input's own storage through `.data`, whose version
# counter is separate; tc keeps the version on the storage, so the
# numerical Jacobian perturbs a copy of each input instead (same values,
# and the graphs built from the inputs stay valid).
import torch


class GradcheckError(RuntimeError):
    pass


def _as_tuple(x):
    if isinstance(x, tuple):
        return x
    elif isinstance(x, list):
        return tuple(x)
    else:
        return (x,)


def _differentiable_outputs(x):
    return tuple(o for o in _as_tuple(x) if o.requires_grad)


def _diff_inputs(inputs):
    return [a for a in inputs if isinstance(a, torch.Tensor) and a.requires_grad]


def _check_inputs(tupled_inputs):
    any_input_requiring_grad = False
    for idx, inp in enumerate(tupled_inputs):
        if isinstance(inp, torch.Tensor) and inp.requires_grad:
            if not all(st > 0 or sz <= 1 for st, sz in zip(inp.stride(), inp.size())):
                raise RuntimeError(
                    f"The {idx}th input has a dimension with stride 0. gradcheck only "
                    "supports inputs that are non-overlapping to be able to "
                    "compute the numerical gradients correctly. You should call "
                    ".contiguous on the input before passing it to gradcheck."
                )
            any_input_requiring_grad = True
    if not any_input_requiring_grad:
        raise ValueError(
            "gradcheck expects at least one input tensor to require gradient, "
            "but none of them have requires_grad=True."
        )


def _multi_index(flat, sizes):
    idx = []
    for s in reversed(sizes):
        idx.append(flat % s)
        flat = flat // s
    return tuple(reversed(idx))


def _check_same_dtype_and_shape(a, b, eps, idx):
    if a.shape != b.shape:
        raise AssertionError(
            f"Expected `func` to return outputs with the same shape"
            f" when inputs are perturbed on index {idx} by {eps}, but got:"
            f" shapes {a.shape} and {b.shape}."
        )
    if a.dtype != b.dtype:
        raise AssertionError(
            f"Expected `func` to return outputs with the same dtype"
            f" when inputs are perturbed on index {idx} by {eps}, but got:"
            f" dtypes {a.dtype} and {b.dtype}."
        )


def _numerical_jacobians(func, inputs, func_out, eps):
    # jacobians[j][i]: d output i / d (j-th input requiring grad), of
    # shape (input numel, output numel), for every floating output.
    outputs = [o for o in func_out if o.is_floating_point()]
    result = []
    for input_idx, inp in enumerate(inputs):
        if not (isinstance(inp, torch.Tensor) and inp.requires_grad):
            continue
        copy = inp.detach().clone().requires_grad_(True)
        data = copy.detach()
        args = tuple(copy if i == input_idx else a for i, a in enumerate(inputs))
        jacobians = [o.new_zeros((inp.numel(), o.numel())) for o in outputs]
        for d_idx in range(inp.numel()):
            idx = _multi_index(d_idx, list(inp.size()))
            entry = data[idx]
            orig = entry.clone()
            entry.copy_(orig - eps)
            outa = [o.clone() for o in _as_tuple(func(*args))]
            entry.copy_(orig + eps)
            outb = [o.clone() for o in _as_tuple(func(*args))]
            entry.copy_(orig)
            k = 0
            for a, b in zip(outa, outb):
                _check_same_dtype_and_shape(a, b, eps, idx)
                if not a.is_floating_point():
                    continue
                jacobians[k][d_idx] = ((b - a) / (2 * eps)).detach().reshape(-1)
                k += 1
        result.append(jacobians)
    return result


def _analytical_jacobian(inputs, output, nondet_tol):
    diff_inputs = _diff_inputs(inputs)

    def rows():
        grad_out = torch.zeros_like(output)
        flat = grad_out.view(-1)
        jacobians = [i.new_zeros((i.numel(), output.numel())) for i in diff_inputs]
        sizes_ok = True
        for j in range(flat.numel()):
            flat.zero_()
            flat[j] = 1.0
            grads = torch.autograd.grad(
                output, diff_inputs, grad_out, retain_graph=True, allow_unused=True
            )
            for i, d_x in enumerate(grads):
                if d_x is None:
                    continue
                if d_x.size() != diff_inputs[i].size():
                    sizes_ok = False
                    continue
                jacobians[i][:, j] = d_x.reshape(-1)
        return jacobians, sizes_ok

    jacobians1, sizes_ok = rows()
    jacobians2, _ = rows()
    reentrant = True
    for j1, j2 in zip(jacobians1, jacobians2):
        if j1.numel() != 0 and (j1 - j2).abs().max() > nondet_tol:
            reentrant = False
    if not sizes_ok:
        raise GradcheckError("Analytical gradient has incorrect size")
    if not reentrant:
        raise GradcheckError(
            "Backward is not reentrant, i.e., running backward with "
            "same input and grad_output multiple times gives different values, "
            "although analytical gradient matches numerical gradient."
            f"The tolerance for nondeterminism was {nondet_tol}."
        )
    return jacobians1


def _notallclose_msg(analytical, numerical, output_idx, input_idx):
    return (
        f"Jacobian mismatch for output {output_idx:d} with respect to input {input_idx:d},\n"
        f"numerical:{numerical}\nanalytical:{analytical}\n"
    )


def _allclose_with_type_promotion(a, b, rtol, atol):
    promoted = torch.promote_types(a.dtype, b.dtype)
    return torch.allclose(a.to(dtype=promoted), b.to(dtype=promoted), rtol, atol)


def _slow_gradcheck(func, func_out, inputs, outputs, eps, rtol, atol, nondet_tol):
    func_out = _as_tuple(func_out)
    numerical = _numerical_jacobians(func, inputs, func_out, eps)
    if not outputs:
        for per_input in numerical:
            for jacobian in per_input:
                if torch.ne(jacobian, 0).sum() > 0:
                    raise GradcheckError("Numerical gradient for function expected to be zero")
        return True
    floating = [o for o in func_out if o.is_floating_point()]
    by_output = [
        [per_input[k] for per_input in numerical]
        for k, o in enumerate(floating)
        if o.requires_grad
    ]
    for i, o in enumerate(outputs):
        analytical = _analytical_jacobian(inputs, o, nondet_tol)
        for j, (a, n) in enumerate(zip(analytical, by_output[i])):
            if not _allclose_with_type_promotion(a, n, rtol, atol):
                raise GradcheckError(_notallclose_msg(a, n, i, j))
    return True


def _test_backward_mul_by_grad_output(outputs, inputs):
    diff_inputs = _diff_inputs(inputs)
    grads_input = torch.autograd.grad(
        outputs, diff_inputs, [torch.zeros_like(o) for o in outputs], allow_unused=True
    )
    for gi, di in zip(grads_input, diff_inputs):
        if gi is None:
            continue
        if not gi.eq(0).all():
            raise GradcheckError("backward not multiplied by grad_output")
        if gi.dtype != di.dtype:
            raise GradcheckError("grad is incorrect type")
        if gi.size() != di.size():
            raise GradcheckError("grad is incorrect size")
    return True


def _gradcheck_helper(func, inputs, eps, atol, rtol, nondet_tol):
    tupled_inputs = _as_tuple(inputs)
    _check_inputs(tupled_inputs)
    func_out = func(*tupled_inputs)
    outputs = _differentiable_outputs(func_out)
    _slow_gradcheck(func, func_out, tupled_inputs, outputs, eps, rtol, atol, nondet_tol)
    _test_backward_mul_by_grad_output(outputs, tupled_inputs)
    return True


def gradcheck(
    func,
    inputs,
    *,
    eps=1e-6,
    atol=1e-5,
    rtol=1e-3,
    raise_exception=True,
    nondet_tol=0.0,
    check_undefined_grad=True,
    check_grad_dtypes=False,
    check_batched_grad=False,
    check_batched_forward_grad=False,
    check_forward_ad=False,
    check_backward_ad=True,
    fast_mode=False,
    masked=None,
):
    if not (check_forward_ad or check_backward_ad):
        raise AssertionError(
            "Expected at least one of check_forward_ad or check_backward_ad to be True"
        )
    if check_forward_ad or check_batched_grad or check_batched_forward_grad:
        raise NotImplementedError(
            "gradcheck's forward-mode and batched checks are not supported by tc"
        )
    if not raise_exception:
        try:
            return _gradcheck_helper(func, inputs, eps, atol, rtol, nondet_tol)
        except GradcheckError:
            return False
    return _gradcheck_helper(func, inputs, eps, atol, rtol, nondet_tol)


def gradgradcheck(
    func,
    inputs,
    grad_outputs=None,
    *,
    eps=1e-6,
    atol=1e-5,
    rtol=1e-3,
    gen_non_contig_grad_outputs=False,
    raise_exception=True,
    nondet_tol=0.0,
    check_undefined_grad=True,
    check_grad_dtypes=False,
    check_batched_grad=False,
    check_fwd_over_rev=False,
    check_rev_over_rev=True,
    fast_mode=False,
    masked=False,
):
    tupled_inputs = _as_tuple(inputs)
    if grad_outputs is None:
        # PyTorch draws these with torch.testing.make_tensor (uniform in
        # [-1, 1)); the check passes or fails alike for any of them.
        outputs = _differentiable_outputs(func(*tupled_inputs))
        tupled_grad_outputs = tuple(
            (torch.rand(x.shape, dtype=x.dtype) * 2 - 1).requires_grad_(True) for x in outputs
        )
    else:
        tupled_grad_outputs = _as_tuple(grad_outputs)
    num_outputs = len(tupled_grad_outputs)
    diff_input_args_indices = {
        i for i, x in enumerate(tupled_inputs) if isinstance(x, torch.Tensor) and x.requires_grad
    }
    diff_grad_output_indices = {i for i, x in enumerate(tupled_grad_outputs) if x.requires_grad}

    def new_func(*args):
        input_args = tuple(
            x.requires_grad_() if i in diff_input_args_indices else x
            for i, x in enumerate(args[:-num_outputs])
        )
        outputs = _differentiable_outputs(func(*input_args))
        grad_outputs = tuple(
            x.requires_grad_() if i in diff_grad_output_indices else x
            for i, x in enumerate(args[-num_outputs:])
        )
        diff_input_args = tuple(
            x for i, x in enumerate(input_args) if i in diff_input_args_indices
        )
        grad_inputs = torch.autograd.grad(
            outputs, diff_input_args, grad_outputs, create_graph=True, allow_unused=True
        )
        return tuple(g for g in grad_inputs if g is not None)

    return gradcheck(
        new_func,
        tupled_inputs + tupled_grad_outputs,
        eps=eps,
        atol=atol,
        rtol=rtol,
        raise_exception=raise_exception,
        nondet_tol=nondet_tol,
    )
