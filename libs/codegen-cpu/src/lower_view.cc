// View ops: no node and no buffer. Each view's index transform (the
// input's index as Syms of the view's variables) is composed into its
// input's, so whoever reads the view loads the base directly. A reshape
// that eager must copy is a Pointwise copy through the same transform.
#include <algorithm>
#include <string>

#include "tc/support/status.h"
#include "tc/tensor/shape.h"

#include "lower_internal.h"

namespace tc::codegen_cpu::lower_internal {
namespace {

using graph_ir::TensorMeta;

int64_t IntArg(const graph_ir::Node& node, size_t i, int64_t fallback) {
  const auto* c = std::get_if<graph_ir::Constant>(&node.args()[i]);
  if (c == nullptr) return fallback;
  const auto* s = std::get_if<tensor::Scalar>(c);
  return s == nullptr ? fallback : s->to_int();
}

int64_t Wrap(int64_t d, int64_t rank) { return d < 0 ? d + std::max<int64_t>(rank, 1) : d; }

// The input index of a reshape: the view's row-major flat index split by
// the input's sizes (Sym drops the FloorDiv/Mod where sizes line up).
std::vector<Sym> ReshapeIndex(const TensorMeta& in, std::span<const Sym> o,
                              tensor::IntSpan out_sizes) {
  Sym flat = Sym::Const(0);
  int64_t stride = 1;
  for (int64_t d = static_cast<int64_t>(out_sizes.size()) - 1; d >= 0; --d) {
    flat = flat + o[d] * Sym::Const(stride);
    stride *= out_sizes[d];
  }
  std::vector<Sym> index(in.dim(), Sym::Const(0));
  // Nothing is read from an empty tensor (and a size 0 would divide by 0).
  if (in.numel() == 0) return index;
  int64_t inner = 1;
  for (int64_t d = in.dim() - 1; d >= 0; --d) {
    index[d] = in.sizes[d] == 1 ? Sym::Const(0)
                                : Mod(FloorDiv(flat, Sym::Const(inner)), Sym::Const(in.sizes[d]));
    inner *= in.sizes[d];
  }
  return index;
}

// Squeeze, unsqueeze and expand of size-1 dims: dims of size 1 in the input
// read index 0; the others pair up with the view's in order from the right
// (expand's leading new dims have no input dim).
std::vector<Sym> AlignedIndex(const TensorMeta& in, const TensorMeta& out, std::span<const Sym> o,
                              bool right_aligned) {
  std::vector<Sym> index(in.dim(), Sym::Const(0));
  if (right_aligned) {
    const int64_t lead = out.dim() - in.dim();
    for (int64_t d = 0; d < in.dim(); ++d) {
      if (in.sizes[d] != 1) index[d] = o[lead + d];
    }
    return index;
  }
  int64_t k = 0;
  for (int64_t d = 0; d < in.dim(); ++d) {
    if (in.sizes[d] == 1) continue;
    while (k < out.dim() && out.sizes[k] == 1) ++k;
    index[d] = o[k++];
  }
  return index;
}

absl::StatusOr<std::vector<Sym>> ViewIndex(const graph_ir::Node& node, std::span<const Sym> o) {
  const std::string& name = node.op().name;
  const TensorMeta& in = std::get<graph_ir::Value*>(node.args()[0])->meta();
  const TensorMeta& out = node.output()->meta();
  std::vector<Sym> index(in.dim(), Sym::Const(0));
  if (name == "view" || name == "reshape") return ReshapeIndex(in, o, out.sizes);
  if (name == "expand") return AlignedIndex(in, out, o, true);
  if (name == "squeeze" || name == "unsqueeze") return AlignedIndex(in, out, o, false);
  if (name == "permute") {
    const auto& dims = std::get<tensor::Shape>(std::get<graph_ir::Constant>(node.args()[1]));
    for (size_t i = 0; i < dims.size(); ++i) index[Wrap(dims[i], in.dim())] = o[i];
    return index;
  }
  if (name == "slice") {
    const int64_t dim = Wrap(IntArg(node, 1, 0), in.dim());
    const int64_t size = in.sizes[dim], step = IntArg(node, 4, 1);
    int64_t start = IntArg(node, 2, 0);
    if (start < 0) start += size;
    start = std::clamp<int64_t>(start, 0, size);
    std::copy(o.begin(), o.end(), index.begin());
    index[dim] = Sym::Const(start) + Sym::Const(step) * o[dim];
    return index;
  }
  if (name == "diagonal") {
    const int64_t offset = IntArg(node, 1, 0);
    const int64_t d1 = Wrap(IntArg(node, 2, 0), in.dim()), d2 = Wrap(IntArg(node, 3, 1), in.dim());
    int64_t k = 0;
    for (int64_t d = 0; d < in.dim(); ++d) {
      if (d != d1 && d != d2) index[d] = o[k++];
    }
    const Sym& diag = o[out.dim() - 1];
    // An empty diagonal keeps its input's storage offset, as PyTorch's
    // diagonal() adds the offset only when the diagonal has elements.
    const bool empty = out.sizes[out.dim() - 1] == 0;
    index[d1] = diag + Sym::Const(empty ? 0 : std::max<int64_t>(-offset, 0));
    index[d2] = diag + Sym::Const(empty ? 0 : std::max<int64_t>(offset, 0));
    return index;
  }
  if (name == "unfold") {
    if (in.dim() == 0) return index;
    const int64_t dim = Wrap(IntArg(node, 1, 0), in.dim()), step = IntArg(node, 3, 1);
    std::copy(o.begin(), o.begin() + in.dim(), index.begin());
    index[dim] = Sym::Const(step) * o[dim] + o[out.dim() - 1];
    return index;
  }
  return Unsupported(name, "a view op the lowering does not know");
}

}  // namespace

absl::Status LowerView(Lowering& l, const graph_ir::Node& node) {
  const auto* in_value = std::get_if<graph_ir::Value*>(&node.args()[0]);
  if (in_value == nullptr) return Unsupported(node.op().name, "its input is not a tensor");
  const graph_ir::Value* in = *in_value;
  const graph_ir::Value* out = node.output();
  const TensorMeta& out_meta = out->meta();
  if (node.op().name == "reshape" &&
      !tensor::ComputeViewStrides(in->meta().sizes, in->meta().strides, out_meta.sizes)) {
    // Eager copies: a Pointwise copy into a contiguous buffer.
    std::vector<Sym> vars = LoopVars(out_meta.sizes);
    TC_ASSIGN_OR_RETURN(std::vector<Sym> index, ViewIndex(node, vars));
    l.AddPointwise(out, l.LoadAt(in, index));
    return absl::OkStatus();
  }
  std::vector<Sym> o = ValueVars(out_meta.sizes);
  TC_ASSIGN_OR_RETURN(std::vector<Sym> index, ViewIndex(node, o));
  l.Bind(out, {l.Ref(in).buffer, l.BaseIndex(in, index), true});
  return absl::OkStatus();
}

}  // namespace tc::codegen_cpu::lower_internal
