# torch.nn.RNN, LSTM, GRU and their cells (RNNCell, LSTMCell, GRUCell),
# ported from PyTorch's torch/nn/modules/rnn.py: the same parameters in the
# same order (so default initialization matches PyTorch's under one seed),
# the same checks and error texts, the same reprs. The networks call
# torch.lstm / gru / rnn_tanh / rnn_relu (one kernel per layer and
# direction, torch_rnn.cc), the cells torch.lstm_cell and friends, as
# PyTorch's call torch._VF's.
#
# Runs in the torch.nn module's namespace after nn_layers.py: Module,
# Parameter and init come from there.
import math
import warnings
import torch


class RNNBase(Module):
    def __init__(self, mode, input_size, hidden_size, num_layers=1, bias=True, batch_first=False,
                 dropout=0.0, bidirectional=False, proj_size=0, device=None, dtype=None):
        super().__init__()
        self.mode, self.input_size, self.hidden_size = mode, input_size, hidden_size
        self.num_layers, self.bias, self.batch_first = num_layers, bias, batch_first
        self.dropout, self.bidirectional = float(dropout), bidirectional
        self.proj_size = proj_size
        num_directions = 2 if bidirectional else 1
        if (not isinstance(dropout, (int, float)) or not 0 <= dropout <= 1
                or isinstance(dropout, bool)):
            raise ValueError('dropout should be a number in range [0, 1] representing the '
                             'probability of an element being zeroed')
        if dropout > 0 and num_layers == 1:
            warnings.warn('dropout option adds dropout after all but last recurrent layer, so '
                          'non-zero dropout expects num_layers greater than 1, but got '
                          f'dropout={dropout} and num_layers={num_layers}', stacklevel=2)
        if not isinstance(bias, bool):
            raise TypeError(f'bias should be of type bool, got: {type(bias).__name__}')
        if not isinstance(batch_first, bool):
            raise TypeError(f'batch_first should be of type bool, got: {type(batch_first).__name__}')
        if not isinstance(input_size, int):
            raise TypeError(f'input_size should be of type int, got: {type(input_size).__name__}')
        if input_size <= 0:
            raise ValueError('input_size must be greater than zero')
        if not isinstance(hidden_size, int):
            raise TypeError(f'hidden_size should be of type int, got: {type(hidden_size).__name__}')
        if hidden_size <= 0:
            raise ValueError('hidden_size must be greater than zero')
        if num_layers <= 0:
            raise ValueError('num_layers must be greater than zero')
        if proj_size < 0:
            raise ValueError('proj_size should be a positive integer or zero to disable projections')
        if proj_size >= hidden_size:
            raise ValueError('proj_size has to be smaller than hidden_size')
        if mode == 'LSTM':
            gate_size = 4 * hidden_size
        elif mode == 'GRU':
            gate_size = 3 * hidden_size
        elif mode == 'RNN_TANH' or mode == 'RNN_RELU':
            gate_size = hidden_size
        else:
            raise ValueError('Unrecognized RNN mode: ' + mode)
        self._flat_weights_names = []
        self._all_weights = []
        for layer in range(num_layers):
            for direction in range(num_directions):
                real_hidden_size = proj_size if proj_size > 0 else hidden_size
                layer_input_size = input_size if layer == 0 else real_hidden_size * num_directions
                w_ih = Parameter(torch.empty((gate_size, layer_input_size), dtype=dtype))
                w_hh = Parameter(torch.empty((gate_size, real_hidden_size), dtype=dtype))
                b_ih = Parameter(torch.empty(gate_size, dtype=dtype))
                b_hh = Parameter(torch.empty(gate_size, dtype=dtype))
                if self.proj_size == 0:
                    layer_params = (w_ih, w_hh, b_ih, b_hh) if bias else (w_ih, w_hh)
                else:
                    w_hr = Parameter(torch.empty((proj_size, hidden_size), dtype=dtype))
                    layer_params = (w_ih, w_hh, b_ih, b_hh, w_hr) if bias else (w_ih, w_hh, w_hr)
                suffix = '_reverse' if direction == 1 else ''
                param_names = ['weight_ih_l{}{}', 'weight_hh_l{}{}']
                if bias:
                    param_names += ['bias_ih_l{}{}', 'bias_hh_l{}{}']
                if self.proj_size > 0:
                    param_names += ['weight_hr_l{}{}']
                param_names = [x.format(layer, suffix) for x in param_names]
                for name, param in zip(param_names, layer_params):
                    setattr(self, name, param)
                self._flat_weights_names.extend(param_names)
                self._all_weights.append(param_names)
        self._init_flat_weights()
        self.reset_parameters()

    def _init_flat_weights(self):
        self._flat_weights = [getattr(self, wn) if hasattr(self, wn) else None
                              for wn in self._flat_weights_names]

    def __setattr__(self, attr, value):
        if hasattr(self, '_flat_weights_names') and attr in self._flat_weights_names:
            idx = self._flat_weights_names.index(attr)
            self._flat_weights[idx] = value
        super().__setattr__(attr, value)

    def flatten_parameters(self):
        # cuDNN packs the weights into one buffer; nothing to do on the CPU.
        pass

    def _apply(self, fn, recurse=True):
        ret = super()._apply(fn, recurse)
        self._init_flat_weights()
        return ret

    def reset_parameters(self):
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def check_input(self, input, batch_sizes):
        if input.dtype != self._flat_weights[0].dtype:
            raise ValueError(
                f'RNN input dtype ({input.dtype}) does not match weight dtype '
                f'({self._flat_weights[0].dtype}). Convert input: '
                f'input.to({self._flat_weights[0].dtype}), or convert model: model.to({input.dtype})')
        expected_input_dim = 2 if batch_sizes is not None else 3
        if input.dim() != expected_input_dim:
            raise RuntimeError(f'input must have {expected_input_dim} dimensions, got {input.dim()}')
        if self.input_size != input.size(-1):
            raise RuntimeError(f'input.size(-1) must be equal to input_size. Expected '
                               f'{self.input_size}, got {input.size(-1)}')

    # (layers * directions, batch, width) of a hidden state.
    def _state_size(self, input, batch_sizes, width):
        if batch_sizes is not None:
            mini_batch = int(batch_sizes[0])
        else:
            mini_batch = input.size(0) if self.batch_first else input.size(1)
        num_directions = 2 if self.bidirectional else 1
        return (self.num_layers * num_directions, mini_batch, width)

    def get_expected_hidden_size(self, input, batch_sizes):
        return self._state_size(input, batch_sizes,
                                self.proj_size if self.proj_size > 0 else self.hidden_size)

    def check_hidden_size(self, hx, expected_hidden_size, msg='Expected hidden size {}, got {}'):
        if tuple(hx.size()) != expected_hidden_size:
            raise RuntimeError(msg.format(expected_hidden_size, list(hx.size())))

    def check_forward_args(self, input, hidden, batch_sizes):
        self.check_input(input, batch_sizes)
        expected_hidden_size = self.get_expected_hidden_size(input, batch_sizes)
        self.check_hidden_size(hidden, expected_hidden_size)

    def permute_hidden(self, hx, permutation):
        if permutation is None:
            return hx
        return hx.index_select(1, permutation)

    def extra_repr(self):
        # PyTorch's options, each printed when not its default.
        options = [('proj_size', self.proj_size != 0), ('num_layers', self.num_layers != 1),
                   ('bias', self.bias is not True), ('batch_first', self.batch_first is not False),
                   ('dropout', self.dropout != 0),
                   ('bidirectional', self.bidirectional is not False)]
        s = f'{self.input_size}, {self.hidden_size}'
        for name, shown in options:
            if shown:
                s += f', {name}={getattr(self, name)}'
        return s

    @property
    def all_weights(self):
        return [[getattr(self, weight) for weight in weights] for weights in self._all_weights]

    # The network's (input, hx) as PyTorch's forward prepares them: the
    # unbatched 2-D form gets a batch dim, hx defaults to zeros.
    def _prepare(self, input, hx, name, hidden_width):
        if input.dim() not in (2, 3):
            raise ValueError(f'{name}: Expected input to be 2D or 3D, got {input.dim()}D'
                             + (' tensor' if name == 'RNN' else '') + ' instead')
        is_batched = input.dim() == 3
        batch_dim = 0 if self.batch_first else 1
        if not is_batched:
            input = input.unsqueeze(batch_dim)
            if hx is not None:
                if hx.dim() != 2:
                    raise RuntimeError(f'For unbatched 2-D input, hx should also be 2-D but got '
                                       f'{hx.dim()}-D tensor')
                hx = hx.unsqueeze(1)
        elif hx is not None and hx.dim() != 3:
            raise RuntimeError(f'For batched 3-D input, hx should also be 3-D but got '
                               f'{hx.dim()}-D tensor')
        max_batch_size = input.size(0) if self.batch_first else input.size(1)
        if hx is None:
            num_directions = 2 if self.bidirectional else 1
            hx = torch.zeros(self.num_layers * num_directions, max_batch_size, hidden_width,
                             dtype=input.dtype)
        return input, hx, is_batched, batch_dim

    # A PackedSequence through the network `run` (torch.lstm, gru, ...):
    # states in the packed batch's sorted order, output packed likewise.
    def _packed_forward(self, input, hx, run, cell_width):
        data, batch_sizes, sorted_indices, unsorted_indices = input
        max_batch_size = int(batch_sizes[0])
        num_directions = 2 if self.bidirectional else 1
        if hx is None:
            width = self.proj_size if self.proj_size > 0 else self.hidden_size
            hx = torch.zeros(self.num_layers * num_directions, max_batch_size, width,
                             dtype=data.dtype)
            if self.mode == 'LSTM':
                hx = (hx, torch.zeros(self.num_layers * num_directions, max_batch_size,
                                      cell_width, dtype=data.dtype))
        else:
            hx = self.permute_hidden(hx, sorted_indices)
        self.check_forward_args(data, hx, batch_sizes)
        result = run(data, batch_sizes, hx, self._flat_weights, self.bias, self.num_layers,
                     self.dropout, self.training, self.bidirectional)
        hidden = (result[1], result[2]) if self.mode == 'LSTM' else result[1]
        output = PackedSequence(result[0], batch_sizes, sorted_indices, unsorted_indices)
        return output, self.permute_hidden(hidden, unsorted_indices)

    # RNN's and GRU's forward: one state tensor, `run` the network function.
    def _forward_one_state(self, input, hx, name, run):
        if isinstance(input, PackedSequence):
            return self._packed_forward(input, hx, run, self.hidden_size)
        input, hx, is_batched, batch_dim = self._prepare(input, hx, name, self.hidden_size)
        self.check_forward_args(input, hx, None)
        output, hidden = run(input, hx, self._flat_weights, self.bias, self.num_layers,
                             self.dropout, self.training, self.bidirectional, self.batch_first)
        if not is_batched:
            output = output.squeeze(batch_dim)
            hidden = hidden.squeeze(1)
        return output, hidden


