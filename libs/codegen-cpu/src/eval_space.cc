// The evaluator's index space: symbolic indices at every point, gathers and
// scatters of buffer elements (plain byte moves: no arithmetic on values,
// so they cannot change a bit).
#include "eval_space.h"

#include <algorithm>
#include <cstring>
#include <numeric>
#include <optional>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

#include "tc/support/status.h"

namespace tc::codegen_cpu::eval_internal {
namespace {

using tensor::Tensor;

// The space dim a loop variable names: i<d> -> d, r<d> -> num_outer + d.
absl::StatusOr<int> VarDim(const Sym& var, const Space& space) {
  const std::string& name = var.name();
  int d = -1;
  if (name.size() >= 2 && absl::SimpleAtoi(name.substr(1), &d) && d >= 0) {
    if (name[0] == 'i' && d < space.num_outer) return d;
    int outer = space.num_outer;
    if (name[0] == 'r' && outer + d < static_cast<int>(space.sizes.size())) return outer + d;
  }
  return absl::InvalidArgumentError(
      absl::StrCat("evaluate: index variable '", name, "' is not a loop variable of the node"));
}

// The coordinate of every point along dim d.
std::vector<int64_t> Coordinates(const Space& space, int d) {
  int64_t inner = 1;
  for (size_t k = d + 1; k < space.sizes.size(); ++k) inner *= space.sizes[k];
  std::vector<int64_t> out(space.numel);
  const int64_t size = space.sizes[d];
  for (int64_t p = 0; p < space.numel; ++p) out[p] = (p / inner) % size;
  return out;
}

// The element offset, in `strides`, of every point of `sizes` in row-major
// point order.
std::vector<int64_t> PointOffsets(tensor::IntSpan sizes, tensor::IntSpan strides) {
  const int64_t n = tensor::Numel(sizes);
  std::vector<int64_t> out(n, 0);
  int64_t inner = 1;
  for (int64_t d = static_cast<int64_t>(sizes.size()) - 1; d >= 0; --d) {
    if (sizes[d] != 1 && strides[d] != 0) {
      for (int64_t p = 0; p < n; ++p) out[p] += ((p / inner) % sizes[d]) * strides[d];
    }
    inner *= sizes[d];
  }
  return out;
}

// Offsets of `index` into `buffer`, each component checked against its dim.
absl::StatusOr<std::vector<int64_t>> BufferOffsets(const Tensor& buffer, std::span<const Sym> index,
                                                   const Space& space, const std::string& name) {
  if (static_cast<int64_t>(index.size()) != buffer.dim()) {
    return absl::InvalidArgumentError(absl::StrCat("evaluate: ", name, " has ", buffer.dim(),
                                                   " dims but is indexed with ", index.size()));
  }
  std::vector<int64_t> offsets(space.numel, 0);
  for (size_t d = 0; d < index.size(); ++d) {
    TC_ASSIGN_OR_RETURN(std::vector<int64_t> v, EvalIndex(index[d], space));
    const int64_t size = buffer.size(d), stride = buffer.stride(d);
    for (int64_t p = 0; p < space.numel; ++p) {
      if (v[p] < 0 || v[p] >= size) {
        return absl::InvalidArgumentError(absl::StrCat("evaluate: ", name, " index ",
                                                       index[d].ToString(), " reaches ", v[p],
                                                       ", outside [0, ", size, ") in dim ", d));
      }
      offsets[p] += v[p] * stride;
    }
  }
  return offsets;
}

}  // namespace

absl::StatusOr<Space> MakeSpace(std::span<const Sym> ranges,
                                std::span<const Sym> reduction_ranges) {
  Space space;
  space.num_outer = static_cast<int>(ranges.size());
  for (auto list : {ranges, reduction_ranges}) {
    for (const Sym& r : list) {
      if (!r.is_const() || r.value() < 0) {
        return absl::InvalidArgumentError(
            absl::StrCat("evaluate: range ", r.ToString(), " is not a non-negative constant"));
      }
      space.sizes.push_back(r.value());
    }
  }
  space.numel = tensor::Numel(space.sizes);
  space.layout_strides = tensor::ContiguousStrides(space.sizes);
  return space;
}

void SetLayoutByCoefficients(Space& space, std::span<const int64_t> coefficients) {
  std::vector<size_t> order(space.sizes.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return std::abs(coefficients[a]) > std::abs(coefficients[b]);
  });
  int64_t stride = 1;
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    space.layout_strides[*it] = stride;
    stride *= std::max<int64_t>(space.sizes[*it], 1);
  }
}

absl::StatusOr<std::vector<int64_t>> EvalIndex(const Sym& index, const Space& space) {
  switch (index.kind()) {
    case Sym::Kind::kConst:
      return std::vector<int64_t>(space.numel, index.value());
    case Sym::Kind::kVar: {
      TC_ASSIGN_OR_RETURN(int d, VarDim(index, space));
      return Coordinates(space, d);
    }
    default:
      break;
  }
  std::vector<std::vector<int64_t>> ops;
  for (const Sym& op : index.operands()) {
    TC_ASSIGN_OR_RETURN(std::vector<int64_t> v, EvalIndex(op, space));
    ops.push_back(std::move(v));
  }
  std::vector<int64_t> out = std::move(ops[0]);
  for (size_t k = 1; k < ops.size(); ++k) {
    const std::vector<int64_t>& b = ops[k];
    for (int64_t p = 0; p < space.numel; ++p) {
      switch (index.kind()) {
        case Sym::Kind::kAdd:
          out[p] += b[p];
          break;
        case Sym::Kind::kMul:
          out[p] *= b[p];
          break;
        case Sym::Kind::kFloorDiv:
        case Sym::Kind::kMod:
          if (b[p] == 0) {
            return absl::InvalidArgumentError(
                absl::StrCat("evaluate: division by zero in index ", index.ToString()));
          }
          out[p] = index.kind() == Sym::Kind::kMod ? PythonMod(out[p], b[p])
                                                   : PythonFloorDiv(out[p], b[p]);
          break;
        case Sym::Kind::kMin:
          out[p] = std::min(out[p], b[p]);
          break;
        default:
          out[p] = std::max(out[p], b[p]);
          break;
      }
    }
  }
  return out;
}

