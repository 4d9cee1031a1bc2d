// Selection along one dim, as ATen's CPU kernels pick, so that values and
// indices (also among equal values) match PyTorch's: topk (std::partial_sort
// when k * 64 <= n, else std::nth_element then std::sort of the first k - 1,
// over (value, index) pairs, NaN largest), kthvalue (ATen's Sedgewick
// quickselect), median / nanmedian with and without a dim (std::nth_element
// over indices, ties broken by index; median returns the first NaN of a
// line holding one), and mode (std::sort of the pairs by value, the most
// frequent run; its last element's index). Lines are split over the pool.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <type_traits>
#include <utility>
#include <vector>

#include "tc/support/status.h"

#include "compute.h"
#include "families.h"
#include "kernel.h"
#include "loop.h"

namespace tc::kernels {
namespace {

// NaN test for any compute type (always false for integers).
template <typename C>
bool IsNan(C v) {
  return v != v;  // NOLINT(misc-redundant-expression)
}

// The lines of `dim` of a contiguous copy of the input: line j starts at
// (j / inner) * n * inner + j % inner and steps by inner.
struct Lines {
  Tensor x;
  int64_t n = 1, inner = 1, count = 1;
  int64_t Base(int64_t j) const { return (j / inner) * n * inner + j % inner; }
};
absl::StatusOr<Lines> LinesAlong(const Tensor& in, int64_t dim_arg) {
  Lines l;
  l.x = in.contiguous();
  TC_ASSIGN_OR_RETURN(int64_t dim, tensor::WrapDim(dim_arg, in.dim()));
  if (in.dim() > 0) {
    l.n = in.size(dim);
    for (int64_t d = dim + 1; d < in.dim(); ++d) l.inner *= in.size(d);
  }
  l.count = l.n == 0 ? 0 : in.numel() / l.n;
  return l;
}

// The type a line's values are worked on in: the compute type, with bool
// as uint8_t (std::vector<bool> packs bits; its elements cannot swap).
template <typename T>
using LineValue = std::conditional_t<std::is_same_v<T, bool>, uint8_t, Acc<T>>;

// Runs `fn(j, line)` for every line, `line` its values as LineValue<T>.
template <typename T, typename Fn>
void ForLines(const Lines& l, Fn&& fn) {
  using C = LineValue<T>;
  const T* in = l.x.data<T>();
  const int64_t grain = std::max<int64_t>(1, kParallelGrain / std::max<int64_t>(l.n, 1));
  ParallelRange(l.count, grain, [&](int64_t begin, int64_t end) {
    std::vector<C> line(l.n);
    for (int64_t j = begin; j < end; ++j) {
      const int64_t base = l.Base(j);
      for (int64_t k = 0; k < l.n; ++k) line[k] = static_cast<C>(in[base + k * l.inner]);
      fn(j, line);
    }
  });
}

// ForLines over typed outputs: fn(j, line, values, indices), the values
// pointer of the output dtype T (the line holds LineValue<T>).
template <typename Fn>
void ForLinesOut(const Lines& l, std::span<Tensor> outs, Fn&& fn) {
  int64_t* oi = outs[1].data<int64_t>();
  tensor::VisitDType(outs[0].dtype(), [&]<typename T>(TypeTag<T>) {
    T* ov = outs[0].data<T>();
    ForLines<T>(l, [&](int64_t j, const std::vector<LineValue<T>>& line) { fn(j, line, ov, oi); });
  });
}

// The line as (value, index) pairs, in a buffer of the calling thread.
template <typename C>
std::vector<std::pair<C, int64_t>>& Pairs(const std::vector<C>& line) {
  thread_local std::vector<std::pair<C, int64_t>> pairs;
  pairs.resize(line.size());
  for (size_t m = 0; m < line.size(); ++m) pairs[m] = {line[m], static_cast<int64_t>(m)};
  return pairs;
}

// --- topk ---------------------------------------------------------------------

template <typename C>
void TopkLine(std::vector<std::pair<C, int64_t>>& q, int64_t k, bool largest, bool sorted) {
  auto greater = [](const auto& x, const auto& y) {
    return (IsNan(x.first) && !IsNan(y.first)) || x.first > y.first;
  };
  auto less = [](const auto& x, const auto& y) {
    return (!IsNan(x.first) && IsNan(y.first)) || x.first < y.first;
  };
  const int64_t n = static_cast<int64_t>(q.size());
  if (k * 64 <= n) {
    if (largest) {
      std::partial_sort(q.begin(), q.begin() + k, q.end(), greater);
    } else {
      std::partial_sort(q.begin(), q.begin() + k, q.end(), less);
    }
    return;
  }
  if (largest) {
    std::nth_element(q.begin(), q.begin() + k - 1, q.end(), greater);
    if (sorted) std::sort(q.begin(), q.begin() + k - 1, greater);
  } else {
    std::nth_element(q.begin(), q.begin() + k - 1, q.end(), less);
    if (sorted) std::sort(q.begin(), q.begin() + k - 1, less);
  }
}

absl::Status TopkKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                        std::span<Tensor> outs) {
  // A 0-dim input gives itself (index 0), k = 0 included, as ATen's does.
  const int64_t k = TensorArg(args, 0).dim() == 0 ? 1 : IntArg(args, 1);
  const bool largest = BoolArg(args, 3), sorted = BoolArg(args, 4);
  TC_ASSIGN_OR_RETURN(const Lines l, LinesAlong(TensorArg(args, 0), IntArg(args, 2)));
  if (k == 0 || outs[0].numel() == 0) return absl::OkStatus();
  ForLinesOut(l, outs, [&](int64_t j, const auto& line, auto* ov, int64_t* oi) {
    using T = std::remove_pointer_t<decltype(ov)>;
    auto& q = Pairs(line);
    TopkLine(q, k, largest, sorted);
    // Line j's k results, `inner` apart in the [.., k, ..] output.
    T* v = ov + (j / l.inner) * k * l.inner + j % l.inner;
    int64_t* i = oi + (v - ov);
    for (int64_t m = 0; m < k; ++m) {
      v[m * l.inner] = static_cast<T>(q[m].first);
      i[m * l.inner] = q[m].second;
    }
  });
  return absl::OkStatus();
}

// --- kthvalue -------------------------------------------------------------------

// ATen's quick_select_template (Sedgewick's partitioning with a median of
// three), putting the k-th smallest (NaN largest) at v[k] and moving the
// indices along.
template <typename C>
void QuickSelect(std::vector<C>& v, std::vector<int64_t>& idx, int64_t k) {
  auto gt = [](C x, C y) { return (IsNan(x) && !IsNan(y)) || x > y; };
  auto swap = [&](int64_t i, int64_t j) {
    std::swap(v[i], v[j]);
    std::swap(idx[i], idx[j]);
  };
  int64_t lo = 0, hi = static_cast<int64_t>(v.size()) - 1;
  while (true) {
    if (hi <= lo) return;
    if (hi == lo + 1) {
      if (gt(v[lo], v[hi])) swap(lo, hi);
      return;
    }
    swap((lo + hi) >> 1, lo + 1);
    if (gt(v[lo + 1], v[hi])) swap(lo + 1, hi);
    if (gt(v[lo], v[hi])) swap(lo, hi);
    if (gt(v[lo + 1], v[lo])) swap(lo + 1, lo);
    int64_t i = lo + 1, j = hi;
    const C pivot = v[lo];
    while (true) {
      do {
        ++i;
      } while (gt(pivot, v[i]));
      do {
        --j;
      } while (gt(v[j], pivot));
      if (j < i) break;
      swap(i, j);
    }
    swap(lo, j);
    if (j <= k) lo = i;
    if (j >= k) hi = j - 1;
  }
}

absl::Status KthvalueKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                            std::span<Tensor> outs) {
  const int64_t k = IntArg(args, 1);
  TC_ASSIGN_OR_RETURN(const Lines l, LinesAlong(TensorArg(args, 0), IntArg(args, 2)));
  ForLinesOut(l, outs, [&](int64_t j, const auto& line, auto* ov, int64_t* oi) {
    using C = typename std::decay_t<decltype(line)>::value_type;
    thread_local std::vector<C> v;
    thread_local std::vector<int64_t> idx;
    v = line;
    idx.resize(l.n);
    std::iota(idx.begin(), idx.end(), 0);
    QuickSelect(v, idx, k - 1);
    ov[j] = static_cast<std::remove_pointer_t<decltype(ov)>>(v[k - 1]);
    oi[j] = idx[k - 1];
  });
  return absl::OkStatus();
}

