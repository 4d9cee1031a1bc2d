// searchsorted / bucketize: binary searches of each value in its row of the
// sorted boundaries (through `sorter` when given), with ATen's comparisons
// (a NaN value goes after everything; lower bound: first b with b >= v,
// upper bound: first b with b > v), in the promoted type of both inputs.
// histc: ATen's histogram arithmetic in the input's type: bin =
// (v - lo) * bins / (hi - lo) truncated (the bin edges' first and last
// are exactly lo and hi in that type); values outside [lo, hi] (and NaN)
// left out, hi itself in the last bin; min == max takes the data's range.
#include <algorithm>
#include <cmath>
#include <vector>

#include "absl/strings/str_format.h"

#include "tc/support/status.h"
#include "tc/tensor/dispatch.h"

#include "families.h"
#include "kernel.h"

namespace tc::kernels {
namespace {

// The insertion point of v in seq[0..n) (through sort when not null).
template <typename T>
int64_t Search(const T* seq, const int64_t* sort, int64_t n, T v, bool right) {
  int64_t lo = 0, hi = n;
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    T m = sort != nullptr ? seq[sort[mid]] : seq[mid];
    bool go_right = right ? !(m > v) : !(m >= v);
    if (go_right) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo;
}

absl::Status SearchInto(const Tensor& boundaries_in, const Tensor& input_in,
                        const Tensor* sorter_in, bool right, Tensor& out) {
  DType common = tensor::PromoteTypes(boundaries_in.dtype(), input_in.dtype());
  Tensor b = boundaries_in.to(common).contiguous(), x = input_in.to(common).contiguous();
  const int64_t n = b.dim() == 0 ? 1 : b.size(b.dim() - 1);
  const bool per_row = b.dim() > 1;
  const int64_t row_len = x.dim() == 0 ? 1 : x.size(x.dim() - 1);
  Tensor s;
  const int64_t* sort = nullptr;
  if (sorter_in != nullptr) {
    s = sorter_in->contiguous();
    sort = s.data<int64_t>();
    for (int64_t i = 0; i < s.numel(); ++i) {
      if (sort[i] < 0 || sort[i] >= n) {
        return absl::InvalidArgumentError("torch.searchsorted(): sorter index out of range");
      }
    }
  }
  const int64_t total = x.numel();
  const bool int32 = out.dtype() == DType::kInt32;
  tensor::VisitDType(common, [&]<typename T>(tensor::TypeTag<T>) {
    const T* bp = b.data<T>();
    const T* xp = x.data<T>();
    for (int64_t i = 0; i < total; ++i) {
      int64_t row = per_row ? i / row_len : 0;
      int64_t r = Search(bp + row * n, sort ? sort + row * n : nullptr, n, xp[i], right);
      if (int32) {
        out.data<int32_t>()[i] = static_cast<int32_t>(r);
      } else {
        out.data<int64_t>()[i] = r;
      }
    }
  });
  return absl::OkStatus();
}

absl::Status SearchsortedKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                                std::span<Tensor> outs) {
  const Tensor* sorter = IsNone(args, 4) ? nullptr : &TensorArg(args, 4);
  return SearchInto(TensorArg(args, 0), TensorArg(args, 1), sorter, BoolArg(args, 3), outs[0]);
}

absl::Status BucketizeKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                             std::span<Tensor> outs) {
  return SearchInto(TensorArg(args, 1), TensorArg(args, 0), nullptr, BoolArg(args, 3), outs[0]);
}

// ATen's histc_select_outer_bin_edges: the range, from the data when
// min == max, widened by 1 each way when still empty.
absl::StatusOr<std::pair<double, double>> HistcRange(const Tensor& x, double lo, double hi) {
  if (lo == hi && x.numel() > 0) {
    lo = hi = x.ElementAsDouble(0);
    for (int64_t i = 0; i < x.numel(); ++i) {
      double v = x.ElementAsDouble(i);
      // aminmax propagates NaN.
      if (std::isnan(v) || std::isnan(lo)) {
        lo = hi = v + lo;
        continue;
      }
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  }
  if (lo == hi) {
    lo -= 1;
    hi += 1;
  }
  if (std::isinf(lo) || std::isinf(hi) || std::isnan(lo) || std::isnan(hi)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("torch.histc: range of [%g, %g] is not finite", lo, hi));
  }
  if (!(lo < hi)) return absl::InvalidArgumentError("torch.histc: max must be larger than min");
  return std::make_pair(lo, hi);
}

absl::Status HistcKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                         std::span<Tensor> outs) {
  Tensor x = TensorArg(args, 0).contiguous();
  const int64_t bins = IntArg(args, 1);
  TC_ASSIGN_OR_RETURN(
      auto range, HistcRange(x, ScalarArg(args, 2).to_double(), ScalarArg(args, 3).to_double()));
  // Counts add up in the output's dtype, as ATen's (one thread's) do: a
  // bfloat16 count stops growing at 256.
  std::vector<double> counts(bins, 0.0);
  tensor::VisitDType(x.dtype(), [&]<typename T>(tensor::TypeTag<T>) {
    if constexpr (std::is_floating_point_v<T> || std::is_same_v<T, tensor::Half> ||
                  std::is_same_v<T, tensor::BFloat16>) {
      const T lo = tensor::CastValue<T>(range.first), hi = tensor::CastValue<T>(range.second);
      const T* p = x.data<T>();
      for (int64_t i = 0; i < x.numel(); ++i) {
        T v = p[i];
        if (!(v >= lo && v <= hi)) continue;
        // Each step rounded to T, as ATen's Half/BFloat16 operators do.
        const T diff = static_cast<T>(v - lo);
        const T scaled = static_cast<T>(diff * static_cast<T>(bins));
        auto pos = static_cast<int64_t>(static_cast<T>(scaled / static_cast<T>(hi - lo)));
        if (pos == bins) pos -= 1;
        counts[pos] = static_cast<double>(static_cast<T>(counts[pos] + 1.0));
      }
    }
  });
  Tensor& out = outs[0];
  tensor::VisitDType(out.dtype(), [&]<typename T>(tensor::TypeTag<T>) {
    for (int64_t i = 0; i < bins; ++i) out.data<T>()[i] = tensor::CastValue<T>(counts[i]);
  });
  return absl::OkStatus();
}

}  // namespace

KernelFn FindBucketizeKernel(std::string_view name) {
  if (name == "bucketize") return BucketizeKernel;
  if (name == "histc") return HistcKernel;
  if (name == "searchsorted") return SearchsortedKernel;
  return nullptr;
}

}  // namespace tc::kernels
