// FormatGuard: str(torch._guards.Guard), the blocks of explain's Out Guards.
#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/guards/format.h"

#include "python_repr.h"

namespace tc::guards {
namespace {

std::string Hex(const void* p) { return absl::StrFormat("0x%x", reinterpret_cast<uintptr_t>(p)); }

// The GuardBuilder method PyTorch names when the caller did not.
std::string_view DefaultCreateFunction(GuardKind kind) {
  // PyTorch dispatches constants from CONSTANT_MATCH.
  if (kind == GuardKind::kNoneMatch || kind == GuardKind::kBoolMatch ||
      kind == GuardKind::kEqualsMatch) {
    return "CONSTANT_MATCH";
  }
  return GuardKindName(kind);
}

std::string GuardTypes(const Guard& g) {
  // GLOBAL_STATE is exported without guard types or code.
  if (g.kind == GuardKind::kGlobalState) return "None";
  if (g.kind == GuardKind::kSequenceLength && g.type.id != nullptr) {
    return "['TYPE_MATCH', 'SEQUENCE_LENGTH']";
  }
  return absl::StrCat("['", std::string(GuardKindName(g.kind)), "']");
}

// Weakrefs print their own address first; the guard's addresses stand in
// for them, distinct per weakref and stable while the guard lives.
std::string ObjectWeakref(const Guard& g) {
  if (g.object != nullptr) {
    return absl::StrCat("<weakref at ", Hex(&g), "; to '", std::string(g.type.short_name()),
                        "' at ", Hex(g.object), ">");
  }
  // Tensors are weak-referenceable; explain prints inputs that died as dead.
  if (g.kind == GuardKind::kTensorMatch) return absl::StrCat("<weakref at ", Hex(&g), "; dead>");
  return "None";
}

std::string ClassWeakref(const Guard& g) {
  if (g.type.id == nullptr) return "None";
  return absl::StrCat("<weakref at ", Hex(&g.type), "; to '", g.type.metaclass, "' at ",
                      Hex(g.type.id), " (", std::string(g.type.short_name()), ")>");
}

}  // namespace

std::string FormatGuard(const Guard& g) {
  const std::vector<std::string> code = GuardCodeParts(g);
  const std::string_view create =
      g.source.create_function.empty() ? DefaultCreateFunction(g.kind) : g.source.create_function;
  return absl::StrCat("Name: ", internal::PyStrRepr(g.source.name), "\n",                 //
                      "    Source: ", std::string(OriginName(OriginOf(g.source))), "\n",  //
                      "    Create Function: ", std::string(create), "\n",                 //
                      "    Guard Types: ", GuardTypes(g), "\n",                           //
                      "    Code List: ", code.empty() ? "None" : internal::PyStrListRepr(code),
                      "\n",                                            //
                      "    Object Weakref: ", ObjectWeakref(g), "\n",  //
                      "    Guarded Class Weakref: ", ClassWeakref(g), "\n");
}

}  // namespace tc::guards
