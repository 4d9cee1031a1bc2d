// The differential fuzz's graph generator (see fuzz_graphs.h). Each step
// picks an op and random arguments and asks graph-ir's meta function
// (Graph::Apply): arguments the op rejects for the dtype or shape make the
// step try another op, so every graph is one eager accepts at build time.
#include "fuzz_graphs.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <utility>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"

#include "tc/tensor/dispatch.h"

#include "../kernels/test_util.h"

namespace tc::codegen_cpu::testing {
namespace {

using graph_ir::Arg;
using graph_ir::Constant;
using graph_ir::Value;
using tensor::DType;
using tensor::Scalar;
using tensor::Shape;

// Larger results are skipped: the interpreter and the compiled code both
// run every graph, and 10,000 graphs must fit a CI test.
constexpr int64_t kMaxNumel = 300'000;

constexpr const char* kUnary[] = {
    "abs",   "neg",      "exp",   "log",        "log1p",   "expm1",       "sqrt",        "rsqrt",
    "sin",   "cos",      "tan",   "tanh",       "sigmoid", "erf",         "relu",        "silu",
    "gelu",  "floor",    "ceil",  "round",      "sign",    "logical_not", "bitwise_not", "isnan",
    "isinf", "isfinite", "logit", "nan_to_num", "clone"};
constexpr const char* kBinary[] = {
    "add",         "sub",        "mul",         "div",         "floor_divide", "remainder",
    "pow",         "maximum",    "minimum",     "eq",          "ne",           "lt",
    "le",          "gt",         "ge",          "logical_and", "logical_or",   "logical_xor",
    "bitwise_and", "bitwise_or", "bitwise_xor", "hypot",       "atan2"};

// Out of line: GCC 12 warns falsely (maybe-uninitialized) about a
// Constant built inline into an argument vector, and about an empty
// InlinedVector.
[[gnu::noinline]] void PushConstant(std::vector<Arg>& args, Constant c) {
  args.emplace_back(std::move(c));
}
[[gnu::noinline]] Constant EmptyDims() { return Constant(std::in_place_type<Shape>); }

// One input element of `dtype`: bools 0/1, uint8 0..120, other integers
// -12..12 (zeros common), floats in [-4, 4] or, `special_rate` percent of
// the time, a special value.
double Draw(DType dtype, int special_rate, std::mt19937_64& rng) {
  static constexpr double kSpecial[] = {NAN, INFINITY, -INFINITY, -0.0, 0.0, 3e4, -1e38, 0.5};
  const double x = std::uniform_real_distribution<double>(-4, 4)(rng);
  switch (dtype) {
    case DType::kBool:
      return x > 0 ? 1 : 0;
    case DType::kUInt8:
      return std::round(30 * std::abs(x));
    case DType::kInt8:
    case DType::kInt16:
    case DType::kInt32:
    case DType::kInt64:
      return std::round(3 * x);
    default:
      return static_cast<int>(rng() % 100) < special_rate ? kSpecial[rng() % std::size(kSpecial)]
                                                          : x;
  }
}

// An empty result of a view (or of a composite such as transpose, which
// decomposes into one).
bool EmptyView(const graph_ir::Node& node) {
  const graph_ir::OpCategory c = node.op().category;
  return node.output()->meta().numel() == 0 &&
         (c == graph_ir::OpCategory::kView || c == graph_ir::OpCategory::kComposite);
}

class Generator {
 public:
  explicit Generator(uint64_t seed) : rng_(seed), seed_(seed) {}

