// Random programs (pointwise nodes over [4, 4] and [4, 1], row reductions,
// Extern negations, reads at transposed and broadcast indices) mean the
// same before and after scheduling: the checker runs them node by node,
// then kernel by kernel in PlanMemory's shared storage.
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"

#include "tc/codegen_cpu/schedule.h"

#include "program_builder.h"
#include "schedule_checker.h"

namespace tc::codegen_cpu {
namespace {

using testing::Index;
using testing::ProgramBuilder;

enum class Space { kFull, kRow, kReduce };  // [4, 4], [4, 1], [4] over r0 < 4

class RandomProgram {
 public:
  explicit RandomProgram(uint32_t seed) : rng_(seed) {}

  Program Make() {
    buffers_.push_back({b_.Input({4, 4}), true});
    buffers_.push_back({b_.Input({4, 1}), false});
    int n = Pick(3, 12);
    for (int k = 0; k < n; ++k) {
      bool output = k == n - 1 || Pick(0, 3) == 0;
      int kind = Pick(0, 9);
      if (kind < 5) {
        buffers_.push_back(
            {b_.Pointwise(
                 {4, 4}, [&](const Index& i) { return Value(Space::kFull, i, {}, 3); }, output),
             true});
      } else if (kind < 7) {
        ReduceOp op = Pick(0, 1) == 0 ? ReduceOp::kSum : ReduceOp::kMax;
        buffers_.push_back(
            {b_.RowReduce(
                 {4, 4}, 1, op,
                 [&](const Index& i, const Index& r) { return Value(Space::kReduce, i, r, 3); },
                 output),
             false});
      } else if (kind < 9) {
        buffers_.push_back(
            {b_.Pointwise(
                 {4, 1}, [&](const Index& i) { return Value(Space::kRow, i, {}, 3); }, output),
             false});
      } else {
        const auto& [arg, full] = buffers_[Pick(0, static_cast<int>(buffers_.size()) - 1)];
        std::vector<int64_t> sizes = full ? std::vector<int64_t>{4, 4} : std::vector<int64_t>{4, 1};
        bool is_full = full;
        buffers_.push_back({b_.Extern("neg", {arg}, sizes, output), is_full});
      }
    }
    return b_.Build();
  }

 private:
  struct Made {
    int buffer;
    bool full;  // [4, 4], else [4, 1]
  };

  int Pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }

  // A load of a random buffer at an index the consumer's space can form.
  ExprPtr RandomLoad(Space space, const Index& i, const Index& r) {
    const Made& m = buffers_[Pick(0, static_cast<int>(buffers_.size()) - 1)];
    const Sym zero = Sym::Const(0);
    Sym a = i[0], b = zero;
    if (space == Space::kFull) b = i[1];
    if (space == Space::kReduce) b = r[0];
    if (space == Space::kRow) b = Sym::Const(Pick(0, 3));
    if (Pick(0, 3) == 0 && space != Space::kRow) std::swap(a, b);  // transposed
    if (!m.full) return b_.Load(m.buffer, {Pick(0, 2) == 0 ? b : a, zero});
    return b_.Load(m.buffer, {a, b});
  }

  ExprPtr Value(Space space, const Index& i, const Index& r, int depth) {
    if (depth == 0 || Pick(0, 2) == 0) return RandomLoad(space, i, r);
    static const char* kUnary[] = {"tanh", "neg"};
    static const char* kBinary[] = {"add", "sub", "mul", "maximum"};
    if (Pick(0, 2) == 0) return testing::Unary(kUnary[Pick(0, 1)], Value(space, i, r, depth - 1));
    return testing::Binary(kBinary[Pick(0, 3)], Value(space, i, r, depth - 1),
                           Value(space, i, r, depth - 1));
  }

  std::mt19937 rng_;
  ProgramBuilder b_;
  std::vector<Made> buffers_;
};

bool SameValues(const testing::Values& a, const testing::Values& b) {
  if (a.size() != b.size()) return false;
  for (size_t k = 0; k < a.size(); ++k) {
    if (a[k].size() != b[k].size()) return false;
    for (size_t e = 0; e < a[k].size(); ++e) {
      if (!(a[k][e] == b[k][e] || (std::isnan(a[k][e]) && std::isnan(b[k][e])))) return false;
    }
  }
  return true;
}

bool HasRowKernel(const Program& p) {
  for (const Kernel& k : p.kernels) {
    bool reduction = false, pointwise = false;
    for (int n : k.nodes) {
      reduction |= std::holds_alternative<Reduction>(p.nodes[n].body);
      pointwise |= std::holds_alternative<Pointwise>(p.nodes[n].body);
    }
    if (reduction && pointwise && !k.outer.empty()) return true;
  }
  return false;
}

TEST(ScheduleFuzzTest, RandomProgramsMeanTheSameScheduled) {
  int row_kernels = 0, shared_slots = 0, fewer_kernels = 0;
  for (uint32_t seed = 0; seed < 400; ++seed) {
    Program before = RandomProgram(seed).Make();
    testing::Values inputs = testing::SampleInputs(before);
    absl::StatusOr<testing::Values> expected = testing::RunProgram(before, inputs);
    ASSERT_TRUE(expected.ok()) << expected.status();
    Program after = before;
    Schedule(after);
    absl::StatusOr<testing::Values> got = testing::RunProgram(after, inputs);
    ASSERT_TRUE(got.ok()) << "seed " << seed << ": " << got.status() << after.ToString();
    ASSERT_TRUE(SameValues(*expected, *got)) << "seed " << seed << "\n"
                                             << before.ToString() << "scheduled:\n"
                                             << after.ToString();
    row_kernels += HasRowKernel(after);
    fewer_kernels += after.kernels.size() < before.nodes.size();
    MemoryPlan plan = PlanMemory(after);
    int planned = 0;
    for (int s : plan.slot) planned += s >= 0;
    shared_slots += planned > static_cast<int>(plan.slot_bytes.size());
  }
  // The programs exercise what the scheduler does, not only the easy cases.
  EXPECT_GT(row_kernels, 40);
  EXPECT_GT(fewer_kernels, 200);
  EXPECT_GT(shared_slots, 20);
}

}  // namespace
}  // namespace tc::codegen_cpu