// --- median / nanmedian -----------------------------------------------------------

template <bool kIgnoreNan>
absl::Status MedianDimKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                             std::span<Tensor> outs) {
  TC_ASSIGN_OR_RETURN(const Lines l, LinesAlong(TensorArg(args, 0), IntArg(args, 1)));
  ForLinesOut(l, outs, [&](int64_t j, const auto& ip, auto* ov, int64_t* oi) {
    using T = std::remove_pointer_t<decltype(ov)>;
    if constexpr (!kIgnoreNan) {
      auto nan = std::find_if(ip.begin(), ip.end(), [](auto v) { return IsNan(v); });
      if (nan != ip.end()) {
        ov[j] = static_cast<T>(*nan);
        oi[j] = nan - ip.begin();
        return;
      }
    }
    thread_local std::vector<int64_t> idx;
    idx.resize(l.n);
    std::iota(idx.begin(), idx.end(), 0);
    int64_t nans = 0;
    if constexpr (kIgnoreNan) {
      nans = std::count_if(ip.begin(), ip.end(), [](auto v) { return IsNan(v); });
    }
    auto nth = idx.begin() + (l.n - nans - 1) / 2;
    std::nth_element(idx.begin(), nth, idx.end(), [&](int64_t a, int64_t b) {
      return ip[a] < ip[b] || (ip[a] == ip[b] && a < b) ||
             (kIgnoreNan && IsNan(ip[b]) && !IsNan(ip[a]));
    });
    ov[j] = static_cast<T>(ip[*nth]);
    oi[j] = *nth;
  });
  return absl::OkStatus();
}