  FuzzCase Make() {
    FuzzCase c;
    c.seed = seed_;
    c.graph = std::make_unique<graph_ir::Graph>();
    g_ = c.graph.get();
    NewInput(RandomDType(), RandomShape());
    const int steps = 1 + static_cast<int>(R(12));
    for (int s = 0; s < steps; ++s) {
      for (int attempt = 0; attempt < 20; ++attempt) {
        Value* v = Step();
        if (v == nullptr || v->meta().numel() > kMaxNumel) continue;
        pool_.push_back(v);
        break;
      }
    }
    // Every value nothing reads is returned (Dynamo's graphs have no dead
    // code: a dead integer division by zero would fail only in eager),
    // and now and then another one or an input.
    absl::flat_hash_set<const Value*> used;
    for (const auto& node : g_->nodes()) {
      if (EmptyView(*node)) continue;  // never returned, so it uses nothing
      for (const Value* v : node->Inputs()) used.insert(v);
    }
    std::vector<Value*> outs;
    for (Value* v : g_->inputs()) {
      if (v == pool_.back() || R(20) == 0) outs.push_back(v);
    }
    for (const auto& node : g_->nodes()) {
      Value* v = node->output();
      // Not empty views: a slice that starts past the end of a size-1 dim
      // (e.g. x.unsqueeze(0)[1:]) moves eager's storage offset by that
      // dim's stride, which Lower's index composition reads as 0 (seeds
      // 960, 2687, 4747, 7456: harmless, no element is read, but visible
      // in storage_offset()). Empty diagonals now agree (lower_view_test).
      if (EmptyView(*node)) continue;
      if (v == pool_.back() || !used.contains(v) || R(5) == 0) outs.push_back(v);
    }
    g_->SetOutputs(outs);
    for (size_t i = 0; i < g_->inputs().size(); ++i) {
      c.inputs.push_back(Fill(layouts_[i], seed_ * 131 + i));
    }
    return c;
  }

 private:
  struct Layout {
    graph_ir::TensorMeta meta;
    int64_t offset = 0;
  };

  int64_t R(int64_t n) { return n <= 0 ? 0 : static_cast<int64_t>(rng_() % n); }
  bool Chance(int percent) { return R(100) < percent; }

  DType RandomDType() { return kernels::testing::kAllDTypes[R(10)]; }

  int64_t RandomSize() {
    static constexpr int64_t kSizes[] = {1, 1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 31, 33};
    if (Chance(3)) return 0;
    return kSizes[R(std::size(kSizes))];
  }

  Shape RandomShape() {
    if (Chance(2)) {  // > 64K elements: the parallel path
      static const Shape kLarge[] = {{257, 300}, {3, 129, 200}, {70001}, {300, 2, 131}};
      return kLarge[R(4)];
    }
    Shape s;
    for (int64_t d = 0, rank = R(5); d < rank; ++d) s.push_back(RandomSize());
    return tensor::Numel(s) > kMaxNumel / 4 ? Shape{5, 7} : s;
  }

  // A placeholder of `sizes` with a random layout: contiguous, a permuted
  // (transposed) stride order, steps (a slice with steps), a stride-0
  // (expanded) dim, a storage offset.
  Value* NewInput(DType dtype, const Shape& sizes) {
    Layout l;
    l.meta = graph_ir::TensorMeta::Contiguous(dtype, sizes);
    const int64_t rank = static_cast<int64_t>(sizes.size());
    const int64_t kind = R(6);
    if (kind == 1 && rank >= 2) {  // strides in a permuted order
      std::vector<int64_t> order(rank);
      for (int64_t d = 0; d < rank; ++d) order[d] = d;
      std::shuffle(order.begin(), order.end(), rng_);
      int64_t stride = 1;
      for (int64_t k = rank - 1; k >= 0; --k) {
        l.meta.strides[order[k]] = stride;
        stride *= std::max<int64_t>(sizes[order[k]], 1);
      }
    } else if (kind == 2 && rank >= 1) {  // every dim stepped (a slice's view)
      int64_t stride = 1;
      for (int64_t d = rank - 1; d >= 0; --d) {
        const int64_t step = 1 + R(3);
        l.meta.strides[d] = stride * step;
        stride *= std::max<int64_t>(sizes[d], 1) * step;
      }
      l.offset = R(3);
    } else if (kind == 3 && rank >= 1) {  // one dim expanded
      l.meta.strides[R(rank)] = 0;
    } else if (kind == 4) {
      l.offset = 1 + R(4);
    }
    layouts_.push_back(l);
    auto v = g_->AddInput(absl::StrCat("x", layouts_.size() - 1), l.meta);
    pool_.push_back(*v);
    return *v;
  }

