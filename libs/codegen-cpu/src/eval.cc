// The loop IR's reference evaluator: buffers become tensors, and each node
// runs tensor-at-a-time over its whole index space (eval_expr.cc), its
// reduction and extern steps by eager's kernels.
#include "tc/codegen_cpu/eval.h"

#include <string>

#include "absl/strings/str_cat.h"

#include "tc/kernels/eager.h"
#include "tc/support/status.h"

#include "eval_expr.h"
#include "eval_space.h"

namespace tc::codegen_cpu {
namespace {

using eval_internal::Space;
using tensor::Tensor;

absl::Status Invalid(std::string message) {
  return absl::InvalidArgumentError(absl::StrCat("evaluate: ", message));
}

absl::StatusOr<tensor::Shape> ConstShape(const std::vector<Sym>& syms, const std::string& what) {
  tensor::Shape out;
  for (const Sym& s : syms) {
    if (!s.is_const()) return Invalid(absl::StrCat(what, " ", s.ToString(), " is not a constant"));
    out.push_back(s.value());
  }
  return out;
}

// A tensor for a written buffer: dense layouts through EmptyStrided, others
// (which a lowering never makes, but the IR allows) over enough storage.
absl::StatusOr<Tensor> Allocate(const Buffer& b) {
  TC_ASSIGN_OR_RETURN(tensor::Shape sizes, ConstShape(b.sizes, b.name + " size"));
  TC_ASSIGN_OR_RETURN(tensor::Shape strides, ConstShape(b.strides, b.name + " stride"));
  if (sizes.size() != strides.size()) return Invalid(b.name + ": sizes and strides differ in rank");
  if (tensor::IsNonOverlappingAndDense(sizes, strides)) {
    return Tensor::EmptyStrided(sizes, strides, b.dtype);
  }
  int64_t extent = 1;
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] == 0) extent = 0;
    if (strides[d] < 0) return Invalid(b.name + ": a negative stride");
  }
  for (size_t d = 0; d < sizes.size() && extent > 0; ++d) extent += (sizes[d] - 1) * strides[d];
  Tensor storage = Tensor::Empty(tensor::Shape{extent}, b.dtype);
  return storage.AsStrided(sizes, strides, 0);
}

// kAlias buffers: views of the buffer they alias, its element 0 plus
// `offset` (Buffer::offset), with their own sizes and strides.
absl::Status MakeAliases(const Program& program, std::vector<Tensor>& tensors) {
  const int n = static_cast<int>(program.buffers.size());
  for (int pass = 0; pass < n; ++pass) {
    bool missing = false;
    for (int b = 0; b < n; ++b) {
      const Buffer& buf = program.buffers[b];
      if (buf.role != Buffer::Role::kAlias || tensors[b].defined()) continue;
      if (buf.alias_of < 0 || buf.alias_of >= n || buf.alias_of == b) {
        return Invalid(absl::StrCat(buf.name, " aliases buffer ", buf.alias_of));
      }
      const Tensor& base = tensors[buf.alias_of];
      if (!base.defined()) {
        missing = true;
        continue;
      }
      TC_ASSIGN_OR_RETURN(tensor::Shape sizes, ConstShape(buf.sizes, buf.name + " size"));
      TC_ASSIGN_OR_RETURN(tensor::Shape strides, ConstShape(buf.strides, buf.name + " stride"));
      if (!buf.offset.is_const()) return Invalid(buf.name + ": a symbolic offset");
      tensors[b] = base.AsStrided(sizes, strides, base.storage_offset() + buf.offset.value());
    }
    if (!missing) return absl::OkStatus();
  }
  return Invalid("aliases form a cycle");
}

