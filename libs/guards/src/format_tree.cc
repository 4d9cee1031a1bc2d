// FormatGuardTree: the TORCH_LOGS=guards tree of GuardManagers.
#include <cmath>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"

#include "tc/guards/format.h"

#include "guard_code.h"
#include "source_path.h"

namespace tc::guards {
namespace {

struct Manager {
  std::string source;
  std::string accessor;
  std::string type;  // the value's class, when a guard on this source names it
  std::vector<std::string> leaves;
  std::vector<int> children;
};

std::string Accessor(const internal::AccessStep& step, const std::string& parent_type,
                     int frame_local_index) {
  using Kind = internal::AccessStep::Kind;
  switch (step.kind) {
    case Kind::kFrameLocal:
      if (frame_local_index < 0)
        return absl::StrCat("FrameLocalsGuardAccessor(key=", step.key, ")");
      return absl::StrCat("FrameLocalsGuardAccessor(key=", step.key,
                          ", framelocals_idx=", frame_local_index, ")");
    case Kind::kGlobals:
      return "GlobalsGuardAccessor";
    case Kind::kGlobal:
    case Kind::kItem:
      return absl::StrCat("DictGetItemGuardAccessor(", step.key, ")");
    case Kind::kAttr:
      return absl::StrCat("GetAttrGuardAccessor(", step.key, ")");
    case Kind::kIndex:
      return absl::StrCat(
          parent_type == "tuple" ? "TupleGetItemGuardAccessor(" : "ListGetItemGuardAccessor(",
          step.key, ")");
    case Kind::kUnknown:
      break;
  }
  return "UnknownGuardAccessor";
}

// The value's class as the manager line prints it.
std::string TypeOf(const Guard& g) {
  if (!g.type.name.empty()) return g.type.name;
  if (g.kind == GuardKind::kNoneMatch) return "NoneType";
  return "";
}

std::vector<std::string> Leaves(const Guard& g) {
  auto leaf = [&](std::string_view name, std::string_view code, std::string_view hint = {}) {
    return absl::StrCat(std::string(name), ": ", VerboseCodePart(g, code, hint));
  };
  switch (g.kind) {
    case GuardKind::kGlobalState:
      return {absl::StrCat("GLOBAL_STATE: ___check_global_state() against ",
                           GlobalStateJson(g.global_state))};
    case GuardKind::kTensorMatch: {
      std::vector<std::string> out = {leaf("TENSOR_MATCH", CheckTensorCode(g))};
      for (const std::string& code : internal::DynamicMarkingCodes(g)) {
        out.push_back(leaf("DIMENSION_DYNAMIC_MARKING_GUARD", code));
      }
      return out;
    }
    case GuardKind::kTypeMatch:
      return {leaf("TYPE_MATCH", internal::TypeMatchCode(g), internal::TypeMatchHint(g))};
    case GuardKind::kSequenceLength: {
      std::vector<std::string> out;
      if (g.type.id != nullptr) {
        out.push_back(leaf("TYPE_MATCH", internal::TypeMatchCode(g), internal::TypeMatchHint(g)));
      }
      out.push_back(leaf("LENGTH_CHECK", internal::ValueCheckCode(g)));
      return out;
    }
    case GuardKind::kBoolMatch:
      return {leaf(g.constant.b ? "TRUE_MATCH" : "FALSE_MATCH", internal::ValueCheckCode(g))};
    case GuardKind::kEqualsMatch:
      if (g.constant.kind == ValueKind::kFloat && std::isnan(g.constant.f)) {
        return {leaf("FLOAT_IS_NAN", internal::ValueCheckCode(g))};
      }
      break;
    case GuardKind::kIdMatch:
    case GuardKind::kNoneMatch:
    case GuardKind::kNotNoneMatch:
      break;
  }
  return {leaf(GuardKindName(g.kind), internal::ValueCheckCode(g))};
}

class TreeBuilder {
 public:
  TreeBuilder() { managers_.push_back({}); }

  void Add(const Guard& g) {
    if (g.kind == GuardKind::kGlobalState) {
      for (std::string& line : Leaves(g)) managers_[0].leaves.push_back(std::move(line));
      return;
    }
    int node = 0;
    for (const internal::AccessStep& step : internal::ParseSourcePath(g.source.name)) {
      node = Child(node, step, g.source.frame_local_index);
    }
    if (managers_[node].type.empty()) managers_[node].type = TypeOf(g);
    for (std::string& line : Leaves(g)) managers_[node].leaves.push_back(std::move(line));
  }

  std::string Print() const {
    std::string out = "TREE_GUARD_MANAGER:\n+- RootGuardManager\n";
    Print(0, 1, &out);
    return out;
  }

 private:
  int Child(int parent, const internal::AccessStep& step, int frame_local_index) {
    auto it = by_source_.find(step.source);
    if (it != by_source_.end()) return it->second;
    const int id = static_cast<int>(managers_.size());
    Manager m;
    m.source = step.source;
    m.accessor = Accessor(step, managers_[parent].type, frame_local_index);
    if (step.kind == internal::AccessStep::Kind::kGlobals) m.type = "dict";
    managers_.push_back(std::move(m));
    by_source_[step.source] = id;
    managers_[parent].children.push_back(id);
    return id;
  }

  void Print(int node, int depth, std::string* out) const {
    std::string indent;
    for (int i = 0; i < depth; ++i) indent += "| ";
    const Manager& m = managers_[node];
    for (const std::string& leaf : m.leaves) absl::StrAppend(out, indent, "+- ", leaf, "\n");
    // Locals before the globals dict, as PyTorch lists them.
    for (bool globals : {false, true}) {
      for (int child : m.children) {
        const Manager& c = managers_[child];
        if ((node == 0 && c.source == "G") != globals) continue;
        absl::StrAppend(out, indent, "+- GuardManager: source=", c.source,
                        ", accessed_by=", c.accessor);
        if (!c.type.empty()) absl::StrAppend(out, ", type=<class '", c.type, "'>");
        absl::StrAppend(out, ", tag_safe=(False, False)\n");
        Print(child, depth + 1, out);
      }
    }
  }

  std::vector<Manager> managers_;  // [0] is the root
  absl::flat_hash_map<std::string, int> by_source_;
};

}  // namespace

std::string FormatGuardTree(const GuardSet& guards) {
  TreeBuilder tree;
  for (const Guard& g : guards.guards()) tree.Add(g);
  return tree.Print();
}

}  // namespace tc::guards