Tensor FromPointValues(const std::vector<int64_t>& values, const Space& space) {
  Tensor out = Tensor::EmptyStrided(space.sizes, space.layout_strides, tensor::DType::kInt64);
  auto* dst = out.data<int64_t>();
  const std::vector<int64_t> offsets = PointOffsets(space.sizes, space.layout_strides);
  for (int64_t p = 0; p < space.numel; ++p) dst[offsets[p]] = values[p];
  return out;
}

namespace {

// The strides (per space dim) and offset of an affine index into
// `buffer`, or nullopt when a FloorDiv/Mod/Min/Max makes it not affine.
std::optional<std::pair<tensor::Shape, int64_t>> AffineView(const Tensor& buffer,
                                                            std::span<const Sym> index,
                                                            const Space& space) {
  std::vector<Sym> strides;
  for (int64_t d = 0; d < buffer.dim(); ++d) strides.push_back(Sym::Const(buffer.stride(d)));
  const Sym flat = Linear(index, strides, Sym::Const(0));
  tensor::Shape view_strides;
  absl::flat_hash_map<std::string, Sym> zero;
  for (size_t d = 0; d < space.sizes.size(); ++d) {
    const int outer = space.num_outer;
    std::string var =
        static_cast<int>(d) < outer ? absl::StrCat("i", d) : absl::StrCat("r", d - outer);
    std::optional<int64_t> c = flat.CoefficientOf(var);
    if (!c) return std::nullopt;
    view_strides.push_back(space.sizes[d] == 1 ? 0 : *c);
    zero.emplace(var, Sym::Const(0));
  }
  const Sym offset = flat.Substitute(zero);
  if (!offset.is_const()) return std::nullopt;
  return std::make_pair(view_strides, offset.value());
}

}  // namespace

absl::StatusOr<Tensor> Gather(const Tensor& buffer, std::span<const Sym> index, const Space& space,
                              const std::string& name) {
  TC_ASSIGN_OR_RETURN(std::vector<int64_t> src, BufferOffsets(buffer, index, space, name));
  // An affine index is a strided view: the kernels then meet the operand
  // with the strides eager's op had (its SIMD body and scalar tail fall
  // where eager's did), and nothing is copied.
  if (auto view = AffineView(buffer, index, space)) {
    return buffer.AsStrided(space.sizes, view->first, buffer.storage_offset() + view->second);
  }
  Tensor out = Tensor::EmptyStrided(space.sizes, space.layout_strides, buffer.dtype());
  if (space.numel == 0) return out;
  const std::vector<int64_t> dst = PointOffsets(space.sizes, space.layout_strides);
  const size_t item = buffer.itemsize();
  const char* from = static_cast<const char*>(buffer.raw_data());
  char* to = static_cast<char*>(out.raw_data());
  for (int64_t p = 0; p < space.numel; ++p) {
    std::memcpy(to + dst[p] * item, from + src[p] * item, item);
  }
  return out;
}

absl::Status Scatter(const Tensor& value, const Tensor& buffer, std::span<const Sym> index,
                     const Space& space, const std::string& name) {
  if (value.dtype() != buffer.dtype()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "evaluate: a ", std::string(tensor::DTypeName(value.dtype())), " value stored into ", name,
        ", a ", std::string(tensor::DTypeName(buffer.dtype())), " buffer"));
  }
  const bool broadcast = value.dim() == 0;
  if (!broadcast && value.sizes() != space.sizes) {
    return absl::InvalidArgumentError(
        absl::StrCat("evaluate: the value stored into ", name, " has sizes ",
                     tensor::ShapeToString(value.sizes()), ", not the node's ",
                     tensor::ShapeToString(space.sizes)));
  }
  TC_ASSIGN_OR_RETURN(std::vector<int64_t> dst, BufferOffsets(buffer, index, space, name));
  if (space.numel == 0) return absl::OkStatus();
  std::vector<int64_t> src = broadcast ? std::vector<int64_t>(space.numel, 0)
                                       : PointOffsets(value.sizes(), value.strides());
  const size_t item = buffer.itemsize();
  const char* from = static_cast<const char*>(value.raw_data());
  char* to = static_cast<char*>(buffer.raw_data());
  for (int64_t p = 0; p < space.numel; ++p) {
    std::memcpy(to + dst[p] * item, from + src[p] * item, item);
  }
  return absl::OkStatus();
}

absl::StatusOr<Tensor> ToLayout(const Tensor& value, const Space& space) {
  if (value.sizes() == space.sizes && value.strides() == space.layout_strides) return value;
  Tensor src = value;
  if (value.dim() == 0) {
    src =
        value.AsStrided(space.sizes, tensor::Shape(space.sizes.size(), 0), value.storage_offset());
  }
  Tensor out = Tensor::EmptyStrided(space.sizes, space.layout_strides, value.dtype());
  TC_RETURN_IF_ERROR(out.CopyFrom(src));
  return out;
}

}  // namespace tc::codegen_cpu::eval_internal