class RNN(RNNBase):
    def __init__(self, *args, **kwargs):
        if 'proj_size' in kwargs:
            raise ValueError('proj_size argument is only supported for LSTM, not RNN or GRU')
        if len(args) > 3:
            self.nonlinearity = args[3]
            args = args[:3] + args[4:]
        else:
            self.nonlinearity = kwargs.pop('nonlinearity', 'tanh')
        if self.nonlinearity == 'tanh':
            mode = 'RNN_TANH'
        elif self.nonlinearity == 'relu':
            mode = 'RNN_RELU'
        else:
            raise ValueError(f"Unknown nonlinearity '{self.nonlinearity}'. Select from 'tanh' or 'relu'.")
        super().__init__(mode, *args, **kwargs)

    def forward(self, input, hx=None):
        run = torch.rnn_tanh if self.mode == 'RNN_TANH' else torch.rnn_relu
        return self._forward_one_state(input, hx, 'RNN', run)


class LSTM(RNNBase):
    def __init__(self, *args, **kwargs):
        super().__init__('LSTM', *args, **kwargs)

    def get_expected_cell_size(self, input, batch_sizes):
        return self._state_size(input, batch_sizes, self.hidden_size)

    def check_forward_args(self, input, hidden, batch_sizes):
        self.check_input(input, batch_sizes)
        self.check_hidden_size(hidden[0], self.get_expected_hidden_size(input, batch_sizes),
                               'Expected hidden[0] size {}, got {}')
        self.check_hidden_size(hidden[1], self.get_expected_cell_size(input, batch_sizes),
                               'Expected hidden[1] size {}, got {}')

    def permute_hidden(self, hx, permutation):
        if permutation is None:
            return hx
        return hx[0].index_select(1, permutation), hx[1].index_select(1, permutation)

    def forward(self, input, hx=None):
        if isinstance(input, PackedSequence):
            return self._packed_forward(input, hx, torch.lstm, self.hidden_size)
        num_directions = 2 if self.bidirectional else 1
        real_hidden_size = self.proj_size if self.proj_size > 0 else self.hidden_size
        if input.dim() not in (2, 3):
            raise ValueError(f'LSTM: Expected input to be 2D or 3D, got {input.dim()}D instead')
        is_batched = input.dim() == 3
        batch_dim = 0 if self.batch_first else 1
        if not is_batched:
            input = input.unsqueeze(batch_dim)
        max_batch_size = input.size(0) if self.batch_first else input.size(1)
        if hx is None:
            h_zeros = torch.zeros(self.num_layers * num_directions, max_batch_size,
                                  real_hidden_size, dtype=input.dtype)
            c_zeros = torch.zeros(self.num_layers * num_directions, max_batch_size,
                                  self.hidden_size, dtype=input.dtype)
            hx = (h_zeros, c_zeros)
        else:
            if is_batched:
                if hx[0].dim() != 3 or hx[1].dim() != 3:
                    raise RuntimeError('For batched 3-D input, hx and cx should also be 3-D but '
                                       f'got ({hx[0].dim()}-D, {hx[1].dim()}-D) tensors')
            else:
                if hx[0].dim() != 2 or hx[1].dim() != 2:
                    raise RuntimeError('For unbatched 2-D input, hx and cx should also be 2-D but '
                                       f'got ({hx[0].dim()}-D, {hx[1].dim()}-D) tensors')
                hx = (hx[0].unsqueeze(1), hx[1].unsqueeze(1))
        self.check_forward_args(input, hx, None)
        result = torch.lstm(input, hx, self._flat_weights, self.bias, self.num_layers,
                            self.dropout, self.training, self.bidirectional, self.batch_first)
        output = result[0]
        hidden = result[1:]
        if not is_batched:
            output = output.squeeze(batch_dim)
            hidden = (hidden[0].squeeze(1), hidden[1].squeeze(1))
        return output, hidden


