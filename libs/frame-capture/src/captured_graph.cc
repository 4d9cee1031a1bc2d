// CapturedGraph counts.
#include "tc/frame_capture/captured_graph.h"

#include <algorithm>

namespace tc::frame_capture {

int CapturedGraph::num_function_calls() const {
  return static_cast<int>(std::count_if(calls.begin(), calls.end(), [](const CallRecord& c) {
    return c.kind == CallRecord::Kind::kFunction;
  }));
}

int CapturedGraph::num_method_calls() const {
  return static_cast<int>(calls.size()) - num_function_calls();
}

}  // namespace tc::frame_capture
