// torch.lstm / gru / rnn_tanh / rnn_relu (the multi-layer networks that
// nn.LSTM / GRU / RNN call, unpacked input) and torch.lstm_cell / gru_cell /
// rnn_tanh_cell / rnn_relu_cell, with ATen's signatures.
//
// A network runs each layer and direction as one kernels::RnnLayer call
// (one GEMM for the input projection, one per step, fused gates), as
// PyTorch runs one C++ op per layer; it needs real data, so while tracing
// it raises the data-access error that makes frame-capture break the graph
// (Dynamo breaks on these modules too). Dropout between layers is the
// dropout op, so it draws PyTorch's random stream. With autograd each
// layer and direction is one node (autodiff::RnnLayerWithGrad: the kernel
// saves its gate activations, the node back-propagates through time),
// packed input and proj_size included. The cells are made of
// ops (linear, slice, sigmoid, tanh, ...) in ATen's order, so they trace
// and differentiate.
#include <string>
#include <vector>

#include "absl/strings/str_format.h"

#include "tc/autodiff/autograd_meta.h"
#include "tc/autodiff/record.h"
#include "tc/autodiff/rnn_layer.h"
#include "tc/kernels/rnn.h"

#include "torch_tensor.h"

namespace tc::script_torch {

namespace {

using kernels::RnnMode;
using tensor::Tensor;

Constant CInt(int64_t v) { return Constant(Scalar(v)); }

bool ToTensors(VM& vm, const Value& v, const char* fname, const char* arg,
               std::vector<Tensor>* out) {
  const std::vector<Value>* items = nullptr;
  if (v.is_object() && IsSubtype(v.type(), Types().list)) items = &Cast<ListObject>(v)->items;
  if (v.is_object() && IsSubtype(v.type(), Types().tuple)) items = &Cast<TupleObject>(v)->items;
  if (items == nullptr) {
    RaiseArgTypeError(vm, fname, arg, "tuple of Tensors", v);
    return false;
  }
  out->clear();
  for (const Value& item : *items) {
    Tensor t;
    if (!ToTensorArg(vm, item, fname, arg, &t)) return false;
    out->push_back(std::move(t));
  }
  return true;
}

bool Truth(VM& vm, const Value& v, bool* out) {
  int t = vm.Truthy(v);
  if (t < 0) return false;
  *out = t != 0;
  return true;
}

// A contiguous copy (or t itself), through ops.
bool Dense(VM& vm, const Tensor& t, Tensor* out) { return ContiguousTensor(vm, t, out); }

bool IsSequence(const Value& v) {
  return v.is_object() && (IsSubtype(v.type(), Types().list) || IsSubtype(v.type(), Types().tuple));
}

// [L * D, B, width] slice `i` as a [B, width] view of contiguous `t`.
Tensor Plane(const Tensor& t, int64_t i) {
  return t.AsStrided(Shape{t.size(1), t.size(2)}, Shape{t.size(2), 1},
                     t.storage_offset() + i * t.size(1) * t.size(2));
}

// Whether grad mode is on and a tensor among `args` (or inside a list /
// tuple argument: hx, params) requires grad.
bool TracksGrad(const ArgsView& args) {
  if (!GradEnabled()) return false;
  auto needs_grad = [](const Value& v) {
    return IsTensor(v) && autodiff::RequiresGrad(TensorOf(v));
  };
  for (int32_t i = 0; i < args.nargs + args.nkw(); ++i) {
    const Value& v = args[i];
    if (needs_grad(v)) return true;
    if (IsSequence(v)) {
      const std::vector<Value>& items = IsSubtype(v.type(), Types().list)
                                            ? Cast<ListObject>(v)->items
                                            : Cast<TupleObject>(v)->items;
      for (const Value& item : items) {
        if (needs_grad(item)) return true;
      }
    }
  }
  return false;
}

struct NetArgs {
  RnnMode mode;
  Tensor input;
  std::vector<Tensor> hx;  // h0 (and c0)
  std::vector<Tensor> params;
  bool bias, train, bidirectional, batch_first;
  int64_t layers;
  double dropout;
  bool packed = false;
  std::vector<int64_t> batch_sizes;  // packed input only
  bool grad = false;                 // mark the results as computed with grad
};

bool CheckWeights(VM& vm, const NetArgs& a, const kernels::RnnWeights& w, int64_t in,
                  int64_t hidden, int64_t hout, int64_t gates) {
  auto bad = [&](const Tensor& t, Shape want) { return t.defined() && t.sizes() != want; };
  if (bad(w.w_ih, {gates, in}) || bad(w.w_hh, {gates, hout}) || bad(w.b_ih, {gates}) ||
      bad(w.b_hh, {gates}) || (w.w_hr.defined() && bad(w.w_hr, {hout, hidden}))) {
    RaiseRuntimeError(vm, "RNN weights do not match the input and hidden sizes");
    return false;
  }
  (void)a;
  return true;
}

// Layer l, direction d's weights (dense), checked against the input width
// `in`, the cell's width and the state's.
bool LayerWeights(VM& vm, const NetArgs& a, int64_t l, int64_t d, bool proj, int64_t in,
                  int64_t cell, int64_t hout, kernels::RnnWeights* w) {
  const int64_t dirs = a.bidirectional ? 2 : 1, per = 2 + (a.bias ? 2 : 0);
  const int64_t base = (l * dirs + d) * (per + (proj ? 1 : 0));
  Tensor* slots[] = {&w->w_ih, &w->w_hh, &w->b_ih, &w->b_hh};
  for (int64_t k = 0; k < per; ++k) {
    if (!Dense(vm, a.params[base + k], slots[k])) return false;
  }
  if (proj && !Dense(vm, a.params[base + per], &w->w_hr)) return false;
  const int64_t gates = w->w_ih.dim() == 2 ? w->w_ih.size(0) : -1;
  return CheckWeights(vm, a, *w, in, cell, hout, gates);
}

// The network with autograd: each layer and direction
// through autodiff::RnnLayerWithGrad (outputs of its own, one node),
// joined by recorded ops as PyTorch's graph joins them: a cat of the
// directions, a stack of the final states. x is [T, B, I] (packed:
// [N, I]), dense; h0 the dense initial states [L * D, B, width]; cell
// and hout the widths of the cell state and of h.
Value RunNetworkWithGrad(VM& vm, NetArgs& a, Tensor x, const std::vector<Tensor>& h0, bool proj,
                         int64_t cell, int64_t hout) {
  const bool lstm = a.mode == RnnMode::kLstm;
  const int64_t dirs = a.bidirectional ? 2 : 1;
  const int64_t B = a.packed ? a.batch_sizes[0] : x.size(1);
  const bool onednn = lstm && !proj && x.dtype() == DType::kFloat32;
  // PyTorch's packed path concatenates the steps' outputs.
  const char* name = a.packed ? "CatBackward0"
                     : onednn ? "MkldnnRnnLayerBackward0"
                              : "StackBackward0";
  const std::span<const int64_t> batch_sizes =
      a.packed ? std::span<const int64_t>(a.batch_sizes) : std::span<const int64_t>();
  // The plane of state k for layer-direction i, through ops when it
  // needs a gradient.
  auto plane = [&](size_t k, int64_t i, Tensor* out) {
    if (!autodiff::RequiresGrad(h0[k])) {
      *out = Plane(h0[k], i);
      return true;
    }
    return RunOp(vm, "slice", {h0[k], CInt(0), CInt(i), CInt(i + 1), CInt(1)}, out) &&
           RunOp(vm, "reshape", {*out, Constant(Shape{B, h0[k].size(2)})}, out);
  };
  std::vector<Tensor> hs, cs;
  for (int64_t l = 0; l < a.layers; ++l) {
    std::vector<Tensor> outs;
    for (int64_t d = 0; d < dirs; ++d) {
      kernels::RnnWeights w;
      if (!LayerWeights(vm, a, l, d, proj, x.size(x.dim() - 1), cell, hout, &w)) return {};
      Tensor h, c;
      if (!plane(0, l * dirs + d, &h) || (lstm && !plane(1, l * dirs + d, &c))) return {};
      absl::StatusOr<std::vector<Tensor>> r =
          autodiff::RnnLayerWithGrad(a.mode, w, x, batch_sizes, h, c, d == 1, name);
      if (!r.ok()) return RaiseStatus(vm, r.status());
      outs.push_back((*r)[0]);
      hs.push_back((*r)[1]);
      if (lstm) cs.push_back((*r)[2]);
    }
    Tensor out = outs[0];
    if (dirs == 2 && !RunOp(vm, "cat", {outs, CInt(x.dim() - 1)}, &out)) return {};
    if (a.dropout > 0 && a.train && l + 1 < a.layers &&
        !RunOp(vm, "dropout", {out, Constant(Scalar(a.dropout)), Constant(Scalar(true))}, &out)) {
      return {};
    }
    x = out;
  }
  if (a.batch_first) {
    if (!RunOp(vm, "transpose", {x, CInt(0), CInt(1)}, &x)) return {};
    // PyTorch's GRU / RNN transpose a stack (TransposeBackward1).
    if (!onednn) autodiff::NameGradFn(x, "TransposeBackward1");
  }
  Tensor h_n, c_n;
  if (!RunOp(vm, "stack", {hs, CInt(0)}, &h_n) ||
      (lstm && !RunOp(vm, "stack", {cs, CInt(0)}, &c_n))) {
    return {};
  }
  std::vector<Value> result = {WrapTensor(x), WrapTensor(h_n)};
  if (lstm) result.push_back(WrapTensor(c_n));
  return NewTuple(std::move(result));
}

// The whole network: returns (output, h_n[, c_n]).
Value RunNetwork(VM& vm, NetArgs& a) {
  const bool lstm = a.mode == RnnMode::kLstm;
  const int64_t dirs = a.bidirectional ? 2 : 1;
  const int64_t per = 2 + (a.bias ? 2 : 0);
  const int64_t nparams = static_cast<int64_t>(a.params.size());
  const bool proj = lstm && nparams == a.layers * dirs * (per + 1);
  if (nparams != a.layers * dirs * (per + (proj ? 1 : 0))) {
    return RaiseRuntimeError(
        vm, absl::StrFormat("got %d parameters, expected %d", nparams, a.layers * dirs * per));
  }
  if (!CheckHasData(vm, a.input)) return {};
  const DType dt = a.input.dtype();
  if (dt != DType::kFloat32 && dt != DType::kFloat64) {
    return RaiseUnsupported(vm, absl::StrFormat("RNNs on %s tensors", ScalarTypeName(dt)));
  }
  const int64_t want_dim = a.packed ? 2 : 3;
  if (a.input.dim() != want_dim) {
    return RaiseRuntimeError(
        vm, absl::StrFormat("input must have %d dimensions, got %d", want_dim, a.input.dim()));
  }
  Tensor x = a.input;
  if (a.batch_first && !a.packed && !RunOp(vm, "transpose", {x, CInt(0), CInt(1)}, &x)) return {};
  if (!Dense(vm, x, &x)) return {};
  if (a.packed && a.batch_sizes.empty()) return RaiseRuntimeError(vm, "empty batch_sizes");
  const int64_t T = x.size(0), B = a.packed ? a.batch_sizes[0] : x.size(1);
  const int64_t hidden = a.params[1].dim() == 2 ? a.params[1].size(1) : 0;
  const int64_t cell = proj ? a.params[per].size(1) : hidden;  // H (w_hr is [P, H])
  const int64_t hout = hidden;                                 // w_hh is [G, Hout]
  std::vector<Tensor> h0(a.hx.size());
  for (size_t i = 0; i < a.hx.size(); ++i) {
    if (!Dense(vm, a.hx[i], &h0[i])) return {};
    const int64_t width = i == 0 ? hout : cell;
    if (h0[i].dim() != 3 || h0[i].size(0) != a.layers * dirs || h0[i].size(1) != B ||
        h0[i].size(2) != width || h0[i].dtype() != dt) {
      return RaiseRuntimeError(vm, "RNN hidden state does not match the input");
    }
  }
  if (a.grad) return RunNetworkWithGrad(vm, a, x, h0, proj, cell, hout);
  Tensor h_n = Tensor::Empty(Shape{a.layers * dirs, B, hout}, dt);
  Tensor c_n = lstm ? Tensor::Empty(Shape{a.layers * dirs, B, cell}, dt) : Tensor();
  for (int64_t l = 0; l < a.layers; ++l) {
    Tensor out = a.packed ? Tensor::Empty(Shape{T, dirs * hout}, dt)
                          : Tensor::Empty(Shape{T, B, dirs * hout}, dt);
    for (int64_t d = 0; d < dirs; ++d) {
      kernels::RnnWeights w;
      if (!LayerWeights(vm, a, l, d, proj, x.size(x.dim() - 1), cell, hout, &w)) return {};
      const int64_t i = l * dirs + d;
      const Tensor c_in = lstm ? Plane(h0[1], i) : Tensor();
      const Tensor c_out = lstm ? Plane(c_n, i) : Tensor();
      absl::Status s =
          a.packed ? kernels::RnnLayerPacked(a.mode, w, x, a.batch_sizes, Plane(h0[0], i), c_in,
                                             d == 1, out, d * hout, Plane(h_n, i), c_out)
                   : kernels::RnnLayer(a.mode, w, x, Plane(h0[0], i), c_in, d == 1, out, d * hout,
                                       Plane(h_n, i), c_out);
      if (!s.ok()) return RaiseStatus(vm, s);
    }
    if (a.dropout > 0 && a.train && l + 1 < a.layers &&
        !RunOp(vm, "dropout", {out, Constant(Scalar(a.dropout)), Constant(Scalar(true))}, &out)) {
      return {};
    }
    x = out;
  }
  if (a.batch_first && !a.packed && !RunOp(vm, "transpose", {x, CInt(0), CInt(1)}, &x)) {
    return {};
  }
  std::vector<Value> result = {WrapTensor(x), WrapTensor(h_n)};
  if (lstm) result.push_back(WrapTensor(c_n));
  return NewTuple(std::move(result));
}

// (input, hx, params, has_biases, num_layers, dropout, train,
// bidirectional, batch_first), or for a packed input (data, batch_sizes,
// hx, params, has_biases, num_layers, dropout, train, bidirectional): the
// two overloads ATen has, told apart by params' place.
template <RnnMode kMode>
Value FNetwork(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"input",      "hx",      "params", "has_biases",
                                           "num_layers", "dropout", "train",  "bidirectional",
                                           "batch_first"};
  static constexpr const char* kPackedNames[] = {"data",    "batch_sizes", "hx",
                                                 "params",  "has_biases",  "num_layers",
                                                 "dropout", "train",       "bidirectional"};
  const char* fname = kMode == RnnMode::kLstm      ? "lstm"
                      : kMode == RnnMode::kGru     ? "gru"
                      : kMode == RnnMode::kRnnTanh ? "rnn_tanh"
                                                   : "rnn_relu";
  NetArgs a;
  a.mode = kMode;
  a.packed = args.nargs >= 4 && IsSequence(args[3]);
  Value v[9];
  if (!ParseArgs(vm, args, fname, a.packed ? kPackedNames : kNames, 9, v)) return {};
  Value* rest = v;
  if (a.packed) {
    Tensor sizes;
    if (!ToTensorArg(vm, v[1], fname, "batch_sizes", &sizes) || !CheckHasData(vm, sizes)) {
      return {};
    }
    Tensor c = sizes.contiguous();
    for (int64_t i = 0; i < c.numel(); ++i) {
      a.batch_sizes.push_back(static_cast<int64_t>(c.ElementAsDouble(i)));
    }
    v[1] = v[0];  // data in input's place; the rest shifts by one
    rest = v + 1;
  }
  if (!ToTensorArg(vm, rest[0], fname, "input", &a.input)) return {};
  if (kMode == RnnMode::kLstm) {
    if (!ToTensors(vm, rest[1], fname, "hx", &a.hx)) return {};
    if (a.hx.size() != 2) return RaiseRuntimeError(vm, "lstm expects two hidden states");
  } else {
    a.hx.resize(1);
    if (!ToTensorArg(vm, rest[1], fname, "hx", &a.hx[0])) return {};
  }
  a.batch_first = false;
  if (!ToTensors(vm, rest[2], fname, "params", &a.params) || !Truth(vm, rest[3], &a.bias) ||
      !ToInt(vm, rest[4], &a.layers) || !ToFloat(vm, rest[5], &a.dropout) ||
      !Truth(vm, rest[6], &a.train) || !Truth(vm, rest[7], &a.bidirectional) ||
      (!a.packed && !Truth(vm, rest[8], &a.batch_first))) {
    return {};
  }
  a.grad = TracksGrad(args);
  return RunNetwork(vm, a);
}

// --- Cells, made of ops ------------------------------------------------

// ATen's check_rnn_cell_forward_input / _hidden.
bool CheckCell(VM& vm, const Tensor& input, const Tensor& hx, const Tensor& w_ih, int64_t hidden,
               const char* hname) {
  if (input.size(1) != w_ih.size(1)) {
    RaiseRuntimeError(vm, absl::StrFormat("input has inconsistent input_size: got %d expected %d",
                                          input.size(1), w_ih.size(1)));
    return false;
  }
  if (input.size(0) != hx.size(0)) {
    RaiseRuntimeError(vm, absl::StrFormat("Input batch size %d doesn't match %s batch size %d",
                                          input.size(0), hname, hx.size(0)));
    return false;
  }
  if (hx.size(1) != hidden) {
    RaiseRuntimeError(vm, absl::StrFormat("%s has inconsistent hidden_size: got %d, expected %d",
                                          hname, hx.size(1), hidden));
    return false;
  }
  return true;
}

// linear(x, w, b) for an optional b.
bool Linear(VM& vm, const Tensor& x, const Tensor& w, const Value& b, Tensor* out) {
  kernels::KernelArg bias = Constant(None{});
  if (!b.is_null() && !b.is_none()) {
    Tensor bt;
    if (!ToTensorArg(vm, b, "linear", "bias", &bt)) return false;
    bias = bt;
  }
  return RunOp(vm, "linear", {x, w, bias}, out);
}

// Chunk k of `n` along dim 1.
bool Chunk(VM& vm, const Tensor& t, int64_t n, int64_t k, Tensor* out) {
  const int64_t w = t.size(1) / n;
  return RunOp(vm, "slice", {t, CInt(1), CInt(k * w), CInt((k + 1) * w), CInt(1)}, out);
}

struct CellArgs {
  Tensor input, w_ih, w_hh;
  std::vector<Tensor> hx;
  Value b_ih, b_hh;
};

bool ParseCell(VM& vm, const ArgsView& args, const char* fname, bool lstm, CellArgs* c) {
  static constexpr const char* kNames[] = {"input", "hx", "w_ih", "w_hh", "b_ih", "b_hh"};
  Value v[6];
  if (!ParseArgs(vm, args, fname, kNames, 4, v)) return false;
  if (!ToTensorArg(vm, v[0], fname, "input", &c->input)) return false;
  if (lstm) {
    if (!ToTensors(vm, v[1], fname, "hx", &c->hx)) return false;
    if (c->hx.size() != 2) {
      RaiseRuntimeError(vm, "lstm_cell expects two hidden states");
      return false;
    }
  } else {
    c->hx.resize(1);
    if (!ToTensorArg(vm, v[1], fname, "hx", &c->hx[0])) return false;
  }
  c->b_ih = v[4];
  c->b_hh = v[5];
  if (!ToTensorArg(vm, v[2], fname, "w_ih", &c->w_ih) ||
      !ToTensorArg(vm, v[3], fname, "w_hh", &c->w_hh)) {
    return false;
  }
  if (c->input.dim() != 2 || c->w_ih.dim() != 2 || c->w_hh.dim() != 2) {
    RaiseRuntimeError(vm, absl::StrFormat("%s: input and weights must be 2-D", fname));
    return false;
  }
  for (size_t i = 0; i < c->hx.size(); ++i) {
    if (c->hx[i].dim() != 2) {
      RaiseRuntimeError(vm, absl::StrFormat("%s: hidden states must be 2-D", fname));
      return false;
    }
    if (!CheckCell(vm, c->input, c->hx[i], c->w_ih, c->w_hh.size(1),
                   absl::StrFormat("hidden%d", i).c_str())) {
      return false;
    }
  }
  return true;
}

Value FLstmCell(VM& vm, const Value&, const ArgsView& args) {
  CellArgs c;
  if (!ParseCell(vm, args, "lstm_cell", true, &c)) return {};
  Tensor hh, ih, g, i, f, gg, o, fc, ig, cy, tc, hy;
  if (!Linear(vm, c.hx[0], c.w_hh, c.b_hh, &hh) || !Linear(vm, c.input, c.w_ih, c.b_ih, &ih) ||
      !RunOp(vm, "add", {hh, ih}, &g) || !Chunk(vm, g, 4, 0, &i) || !Chunk(vm, g, 4, 1, &f) ||
      !Chunk(vm, g, 4, 2, &gg) || !Chunk(vm, g, 4, 3, &o) || !RunOp(vm, "sigmoid", {i}, &i) ||
      !RunOp(vm, "sigmoid", {f}, &f) || !RunOp(vm, "tanh", {gg}, &gg) ||
      !RunOp(vm, "sigmoid", {o}, &o) || !RunOp(vm, "mul", {f, c.hx[1]}, &fc) ||
      !RunOp(vm, "mul", {i, gg}, &ig) || !RunOp(vm, "add", {fc, ig}, &cy) ||
      !RunOp(vm, "tanh", {cy}, &tc) || !RunOp(vm, "mul", {o, tc}, &hy)) {
    return {};
  }
  return NewTuple({WrapTensor(hy), WrapTensor(cy)});
}

Value FGruCell(VM& vm, const Value&, const ArgsView& args) {
  CellArgs c;
  if (!ParseCell(vm, args, "gru_cell", false, &c)) return {};
  const Tensor& h = c.hx[0];
  Tensor ig, hg, ir, iz, in, hr, hz, hn, r, z, n, d, hy;
  if (!Linear(vm, c.input, c.w_ih, c.b_ih, &ig) || !Linear(vm, h, c.w_hh, c.b_hh, &hg) ||
      !Chunk(vm, ig, 3, 0, &ir) || !Chunk(vm, ig, 3, 1, &iz) || !Chunk(vm, ig, 3, 2, &in) ||
      !Chunk(vm, hg, 3, 0, &hr) || !Chunk(vm, hg, 3, 1, &hz) || !Chunk(vm, hg, 3, 2, &hn) ||
      !RunOp(vm, "add", {hr, ir}, &r) || !RunOp(vm, "sigmoid", {r}, &r) ||
      !RunOp(vm, "add", {hz, iz}, &z) || !RunOp(vm, "sigmoid", {z}, &z) ||
      !RunOp(vm, "mul", {hn, r}, &n) || !RunOp(vm, "add", {in, n}, &n) ||
      !RunOp(vm, "tanh", {n}, &n) || !RunOp(vm, "sub", {h, n}, &d) ||
      !RunOp(vm, "mul", {d, z}, &d) || !RunOp(vm, "add", {d, n}, &hy)) {
    return {};
  }
  return WrapTensor(std::move(hy));
}

template <bool kRelu>
Value FRnnCell(VM& vm, const Value&, const ArgsView& args) {
  CellArgs c;
  if (!ParseCell(vm, args, kRelu ? "rnn_relu_cell" : "rnn_tanh_cell", false, &c)) return {};
  Tensor hh, ih, s;
  if (!Linear(vm, c.hx[0], c.w_hh, c.b_hh, &hh) || !Linear(vm, c.input, c.w_ih, c.b_ih, &ih) ||
      !RunOp(vm, "add", {hh, ih}, &s)) {
    return {};
  }
  return CallOp(vm, kRelu ? "relu" : "tanh", {s});
}

constexpr MethodDef kRnnFunctions[] = {
    {"lstm", FNetwork<RnnMode::kLstm>},
    {"gru", FNetwork<RnnMode::kGru>},
    {"rnn_tanh", FNetwork<RnnMode::kRnnTanh>},
    {"rnn_relu", FNetwork<RnnMode::kRnnRelu>},
    {"lstm_cell", FLstmCell},
    {"gru_cell", FGruCell},
    {"rnn_tanh_cell", FRnnCell<false>},
    {"rnn_relu_cell", FRnnCell<true>},
};

}  // namespace

void AddRnnFunctions(ModuleObject* m) { AddFunctions(m, kRnnFunctions); }

}  // namespace tc::script_torch
