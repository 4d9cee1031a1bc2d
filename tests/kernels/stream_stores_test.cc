// Streaming stores (tc/kernels/stream_stores.h): the threshold decides at
// and around its value; the streamed eager copy and row kernels give byte
// for byte what the ordinary stores give, for aligned and unaligned rows
// and destinations, with unaligned heads and tails; and what they wrote is
// all there when another thread reads it after the call returns (the store
// fence before the pool's join).
#include "tc/kernels/stream_stores.h"

#include <cstring>
#include <limits>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include <gtest/gtest.h>

#include "tc/kernels/copy.h"
#include "tc/kernels/eager.h"
#include "tc/kernels/thread_pool.h"

#include "test_util.h"

namespace tc::kernels::testing {
namespace {

// Streams every output (on) or none (off) while alive.
class Force {
 public:
  explicit Force(bool on) { SetStreamStoresMinBytes(on ? 1 : std::numeric_limits<int64_t>::max()); }
  ~Force() { SetStreamStoresMinBytes(0); }
};

// Byte equality, the bytes read on a thread other than the caller's (and
// the pool's): a streamed output not fenced before the join could still be
// missing lines there.
bool SameBytesOnAnotherThread(const Tensor& a, const Tensor& b) {
  bool same = false;
  std::thread reader([&] {
    same = a.numel() == b.numel() && a.itemsize() == b.itemsize() &&
           std::memcmp(a.raw_data(), b.raw_data(), a.numel() * a.itemsize()) == 0;
  });
  reader.join();
  return same;
}

Tensor RunOp(bool stream, const char* op, const std::vector<KernelArg>& args) {
  Force force(stream);
  auto r = Call(op, args);
  EXPECT_TRUE(r.ok()) << op << ": " << r.status();
  return r.ok() ? (*r)[0] : Tensor();
}

// Row lengths whose rows start aligned (multiples of 16 floats / 8
// doubles) and not, shorter and longer than a vector and a cache line.
constexpr int64_t kRowLengths[] = {1, 3, 7, 16, 17, 33, 100, 1000, 1024, 1025, 4099};

TEST(StreamStoresTest, ThresholdDecidesAtItsValue) {
  const int64_t deflt = StreamStoresMinBytes();
  EXPECT_GT(deflt, 0);
  EXPECT_FALSE(UseStreamStores(deflt - 1));
  EXPECT_TRUE(UseStreamStores(deflt));
  EXPECT_TRUE(UseStreamStores(deflt + 1));
  SetStreamStoresMinBytes(12345);
  EXPECT_EQ(StreamStoresMinBytes(), 12345);
  EXPECT_FALSE(UseStreamStores(12344));
  EXPECT_TRUE(UseStreamStores(12345));
  EXPECT_TRUE(UseStreamStores(12346));
  SetStreamStoresMinBytes(0);
  EXPECT_EQ(StreamStoresMinBytes(), deflt);
}

TEST(StreamStoresTest, RowKernelsStreamTheSameValues) {
  uint32_t seed = 1;
  for (DType dt : {DType::kFloat32, DType::kFloat64}) {
    for (int64_t n : kRowLengths) {
      // Enough rows that the pool splits them (16384 elements a chunk).
      const int64_t rows = std::max<int64_t>(3, 40000 / n);
      SCOPED_TRACE(absl::StrCat(std::string(tensor::DTypeName(dt)), " [", rows, ", ", n, "]"));
      Tensor x = Random(Shape{rows, n}, dt, seed++, -8, 8);
      Tensor w = Random(Shape{n}, dt, seed++), b = Random(Shape{n}, dt, seed++);
      const KernelArg none = Constant(graph_ir::None{});
      const std::vector<std::pair<const char*, std::vector<KernelArg>>> cases = {
          {"softmax", {x, Constant(Scalar(int64_t{-1})), none}},
          {"log_softmax", {x, Constant(Scalar(int64_t{-1})), none}},
          {"layer_norm", {x, Constant(Shape{n}), w, b, Constant(Scalar(1e-5))}},
          {"layer_norm", {x, Constant(Shape{n}), none, none, Constant(Scalar(1e-5))}},
          {"rms_norm", {x, Constant(Shape{n}), w, none}},
      };
      for (const auto& [op, args] : cases) {
        Tensor want = RunOp(false, op, args), got = RunOp(true, op, args);
        EXPECT_TRUE(SameBytesOnAnotherThread(got, want)) << op;
      }
    }
  }
}

TEST(StreamStoresTest, GroupNormStreamsTheSameValues) {
  uint32_t seed = 7;
  // Planes of odd sizes: each channel's part of a row starts unaligned.
  for (const Shape& s : {Shape{2, 6, 5, 7}, Shape{4, 8, 33}, Shape{3, 4, 64, 64}}) {
    SCOPED_TRACE(tensor::ShapeToString(s));
    Tensor x = Random(s, DType::kFloat32, seed++);
    Tensor w = Random(Shape{s[1]}, DType::kFloat32, seed++);
    Tensor b = Random(Shape{s[1]}, DType::kFloat32, seed++);
    const KernelArg none = Constant(graph_ir::None{});
    for (bool affine : {false, true}) {
      std::vector<KernelArg> args = {x, Constant(Scalar(int64_t{2})), affine ? KernelArg(w) : none,
                                     affine ? KernelArg(b) : none, Constant(Scalar(1e-5))};
      EXPECT_TRUE(SameBytesOnAnotherThread(RunOp(true, "group_norm", args),
                                           RunOp(false, "group_norm", args)))
          << affine;
    }
  }
}

// Values at and around the threshold: below it ordinary stores, from it
// streaming; every size gives the ordinary stores' bytes.
TEST(StreamStoresTest, SizesAroundTheThresholdGiveTheSameValues) {
  const int64_t n = 1000, threshold = 64 * n * 4;  // 64 rows of float32
  for (int64_t rows : {63, 64, 65}) {
    SCOPED_TRACE(rows);
    Tensor x = Random(Shape{rows, n}, DType::kFloat32, static_cast<uint32_t>(rows));
    const std::vector<KernelArg> args = {x, Constant(Scalar(int64_t{-1})),
                                         Constant(graph_ir::None{})};
    Tensor want = RunOp(false, "softmax", args);
    SetStreamStoresMinBytes(threshold);
    EXPECT_EQ(UseStreamStores(rows * n * 4), rows >= 64);
    auto got = Call("softmax", args);
    SetStreamStoresMinBytes(0);
    ASSERT_TRUE(got.ok()) << got.status();
    EXPECT_TRUE(SameBytesOnAnotherThread((*got)[0], want));
  }
}

// CopyInto streamed: contiguous copies of every head / tail alignment
// (source and destination at odd element offsets into their storage),
// sizes from below a line to past the pool's split, and strided
// destinations whose runs are shorter and longer than the streamed minimum.
TEST(StreamStoresTest, CopyIntoStreamsTheSameBytes) {
  for (int64_t n : {1, 15, 16, 17, 100, 1023, 4097, 40000, 100003}) {
    for (int64_t dst_off : {0, 1, 3, 15}) {
      for (int64_t src_off : {0, 5}) {
        SCOPED_TRACE(absl::StrCat(n, " dst+", dst_off, " src+", src_off));
        Tensor src_base = Random(Shape{n + 16}, DType::kFloat32, static_cast<uint32_t>(n));
        Tensor src = src_base.AsStrided(Shape{n}, Shape{1}, src_off);
        Tensor dst_base = Tensor::Zeros(Shape{n + 32}, DType::kFloat32);
        Tensor dst = dst_base.AsStrided(Shape{n}, Shape{1}, dst_off);
        Tensor want = Tensor::Zeros(Shape{n + 32}, DType::kFloat32);
        ASSERT_TRUE(want.AsStrided(Shape{n}, Shape{1}, dst_off).CopyFrom(src).ok());
        {
          Force force(true);
          ASSERT_TRUE(CopyInto(dst, src).ok());
        }
        // The whole storage: nothing written outside the view either.
        EXPECT_TRUE(SameBytesOnAnotherThread(dst_base, want));
      }
    }
  }
  for (int64_t cols : {100, 1100, 3000}) {  // runs of 400, 4400 and 12000 bytes
    SCOPED_TRACE(cols);
    Tensor src = Random(Shape{50, cols}, DType::kFloat32, 3);
    Tensor dst_base = Tensor::Zeros(Shape{50, cols + 3}, DType::kFloat32);
    Tensor dst = dst_base.AsStrided(Shape{50, cols}, Shape{cols + 3, 1}, 1);
    Tensor want = Tensor::Zeros(Shape{50, cols + 3}, DType::kFloat32);
    ASSERT_TRUE(want.AsStrided(Shape{50, cols}, Shape{cols + 3, 1}, 1).CopyFrom(src).ok());
    {
      Force force(true);
      ASSERT_TRUE(CopyInto(dst, src).ok());
    }
    EXPECT_TRUE(SameBytesOnAnotherThread(dst_base, want));
  }
}

// A large streamed copy split over the pool (the issue's [4096, 1024]), read
// at once by a thread that took no part in it, many times over.
TEST(StreamStoresTest, ResultsAreCompleteForAnotherThreadAfterReturn) {
  Tensor src = Random(Shape{4096, 1024}, DType::kFloat32, 11);
  Tensor x = Random(Shape{1024, 1000}, DType::kFloat32, 12);
  const std::vector<KernelArg> args = {x, Constant(Scalar(int64_t{-1})),
                                       Constant(graph_ir::None{})};
  Tensor want_softmax = RunOp(false, "softmax", args);
  for (int round = 0; round < 20; ++round) {
    Tensor dst = Tensor::Zeros(Shape{4096, 1024}, DType::kFloat32);
    Tensor got;
    {
      Force force(true);
      ASSERT_TRUE(CopyInto(dst, src).ok());
      got = RunOp(true, "softmax", args);
    }
    ASSERT_TRUE(SameBytesOnAnotherThread(dst, src)) << round;
    ASSERT_TRUE(SameBytesOnAnotherThread(got, want_softmax)) << round;
  }
}

}  // namespace
}  // namespace tc::kernels::testing