  // Input data: values in [-4, 4] (integers: whole numbers, zeros common,
  // so divisions by zero happen; uint8 up to 120), and for floats now and
  // then NaN, +-inf, -0.0, 0 or a large value.
  tensor::Tensor Fill(const Layout& l, uint64_t seed) {
    const graph_ir::TensorMeta& m = l.meta;
    int64_t extent = 1;
    for (int64_t d = 0; d < m.dim(); ++d) extent = m.sizes[d] == 0 ? 0 : extent;
    for (int64_t d = 0; d < m.dim() && extent > 0; ++d) extent += (m.sizes[d] - 1) * m.strides[d];
    tensor::Tensor storage = tensor::Tensor::Zeros(Shape{extent + l.offset}, m.dtype);
    tensor::Tensor t = storage.AsStrided(m.sizes, m.strides, l.offset);
    std::mt19937_64 rng(seed);
    const int special_rate = static_cast<int>(rng() % 3) * 5;  // 0, 5 or 10 percent
    for (int64_t i = 0; i < t.numel(); ++i) {
      kernels::testing::SetElement(t, i, Draw(m.dtype, special_rate, rng));
    }
    return t;
  }

  Value* Pick() { return Chance(60) ? pool_.back() : pool_[R(static_cast<int64_t>(pool_.size()))]; }

  Value* Apply(std::string_view op, std::vector<Arg> args) {
    auto v = g_->Apply(op, std::move(args));
    return v.ok() ? *v : nullptr;
  }

  Scalar RandomScalar(bool allow_zero = true) {
    switch (R(4)) {
      case 0:
        return Scalar(static_cast<int64_t>(allow_zero ? R(7) - 3 : 1 + R(3)));
      case 1:
        return Scalar(R(2) == 0);
      default: {
        static constexpr double kFloats[] = {0.5, -1.5, 2.0, 0.0, -0.0, 3.25, 1e-3};
        return Scalar(kFloats[R(std::size(kFloats))]);
      }
    }
  }

  // A tensor operand broadcastable against `v`: an existing value of the
  // same shape, or a fresh input of a suffix of v's shape with some dims 1
  // (sometimes of another dtype: type promotion).
  Value* Operand(Value* v) {
    const Shape& sizes = v->meta().sizes;
    if (Chance(30)) {
      for (int k = 0; k < 4; ++k) {
        Value* w = pool_[R(static_cast<int64_t>(pool_.size()))];
        if (w->meta().sizes == sizes) return w;
      }
    }
    const int64_t rank = static_cast<int64_t>(sizes.size());
    Shape s(sizes.begin() + (rank > 0 ? R(rank + 1) : 0), sizes.end());
    for (auto& d : s) d = Chance(30) ? 1 : d;
    if (Chance(10)) s.insert(s.begin(), 1);  // the operand has more dims
    const DType dtype = Chance(70) ? v->meta().dtype : RandomDType();
    Value* w = NewInput(dtype, s);
    pool_.pop_back();  // an operand, not a value to build on
    return w;
  }

  Value* Unary(Value* v) {
    const std::string op = kUnary[R(std::size(kUnary))];
    if (op == "gelu") return Apply(op, {v, Constant(std::string(R(2) ? "tanh" : "none"))});
    if (op == "round") return Apply(op, {v, Constant(Scalar(R(3) == 0 ? int64_t{2} : 0))});
    if (op == "logit") {
      return Apply(op, {v, R(2) ? Constant(graph_ir::None{}) : Constant(Scalar(0.125))});
    }
    if (op == "nan_to_num" && R(2)) {
      return Apply(op,
                   {v, Constant(Scalar(1.5)), Constant(Scalar(100.0)), Constant(Scalar(-100.0))});
    }
    if (op == "clone")
      return Apply(op, {v, Constant(std::string(R(2) ? "contiguous" : "preserve"))});
    return Apply(op, {v});
  }

