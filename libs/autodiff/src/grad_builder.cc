#include "src/grad_builder.h"

#include <algorithm>

#include "absl/strings/str_cat.h"

namespace tc::autodiff::internal {
namespace {

constexpr EmitRef kFailed{-1};

bool Failed(const EmitArg& a) {
  if (const auto* r = std::get_if<EmitRef>(&a)) return r->index < 0;
  if (const auto* l = std::get_if<std::vector<EmitRef>>(&a)) {
    return std::any_of(l->begin(), l->end(), [](EmitRef r) { return r.index < 0; });
  }
  return false;
}

}  // namespace

int64_t WrapDim(int64_t dim, int64_t rank) {
  if (rank == 0) return 0;
  return dim < 0 ? dim + rank : dim;
}

EmitRef GradBuilder::In(size_t i) const { return std::get<EmitRef>(b_.args[i]); }

const std::vector<EmitRef>& GradBuilder::InList(size_t i) const {
  return std::get<std::vector<EmitRef>>(b_.args[i]);
}

bool GradBuilder::IsTensor(size_t i) const {
  return i < b_.args.size() && std::holds_alternative<EmitRef>(b_.args[i]);
}

const Constant& GradBuilder::Const(size_t i) const { return std::get<Constant>(b_.args[i]); }

bool GradBuilder::IsNone(size_t i) const {
  return i >= b_.args.size() || (std::holds_alternative<Constant>(b_.args[i]) &&
                                 std::holds_alternative<graph_ir::None>(Const(i)));
}

double GradBuilder::Double(size_t i) const { return std::get<Scalar>(Const(i)).to_double(); }
int64_t GradBuilder::Int(size_t i) const { return std::get<Scalar>(Const(i)).to_int(); }
bool GradBuilder::Bool(size_t i) const { return std::get<Scalar>(Const(i)).to_int() != 0; }
const Shape& GradBuilder::Ints(size_t i) const { return std::get<Shape>(Const(i)); }

EmitRef GradBuilder::GradOrZeros(size_t i) {
  if (b_.grads[i].has_value()) return *b_.grads[i];
  return Full(Meta(b_.outputs[i]), 0.0);
}

std::vector<EmitRef> GradBuilder::OpN(std::string_view op, std::vector<EmitArg> args) {
  if (!status_.ok() || std::any_of(args.begin(), args.end(), Failed)) return {kFailed, kFailed};
  const graph_ir::OpDef* def = graph_ir::FindOp(op);
  if (def == nullptr) {
    status_ =
        absl::InternalError(absl::StrCat("derivative formula uses unknown op ", std::string(op)));
    return {kFailed, kFailed};
  }
  absl::StatusOr<std::vector<EmitRef>> outs = b_.emitter.Emit(*def, std::move(args));
  if (!outs.ok()) {
    status_ = outs.status();
    return {kFailed, kFailed};
  }
  return *std::move(outs);
}

EmitRef GradBuilder::Op(std::string_view op, std::vector<EmitArg> args) {
  return OpN(op, std::move(args))[0];
}

EmitRef GradBuilder::Commuted(std::string_view op, EmitArg a, EmitArg b) {
  const bool swap = std::holds_alternative<Constant>(a) && !std::holds_alternative<Constant>(b);
  std::vector<EmitArg> args;
  args.reserve(2);
  args.push_back(swap ? std::move(b) : std::move(a));
  args.push_back(swap ? std::move(a) : std::move(b));
  return Op(op, std::move(args));
}

EmitRef GradBuilder::Full(TensorMeta meta, double value) {
  return Op("full", {L(meta.sizes), S(value), Constant(meta.dtype)});
}

EmitRef GradBuilder::SumTo(EmitRef g, Shape sizes) {
  if (g.index < 0) return g;
  const Shape gs = Meta(g).sizes;
  if (gs == sizes) return g;
  // Leading dims the broadcast added, then dims it stretched from 1.
  const size_t lead = gs.size() - sizes.size();
  Shape dims;
  for (size_t d = 0; d < lead; ++d) dims.push_back(static_cast<int64_t>(d));
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] == 1 && gs[lead + d] != 1) dims.push_back(static_cast<int64_t>(lead + d));
  }
  EmitRef r = g;
  if (!dims.empty()) r = Op("sum", {g, L(dims), B(true), NoneArg()});
  return Reshape(r, sizes);
}

EmitRef GradBuilder::Expand(EmitRef g, Shape sizes) {
  if (g.index >= 0 && Meta(g).sizes == sizes) return g;
  return Op("expand", {g, L(sizes)});
}

EmitRef GradBuilder::Reshape(EmitRef g, Shape sizes) {
  if (g.index >= 0 && Meta(g).sizes == sizes) return g;
  return Op("reshape", {g, L(sizes)});
}

EmitRef GradBuilder::Permute(EmitRef g, Shape dims) { return Op("permute", {g, L(dims)}); }

EmitRef GradBuilder::Transpose(EmitRef g, int64_t d0, int64_t d1) {
  if (g.index < 0) return g;
  const int64_t rank = Meta(g).dim();
  Shape dims;
  for (int64_t d = 0; d < rank; ++d) dims.push_back(d);
  std::swap(dims[WrapDim(d0, rank)], dims[WrapDim(d1, rank)]);
  return Permute(g, dims);
}

EmitRef GradBuilder::ToDtype(EmitRef g, tensor::DType dtype) {
  if (g.index >= 0 && Meta(g).dtype == dtype) return g;
  return Op("to_dtype", {g, Constant(dtype)});
}

size_t GradBuilder::FlatIndex(size_t arg) const {
  size_t k = 0;
  for (size_t i = 0; i < arg && i < b_.args.size(); ++i) {
    if (std::holds_alternative<EmitRef>(b_.args[i])) ++k;
    if (const auto* l = std::get_if<std::vector<EmitRef>>(&b_.args[i])) k += l->size();
  }
  return k;
}

bool GradBuilder::Needs(size_t arg) const {
  if (!IsTensor(arg)) return false;
  const size_t k = FlatIndex(arg);
  return k < b_.needs_grad.size() && b_.needs_grad[k];
}

bool GradBuilder::NeedsAny() const {
  for (bool n : b_.needs_grad) {
    if (n) return true;
  }
  return false;
}

void GradBuilder::Set(size_t arg, EmitRef grad) { SetItem(arg, 0, grad); }

void GradBuilder::SetItem(size_t arg, size_t item, EmitRef grad) {
  const size_t k = FlatIndex(arg) + item;
  if (result_.size() <= k) result_.resize(b_.needs_grad.size() > k ? b_.needs_grad.size() : k + 1);
  result_[k] = grad;
}

absl::StatusOr<Grads> GradBuilder::Done() {
  if (!status_.ok()) return status_;
  return std::move(result_);
}

}  // namespace tc::autodiff::internal