template <bool kIgnoreNan>
absl::Status MedianKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                          std::span<Tensor> outs) {
  const Tensor x = TensorArg(args, 0).contiguous();
  tensor::VisitDType(x.dtype(), [&]<typename T>(TypeTag<T>) {
    using C = LineValue<T>;
    std::vector<C> v(x.numel());
    for (int64_t i = 0; i < x.numel(); ++i) v[i] = static_cast<C>(x.data<T>()[i]);
    T& out = outs[0].data<T>()[0];
    // ATen's value for an empty input (and for a NaN one, under median):
    // quiet NaN cast to the dtype (integers: int64's conversion of it).
    auto nan_value = [] {
      if constexpr (std::is_floating_point_v<C>) {
        return static_cast<T>(std::numeric_limits<C>::quiet_NaN());
      } else {
        return static_cast<T>(std::numeric_limits<int64_t>::min());
      }
    };
    if (v.empty() || (!kIgnoreNan && std::any_of(v.begin(), v.end(), IsNan<C>))) {
      out = nan_value();
      return;
    }
    int64_t nans = 0;
    if constexpr (kIgnoreNan) nans = std::count_if(v.begin(), v.end(), IsNan<C>);
    if (nans == static_cast<int64_t>(v.size())) {
      out = nan_value();
      return;
    }
    auto mid = v.begin() + (static_cast<int64_t>(v.size()) - nans - 1) / 2;
    if constexpr (kIgnoreNan) {
      std::nth_element(v.begin(), mid, v.end(),
                       [](C a, C b) { return a < b || (IsNan(b) && !IsNan(a)); });
    } else {
      std::nth_element(v.begin(), mid, v.end());
    }
    out = static_cast<T>(*mid);
  });
  return absl::OkStatus();
}

// --- mode -------------------------------------------------------------------------

absl::Status ModeKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                        std::span<Tensor> outs) {
  TC_ASSIGN_OR_RETURN(const Lines l, LinesAlong(TensorArg(args, 0), IntArg(args, 1)));
  ForLinesOut(l, outs, [&](int64_t j, const auto& line, auto* ov, int64_t* oi) {
    auto& e = Pairs(line);
    std::sort(e.begin(), e.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    // The longest run of equal values (the first such run); its last index.
    int64_t best = 0;
    for (int64_t m = 0, run = 0; m < l.n; ++m) {
      ++run;
      if (m + 1 < l.n && e[m].first == e[m + 1].first) continue;
      if (run > best) {
        best = run;
        ov[j] = static_cast<std::remove_pointer_t<decltype(ov)>>(e[m].first);
        oi[j] = e[m].second;
      }
      run = 0;
    }
  });
  return absl::OkStatus();
}

}  // namespace

KernelFn FindSelectKernel(std::string_view name) {
  static constexpr std::pair<std::string_view, KernelFn> kKernels[] = {
      {"topk", TopkKernel},
      {"kthvalue", KthvalueKernel},
      {"median", MedianKernel<false>},
      {"nanmedian", MedianKernel<true>},
      {"median_dim", MedianDimKernel<false>},
      {"nanmedian_dim", MedianDimKernel<true>},
      {"mode", ModeKernel},
  };
  auto it = std::find_if(std::begin(kKernels), std::end(kKernels),
                         [&](const auto& entry) { return entry.first == name; });
  return it == std::end(kKernels) ? nullptr : it->second;
}

}  // namespace tc::kernels
