#include "knapsack.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace tc::partition::internal {

KnapsackChoice DpKnapsack(const std::vector<double>& memory, const std::vector<double>& runtime,
                          double max_memory) {
  constexpr double kScale = 10000;
  const size_t n = memory.size();
  std::vector<int64_t> quantized(n);
  for (size_t i = 0; i < n; ++i) {
    quantized[i] = static_cast<int64_t>(std::nearbyint(memory[i] * kScale));
  }
  const auto width = static_cast<int64_t>(std::nearbyint(max_memory * kScale)) + 1;
  // Rows of the table are float32 as PyTorch's; only whether each entry
  // changed from the row above is kept for backtracking.
  std::vector<float> row(width, 0.0f);
  std::vector<float> next(width);
  std::vector<std::vector<bool>> changed(n + 1);
  for (size_t i = 1; i <= n; ++i) {
    const int64_t m = quantized[i - 1];
    const auto r = static_cast<float>(runtime[i - 1]);
    next = row;
    if (m == 0) {
      for (int64_t j = 0; j < width; ++j) next[j] = row[j] + r;
    } else {
      for (int64_t j = std::max<int64_t>(m, 0); j < width; ++j) {
        next[j] = std::max(row[j], row[j - m] + r);
      }
    }
    changed[i].resize(width);
    for (int64_t j = 0; j < width; ++j) changed[i][j] = next[j] != row[j];
    row.swap(next);
  }
  KnapsackChoice choice;
  int64_t j = width - 1;
  for (size_t i = n; i >= 1; --i) {
    if (j >= 0 && changed[i][j]) {
      choice.saved.push_back(static_cast<int>(i - 1));
      j -= quantized[i - 1];
    } else {
      choice.recomputed.push_back(static_cast<int>(i - 1));
    }
  }
  std::reverse(choice.saved.begin(), choice.saved.end());
  return choice;
}

}  // namespace tc::partition::internal
