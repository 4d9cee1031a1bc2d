// The guards of a compiled entry as a guards::GuardSet, and reading its
// slots from a frame. The translator records what it assumed about each
// source (GuardRecords); at Finish time they become a GuardSet whose slots
// are the sources, one slot per source, so a later call fetches each source
// once and the GuardSet compares the values.
#ifndef TC_FRAME_CAPTURE_SRC_GUARD_EVAL_H_
#define TC_FRAME_CAPTURE_SRC_GUARD_EVAL_H_

#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"

#include "tc/frame_capture/source.h"
#include "tc/guards/global_state.h"
#include "tc/guards/guard_set.h"
#include "tc/guards/guard_value.h"
#include "tc/guards/tensor_meta.h"
#include "tc/script/vm.h"

#include "translator.h"

namespace tc::frame_capture {

// How one guard slot is read from a frame.
struct GuardSlot {
  SourcePtr source;
  // SEQUENCE_LENGTH: the slot holds len(value), typed as the sequence.
  bool length = false;
};

struct EntryGuards {
  std::shared_ptr<const guards::GuardSet> set;
  std::vector<GuardSlot> slots;  // slot i of `set`
  // Pairs of sources whose objects must not be one object (outside lists
  // and dicts the trace wrote, with the others of their type it read: see
  // SideEffects::DistinctSources). Checked after `set` passes.
  std::vector<std::pair<SourcePtr, SourcePtr>> distinct;
  // The tensor inputs the trace read, grouped by object
  // (GraphRecorder::alias_groups): the graph models one object per group
  // and no storage shared between groups. Checked with `distinct`.
  std::vector<std::pair<SourcePtr, int>> tensor_groups;
};

// Whether every pair of `g.distinct` names two distinct objects in
// `frame`; when not and `failure` is set, it gets the first pair's failed
// check ("L['a'] is not L['b']").
bool CheckDistinct(script::VM& vm, const EntryGuards& g, const FrameView& frame,
                   std::string* failure);

// The GuardSet of a trace's records, with GLOBAL_STATE `state`. A list or
// tuple's TYPE_MATCH and length records become one SEQUENCE_LENGTH guard.
absl::StatusOr<EntryGuards> BuildEntryGuards(const std::vector<GuardRecord>& records,
                                             const guards::GlobalState& state);

// The global state guards compare now (grad mode; the rest at defaults,
// which the script VM cannot change).
guards::GlobalState CurrentGlobalState();

// Names a script type from the type_id slots carry (a script::Type*), for
// failure texts that print the type found.
const guards::TypeNamer& ScriptTypeNamer();

// explain's guard lines, one per recorded guard in trace order, global
// state left out: "L['x']: TENSOR_MATCH dtype=float32 size=[3] stride=[1]
// requires_grad=False", "L['n']: EQUALS_MATCH". The compiler library
// parses "<name>: <KIND>" from them.
std::vector<std::string> FormatGuardLines(const guards::GuardSet& set);

// Fills guard slots from a frame into buffers it keeps, so that once they
// have grown a check allocates nothing. Values fetched from beyond the
// frame's parameters are held until the next Read or Clear, since slots
// point into them (tensor sizes, strings).
class SlotReader {
 public:
  std::span<const guards::GuardValue> Read(script::VM& vm, std::span<const GuardSlot> slots,
                                           const FrameView& frame);
  // Drops the references Read took.
  void Clear();

 private:
  std::vector<script::Value> values_;
  std::vector<guards::TensorMeta> metas_;
  std::vector<std::string> texts_;  // big ints' decimal digits
  std::vector<guards::GuardValue> slots_;
};

}  // namespace tc::frame_capture

#endif  // TC_FRAME_CAPTURE_SRC_GUARD_EVAL_H_