absl::StatusOr<std::vector<Tensor>> BindBuffers(const Program& program,
                                                std::span<const Tensor> inputs) {
  std::vector<Tensor> tensors(program.buffers.size());
  std::vector<bool> bound(inputs.size(), false);
  for (size_t b = 0; b < program.buffers.size(); ++b) {
    const Buffer& buf = program.buffers[b];
    if (buf.role == Buffer::Role::kAlias) continue;
    if (buf.role != Buffer::Role::kInput) {
      TC_ASSIGN_OR_RETURN(tensors[b], Allocate(buf));
      continue;
    }
    if (buf.input_index < 0 || buf.input_index >= static_cast<int>(inputs.size())) {
      return Invalid(absl::StrCat(buf.name, " is graph input ", buf.input_index, " but ",
                                  inputs.size(), " inputs were given"));
    }
    const Tensor& in = inputs[buf.input_index];
    TC_ASSIGN_OR_RETURN(tensor::Shape sizes, ConstShape(buf.sizes, buf.name + " size"));
    if (!in.defined() || in.is_meta()) {
      return Invalid(absl::StrCat("input ", buf.input_index, " is not a tensor with data"));
    }
    if (in.dtype() != buf.dtype || in.sizes() != sizes) {
      return Invalid(absl::StrCat(
          "input ", buf.input_index, " is ", std::string(tensor::DTypeName(in.dtype())),
          tensor::ShapeToString(in.sizes()), ", the program expects ",
          std::string(tensor::DTypeName(buf.dtype)), tensor::ShapeToString(sizes)));
    }
    // Loads address the caller's tensor through its own strides, so any
    // layout of the right sizes reads correctly.
    tensors[b] = in;
    bound[buf.input_index] = true;
  }
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (!bound[i]) {
      return Invalid(absl::StrCat(inputs.size(), " inputs given, but input ", i,
                                  " is not an input of the program"));
    }
  }
  TC_RETURN_IF_ERROR(MakeAliases(program, tensors));
  return tensors;
}

void LayoutLike(std::span<const Sym> index, const Tensor& t, Space& space);

// A pointwise node computes in its output's memory order, as eager does.
absl::Status RunPointwise(const Program& program, const Pointwise& p, int buffer,
                          const std::vector<Tensor>& tensors, const std::vector<Tensor>& results) {
  TC_ASSIGN_OR_RETURN(Space space, eval_internal::MakeSpace(p.ranges, {}));
  LayoutLike(p.store, tensors[buffer], space);
  eval_internal::ExprEvaluator ev(program, tensors, results, space);
  TC_ASSIGN_OR_RETURN(Tensor value, ev.Eval(p.value));
  return eval_internal::Scatter(value, tensors[buffer], p.store, space,
                                program.buffers[buffer].name);
}

// A reduction's value over the trailing `num_reduced` dims of `v` (in the
// space's layout) by eager's reduction kernels.
absl::StatusOr<Tensor> Reduce(ReduceOp op, const Tensor& v, int num_outer, DType dtype) {
  const int64_t rank = v.dim();
  tensor::Shape dims;
  for (int64_t d = num_outer; d < rank; ++d) dims.push_back(d);
  using graph_ir::Constant;
  const Constant no_keep(tensor::Scalar(false));
  if (dims.empty()) {
    // Nothing reduced: each value is its own reduction (an index: 0).
    if (op == ReduceOp::kArgMax || op == ReduceOp::kArgMin) {
      return Tensor::Zeros(v.sizes(), DType::kInt64);
    }
    return kernels::Call1("to_dtype", {v, Constant(dtype)});
  }
  // argmax/argmin and prod take one dim: the reduced dims flattened in
  // row-major order (argmax's index counts that way).
  auto flattened = [&]() -> absl::StatusOr<Tensor> {
    tensor::Shape sizes(v.sizes().begin(), v.sizes().begin() + num_outer);
    sizes.push_back(tensor::Numel(tensor::IntSpan(v.sizes()).subspan(num_outer)));
    return kernels::Call1("reshape", {v, Constant(sizes)});
  };
  const Constant last(tensor::Scalar(static_cast<int64_t>(num_outer)));
  switch (op) {
    case ReduceOp::kSum:
      return kernels::Call1("sum", {v, Constant(dims), no_keep, Constant(dtype)});
    case ReduceOp::kProd: {
      if (num_outer == 0) return kernels::Call1("prod", {v, Constant(), no_keep, Constant(dtype)});
      TC_ASSIGN_OR_RETURN(Tensor f, flattened());
      return kernels::Call1("prod", {f, last, no_keep, Constant(dtype)});
    }
    case ReduceOp::kMax:
    case ReduceOp::kMin:
      return kernels::Call1(op == ReduceOp::kMax ? "amax" : "amin", {v, Constant(dims), no_keep});
    case ReduceOp::kArgMax:
    case ReduceOp::kArgMin: {
      const char* name = op == ReduceOp::kArgMax ? "argmax" : "argmin";
      if (num_outer == 0) return kernels::Call1(name, {v, Constant(), no_keep});
      TC_ASSIGN_OR_RETURN(Tensor f, flattened());
      return kernels::Call1(name, {f, last, no_keep});
    }
    case ReduceOp::kAny:
    case ReduceOp::kAll: {
      // Counts of true values: any is count > 0, all is count == n.
      TC_ASSIGN_OR_RETURN(Tensor b, kernels::Call1("to_dtype", {v, Constant(DType::kBool)}));
      TC_ASSIGN_OR_RETURN(Tensor count, kernels::Call1("sum", {b, Constant(dims), no_keep}));
      int64_t n = tensor::Numel(tensor::IntSpan(v.sizes()).subspan(num_outer));
      return op == ReduceOp::kAny
                 ? kernels::Call1("gt", {count, Constant(tensor::Scalar(int64_t{0}))})
                 : kernels::Call1("eq", {count, Constant(tensor::Scalar(n))});
    }
  }
  return Invalid("an unknown reduction");
}

