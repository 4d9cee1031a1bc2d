// kernels::RnnLayer against a direct transcription of ATen's cells in plain
// double loops: LSTM (with and without projection), GRU, RNN tanh / relu,
// both directions, with and without biases, written into one column block
// of a shared output; float64 to 1e-12, float32 to 1e-5 (relative past
// magnitude 1). Bad operands
// (dtypes, strides, sizes) are errors, not crashes. Larger shapes cover
// every tile path of the fused step, on every SIMD target, on the pool and
// inside a parallel region.
#include "tc/kernels/rnn.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <hwy/targets.h>

#include "tc/kernels/thread_pool.h"
#include "tc/tensor/tensor.h"

namespace tc::kernels {
namespace {

using tensor::DType;
using tensor::Shape;
using tensor::Tensor;

Tensor Fill(const Shape& sizes, DType dtype, int seed) {
  Tensor t = Tensor::Empty(sizes, dtype);
  for (int64_t i = 0; i < t.numel(); ++i) {
    const double v = std::sin(0.7 * static_cast<double>(i) + seed) * 0.8;
    if (dtype == DType::kFloat32) {
      t.data<float>()[i] = static_cast<float>(v);
    } else {
      t.data<double>()[i] = v;
    }
  }
  return t;
}

double At(const Tensor& t, int64_t i) { return t.ElementAsDouble(i); }
double Sig(double x) { return 1 / (1 + std::exp(-x)); }

struct Case {
  RnnMode mode;
  bool bias, reverse, proj;
};

// The reference: returns out [T, B, P] and fills h_n, c_n.
std::vector<double> Reference(const Case& c, const RnnWeights& w, const Tensor& x, const Tensor& h0,
                              const Tensor& c0, int64_t H, int64_t P, std::vector<double>* h_n,
                              std::vector<double>* c_n) {
  const int64_t T = x.size(0), B = x.size(1), I = x.size(2), G = w.w_ih.size(0);
  std::vector<double> h(B * P), cell(B * H, 0.0), out(T * B * P);
  for (int64_t i = 0; i < B * P; ++i) h[i] = At(h0, i);
  if (c.mode == RnnMode::kLstm) {
    for (int64_t i = 0; i < B * H; ++i) cell[i] = At(c0, i);
  }
  for (int64_t s = 0; s < T; ++s) {
    const int64_t t = c.reverse ? T - 1 - s : s;
    std::vector<double> nh(B * P);
    for (int64_t b = 0; b < B; ++b) {
      std::vector<double> xg(G), hg(G);
      for (int64_t g = 0; g < G; ++g) {
        xg[g] = c.bias ? At(w.b_ih, g) : 0;
        hg[g] = c.bias ? At(w.b_hh, g) : 0;
        for (int64_t k = 0; k < I; ++k) xg[g] += At(x, (t * B + b) * I + k) * At(w.w_ih, g * I + k);
        for (int64_t k = 0; k < P; ++k) hg[g] += h[b * P + k] * At(w.w_hh, g * P + k);
      }
      std::vector<double> hr(H);
      for (int64_t j = 0; j < H; ++j) {
        if (c.mode == RnnMode::kLstm) {
          const double i = Sig(hg[j] + xg[j]), f = Sig(hg[H + j] + xg[H + j]);
          const double g = std::tanh(hg[2 * H + j] + xg[2 * H + j]);
          const double o = Sig(hg[3 * H + j] + xg[3 * H + j]);
          cell[b * H + j] = f * cell[b * H + j] + i * g;
          hr[j] = o * std::tanh(cell[b * H + j]);
        } else if (c.mode == RnnMode::kGru) {
          const double r = Sig(hg[j] + xg[j]), z = Sig(hg[H + j] + xg[H + j]);
          const double n = std::tanh(xg[2 * H + j] + hg[2 * H + j] * r);
          hr[j] = (h[b * P + j] - n) * z + n;
        } else {
          const double v = hg[j] + xg[j];
          hr[j] = c.mode == RnnMode::kRnnTanh ? std::tanh(v) : std::max(v, 0.0);
        }
      }
      for (int64_t p = 0; p < P; ++p) {
        double v = c.proj ? 0 : hr[p];
        if (c.proj) {
          for (int64_t j = 0; j < H; ++j) v += hr[j] * At(w.w_hr, p * H + j);
        }
        nh[b * P + p] = v;
        out[(t * B + b) * P + p] = v;
      }
    }
    h = nh;
  }
  *h_n = h;
  *c_n = cell;
  return out;
}

struct Sizes {
  int64_t T, B, I, H, proj;  // proj: the projection size when c.proj
};

void Check(const Case& c, DType dtype, double tol, Sizes sz = {5, 3, 4, 6, 2}) {
  const int64_t T = sz.T, B = sz.B, I = sz.I, H = sz.H, P = c.proj ? sz.proj : H;
  const int64_t gates = c.mode == RnnMode::kLstm ? 4 : c.mode == RnnMode::kGru ? 3 : 1;
  RnnWeights w{Fill(Shape{gates * H, I}, dtype, 1), Fill(Shape{gates * H, P}, dtype, 2),
               c.bias ? Fill(Shape{gates * H}, dtype, 3) : Tensor(),
               c.bias ? Fill(Shape{gates * H}, dtype, 4) : Tensor(),
               c.proj ? Fill(Shape{P, H}, dtype, 5) : Tensor()};
  const Tensor x = Fill(Shape{T, B, I}, dtype, 6), h0 = Fill(Shape{B, P}, dtype, 7);
  const Tensor c0 = Fill(Shape{B, H}, dtype, 8);
  // This direction's columns are [P, 2P) of a [T, B, 2P] output.
  Tensor out = Tensor::Zeros(Shape{T, B, 2 * P}, dtype);
  Tensor h_n = Tensor::Empty(Shape{B, P}, dtype), c_n = Tensor::Empty(Shape{B, H}, dtype);
  ASSERT_TRUE(RnnLayer(c.mode, w, x, h0, c0, c.reverse, out, P, h_n, c_n).ok());
  // Relative past 1 (relu's and the projection's values grow large).
  auto Tol = [&](double want) { return tol * std::max(1.0, std::abs(want)); };
  std::vector<double> want_h, want_c;
  const std::vector<double> want = Reference(c, w, x, h0, c0, H, P, &want_h, &want_c);
  for (int64_t r = 0; r < T * B; ++r) {
    for (int64_t p = 0; p < P; ++p) {
      EXPECT_NEAR(At(out, r * 2 * P + P + p), want[r * P + p], Tol(want[r * P + p]))
          << r << " " << p;
      EXPECT_EQ(At(out, r * 2 * P + p), 0.0);  // the other direction's columns untouched
    }
  }
  for (int64_t i = 0; i < B * P; ++i) EXPECT_NEAR(At(h_n, i), want_h[i], Tol(want_h[i]));
  if (c.mode == RnnMode::kLstm) {
    for (int64_t i = 0; i < B * H; ++i) EXPECT_NEAR(At(c_n, i), want_c[i], tol);
  }
}

TEST(RnnLayer, MatchesAtenCells) {
  for (RnnMode mode : {RnnMode::kLstm, RnnMode::kGru, RnnMode::kRnnTanh, RnnMode::kRnnRelu}) {
    for (bool bias : {true, false}) {
      for (bool reverse : {false, true}) {
        SCOPED_TRACE(static_cast<int>(mode) * 4 + bias * 2 + reverse);
        Check({mode, bias, reverse, false}, DType::kFloat64, 1e-12);
        Check({mode, bias, reverse, false}, DType::kFloat32, 1e-5);
      }
    }
  }
  Check({RnnMode::kLstm, true, false, true}, DType::kFloat64, 1e-12);
  Check({RnnMode::kLstm, false, true, true}, DType::kFloat32, 1e-5);
}

// Shapes that take every path of the fused step (rnn_step.cc): several
// panels of hidden units with a partial last one, several register tiles
// of rows with a partial last one and more rows than one block (48), a
// hidden width split into k blocks, and steps large enough to be spread
// over the pool.
TEST(RnnLayer, LargerShapesTakeEveryTilePath) {
  for (RnnMode mode : {RnnMode::kLstm, RnnMode::kGru, RnnMode::kRnnTanh, RnnMode::kRnnRelu}) {
    SCOPED_TRACE(static_cast<int>(mode));
    // relu's state grows over the steps and its sums cancel (values ~1
    // from terms ~100): float32 keeps about 4 digits there.
    const double f32 = mode == RnnMode::kRnnRelu ? 1e-4 : 2e-5;
    Check({mode, true, false, false}, DType::kFloat32, f32, {3, 50, 5, 37, 0});
    Check({mode, false, true, false}, DType::kFloat64, 1e-12, {3, 13, 5, 150, 0});
    Check({mode, true, true, false}, DType::kFloat32, f32, {2, 13, 7, 200, 0});
  }
  // The projection sums 150 terms of up to 0.8 into values ~1: ~1e-5.
  Check({RnnMode::kLstm, true, false, true}, DType::kFloat32, 1e-4, {3, 13, 5, 150, 100});
  Check({RnnMode::kLstm, true, true, true}, DType::kFloat64, 1e-12, {3, 50, 5, 37, 20});
}

// Inputs large enough that the gates' pre-activations pass exp's range
// (|x| > 87 in float32): those lanes take libm, and the gates saturate
// to 0 / 1 instead of turning into NaN.
TEST(RnnLayer, SaturatedGates) {
  for (RnnMode mode : {RnnMode::kLstm, RnnMode::kGru}) {
    const int64_t T = 2, B = 3, I = 4, H = 20, G = (mode == RnnMode::kLstm ? 4 : 3) * H;
    RnnWeights w{Fill(Shape{G, I}, DType::kFloat32, 1), Fill(Shape{G, H}, DType::kFloat32, 2),
                 Fill(Shape{G}, DType::kFloat32, 3), Fill(Shape{G}, DType::kFloat32, 4), Tensor()};
    Tensor x = Fill(Shape{T, B, I}, DType::kFloat32, 5);
    for (int64_t i = 0; i < x.numel(); ++i) x.data<float>()[i] *= 300;
    const Tensor h0 = Fill(Shape{B, H}, DType::kFloat32, 6);
    const Tensor c0 = Fill(Shape{B, H}, DType::kFloat32, 7);
    Tensor out = Tensor::Empty(Shape{T, B, H}, DType::kFloat32);
    Tensor h_n = Tensor::Empty(Shape{B, H}, DType::kFloat32);
    Tensor c_n = Tensor::Empty(Shape{B, H}, DType::kFloat32);
    ASSERT_TRUE(RnnLayer(mode, w, x, h0, c0, false, out, 0, h_n, c_n).ok());
    std::vector<double> want_h, want_c;
    const std::vector<double> want =
        Reference({mode, true, false, false}, w, x, h0, c0, H, H, &want_h, &want_c);
    for (int64_t i = 0; i < T * B * H; ++i) EXPECT_NEAR(At(out, i), want[i], 1e-5) << i;
  }
}

// Every SIMD target this machine runs (each has its own lane count, so
// its own panel width, register tile and tails) gives the same answers.
TEST(RnnLayer, EveryTarget) {
  const std::vector<int64_t> targets = hwy::SupportedAndGeneratedTargets();
  ASSERT_FALSE(targets.empty());
  for (int64_t target : targets) {
    hwy::SetSupportedTargetsForTest(target);
    SCOPED_TRACE(hwy::TargetName(target));
    for (RnnMode mode : {RnnMode::kLstm, RnnMode::kGru, RnnMode::kRnnTanh}) {
      Check({mode, true, true, false}, DType::kFloat32, 2e-5, {2, 13, 5, 37, 0});
      Check({mode, true, false, false}, DType::kFloat64, 1e-12, {2, 9, 5, 21, 0});
    }
    Check({RnnMode::kLstm, true, false, true}, DType::kFloat64, 1e-12, {2, 9, 5, 21, 7});
  }
  hwy::SetSupportedTargetsForTest(0);  // back to the real dispatch
}

// Called from inside a parallel region (each of two pool threads running
// its own layer), the layer runs on its caller's thread alone and gives
// the same answers.
TEST(RnnLayer, InsideAParallelRegion) {
  const int64_t T = 3, B = 13, I = 5, H = 150, G = 4 * H;
  RnnWeights w{Fill(Shape{G, I}, DType::kFloat32, 1), Fill(Shape{G, H}, DType::kFloat32, 2),
               Fill(Shape{G}, DType::kFloat32, 3), Fill(Shape{G}, DType::kFloat32, 4), Tensor()};
  const Tensor x = Fill(Shape{T, B, I}, DType::kFloat32, 5);
  const Tensor h0 = Fill(Shape{B, H}, DType::kFloat32, 6);
  const Tensor c0 = Fill(Shape{B, H}, DType::kFloat32, 7);
  auto run = [&](Tensor& out) {
    Tensor h_n = Tensor::Empty(Shape{B, H}, DType::kFloat32);
    Tensor c_n = Tensor::Empty(Shape{B, H}, DType::kFloat32);
    return RnnLayer(RnnMode::kLstm, w, x, h0, c0, false, out, 0, h_n, c_n).ok();
  };
  Tensor want = Tensor::Empty(Shape{T, B, H}, DType::kFloat32);
  ASSERT_TRUE(run(want));
  std::vector<Tensor> outs(2);
  std::atomic<int> ok{0};
  ParallelFor(2, 1, [&](int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i) {
      outs[i] = Tensor::Empty(Shape{T, B, H}, DType::kFloat32);
      if (run(outs[i])) ++ok;
    }
  });
  ASSERT_EQ(ok.load(), 2);
  for (const Tensor& out : outs) {
    for (int64_t i = 0; i < want.numel(); ++i) EXPECT_EQ(At(out, i), At(want, i)) << i;
  }
}

// A packed batch of lengths {4, 3, 1} gives, row for row, what each
// sequence gives alone (batch 1), in both directions (and with several
// panels of hidden units, H = 40); h_n and c_n hold
// each sequence's state after its own last step.
TEST(RnnLayerPacked, EachSequenceAsIfAlone) {
  const int64_t I = 3;
  const std::vector<int64_t> lengths = {4, 3, 1}, batch = {3, 2, 2, 1};
  for (RnnMode mode : {RnnMode::kLstm, RnnMode::kGru}) {
    for (const auto& [H, reverse] :
         std::vector<std::pair<int64_t, bool>>{{4, false}, {4, true}, {40, true}}) {
      const int64_t G = (mode == RnnMode::kLstm ? 4 : 3) * H;
      RnnWeights w{Fill(Shape{G, I}, DType::kFloat64, 1), Fill(Shape{G, H}, DType::kFloat64, 2),
                   Fill(Shape{G}, DType::kFloat64, 3), Fill(Shape{G}, DType::kFloat64, 4),
                   Tensor()};
      const Tensor x = Fill(Shape{8, I}, DType::kFloat64, 5);
      const Tensor h0 = Fill(Shape{3, H}, DType::kFloat64, 6);
      const Tensor c0 = Fill(Shape{3, H}, DType::kFloat64, 7);
      Tensor out = Tensor::Empty(Shape{8, H}, DType::kFloat64);
      Tensor h_n = Tensor::Empty(Shape{3, H}, DType::kFloat64);
      Tensor c_n = Tensor::Empty(Shape{3, H}, DType::kFloat64);
      ASSERT_TRUE(RnnLayerPacked(mode, w, x, batch, h0, c0, reverse, out, 0, h_n, c_n).ok());
      for (int64_t b = 0; b < 3; ++b) {
        // Sequence b's rows: step t's row is offset(t) + b.
        const int64_t n = lengths[b];
        Tensor xs = Tensor::Empty(Shape{n, 1, I}, DType::kFloat64);
        std::vector<int64_t> rows;
        for (int64_t t = 0, off = 0; t < n; off += batch[t], ++t) rows.push_back(off + b);
        for (int64_t t = 0; t < n; ++t) {
          for (int64_t k = 0; k < I; ++k) xs.data<double>()[t * I + k] = At(x, rows[t] * I + k);
        }
        Tensor hb = Tensor::Empty(Shape{1, H}, DType::kFloat64);
        Tensor cb = Tensor::Empty(Shape{1, H}, DType::kFloat64);
        for (int64_t j = 0; j < H; ++j) {
          hb.data<double>()[j] = At(h0, b * H + j);
          cb.data<double>()[j] = At(c0, b * H + j);
        }
        Tensor os = Tensor::Empty(Shape{n, 1, H}, DType::kFloat64);
        Tensor hs = Tensor::Empty(Shape{1, H}, DType::kFloat64);
        Tensor cs = Tensor::Empty(Shape{1, H}, DType::kFloat64);
        ASSERT_TRUE(RnnLayer(mode, w, xs, hb, cb, reverse, os, 0, hs, cs).ok());
        for (int64_t t = 0; t < n; ++t) {
          for (int64_t j = 0; j < H; ++j) {
            EXPECT_NEAR(At(out, rows[t] * H + j), At(os, t * H + j), 1e-12);
          }
        }
        for (int64_t j = 0; j < H; ++j) {
          EXPECT_NEAR(At(h_n, b * H + j), At(hs, j), 1e-12);
          if (mode == RnnMode::kLstm) {
            EXPECT_NEAR(At(c_n, b * H + j), At(cs, j), 1e-12);
          }
        }
      }
    }
  }
  // Rising batch sizes and a wrong row count are errors.
  const int64_t H = 4;
  RnnWeights w{Fill(Shape{H, I}, DType::kFloat32, 1), Fill(Shape{H, H}, DType::kFloat32, 2),
               Tensor(), Tensor(), Tensor()};
  const Tensor x = Fill(Shape{3, I}, DType::kFloat32, 3), h = Fill(Shape{2, H}, DType::kFloat32, 4);
  Tensor out = Tensor::Empty(Shape{3, H}, DType::kFloat32);
  Tensor h_n = Tensor::Empty(Shape{2, H}, DType::kFloat32);
  const std::vector<int64_t> rising = {1, 2}, wrong = {2, 2};
  EXPECT_FALSE(RnnLayerPacked(RnnMode::kRnnTanh, w, x, rising, h, h, false, out, 0, h_n, h_n).ok());
  EXPECT_FALSE(RnnLayerPacked(RnnMode::kRnnTanh, w, x, wrong, h, h, false, out, 0, h_n, h_n).ok());
  const std::vector<int64_t> good = {2, 1};
  EXPECT_TRUE(RnnLayerPacked(RnnMode::kRnnTanh, w, x, good, h, h, false, out, 0, h_n, h_n).ok());
}

TEST(RnnLayer, RejectsBadOperands) {
  RnnWeights w{Fill(Shape{3, 2}, DType::kFloat32, 1), Fill(Shape{3, 3}, DType::kFloat32, 2),
               Tensor(), Tensor(), Tensor()};
  const Tensor x = Fill(Shape{2, 1, 2}, DType::kFloat32, 3);
  const Tensor h = Tensor::Zeros(Shape{1, 3}, DType::kFloat32);
  Tensor out = Tensor::Empty(Shape{2, 1, 3}, DType::kFloat32);
  Tensor h_n = Tensor::Empty(Shape{1, 3}, DType::kFloat32);
  EXPECT_TRUE(RnnLayer(RnnMode::kRnnTanh, w, x, h, h, false, out, 0, h_n, h_n).ok());
  const Tensor xi = Tensor::Zeros(Shape{2, 1, 2}, DType::kInt64);
  EXPECT_FALSE(RnnLayer(RnnMode::kRnnTanh, w, xi, h, h, false, out, 0, h_n, h_n).ok());
  const Tensor xd = Fill(Shape{2, 1, 2}, DType::kFloat64, 3);
  EXPECT_FALSE(RnnLayer(RnnMode::kRnnTanh, w, xd, h, h, false, out, 0, h_n, h_n).ok());
  const Tensor h_wide = Tensor::Zeros(Shape{1, 4}, DType::kFloat32);  // wrong size
  EXPECT_FALSE(RnnLayer(RnnMode::kRnnTanh, w, x, h_wide, h, false, out, 0, h_n, h_n).ok());
  EXPECT_FALSE(RnnLayer(RnnMode::kRnnTanh, w, x, h, h, false, out, 1, h_n, h_n).ok());
  EXPECT_FALSE(RnnLayer(RnnMode::kLstm, w, x, h, h, false, out, 0, h_n, h_n).ok());  // G != 4H
  const Tensor xt = x.AsStrided(Shape{2, 1, 2}, Shape{1, 2, 2}, 0);  // not contiguous
  EXPECT_FALSE(RnnLayer(RnnMode::kRnnTanh, w, xt, h, h, false, out, 0, h_n, h_n).ok());
}

}  // namespace
}  // namespace tc::kernels
