// The script VM's instruction set, in one place.
//
// A stack machine close to CPython 3.11's, so that frame-capture (the Dynamo
// layer) can evaluate it symbolically the way Dynamo evaluates CPython
// bytecode. Every instruction is an opcode and one 32-bit argument; jump
// targets are instruction indices. The opcodes themselves, with their stack
// effects, are listed once, in opcodes.def.
//
// Exception handling uses a table (Code::exception_table), not setup
// instructions: when an instruction raises, the innermost entry whose
// [start, end) holds it pops the stack to `depth`, pushes the exception and
// jumps to `handler`. `finally` bodies are emitted twice (normal and
// exceptional path), `return`/`break`/`continue` inside them emit the body
// inline first, as CPython does.
#ifndef TC_SCRIPT_BYTECODE_H_
#define TC_SCRIPT_BYTECODE_H_

#include <cstdint>
#include <string_view>

namespace tc::script {

// The opcodes, their stack effects and flags: see opcodes.def.
enum class Opcode : uint8_t {
#define TC_OPCODE(name, family, effect, flags) k##name,
#include "tc/script/opcodes.def"
#undef TC_OPCODE
};

inline constexpr int kNumOpcodes = 0
#define TC_OPCODE(name, family, effect, flags) +1
#include "tc/script/opcodes.def"
#undef TC_OPCODE
    ;

// What an opcode does, in the groups Dynamo's InstructionTranslator keeps
// its handlers in (frame-capture dispatches on it).
enum class OpcodeFamily : uint8_t {
  kLoadStore,    // stack shuffles, names, imports
  kAttrSubscr,   // attributes, subscripts, slices, LoadMethod, LoadSuper
  kOperator,     // Unary, Binary, Inplace
  kJumpCompare,  // jumps, compares, GetIter, ForIter, CheckExcMatch
  kBuild,        // build, unpack, format, list-append and friends
  kCall,         // calls, MakeFunction, MakeClass, Return
  kWithTry,      // raise, reraise, exception info, with, assertion
  kMatch,        // the match statement's tests (GetLen, MatchClass, ...)
};

// OpcodeFlagsOf bits. The kArg* bits say what the argument indexes, for
// the disassembler's notes.
enum OpcodeFlag : uint16_t {
  kHasJump = 1 << 0,        // arg is an instruction index
  kNoFallThrough = 1 << 1,  // never continues with the next instruction
  kArgConst = 1 << 2,       // arg indexes Code::consts
  kArgLocal = 1 << 3,       // ... Code::varnames
  kArgCell = 1 << 4,        // ... cellvars, then freevars
  kArgName = 1 << 5,        // ... Code::names
  kArgUnaryOp = 1 << 6,     // arg is a UnaryOp
  kArgBinaryOp = 1 << 7,    // ... a BinaryOp
  kArgCompareOp = 1 << 8,   // ... a CompareOp
  kArgFormat = 1 << 9,      // FormatValue's conversion | spec bits
};

enum class UnaryOp : uint8_t { kNeg, kPos, kNot, kInvert };
enum class BinaryOp : uint8_t {
  kAdd,
  kSub,
  kMul,
  kTrueDiv,
  kFloorDiv,
  kMod,
  kPow,
  kMatMul,
  kLShift,
  kRShift,
  kAnd,
  kOr,
  kXor,
};
enum class CompareOp : uint8_t { kLt, kLe, kEq, kNe, kGt, kGe, kIs, kIsNot, kIn, kNotIn };

struct Instruction {
  Opcode op;
  int32_t arg = 0;
};

// "LOAD_FAST" style names, for disassembly and frame-capture messages.
std::string_view OpcodeName(Opcode op);
constexpr OpcodeFamily OpcodeFamilyOf(Opcode op);
constexpr uint16_t OpcodeFlagsOf(Opcode op);
constexpr bool OpcodeHasJump(Opcode op) { return (OpcodeFlagsOf(op) & kHasJump) != 0; }
// Stack depth change of `op` with argument `arg`; on the jump edge when
// `jump` (for opcodes with kHasJump), else on the fall-through edge.
int OpcodeStackEffect(Opcode op, int arg, bool jump);
std::string_view BinaryOpSymbol(BinaryOp op);    // "+", "//", "@", ...
std::string_view CompareOpSymbol(CompareOp op);  // "<", "is not", "in", ...

// Implementation: the opcode table as arrays indexed by opcode.
namespace internal {
inline constexpr OpcodeFamily kOpcodeFamilies[] = {
#define TC_OPCODE(name, family, effect, flags) OpcodeFamily::family,
#include "tc/script/opcodes.def"
#undef TC_OPCODE
};
inline constexpr uint16_t kOpcodeFlags[] = {
#define TC_OPCODE(name, family, effect, flags) static_cast<uint16_t>(flags),
#include "tc/script/opcodes.def"
#undef TC_OPCODE
};
}  // namespace internal

constexpr OpcodeFamily OpcodeFamilyOf(Opcode op) {
  return internal::kOpcodeFamilies[static_cast<int>(op)];
}
constexpr uint16_t OpcodeFlagsOf(Opcode op) { return internal::kOpcodeFlags[static_cast<int>(op)]; }

}  // namespace tc::script

#endif  // TC_SCRIPT_BYTECODE_H_
