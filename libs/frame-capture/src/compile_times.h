// CompileTimes: torch._dynamo.utils.compile_times()'s table. Dynamo's
// dynamo_timed(key) adds the key's row when the phase first starts and a
// duration when it ends, so rows come in order of first start (the
// outermost phase first) and nested phases each get their own durations.
#ifndef TC_FRAME_CAPTURE_SRC_COMPILE_TIMES_H_
#define TC_FRAME_CAPTURE_SRC_COMPILE_TIMES_H_

#include <chrono>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tc::frame_capture {

class CompileTimes {
 public:
  using Rows = std::vector<std::pair<std::string, std::vector<double>>>;

  // Times one phase from construction to destruction; nothing when `times`
  // is null.
  class Timer {
   public:
    Timer(CompileTimes* times, std::string_view name) : times_(times), name_(name) {
      if (times_ == nullptr) return;
      times_->Row(name_);
      start_ = std::chrono::steady_clock::now();
    }
    ~Timer() {
      if (times_ == nullptr) return;
      // Looked up again: a backend may have run torch._dynamo.reset()
      // (which clears the table) while the phase was timed.
      times_->Row(name_).push_back(
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count());
    }
    Timer(const Timer&) = delete;
    Timer& operator=(const Timer&) = delete;

   private:
    CompileTimes* times_;
    std::string_view name_;
    std::chrono::steady_clock::time_point start_;
  };

  const Rows& rows() const { return rows_; }
  void Clear() { rows_.clear(); }

 private:
  std::vector<double>& Row(std::string_view name) {
    for (auto& [n, v] : rows_) {
      if (n == name) return v;
    }
    rows_.emplace_back(std::string(name), std::vector<double>());
    return rows_.back().second;
  }

  Rows rows_;
};

}  // namespace tc::frame_capture

#endif  // TC_FRAME_CAPTURE_SRC_COMPILE_TIMES_H_
