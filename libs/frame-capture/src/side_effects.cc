// SideEffects: tracking a trace's writes to outside objects, and planning
// their replay and the copy-back of graph inputs written in place.
#include "side_effects.h"

#include <algorithm>
#include <string>

#include "absl/strings/str_cat.h"

#include "tc/script/native.h"

#include "compiled_entry.h"
#include "graph_recorder.h"
#include "translator.h"

namespace tc::frame_capture {

using script::Value;

bool SideEffects::NoteCopyOf(const Value& real) {
  ++copy_count_[real.as_object()];
  return !mutated_reals_.contains(real.as_object());
}

void SideEffects::AddCopy(const Value& copy, const Value& real, SourcePtr src) {
  copies_[copy.as_object()] = std::move(src);
  copy_real_[copy.as_object()] = real.as_object();
  held_.push_back(copy);
  held_.push_back(real);
}

bool SideEffects::MutateCopy(const Value& c) {
  if (!c.is_object() || (c.type() != script::Types().list && c.type() != script::Types().dict)) {
    return false;
  }
  auto it = copy_real_.find(c.as_object());
  if (it == copy_real_.end() || copy_count_[it->second] != 1) return false;
  if (mutated_reals_.insert(it->second).second) mutated_copies_.push_back(c);
  return true;
}

std::vector<std::pair<SourcePtr, SourcePtr>> SideEffects::DistinctSources() const {
  std::vector<std::pair<SourcePtr, SourcePtr>> out;
  absl::flat_hash_set<std::string> seen;
  for (const Value& w : mutated_copies_) {
    const script::Object* real = copy_real_.at(w.as_object());
    const SourcePtr& ws = copies_.at(w.as_object());
    for (const auto& [copy, src] : copies_) {
      if (copy->type != w.type() || copy_real_.at(copy) == real) continue;
      const std::string a = ws->Name(), b = src->Name();
      if (!seen.insert(a < b ? absl::StrCat(a, "\n", b) : absl::StrCat(b, "\n", a)).second) {
        continue;
      }
      out.emplace_back(ws, src);
    }
  }
  std::sort(out.begin(), out.end(), [](const auto& x, const auto& y) {
    return std::make_pair(x.first->Name(), x.second->Name()) <
           std::make_pair(y.first->Name(), y.second->Name());
  });
  return out;
}

bool SideEffects::PlanWrites(absl::FunctionRef<bool(const Var&, Rebuild*)> plan,
                             std::vector<SideEffect>* out) const {
  const script::BuiltinTypes& T = script::Types();
  for (const Value& copy : mutated_copies_) {
    SideEffect se;
    se.source = copies_.at(copy.as_object());
    if (copy.type() == T.list) {
      se.contents.kind = Rebuild::Kind::kList;
      for (const Value& item : script::Cast<script::ListObject>(copy)->items) {
        Rebuild r;
        if (!plan(Var{item, nullptr}, &r)) return false;
        se.contents.items.push_back(std::move(r));
      }
    } else {
      se.contents.kind = Rebuild::Kind::kDict;
      auto overridden = overrides_.find(copy.as_object());
      for (const auto& e : script::Cast<script::DictObject>(copy)->entries) {
        if (e.key.is_null()) continue;
        Value value = e.value;
        const std::string* key = script::StrValue(e.key);
        if (overridden != overrides_.end() && key != nullptr) {
          for (const auto& [k, original] : overridden->second) {
            if (k == *key) value = original;
          }
        }
        Rebuild k, v;
        if (!plan(Var{e.key, nullptr}, &k)) return false;
        if (!plan(Var{value, nullptr}, &v)) return false;
        se.contents.items.push_back(std::move(k));
        se.contents.items.push_back(std::move(v));
      }
    }
    out->push_back(std::move(se));
  }
  for (const MutatedCell& c : mutated_cells_) {
    SideEffect se;
    se.source = c.source;
    se.cell = true;
    if (!plan(*c.value, &se.contents)) return false;
    out->push_back(std::move(se));
  }
  return true;
}

void SideEffects::PlanCopyBack(GraphRecorder& rec, std::vector<graph_ir::Value*>* outputs,
                               std::vector<std::pair<int, int>>* out) {
  for (auto [input, value] : rec.MutatedInputs()) {
    out->push_back({input, static_cast<int>(outputs->size())});
    outputs->push_back(value);
  }
}

}  // namespace tc::frame_capture
