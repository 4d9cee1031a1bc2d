// over 600 lines because the generator of random arguments and the regression
// cases it found are one harness; the pinned cases read best beside it.
// Robustness of eager Call() against arbitrary arguments: every registered op
// gets random, often wrong, argument lists (as a script front end would pass
// them through). Each call must either succeed with exactly the metadata
// InferMeta predicts, or fail with a non-empty message; it must never crash,
// hang or trip a TC_CHECK. Minimized crashes found this way are pinned below
// as regression tests.
//
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include <gtest/gtest.h>

#include "tc/graph_ir/op.h"
#include "tc/kernels/eager.h"
#include "tc/tensor/dispatch.h"
#include "tc/tensor/tensor.h"

namespace tc::kernels {
namespace {

using graph_ir::ArgType;
using graph_ir::Constant;
using graph_ir::None;
using graph_ir::OpDef;
using graph_ir::TensorMeta;
using tensor::DType;
using tensor::Scalar;
using tensor::Shape;

constexpr DType kDTypes[] = {
    DType::kBool,  DType::kUInt8,   DType::kInt8,     DType::kInt16,   DType::kInt32,
    DType::kInt64, DType::kFloat16, DType::kBFloat16, DType::kFloat32, DType::kFloat64,
};
// Huge sizes: any product with another non-zero size exceeds memory, so no
// call allocates (or loops over) more than a few elements and succeeds.
constexpr int64_t kHuge[] = {int64_t{1} << 40, int64_t{1} << 62,
                             std::numeric_limits<int64_t>::max(),
                             std::numeric_limits<int64_t>::min(), -(int64_t{1} << 40)};

// ---- Crash reporting: the call in flight, printed when a signal kills us.

char g_in_flight[8192];

void CrashHandler(int sig) {
  static const char kMsg[] = "\n*** eager fuzz: crashed in call: ";
  (void)!write(2, kMsg, sizeof kMsg - 1);
  (void)!write(2, g_in_flight, strnlen(g_in_flight, sizeof g_in_flight));
  (void)!write(2, "\n", 1);
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

void InstallCrashHandler() {
  for (int sig : {SIGSEGV, SIGABRT, SIGFPE, SIGBUS, SIGILL}) std::signal(sig, CrashHandler);
}

std::string Describe(const Tensor& t) {
  if (!t.defined()) return "<undefined>";
  std::string s =
      absl::StrCat(std::string(tensor::DTypeName(t.dtype())), tensor::ShapeToString(t.sizes()));
  if (!t.is_contiguous()) absl::StrAppend(&s, "{", absl::StrJoin(t.strides(), ", "), "}");
  if (t.storage_offset() != 0) absl::StrAppend(&s, "+", t.storage_offset());
  return s;
}

std::string Describe(const OpDef& op, const std::vector<KernelArg>& args) {
  std::vector<std::string> parts;
  for (const KernelArg& a : args) {
    if (const auto* t = std::get_if<Tensor>(&a)) {
      parts.push_back(Describe(*t));
    } else if (const auto* l = std::get_if<std::vector<Tensor>>(&a)) {
      std::vector<std::string> ts;
      for (const Tensor& t : *l) ts.push_back(Describe(t));
      parts.push_back(absl::StrCat("[", absl::StrJoin(ts, ", "), "]"));
    } else {
      parts.push_back(graph_ir::ConstantToString(std::get<Constant>(a)));
    }
  }
  return absl::StrCat(op.name, "(", absl::StrJoin(parts, ", "), ")");
}

// ---- Random arguments.

class Fuzzer {
 public:
  explicit Fuzzer(uint64_t seed) : rng_(seed) {}

  int Uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  bool Chance(double p) { return std::bernoulli_distribution(p)(rng_); }
  template <typename T, size_t N>
  const T& Pick(const T (&items)[N]) {
    return items[Uniform(0, N - 1)];
  }

  DType RandomDType() { return Pick(kDTypes); }

  // Mostly small ints (valid dims and sizes), sometimes negative or huge.
  int64_t FuzzInt() {
    switch (Uniform(0, 9)) {
      case 0:
        return Pick(kHuge);
      case 1:
        return -Uniform(1, 5);
      default:
        return Uniform(0, 4);
    }
  }

  Scalar FuzzScalar() {
    static constexpr double kFloats[] = {0.5,
                                         -1.5,
                                         0.0,
                                         -0.0,
                                         2.0,
                                         1e18,
                                         -1e300,
                                         std::numeric_limits<double>::infinity(),
                                         -std::numeric_limits<double>::infinity(),
                                         std::numeric_limits<double>::quiet_NaN(),
                                         1e-300};
    switch (Uniform(0, 2)) {
      case 0:
        return Scalar(Chance(0.5));
      case 1:
        return Scalar(FuzzInt());
      default:
        return Scalar(Pick(kFloats));
    }
  }

  // A size list: small sizes, sometimes -1, negative or huge entries.
  Shape FuzzSizes(int max_rank = 4) {
    Shape s(Uniform(0, max_rank));
    for (int64_t& v : s) {
      int r = Uniform(0, 19);
      v = r == 0 ? Pick(kHuge) : (r == 1 ? -1 : (r == 2 ? -Uniform(2, 3) : Uniform(0, 3)));
    }
    return s;
  }

  // Dims for a rank-`rank` tensor: in range mostly, with duplicates and
  // out-of-range entries sometimes.
  Shape FuzzDims(int64_t rank) {
    Shape s(Chance(0.7) ? rank : Uniform(0, 5));
    for (int64_t& v : s) v = Chance(0.9) ? Uniform(-rank - 1, rank) : FuzzInt();
    if (Chance(0.5) && static_cast<int64_t>(s.size()) == rank) {
      for (int64_t i = 0; i < rank; ++i) s[i] = i;
      std::shuffle(s.begin(), s.end(), rng_);
    }
    return s;
  }

  Constant FuzzConstant(int64_t rank) {
    static const std::string kStrings[] = {"none", "tanh", "floor", "trunc", "sum",
                                           "amax", "",     "bogus", "'\n\\"};
    switch (Uniform(0, 6)) {
      case 0:
        return None{};
      case 1:
        return FuzzScalar();
      case 2:
        return Scalar(Uniform(-static_cast<int>(rank) - 1, static_cast<int>(rank)));
      case 3:
        return Chance(0.5) ? FuzzSizes() : FuzzDims(rank);
      case 4:
        return RandomDType();
      case 5:
        return Pick(kStrings);
      default:
        return Scalar(Chance(0.5));
    }
  }

  // A tensor of `sizes` in a random layout: contiguous, permuted, strided
  // (every other element), expanded (stride 0) or offset into its storage.
  Tensor MakeTensor(const Shape& sizes, DType dtype, bool index_like = false) {
    const int64_t rank = static_cast<int64_t>(sizes.size());
    std::vector<int64_t> order(rank);
    for (int64_t i = 0; i < rank; ++i) order[i] = rank - 1 - i;  // innermost first
    if (Chance(0.3)) std::shuffle(order.begin(), order.end(), rng_);
    Shape strides(rank, 0);
    int64_t span = 1;
    for (int64_t d : order) {
      if (Chance(0.12) && sizes[d] > 0) {
        strides[d] = 0;  // expanded
        continue;
      }
      int64_t step = Chance(0.15) ? 2 : 1;
      strides[d] = span * step;
      span *= std::max<int64_t>(sizes[d], 1) * step;
    }
    int64_t offset = Chance(0.2) ? Uniform(1, 3) : 0;
    const int64_t elems = offset + span;
    auto storage = tensor::Storage::Create(static_cast<size_t>(elems) * tensor::ItemSize(dtype));
    Tensor t(storage, dtype, sizes, strides, offset);
    // Two tensors in five hold no negative values, so that ops with a
    // domain (multinomial's probabilities, sqrt, log) also run their kernels.
    non_negative_ = Chance(0.4);
    tensor::VisitDType(dtype, [&]<typename T>(tensor::TypeTag<T>) {
      T* p = static_cast<T*>(storage->data());
      for (int64_t i = 0; i < elems; ++i) p[i] = RandomValue<T>(index_like);
    });
    return t;
  }

  template <typename T>
  T RandomValue(bool index_like) {
    if constexpr (std::is_same_v<T, bool>) {
      return Chance(0.5);
    } else if constexpr (std::is_integral_v<T>) {
      if (!index_like && Chance(0.05)) {
        return Chance(0.5) ? std::numeric_limits<T>::min() : std::numeric_limits<T>::max();
      }
      int v = Uniform(index_like ? -1 : -3, index_like ? 4 : 5);
      return static_cast<T>(non_negative_ ? std::abs(v) : v);
    } else {
      static constexpr double kSpecial[] = {std::numeric_limits<double>::quiet_NaN(),
                                            std::numeric_limits<double>::infinity(),
                                            -std::numeric_limits<double>::infinity(), -0.0, 1e30};
      double v =
          Chance(0.05) ? Pick(kSpecial) : std::uniform_real_distribution<double>(-4, 4)(rng_);
      return tensor::CastValue<T>(non_negative_ ? std::fabs(v) : v);
    }
  }

  // Small sizes: every element count stays tiny so 20k calls take seconds.
  Shape SmallSizes() {
    // Now and then big enough for the multithreaded and vectorized paths.
    if (Chance(0.004)) return Chance(0.5) ? Shape{70001} : Shape{3, 129, 130};
    Shape s(Uniform(0, 4));
    for (int64_t& v : s) v = Chance(0.08) ? 0 : Uniform(1, 3);
    return s;
  }

  // A shape related to `base`: the same, broadcastable to it, or unrelated.
  Shape RelatedSizes(const Shape& base) {
    switch (Uniform(0, 5)) {
      case 0:
        return SmallSizes();
      case 1: {  // trailing dims only
        Shape s(base.begin() + Uniform(0, static_cast<int>(base.size())), base.end());
        return s;
      }
      case 2: {  // some dims set to 1
        Shape s = base;
        for (int64_t& v : s) {
          if (Chance(0.4)) v = 1;
        }
        return s;
      }
      default:
        return base;
    }
  }

  // Sizes that multiply with `base` as a matrix product's right operand.
  Shape RightOperandSizes(const Shape& base) {
    if (base.empty()) return SmallSizes();
    Shape s(base.begin(), base.end() - std::min<size_t>(base.size(), 2));
    if (Chance(0.3) && !s.empty()) s.erase(s.begin());  // batch broadcast
    s.push_back(base.back());
    if (Chance(0.8)) s.push_back(Uniform(0, 3));
    return s;
  }

  Tensor FuzzTensor(const Shape& base, DType base_dtype) {
    Shape sizes = RelatedSizes(base);
    DType dtype = Chance(0.6) ? base_dtype : RandomDType();
    return MakeTensor(sizes, dtype);
  }

  Tensor IndexTensor(const Shape& base) {
    Shape sizes = Chance(0.5) ? RelatedSizes(base) : Shape{Uniform(0, 4)};
    if (Chance(0.1)) sizes = {};
    DType dtype = Chance(0.45) ? DType::kInt64 : (Chance(0.8) ? DType::kInt32 : RandomDType());
    return MakeTensor(sizes, dtype, /*index_like=*/true);
  }

  std::vector<Tensor> FuzzTensorList(const Shape& base, DType dtype) {
    std::vector<Tensor> list(Uniform(0, 4));
    for (Tensor& t : list) {
      Shape sizes = base;
      if (!sizes.empty() && Chance(0.5)) sizes[Uniform(0, sizes.size() - 1)] = Uniform(0, 3);
      if (Chance(0.15)) sizes = SmallSizes();
      if (Chance(0.1)) sizes = {0};
      t = Chance(0.03) ? Tensor() : MakeTensor(sizes, Chance(0.7) ? dtype : RandomDType());
    }
    return list;
  }

  // Anything at all, ignoring the schema.
  KernelArg AnyArg(const Shape& base, DType dtype) {
    switch (Uniform(0, 4)) {
      case 0:
        if (Chance(0.05)) return Tensor();  // undefined
        return FuzzTensor(base, dtype);
      case 1:
        return FuzzTensorList(base, dtype);
      default:
        return FuzzConstant(static_cast<int64_t>(base.size()));
    }
  }

  // An argument of the type `spec` asks for (usually), or anything.
  KernelArg FuzzArg(const graph_ir::ArgSpec& spec, const Shape& base, DType dtype) {
    if (Chance(0.12)) return AnyArg(base, dtype);
    if (spec.optional && Chance(0.25)) return Constant(None{});
    const int64_t rank = static_cast<int64_t>(base.size());
    const bool is_dim = spec.name.rfind("dim", 0) == 0;
    switch (spec.type) {
      case ArgType::kTensor:
        if (spec.name == "index") return IndexTensor(base);
        if ((spec.name == "mat2" || spec.name == "other") && Chance(0.5)) {
          return MakeTensor(RightOperandSizes(base), Chance(0.9) ? dtype : RandomDType());
        }
        return FuzzTensor(base, dtype);
      case ArgType::kTensorList:
        return FuzzTensorList(base, dtype);
      case ArgType::kTensorOrScalar:
        if (Chance(0.6)) return FuzzTensor(base, dtype);
        return Constant(FuzzScalar());
      case ArgType::kScalar:
        return Constant(FuzzScalar());
      case ArgType::kInt:
        if (is_dim || Chance(0.5)) {
          return Constant(Scalar(Chance(0.9) ? Uniform(-rank - 1, rank) : FuzzInt()));
        }
        return Constant(Scalar(FuzzInt()));
      case ArgType::kIntList:
        if (is_dim) {
          if (Chance(0.2)) return Constant(Scalar(Uniform(-rank - 1, rank)));
          return Constant(FuzzDims(rank));
        }
        return Constant(Chance(0.5) ? RelatedSizes(base) : FuzzSizes());
      case ArgType::kBool:
        return Constant(Scalar(Chance(0.5)));
      case ArgType::kDType:
        return Constant(RandomDType());
      case ArgType::kString:
        return FuzzConstant(rank);
    }
    return Constant(None{});
  }

  // Convolutions and pools want images and matching kernels, which random
  // arguments rarely give: a valid call over a random-sized image.
  std::optional<std::vector<KernelArg>> ImageArgs(const OpDef& op) {
    const Shape img = {Uniform(1, 2), 2, Uniform(3, 6), Uniform(3, 6)};
    Tensor x = Tensor::Full(img, 0.5, DType::kFloat32);
    const Constant one = Constant(Shape{1}), two = Constant(Shape{2}), zero = Constant(Shape{0});
    if (op.name == "convolution") {
      return std::vector<KernelArg>{x,
                                    Tensor::Full(Shape{3, 2, 2, 2}, 0.25, DType::kFloat32),
                                    Constant(None{}),
                                    one,
                                    one,
                                    one,
                                    Constant(Scalar(false)),
                                    zero,
                                    Constant(Scalar(int64_t{1}))};
    }
    if (op.name == "max_pool2d_with_indices" || op.name == "avg_pool2d" ||
        op.name == "_adaptive_avg_pool2d" || op.name == "adaptive_max_pool2d") {
      return std::vector<KernelArg>{x, Constant(Shape{2, 2})};
    }
    if (op.name == "upsample_nearest" || op.name == "upsample_linear" ||
        op.name == "upsample_bicubic2d") {
      return std::vector<KernelArg>{x, Constant(Shape{Uniform(1, 9), Uniform(1, 9)}),
                                    Constant(Scalar(Uniform(0, 1) == 1))};
    }
    const Constant k2 = Constant(Shape{2, 2}), one2 = Constant(Shape{1, 1}),
                   zero2 = Constant(Shape{0, 0});
    if (op.name == "im2col") return std::vector<KernelArg>{x, k2, one2, zero2, one2};
    if (op.name == "col2im") {
      const Tensor cols =
          Tensor::Full(Shape{img[0], 8, (img[2] - 1) * (img[3] - 1)}, 0.5, DType::kFloat32);
      return std::vector<KernelArg>{cols, Constant(Shape{img[2], img[3]}), k2, one2, zero2, one2};
    }
    return std::nullopt;
  }

  // The backward ops want their forward's arguments and a grad_output
  // shaped as its output, which random arguments rarely give: a valid call
  // over a random-sized image (indices all 0, which every window holds when
  // unpadded).
  std::optional<std::vector<KernelArg>> BackwardOpArgs(const OpDef& op) {
    const int64_t n = Uniform(1, 2), h = Uniform(3, 6), w = Uniform(3, 6);
    const Tensor x = Tensor::Full(Shape{n, 2, h, w}, 0.5, DType::kFloat32);
    auto grad = [](Shape s) { return Tensor::Full(s, 0.25, DType::kFloat32); };
    auto zeros = [](Shape s) { return Tensor::Full(s, Scalar(int64_t{0}), DType::kInt64); };
    const Constant one = Constant(Shape{1}), zero = Constant(Shape{0}), none = Constant(None{});
    const Constant no = Constant(Scalar(false)), yes = Constant(Scalar(true));
    const Constant two = Constant(Shape{2});
    const Shape pooled = {n, 2, (h - 2) / 2 + 1, (w - 2) / 2 + 1};
    const Shape up = {Uniform(1, 9), Uniform(1, 9)};
    if (op.name == "convolution_backward") {
      return std::vector<KernelArg>{grad({n, 3, h - 1, w - 1}),
                                    x,
                                    Tensor::Full(Shape{3, 2, 2, 2}, 0.25, DType::kFloat32),
                                    Constant(Shape{3}),
                                    one,
                                    zero,
                                    one,
                                    no,
                                    zero,
                                    Constant(Scalar(int64_t{1})),
                                    Constant(Shape{1, Uniform(0, 1), 1})};
    }
    if (op.name == "max_pool2d_with_indices_backward") {
      return std::vector<KernelArg>{grad(pooled), x, two, two, zero, one, no, zeros(pooled)};
    }
    if (op.name == "avg_pool2d_backward") {
      return std::vector<KernelArg>{grad(pooled), x, two, two, zero, no, yes, none};
    }
    if (op.name == "_adaptive_avg_pool2d_backward") {
      return std::vector<KernelArg>{grad({n, 2, 2, 2}), x};
    }
    if (op.name == "adaptive_max_pool2d_backward") {
      return std::vector<KernelArg>{grad({n, 2, 2, 2}), x, zeros({n, 2, 2, 2})};
    }
    const KernelArg g_up = grad({n, 2, up[0], up[1]});
    const Constant sizes = Constant(Shape{n, 2, h, w});
    if (op.name == "upsample_nearest_backward" || op.name == "upsample_linear_backward") {
      return std::vector<KernelArg>{g_up, Constant(up), sizes, no};
    }
    if (op.name == "upsample_bicubic2d_backward") {
      return std::vector<KernelArg>{g_up, Constant(up), sizes, yes};
    }
    if (op.name == "native_batch_norm_backward") {
      return std::vector<KernelArg>{grad({n, 2, h, w}),
                                    x,
                                    none,
                                    none,
                                    none,
                                    none,
                                    none,
                                    yes,
                                    Constant(Scalar(1e-5)),
                                    Constant(Shape{1, 1, Uniform(0, 1)})};
    }
    return std::nullopt;
  }

  // The index writes want an int64 index that fits self and a matching
  // source, which random arguments rarely give: a valid call on [4, 3].
  std::optional<std::vector<KernelArg>> IndexWriteArgs(const OpDef& op) {
    const Tensor self = Tensor::Full(Shape{4, 3}, 0.5, DType::kFloat32);
    const Tensor index = Tensor::Full(Shape{2}, Scalar(int64_t{1}), DType::kInt64);
    const Constant dim0 = Constant(Scalar(int64_t{0}));
    if (op.name == "index_add" || op.name == "index_copy") {
      return std::vector<KernelArg>{self, dim0, index,
                                    Tensor::Full(Shape{2, 3}, 0.25, DType::kFloat32)};
    }
    if (op.name == "scatter_reduce") {
      static const char* const kReduces[] = {"sum", "prod", "mean", "amax", "amin"};
      return std::vector<KernelArg>{self, dim0,
                                    Tensor::Full(Shape{2, 3}, Scalar(int64_t{3}), DType::kInt64),
                                    Tensor::Full(Shape{2, 3}, 0.25, DType::kFloat32),
                                    Constant(std::string(kReduces[Uniform(0, 4)]))};
    }
    return std::nullopt;
  }

  // Bucketing wants a 1-D boundaries tensor and, for histc, a float input,
  // which random arguments rarely give: a valid call on a random-sized input.
  std::optional<std::vector<KernelArg>> BucketArgs(const OpDef& op) {
    const Tensor x = Tensor::Full(Shape{Uniform(0, 3), Uniform(1, 4)}, 0.5, DType::kFloat32);
    const Tensor b = Tensor::Full(Shape{Uniform(1, 5)}, 0.25, DType::kFloat32);
    const Constant flag = Constant(Scalar(Chance(0.5)));
    if (op.name == "bucketize") return std::vector<KernelArg>{x, b, flag, flag};
    if (op.name == "searchsorted") return std::vector<KernelArg>{b, x, flag, flag};
    if (op.name == "histc") {
      return std::vector<KernelArg>{x, Constant(Scalar(int64_t{Uniform(1, 9)})),
                                    Constant(Scalar(0.0)), Constant(Scalar(1.0))};
    }
    return std::nullopt;
  }

  // Attention wants query/key/value of one floating dtype with matching
  // head dims, which random arguments rarely give: a valid call with a
  // random mask kind.
  std::optional<std::vector<KernelArg>> AttentionArgs(const OpDef& op) {
    if (op.name != "scaled_dot_product_attention") return std::nullopt;
    const int64_t b = Uniform(1, 2), l = Uniform(1, 70), s = Uniform(1, 70), e = Uniform(1, 9);
    const DType dt = Chance(0.5) ? DType::kFloat32 : DType::kFloat64;
    KernelArg mask = Constant(None{});
    const int kind = Uniform(0, 2);
    if (kind == 1) mask = Tensor::Full(Shape{l, s}, Scalar(Chance(0.5)), DType::kBool);
    if (kind == 2) mask = Tensor::Full(Shape{b, 1, s}, -1.5, dt);
    return std::vector<KernelArg>{
        Tensor::Full(Shape{b, l, e}, 0.5, dt),
        Tensor::Full(Shape{b, s, e}, 0.25, dt),
        Tensor::Full(Shape{b, s, Uniform(1, 5)}, 0.75, dt),
        mask,
        Constant(Scalar(kind == 0 && Chance(0.5))),
        Chance(0.5) ? KernelArg(Constant(None{})) : KernelArg(Constant(Scalar(0.3))),
        Constant(Scalar(false))};
  }

  std::vector<KernelArg> FuzzArgs(const OpDef& op) {
    if (Chance(0.5)) {
      if (auto image = ImageArgs(op)) return *image;
      if (auto backward = BackwardOpArgs(op)) return *backward;
      if (auto index = IndexWriteArgs(op)) return *index;
      if (auto bucket = BucketArgs(op)) return *bucket;
      if (auto attention = AttentionArgs(op)) return *attention;
    }
    Shape base = SmallSizes();
    // Matrix products want matrices: give them the rank they accept.
    if ((op.name == "mm" || op.name == "bmm") && Chance(0.5)) {
      base.resize(op.name == "mm" ? 2 : 3, 2);
    }
    DType dtype = RandomDType();
    size_t required = 0;
    while (required < op.args.size() && !op.args[required].default_value) ++required;
    size_t count = op.args.size();
    int r = Uniform(0, 9);
    if (r < 3) {
      count = Uniform(required, op.args.size());
    } else if (r == 3) {
      count = Uniform(0, op.args.size() + 2);
    }
    std::vector<KernelArg> args;
    for (size_t i = 0; i < count; ++i) {
      if (i < op.args.size()) {
        args.push_back(FuzzArg(op.args[i], base, dtype));
      } else {
        args.push_back(AnyArg(base, dtype));
      }
    }
    return args;
  }

 private:
  bool non_negative_ = false;  // MakeTensor's current tensor
  std::mt19937_64 rng_;
};

// ---- Checking one call.

TensorMeta MetaOf(const Tensor& t) {
  return TensorMeta{t.dtype(), t.sizes(), t.strides(), t.device()};
}

// True when every element of `t` lies inside its storage.
bool InBounds(const Tensor& t) {
  if (t.numel() == 0) return true;
  int64_t lo = t.storage_offset(), hi = t.storage_offset();
  for (int64_t d = 0; d < t.dim(); ++d) {
    int64_t extent = (t.size(d) - 1) * t.stride(d);
    (extent < 0 ? lo : hi) += extent;
  }
  return lo >= 0 && (hi + 1) * static_cast<int64_t>(t.itemsize()) <=
                        static_cast<int64_t>(t.storage()->nbytes());
}

// Outputs that fit in memory but would take long to fill (two big operands
// broadcast against each other): valid, and not what this test is about.
// Outputs beyond any memory still run: they must fail cleanly.
bool SlowButValid(const std::vector<TensorMeta>& outs) {
  for (const TensorMeta& m : outs) {
    double numel = 1;
    for (int64_t s : m.sizes) numel *= static_cast<double>(s);
    if (numel > (1 << 22) && numel < 1e11) return true;
  }
  return false;
}

// Runs one call and checks its contract; returns whether it succeeded.
bool CheckCall(const OpDef& op, const std::vector<KernelArg>& args) {
  const std::string desc = Describe(op, args);
  std::strncpy(g_in_flight, desc.c_str(), sizeof g_in_flight - 1);
  std::vector<graph_ir::MetaArg> metas;
  for (const KernelArg& a : args) {
    if (const auto* t = std::get_if<Tensor>(&a)) {
      metas.emplace_back(MetaOf(*t));
    } else if (const auto* l = std::get_if<std::vector<Tensor>>(&a)) {
      std::vector<TensorMeta> ms;
      for (const Tensor& t : *l) ms.push_back(MetaOf(t));
      metas.emplace_back(std::move(ms));
    } else {
      metas.emplace_back(std::get<Constant>(a));
    }
  }
  auto want = graph_ir::InferMeta(op, metas);
  if (want.ok() && SlowButValid(*want)) return false;
  absl::StatusOr<std::vector<Tensor>> result;
  const auto start = std::chrono::steady_clock::now();
  try {
    result = Call(op, args);
  } catch (const std::exception& e) {
    ADD_FAILURE() << desc << " threw " << e.what();
    return false;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (seconds > 0.25) std::cout << "slow call (" << seconds << " s): " << desc << "\n";
  if (!result.ok()) {
    EXPECT_FALSE(result.status().message().empty()) << desc;
    return false;
  }
  // The outputs must be what the meta function predicts.
  if (!want.ok()) {
    ADD_FAILURE() << desc << ": Call succeeded but InferMeta failed: " << want.status();
    return true;
  }
  if (result->size() != want->size()) {
    ADD_FAILURE() << desc << ": " << result->size() << " outputs, meta says " << want->size();
    return true;
  }
  for (size_t i = 0; i < want->size(); ++i) {
    const Tensor& out = (*result)[i];
    const TensorMeta& m = (*want)[i];
    if (!out.defined()) {
      ADD_FAILURE() << desc << ": output " << i << " undefined";
      continue;
    }
    EXPECT_EQ(out.dtype(), m.dtype) << desc;
    EXPECT_EQ(out.sizes(), m.sizes) << desc;
    // The layout must be the meta's; a size-1 dimension's stride is never
    // used to address an element, so (as for PyTorch) it may differ.
    if (out.numel() > 1) {
      for (size_t d = 0; d < m.sizes.size(); ++d) {
        if (m.sizes[d] != 1) {
          EXPECT_EQ(out.strides()[d], m.strides[d]) << desc << " dim " << d;
        }
      }
    }
    EXPECT_TRUE(InBounds(out)) << desc << ": output " << i << " reaches outside its storage";
  }
  return true;
}

class EagerFuzzTest : public ::testing::Test {
 protected:
  void SetUp() override { InstallCrashHandler(); }
  void TearDown() override { g_in_flight[0] = '\0'; }
};

TEST_F(EagerFuzzTest, RandomArgumentsNeverCrash) {
  // TC_FUZZ_SEED explores other seeds; the default keeps the test deterministic.
  const char* seed = std::getenv("TC_FUZZ_SEED");
  Fuzzer fuzz(seed != nullptr ? std::strtoull(seed, nullptr, 10) : 20240611);
  const auto ops = graph_ir::AllOps();
  ASSERT_FALSE(ops.empty());
  constexpr int kCalls = 60000;  // about 200 calls for each op
  int ok = 0;
  std::vector<int> ok_by_op(ops.size(), 0);
  for (int i = 0; i < kCalls; ++i) {
    const OpDef& op = *ops[i % ops.size()];
    if (CheckCall(op, fuzz.FuzzArgs(op))) {
      ++ok;
      ++ok_by_op[i % ops.size()];
    }
    if (HasFailure()) break;  // the first failure is the interesting one
  }
  std::cout << ok << " of " << kCalls << " random calls succeeded\n";
  // Keep the generator from degenerating into argument errors: every core
  // op must run its kernel now and then.
  for (size_t i = 0; i < ops.size(); ++i) {
    if (ops[i]->category == graph_ir::OpCategory::kComposite) continue;
    EXPECT_GT(ok_by_op[i], 0) << ops[i]->name << " never succeeded";
  }
  EXPECT_GT(ok, kCalls / 10);
}

// ---- Unsatisfiable allocations are errors, not aborts.

void ExpectError(absl::StatusOr<Tensor> r, const std::string& fragment) {
  ASSERT_FALSE(r.ok());
  EXPECT_NE(std::string(r.status().message()).find(fragment), std::string::npos) << r.status();
}

TEST_F(EagerFuzzTest, HugeFullIsAnAllocationError) {
  ExpectError(Call1("full", {Constant(Shape{1000000000000}), Constant(Scalar(1.0))}),
              "can't allocate memory: you tried to allocate 4000000000000 bytes");
}

TEST_F(EagerFuzzTest, FullWithOverflowingSizeIsAnError) {
  ExpectError(Call1("full", {Constant(Shape{int64_t{1} << 62, 4}), Constant(Scalar(1.0))}),
              "Storage size calculation overflowed with sizes=[4611686018427387904, 4]");
  ExpectError(Call1("rand", {Constant(Shape{int64_t{1} << 40, int64_t{1} << 40})}), "overflow");
}

TEST_F(EagerFuzzTest, NegativeSizeIsAnError) {
  ExpectError(Call1("full", {Constant(Shape{-1}), Constant(Scalar(1.0))}),
              "Trying to create tensor with negative dimension -1: [-1]");
  ExpectError(Call1("randn", {Constant(Shape{2, -3})}),
              "Trying to create tensor with negative dimension -3: [2, -3]");
}

TEST_F(EagerFuzzTest, HugeArangeIsAnAllocationError) {
  ExpectError(Call1("arange", {Constant(Scalar(0)), Constant(Scalar(1e18))}),
              "can't allocate memory");
}

TEST_F(EagerFuzzTest, PointwiseOnHugeExpandIsAnAllocationError) {
  Tensor one = Tensor::Full(Shape{1}, Scalar(1.0), DType::kFloat32);
  auto big = Call1("expand", {one, Constant(Shape{int64_t{1} << 40})});
  ASSERT_TRUE(big.ok()) << big.status();
  ExpectError(Call1("relu", {*big}), "can't allocate memory");
  ExpectError(Call1("add", {*big, *big}), "can't allocate memory");
}

TEST_F(EagerFuzzTest, ExpandWithOverflowingNumelIsAnError) {
  Tensor one = Tensor::Full(Shape{1}, Scalar(1.0), DType::kFloat32);
  ExpectError(Call1("expand", {one, Constant(Shape{int64_t{1} << 40, int64_t{1} << 40})}),
              "numel: integer multiplication overflow");
}

TEST_F(EagerFuzzTest, EmptyFullWithOverflowingStridesIsAnError) {
  ExpectError(Call1("full", {Constant(Shape{0, int64_t{1} << 62, 4}), Constant(Scalar(1.0))}),
              "Stride calculation overflowed");
}

// Kernels copy some operands (dtype conversions, BLAS layouts); a huge
// expanded view as the operand makes that copy an allocation error too.
TEST_F(EagerFuzzTest, ConvertingHugeExpandIsAnAllocationError) {
  Tensor one = Tensor::Full(Shape{1}, Scalar(1), DType::kInt32);
  auto big = Call1("expand", {one, Constant(Shape{int64_t{1} << 40})});
  ASSERT_TRUE(big.ok()) << big.status();
  ExpectError(
      Call1("sum", {*big, Constant(None{}), Constant(Scalar(false)), Constant(DType::kFloat64)}),
      "can't allocate memory");
  ExpectError(Call1("sum", {*big}), "can't allocate memory");  // int32 sums in int64
  ExpectError(Call1("eq", {*big, Tensor::Full({}, Scalar(1.5), DType::kFloat64)}),
              "can't allocate memory");
}

TEST_F(EagerFuzzTest, MatmulCopyingHugeExpandIsAnAllocationError) {
  Tensor one = Tensor::Full(Shape{1, 1}, Scalar(1.0), DType::kFloat32);
  auto a = Call1("expand", {one, Constant(Shape{2, int64_t{1} << 40})});
  auto b = Call1("expand", {one, Constant(Shape{int64_t{1} << 40, 2})});
  ASSERT_TRUE(a.ok() && b.ok());
  ExpectError(Call1("mm", {*a, *b}), "can't allocate memory");
}

// A [2, 1] tensor expanded along dim 1 has strides [1, 0]: flattening it
// needs a copy (unlike an all-stride-0 expand, which stays a view).
TEST_F(EagerFuzzTest, ReshapeCopyingHugeExpandIsAnAllocationError) {
  Tensor two = Tensor::Full(Shape{2, 1}, Scalar(1.0), DType::kFloat32);
  auto big = Call1("expand", {two, Constant(Shape{2, int64_t{1} << 39})});
  ASSERT_TRUE(big.ok()) << big.status();
  ExpectError(Call1("reshape", {*big, Constant(Shape{-1})}), "can't allocate memory");
}

// Minimized from the random test: a 0-dim index with a 1-D self or src
// built a view with mismatched sizes and strides (TC_CHECK abort).
TEST_F(EagerFuzzTest, GatherAndScatterWithZeroDimIndex) {
  Tensor self = Tensor::Zeros(Shape{5}, DType::kFloat32);
  Tensor index = Tensor::Full({}, Scalar(2), DType::kInt64);
  auto g = Call1(
      "gather", {Tensor::Full(Shape{3}, Scalar(7.0), DType::kFloat32), Constant(Scalar(0)), index});
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_EQ(g->dim(), 0);
  EXPECT_EQ(g->item_double(), 7.0);
  auto s = Call1("scatter", {self, Constant(Scalar(0)), index, Constant(Scalar(true))});
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->ElementAsDouble(2), 1.0);
  EXPECT_EQ(s->ElementAsDouble(1), 0.0);
  // torch.zeros(5).scatter(0, torch.tensor(2), torch.tensor([7., 8.])) puts 7 at 2.
  auto s2 = Call1("scatter", {self, Constant(Scalar(0)), index,
                              Tensor::Full(Shape{2}, Scalar(7.0), DType::kFloat32)});
  ASSERT_TRUE(s2.ok()) << s2.status();
  EXPECT_EQ(s2->ElementAsDouble(2), 7.0);
  // A 0-dim index counts as one element: an empty src is too small.
  ExpectError(Call1("scatter",
                    {self, Constant(Scalar(0)), index, Tensor::Zeros(Shape{0}, DType::kFloat32)}),
              "to be no larger size than src [0]");
  auto g0 = Call1("gather", {Tensor::Full({}, Scalar(3.0), DType::kFloat64), Constant(Scalar(0)),
                             Tensor::Full({}, Scalar(0), DType::kInt32)});
  ASSERT_TRUE(g0.ok()) << g0.status();
  EXPECT_EQ(g0->item_double(), 3.0);
}

}  // namespace
}  // namespace tc::kernels
