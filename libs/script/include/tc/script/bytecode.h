// The script VM's instruction set, in one place.
//
// A stack machine close to CPython 3.11's, so that frame-capture (the Dynamo
// layer) can evaluate it symbolically the way Dynamo evaluates CPython
// bytecode. Every instruction is an opcode and one 32-bit argument; jump
// targets are instruction indices. Stack effects are written as
// `before -> after` with the top of stack on the right.
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

enum class Opcode : uint8_t {
  kNop,
  // Stack shuffles.
  kPop,       // a ->
  kDup,       // a -> a a
  kDupTwo,    // a b -> a b a b
  kRotTwo,    // a b -> b a
  kRotThree,  // a b c -> c a b
  kRotFour,   // a b c d -> d a b c

  // Names. arg indexes Code::consts, varnames, names or cells.
  kLoadConst,   // -> consts[arg]
  kLoadFast,    // -> locals[arg]; UnboundLocalError when unset
  kStoreFast,   // v -> ; locals[arg] = v
  kDeleteFast,  // locals[arg] unset
  kLoadDeref,   // -> cells[arg].value (cellvars first, then freevars)
  kStoreDeref,  // v ->
  kDeleteDeref,
  kLoadClosure,  // -> cells[arg] (the cell itself, for kMakeFunction)
  kLoadGlobal,   // -> globals[names[arg]], else builtins; NameError
  kStoreGlobal,  // v ->
  kDeleteGlobal,
  kLoadName,   // class bodies: namespace, then globals, then builtins
  kStoreName,  // v -> ; class body namespace (module level uses *Global)
  kDeleteName,

  // Attributes and items.
  kLoadAttr,      // obj -> obj.names[arg]
  kStoreAttr,     // v obj -> ; obj.names[arg] = v
  kDeleteAttr,    // obj ->
  kLoadMethod,    // obj -> meth self_or_null (avoids a bound method; see kCallMethod)
  kLoadSuper,     // cls self -> super(cls, self) (zero-argument super() support)
  kBinarySubscr,  // container key -> container[key]
  kStoreSubscr,   // v container key -> ; container[key] = v
  kDeleteSubscr,  // container key ->
  kBuildSlice,    // start stop [step] -> slice  (arg = 2 or 3)

  // Operators. arg is a UnaryOp / BinaryOp / CompareOp value.
  kUnary,    // a -> op a
  kBinary,   // a b -> a op b
  kInplace,  // a b -> a op= b (tries __iadd__ etc. first)
  kCompare,  // a b -> a op b  (includes is, is not, in, not in)

  // Control flow. arg is an instruction index.
  kJump,
  kPopJumpIfFalse,  // cond -> ; jump when falsy
  kPopJumpIfTrue,
  kJumpIfFalseOrPop,  // cond -> cond (jump) | -> (fall through); for `and`
  kJumpIfTrueOrPop,   // for `or`
  kGetIter,           // iterable -> iterator
  kForIter,           // iterator -> iterator next | (exhausted: pop, jump to arg)

  // Building values. arg is an element count unless noted.
  kBuildTuple,
  kBuildList,
  kBuildSet,
  kBuildMap,    // k1 v1 ... kn vn -> dict
  kListAppend,  // list ... v -> list ... ; arg = depth of list below v (comprehensions)
  kSetAdd,      // same shape as kListAppend
  kMapAdd,      // dict ... k v -> dict ...
  kListExtend,  // list ... iterable -> list ...   (starred displays)
  kSetUpdate,
  kDictUpdate,      // dict ... mapping -> dict ...    ({**a})
  kDictMerge,       // like kDictUpdate but duplicate keys raise TypeError (f(**a, **b))
  kListToTuple,     // list -> tuple
  kUnpackSequence,  // seq -> v_n ... v_1 (v_1 on top); ValueError on length mismatch
  kUnpackEx,        // seq -> after... list before... ; arg = before | (after << 8)
  kFormatValue,     // v [spec] -> str ; arg: conversion (0 none, 1 !s, 2 !r, 3 !a) | 4 if spec
  kBuildString,     // s_1 ... s_n -> s_1 + ... + s_n

  // Calls. Arguments are pushed left to right.
  kCall,          // callable a_1..a_n -> result  (arg = n)
  kCallKw,        // callable a_1..a_n names -> result; names: tuple of the last len(names)
                  // arguments' keywords (arg = n, the total count)
  kCallEx,        // callable args_tuple [kwargs_dict] -> result (arg & 1: has kwargs)
  kCallMethod,    // meth self_or_null a_1..a_n -> result (arg = n)
  kCallMethodKw,  // meth self_or_null a_1..a_n names -> result
  kMakeFunction,  // [defaults] [kwdefaults] [closure] code -> function
                  // arg bits: 1 defaults tuple, 2 kw-only defaults dict, 4 closure tuple
  kMakeClass,     // body_function bases_tuple -> class; arg indexes names (class name).
                  // The VM runs the body with a fresh namespace (kLoadName/kStoreName).
  kReturn,        // v -> (returns v)

  // Exceptions.
  kRaise,               // arg 0: re-raise the handled exception; 1: exc ->; 2: exc cause ->
  kReraise,             // exc -> (re-raises exc keeping its traceback; end of handlers)
  kPushExcInfo,         // exc -> prev_exc exc  (handler entry: exc becomes "being handled")
  kPopExcept,           // prev_exc -> (restores the exception being handled)
  kCheckExcMatch,       // exc type -> exc bool
  kLoadAssertionError,  // -> AssertionError

  // Context managers.
  kBeforeWith,       // mgr -> exit_bound result_of_enter
  kWithExceptStart,  // exit_bound prev_exc exc -> exit_bound prev_exc exc result
                     // (calls exit_bound(type(exc), exc, traceback))

  // Modules.
  kImportName,  // -> module names[arg] (dotted: imports each parent too; pushes the
                //    leaf module; `import a.b` binding `a` is kImportName("a") after it)
  kImportFrom,  // module -> module attr; ImportError naming the module when missing
};

inline constexpr int kNumOpcodes = static_cast<int>(Opcode::kImportFrom) + 1;

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
std::string_view BinaryOpSymbol(BinaryOp op);    // "+", "//", "@", ...
std::string_view CompareOpSymbol(CompareOp op);  // "<", "is not", "in", ...

}  // namespace tc::script

#endif  // TC_SCRIPT_BYTECODE_H_