// Lays the space out in the order `index` walks `t`'s memory (the dims
// with larger strides outer), so eager's kernels meet the layout eager's
// run had: its SIMD bodies and scalar tails fall on the same elements, and
// the cascade sum adds in the same order.
void LayoutLike(std::span<const Sym> index, const Tensor& t, Space& space) {
  if (static_cast<int64_t>(index.size()) != t.dim()) return;
  std::vector<Sym> strides;
  for (int64_t d = 0; d < t.dim(); ++d) strides.push_back(Sym::Const(t.stride(d)));
  Sym flat = Linear(index, strides, Sym::Const(0));
  std::vector<int64_t> coefficients;
  for (size_t d = 0; d < space.sizes.size(); ++d) {
    const int num_outer = space.num_outer;
    std::string var =
        static_cast<int>(d) < num_outer ? absl::StrCat("i", d) : absl::StrCat("r", d - num_outer);
    std::optional<int64_t> c = flat.CoefficientOf(var);
    if (!c) return;
    coefficients.push_back(*c);
  }
  eval_internal::SetLayoutByCoefficients(space, coefficients);
}

// A reduction reads in the layout of its first load (eager's input).
void ChooseLayout(const Reduction& r, const std::vector<Tensor>& tensors, Space& space) {
  const Load* load = r.value ? eval_internal::FirstLoad(*r.value) : nullptr;
  if (load == nullptr || load->buffer < 0 || load->buffer >= static_cast<int>(tensors.size())) {
    return;
  }
  LayoutLike(load->index, tensors[load->buffer], space);
}

absl::Status RunReduction(const Program& program, const Reduction& r, int node, int buffer,
                          const std::vector<Tensor>& tensors, std::vector<Tensor>& results) {
  TC_ASSIGN_OR_RETURN(Space space, eval_internal::MakeSpace(r.ranges, r.reduction_ranges));
  ChooseLayout(r, tensors, space);
  eval_internal::ExprEvaluator ev(program, tensors, results, space);
  TC_ASSIGN_OR_RETURN(Tensor value, ev.Eval(r.value));
  // A value over the whole space is reduced as it is (a load: the view
  // eager's reduction read); a constant is broadcast first.
  if (value.sizes() != space.sizes) {
    TC_ASSIGN_OR_RETURN(value, eval_internal::ToLayout(value, space));
  }
  const DType dtype = program.buffers[buffer].dtype;
  auto reduced = Reduce(r.op, value, space.num_outer, dtype);
  if (!reduced.ok()) {
    return Invalid(absl::StrCat("node", node, " ", std::string(ReduceOpName(r.op)), ": ",
                                std::string(reduced.status().message())));
  }
  Tensor out = *std::move(reduced);
  if (out.dtype() != dtype) {
    TC_ASSIGN_OR_RETURN(out, kernels::Call1("to_dtype", {out, graph_ir::Constant(dtype)}));
  }
  out = out.contiguous();
  TC_ASSIGN_OR_RETURN(Space outer, eval_internal::MakeSpace(r.ranges, {}));
  TC_RETURN_IF_ERROR(
      eval_internal::Scatter(out, tensors[buffer], r.store, outer, program.buffers[buffer].name));
  results[node] = std::move(out);
  return absl::OkStatus();
}