  Value* Binary(Value* v) {
    const std::string op = kBinary[R(std::size(kBinary))];
    Arg other = Chance(25) ? Arg(Constant(RandomScalar())) : Arg(Operand(v));
    std::vector<Arg> args = {v, other};
    if (Chance(20)) std::swap(args[0], args[1]);
    if (std::holds_alternative<Constant>(args[0])) return nullptr;
    if ((op == "add" || op == "sub") && Chance(30)) {
      PushConstant(args, Constant(R(2) ? Scalar(int64_t{2}) : Scalar(0.5)));
    }
    if (op == "div" && Chance(60)) {
      PushConstant(args, Constant(std::string(R(2) ? "trunc" : "floor")));
    }
    return Apply(op, std::move(args));
  }

  Value* Other(Value* v) {
    switch (R(6)) {
      case 0: {  // where(cond, v, other)
        Value* cond = v->meta().dtype == DType::kBool ? v : Operand(v);
        if (cond->meta().dtype != DType::kBool) {
          cond = Apply("gt", {cond, Constant(Scalar(int64_t{0}))});
          if (cond == nullptr) return nullptr;
        }
        Arg other = Chance(40) ? Arg(Constant(RandomScalar())) : Arg(Operand(v));
        return Apply("where", {cond, v, other});
      }
      case 1: {
        Constant lo = Chance(30) ? Constant(graph_ir::None{}) : Constant(RandomScalar());
        Constant hi = Chance(30) ? Constant(graph_ir::None{}) : Constant(RandomScalar());
        return Apply("clamp", {v, lo, hi});
      }
      case 2:
        // Floating to integral included: NaN, inf and out-of-range values
        // convert as on x86 (the prelude's tc_to_int; seed 9436).
        return Apply("to_dtype", {v, Constant(RandomDType())});
      case 3:
        return Apply("lerp",
                     {v, Operand(v), Chance(50) ? Arg(Constant(Scalar(0.25))) : Arg(Operand(v))});
      case 4:
        return Apply("addcmul", {v, Operand(v), Operand(v), Constant(RandomScalar())});
      default:
        return Apply("addcdiv", {v, Operand(v), Operand(v), Constant(RandomScalar())});
    }
  }

  Shape RandomDims(int64_t rank) {
    Shape dims;
    for (int64_t d = 0; d < rank; ++d) {
      if (Chance(40)) dims.push_back(Chance(30) ? d - rank : d);
    }
    return dims;
  }

  Value* Reduction(Value* v) {
    static constexpr const char* kOps[] = {"sum", "prod", "amax",   "amin",   "any",
                                           "all", "mean", "argmax", "argmin", "var"};
    const std::string op = kOps[R(std::size(kOps))];
    const int64_t rank = v->meta().dim();
    const Constant keepdim(Scalar(R(2) == 0));
    if (op == "prod" || op == "argmax" || op == "argmin") {
      Constant dim =
          rank > 0 && Chance(70) ? Constant(Scalar(R(rank))) : Constant(graph_ir::None{});
      return Apply(op, {v, dim, keepdim});
    }
    Constant dims = Chance(25) ? Constant(graph_ir::None{}) : Constant(RandomDims(rank));
    if (op == "amax" || op == "amin") {
      if (std::holds_alternative<graph_ir::None>(dims)) dims = EmptyDims();
      return Apply(op, {v, dims, keepdim});
    }
    if (op == "var") return Apply(op, {v, dims, Constant(graph_ir::None{}), keepdim});
    if (op == "sum" && Chance(15)) {
      return Apply(op, {v, dims, keepdim, Constant(Chance(50) ? DType::kFloat64 : DType::kInt64)});
    }
    return Apply(op, {v, dims, keepdim});
  }