class GRU(RNNBase):
    def __init__(self, *args, **kwargs):
        if 'proj_size' in kwargs:
            raise ValueError('proj_size argument is only supported for LSTM, not RNN or GRU')
        super().__init__('GRU', *args, **kwargs)

    def forward(self, input, hx=None):
        return self._forward_one_state(input, hx, 'GRU', torch.gru)


# A cell's (input, hx) as PyTorch's cells prepare them: 1-D (unbatched)
# input gets a batch dim, hx defaults to zeros. `name` starts the errors.
def _cell_args(cell, name, input, hx):
    if input.dim() not in (1, 2):
        raise ValueError(f'{name}: Expected input to be 1D or 2D, got {input.dim()}D instead')
    if hx is not None and hx.dim() not in (1, 2):
        raise ValueError(f'{name}: Expected hidden to be 1D or 2D, got {hx.dim()}D instead')
    is_batched = input.dim() == 2
    if not is_batched:
        input = input.unsqueeze(0)
    if hx is None:
        hx = torch.zeros(input.size(0), cell.hidden_size, dtype=input.dtype)
    else:
        hx = hx.unsqueeze(0) if not is_batched else hx
    return input, hx, is_batched


class RNNCellBase(Module):
    def __init__(self, input_size, hidden_size, bias, num_chunks, device=None, dtype=None):
        super().__init__()
        self.input_size, self.hidden_size, self.bias = input_size, hidden_size, bias
        self.weight_ih = Parameter(torch.empty((num_chunks * hidden_size, input_size), dtype=dtype))
        self.weight_hh = Parameter(torch.empty((num_chunks * hidden_size, hidden_size), dtype=dtype))
        if bias:
            self.bias_ih = Parameter(torch.empty(num_chunks * hidden_size, dtype=dtype))
            self.bias_hh = Parameter(torch.empty(num_chunks * hidden_size, dtype=dtype))
        else:
            self.register_parameter('bias_ih', None)
            self.register_parameter('bias_hh', None)
        self.reset_parameters()

    def extra_repr(self):
        s = f'{self.input_size}, {self.hidden_size}'
        if 'bias' in self.__dict__ and self.bias is not True:
            s += f', bias={self.bias}'
        if 'nonlinearity' in self.__dict__ and self.nonlinearity != 'tanh':
            s += f', nonlinearity={self.nonlinearity}'
        return s

    def reset_parameters(self):
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)


