#include "tc/script/bytecode.h"

#include <bit>
#include <iterator>

#include "tc/support/enum_table.h"

namespace tc::script {

namespace {

// An opcode's "LOAD_FAST" name, made at compile time from its enum name
// ("LoadFast"): an underscore before each capital but the first, then upper
// case, as CPython spells its opcodes.
struct OpcodeNameText {
  char text[32] = {};
  int size = 0;
};

constexpr OpcodeNameText UpperSnake(std::string_view camel) {
  OpcodeNameText out;
  for (size_t i = 0; i < camel.size(); ++i) {
    char c = camel[i];
    bool upper = c >= 'A' && c <= 'Z';
    if (upper && i > 0) out.text[out.size++] = '_';
    out.text[out.size++] = upper || c < 'a' || c > 'z' ? c : static_cast<char>(c - 'a' + 'A');
  }
  return out;
}

constexpr OpcodeNameText kOpcodeNames[] = {
#define TC_OPCODE(name, family, effect, flags) UpperSnake(#name),
#include "tc/script/opcodes.def"
#undef TC_OPCODE
};
static_assert(std::size(kOpcodeNames) == kNumOpcodes);
static_assert(std::size(internal::kOpcodeFamilies) == kNumOpcodes);
static_assert(std::size(internal::kOpcodeFlags) == kNumOpcodes);

}  // namespace

std::string_view OpcodeName(Opcode op) {
  int i = static_cast<int>(op);
  if (i < 0 || i >= kNumOpcodes) return "?";
  return std::string_view(kOpcodeNames[i].text, kOpcodeNames[i].size);
}

int OpcodeStackEffect(Opcode op, int arg, bool jump) {
  [[maybe_unused]] int n = arg;
  switch (op) {
#define TC_OPCODE(name, family, effect, flags) \
  case Opcode::k##name:                        \
    return (effect);
#include "tc/script/opcodes.def"
#undef TC_OPCODE
  }
  return 0;
}

// Python's spelling of each operator, in BinaryOp's and CompareOp's orders.
constexpr support::EnumTable<BinaryOp::kXor, std::string_view> kBinaryOpSymbols(
    {"+", "-", "*", "/", "//", "%", "**", "@", "<<", ">>", "&", "|", "^"});
constexpr support::EnumTable<CompareOp::kNotIn, std::string_view> kCompareOpSymbols(
    {"<", "<=", "==", "!=", ">", ">=", "is", "is not", "in", "not in"});

std::string_view BinaryOpSymbol(BinaryOp op) { return kBinaryOpSymbols.at(op, "?"); }
std::string_view CompareOpSymbol(CompareOp op) { return kCompareOpSymbols.at(op, "?"); }

}  // namespace tc::script