  Shape Perm(int64_t rank) {
    Shape p(rank);
    for (int64_t d = 0; d < rank; ++d) p[d] = d;
    std::shuffle(p.begin(), p.end(), rng_);
    return p;
  }

  Value* View(Value* v) {
    const Shape& sizes = v->meta().sizes;
    const int64_t rank = v->meta().dim();
    switch (R(9)) {
      case 0:
        return Apply(R(2) ? "reshape" : "view", {v, Constant(Shape{-1})});
      case 1: {  // merge two neighbouring dims, or split one
        if (rank >= 2 && R(2)) {
          const int64_t d = R(rank - 1);
          Shape s(sizes.begin(), sizes.end());
          s[d] *= s[d + 1];
          s.erase(s.begin() + d + 1);
          return Apply(R(2) ? "reshape" : "view", {v, Constant(s)});
        }
        if (rank == 0) return nullptr;
        const int64_t d = R(rank);
        if (sizes[d] % 2 != 0) return nullptr;
        Shape s(sizes.begin(), sizes.end());
        s[d] /= 2;
        s.insert(s.begin() + d, 2);
        return Apply("reshape", {v, Constant(s)});
      }
      case 2:
        return Apply("permute", {v, Constant(Perm(rank))});
      case 3:
        if (rank < 1) return nullptr;
        return Apply("transpose", {v, Constant(Scalar(R(rank))), Constant(Scalar(R(rank)))});
      case 4: {  // unsqueeze then expand, or expand a size-1 dim
        Value* u = v;
        if (R(2) || rank == 0) u = Apply("unsqueeze", {v, Constant(Scalar(R(rank + 1)))});
        if (u == nullptr) return nullptr;
        Shape s = u->meta().sizes;
        for (auto& d : s) d = d == 1 && R(2) ? 1 + R(4) : (Chance(30) ? -1 : d);
        return Apply("expand", {u, Constant(s)});
      }
      case 5:
        return Apply("squeeze",
                     {v, Chance(50) ? Constant(graph_ir::None{}) : Constant(RandomDims(rank))});
      case 6:
        return Apply("unsqueeze", {v, Constant(Scalar(R(rank + 1) - (Chance(30) ? rank + 1 : 0)))});
      case 7: {
        if (rank == 0) return nullptr;
        const int64_t d = R(rank);
        Constant end =
            Chance(50) ? Constant(graph_ir::None{}) : Constant(Scalar(R(sizes[d] + 2) - 1));
        return Apply("slice", {v, Constant(Scalar(d)), Constant(Scalar(R(3))), end,
                               Constant(Scalar(1 + R(3)))});
      }
      default:
        if (rank >= 2 && R(2)) {
          return Apply("diagonal", {v, Constant(Scalar(R(3) - 1)), Constant(Scalar(int64_t{0})),
                                    Constant(Scalar(rank - 1))});
        }
        if (rank == 0) return nullptr;
        return Apply("unfold", {v, Constant(Scalar(R(rank))), Constant(Scalar(1 + R(2))),
                                Constant(Scalar(1 + R(2)))});
    }
  }

  Value* Step() {
    Value* v = Pick();
    const int64_t k = R(100);
    if (k < 25) return Unary(v);
    if (k < 55) return Binary(v);
    if (k < 68) return Other(v);
    if (k < 80) return Reduction(v);
    return View(v);
  }

  std::mt19937_64 rng_;
  uint64_t seed_;
  graph_ir::Graph* g_ = nullptr;
  std::vector<Value*> pool_;
  std::vector<Layout> layouts_;
};

}  // namespace

FuzzCase MakeFuzzCase(uint64_t seed) { return Generator(seed).Make(); }

}  // namespace tc::codegen_cpu::testing