class RNNCell(RNNCellBase):
    def __init__(self, input_size, hidden_size, bias=True, nonlinearity='tanh', device=None,
                 dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=1, dtype=dtype)
        self.nonlinearity = nonlinearity

    def forward(self, input, hx=None):
        input, hx, is_batched = _cell_args(self, 'RNNCell', input, hx)
        if self.nonlinearity == 'tanh':
            ret = torch.rnn_tanh_cell(input, hx, self.weight_ih, self.weight_hh, self.bias_ih,
                                      self.bias_hh)
        elif self.nonlinearity == 'relu':
            ret = torch.rnn_relu_cell(input, hx, self.weight_ih, self.weight_hh, self.bias_ih,
                                      self.bias_hh)
        else:
            raise RuntimeError(f'Unknown nonlinearity: {self.nonlinearity}')
        if not is_batched:
            ret = ret.squeeze(0)
        return ret


class LSTMCell(RNNCellBase):
    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=4, dtype=dtype)

    def forward(self, input, hx=None):
        if input.dim() not in (1, 2):
            raise ValueError(f'LSTMCell: Expected input to be 1D or 2D, got {input.dim()}D instead')
        if hx is not None:
            for idx, value in enumerate(hx):
                if value.dim() not in (1, 2):
                    raise ValueError(f'LSTMCell: Expected hx[{idx}] to be 1D or 2D, got '
                                     f'{value.dim()}D instead')
        is_batched = input.dim() == 2
        if not is_batched:
            input = input.unsqueeze(0)
        if hx is None:
            zeros = torch.zeros(input.size(0), self.hidden_size, dtype=input.dtype)
            hx = (zeros, zeros)
        else:
            hx = (hx[0].unsqueeze(0), hx[1].unsqueeze(0)) if not is_batched else hx
        ret = torch.lstm_cell(input, hx, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)
        if not is_batched:
            ret = (ret[0].squeeze(0), ret[1].squeeze(0))
        return ret


class GRUCell(RNNCellBase):
    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=3, dtype=dtype)

    def forward(self, input, hx=None):
        input, hx, is_batched = _cell_args(self, 'GRUCell', input, hx)
        ret = torch.gru_cell(input, hx, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)
        if not is_batched:
            ret = ret.squeeze(0)
        return ret


