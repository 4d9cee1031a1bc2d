// SideEffects: what a trace does to objects from outside its frame, as
// Dynamo's SideEffects tracks it. While tracing: the read-only stand-ins
// made for outside lists, dicts and tuples, which of them the trace wrote
// (mutation), the outside closure cells it assigned, and the sources that
// must name distinct objects on a later call. When the entry is made: the
// plan of the writes replayed after the graph runs, and of the graph
// inputs written in place that are copied back to the caller's tensors.
#ifndef TC_FRAME_CAPTURE_SRC_SIDE_EFFECTS_H_
#define TC_FRAME_CAPTURE_SRC_SIDE_EFFECTS_H_

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/functional/function_ref.h"

#include "tc/frame_capture/source.h"
#include "tc/graph_ir/graph.h"
#include "tc/script/value.h"

namespace tc::frame_capture {

struct Var;
struct Rebuild;
struct SideEffect;
class GraphRecorder;

class SideEffects {
 public:
  // A cell of a function from outside the frame that the trace assigned
  // (a `nonlocal` write in an inlined closure): the cell's source
  // (kClosure, kCellContents) and its symbolic value at the end of the
  // trace, written into the real cell after the graph runs.
  struct MutatedCell {
    SourcePtr source;
    std::shared_ptr<Var> value;
  };

  // --- While tracing -----------------------------------------------------
  // Counts a stand-in about to be made for the outside object `real`;
  // false when an earlier stand-in of it was written (a second one would
  // not see the writes: the frame cannot be traced).
  bool NoteCopyOf(const script::Value& real);
  // Records the stand-in `copy` of `real`, read at `src`. Holds both.
  void AddCopy(const script::Value& copy, const script::Value& real, SourcePtr src);
  // Stand-in -> the source of the outside object it copies.
  const absl::flat_hash_map<const script::Object*, SourcePtr>& copies() const { return copies_; }
  // Whether the stand-in `c` may be written (a list or dict, the only
  // stand-in of its object); records the write.
  bool MutateCopy(const script::Value& c);
  // Records an assignment to an outside cell (the first one of each).
  void MutateCell(SourcePtr source, std::shared_ptr<Var> value) {
    mutated_cells_.push_back({std::move(source), std::move(value)});
  }
  // Whether the stand-in `c` was written.
  bool IsMutated(const script::Value& c) const {
    return c.is_object() && copy_real_.contains(c.as_object()) &&
           mutated_reals_.contains(copy_real_.at(c.as_object()));
  }
  // The stand-in dict `copy` shows `key` with another value than its
  // object holds (an optimizer's param group seen with capturable=True): a
  // replay of the stand-in writes `original` there instead.
  void Override(const script::Value& copy, std::string key, script::Value original) {
    overrides_[copy.as_object()].emplace_back(std::move(key), std::move(original));
  }
  // Stand-ins written, in the order of their first write.
  const std::vector<script::Value>& mutated_copies() const { return mutated_copies_; }
  const std::vector<MutatedCell>& mutated_cells() const { return mutated_cells_; }
  // Pairs of sources that must name distinct objects on a later call: each
  // written outside list or dict with every other outside container of its
  // type the trace read. The trace gave them separate stand-ins, so were
  // they one object, a write through one would be missed by reads through
  // the other, and the replays would overwrite each other. Sorted by name.
  std::vector<std::pair<SourcePtr, SourcePtr>> DistinctSources() const;

  // --- Making the entry --------------------------------------------------
  // The writes replayed after the graph runs, their contents planned by
  // `plan`; false when a content cannot be rebuilt.
  bool PlanWrites(absl::FunctionRef<bool(const Var&, Rebuild*)> plan,
                  std::vector<SideEffect>* out) const;
  // The copy-back of graph inputs the graph wrote in place: (input,
  // output) pairs, each written value added to `outputs`.
  static void PlanCopyBack(GraphRecorder& rec, std::vector<graph_ir::Value*>* outputs,
                           std::vector<std::pair<int, int>>* out);

 private:
  absl::flat_hash_map<const script::Object*, SourcePtr> copies_;
  // Stand-in -> the outside object it copies; stand-ins made per object.
  absl::flat_hash_map<const script::Object*, const script::Object*> copy_real_;
  absl::flat_hash_map<const script::Object*, int> copy_count_;
  absl::flat_hash_set<const script::Object*> mutated_reals_;
  std::vector<script::Value> mutated_copies_;
  std::vector<MutatedCell> mutated_cells_;
  absl::flat_hash_map<const script::Object*, std::vector<std::pair<std::string, script::Value>>>
      overrides_;
  // The stand-ins and the outside objects keyed above, held for the
  // trace's lifetime so that no key outlives its object.
  std::vector<script::Value> held_;
};

}  // namespace tc::frame_capture

#endif  // TC_FRAME_CAPTURE_SRC_SIDE_EFFECTS_H_