absl::Status RunExtern(const Extern& x, const std::vector<Tensor>& tensors) {
  const int n = static_cast<int>(tensors.size());
  auto buffer = [&](int b) -> absl::StatusOr<Tensor> {
    if (b < 0 || b >= n) return Invalid(absl::StrCat(x.op, " reads buffer ", b));
    return tensors[b];
  };
  std::vector<kernels::KernelArg> args;
  for (const Extern::Arg& a : x.args) {
    if (const int* b = std::get_if<int>(&a)) {
      TC_ASSIGN_OR_RETURN(Tensor t, buffer(*b));
      args.emplace_back(std::move(t));
    } else if (const auto* list = std::get_if<std::vector<int>>(&a)) {
      std::vector<Tensor> ts;
      for (int b : *list) {
        TC_ASSIGN_OR_RETURN(Tensor t, buffer(b));
        ts.push_back(std::move(t));
      }
      args.emplace_back(std::move(ts));
    } else {
      args.emplace_back(std::get<graph_ir::Constant>(a));
    }
  }
  auto outs = kernels::Call(x.op, std::move(args));
  if (!outs.ok()) return Invalid(absl::StrCat(x.op, ": ", std::string(outs.status().message())));
  if (outs->size() != x.outputs.size()) {
    return Invalid(
        absl::StrCat(x.op, " gives ", outs->size(), " outputs, the node names ", x.outputs.size()));
  }
  for (size_t i = 0; i < x.outputs.size(); ++i) {
    TC_ASSIGN_OR_RETURN(Tensor dst, buffer(x.outputs[i]));
    if (dst.dtype() != (*outs)[i].dtype()) {
      return Invalid(absl::StrCat(x.op, " output ", i, " is ",
                                  std::string(tensor::DTypeName((*outs)[i].dtype())),
                                  ", its buffer ", std::string(tensor::DTypeName(dst.dtype()))));
    }
    absl::Status copied = dst.CopyFrom((*outs)[i]);
    if (!copied.ok()) return Invalid(absl::StrCat(x.op, ": ", std::string(copied.message())));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::vector<Tensor>> Evaluate(const Program& program,
                                             std::span<const Tensor> inputs) {
  TC_ASSIGN_OR_RETURN(std::vector<Tensor> tensors, BindBuffers(program, inputs));
  std::vector<Tensor> results(program.nodes.size());
  const int num_buffers = static_cast<int>(tensors.size());
  for (size_t n = 0; n < program.nodes.size(); ++n) {
    const Node& node = program.nodes[n];
    if (node.buffer < 0 || node.buffer >= num_buffers) {
      return Invalid(absl::StrCat("node", n, " writes buffer ", node.buffer));
    }
    if (const auto* p = std::get_if<Pointwise>(&node.body)) {
      TC_RETURN_IF_ERROR(RunPointwise(program, *p, node.buffer, tensors, results));
    } else if (const auto* r = std::get_if<Reduction>(&node.body)) {
      TC_RETURN_IF_ERROR(
          RunReduction(program, *r, static_cast<int>(n), node.buffer, tensors, results));
    } else {
      TC_RETURN_IF_ERROR(RunExtern(std::get<Extern>(node.body), tensors));
    }
  }
  std::vector<Tensor> outputs;
  for (int b : program.graph_outputs) {
    if (b < 0 || b >= num_buffers) return Invalid(absl::StrCat("output buffer ", b));
    outputs.push_back(tensors[b]);
  }
  return outputs;
}

}  // namespace tc::codegen_cpu
