// Private to the translator's sources (translator.cc: the instruction loop
// and its dispatch; translator_<family>.cc: one handler per opcode family):
// the symbolic frame and the helpers they share.
#ifndef TC_FRAME_CAPTURE_SRC_TRANSLATOR_FRAME_H_
#define TC_FRAME_CAPTURE_SRC_TRANSLATOR_FRAME_H_

#include <algorithm>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tc/script/object.h"

#include "translator.h"

namespace tc::frame_capture {

struct Translator::Frame {
  script::FunctionObject* fn = nullptr;
  script::CodeObject* co = nullptr;
  const script::Code* code = nullptr;
  std::vector<Var> locals;
  std::vector<bool> wrapped;  // root frame: parameters are wrapped on first load
  std::vector<std::shared_ptr<Var>> cells;
  std::vector<Var> stack;
  int pc = 0;
  Frame* parent = nullptr;
  bool root = false;
  // An inlined generator: what it yields, collected eagerly as Dynamo
  // does, for the list iterator its call becomes (null: not a generator).
  std::vector<Var>* yields = nullptr;

  Var Pop() {
    Var v = std::move(stack.back());
    stack.pop_back();
    return v;
  }
  Var& Top(int i = 0) { return stack[stack.size() - 1 - i]; }
  void Push(Var v) { stack.push_back(std::move(v)); }
  void Push(script::Value v) { stack.push_back(Var{std::move(v), nullptr}); }
};

namespace translator_internal {

inline constexpr int kMaxInlineDepth = 64;
inline constexpr char kLocalScalarDense[] = "aten._local_scalar_dense.default";

inline bool IsExact(const script::Value& v, const script::Type* t) {
  return v.is_object() && v.type() == t;
}

// Methods that change the object they are called on (list, dict, set,
// OrderedDict): on an object from outside the frame they are replayed.
inline bool IsMutatingMethod(std::string_view name) {
  static constexpr std::string_view kNames[] = {
      "append",  "extend",      "insert",      "pop",      "remove",     "clear",
      "sort",    "reverse",     "update",      "popitem",  "setdefault", "add",
      "discard", "__setitem__", "__delitem__", "__iadd__", "move_to_end"};
  return std::find(std::begin(kNames), std::end(kNames), name) != std::end(kNames);
}

}  // namespace translator_internal

// Runs `fn` (a native call that may record graph nodes) and records one
// CallRecord for the nodes it added.
template <typename Fn>
bool Translator::Tracked(Frame& f, CallRecord::Kind kind, std::string_view target, Fn&& fn,
                         Var* out) {
  int before = recorder_.num_nodes();
  script::Value r = fn();
  if (r.is_null()) return FromException(f);
  int after = recorder_.num_nodes();
  if (after > before) calls_.push_back({kind, std::string(target), before, after - before});
  *out = Var{std::move(r), nullptr};
  return true;
}

}  // namespace tc::frame_capture

#endif  // TC_FRAME_CAPTURE_SRC_TRANSLATOR_FRAME_H_
