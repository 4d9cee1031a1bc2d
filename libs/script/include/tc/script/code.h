// Code: one compiled function, class body or module, as the compiler emits
// it and the VM (and later frame-capture) runs it. Holds no VM values:
// constants are plain data, so the front end and the VM stay independent.
#ifndef TC_SCRIPT_CODE_H_
#define TC_SCRIPT_CODE_H_

#include <bit>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "tc/script/bytecode.h"

namespace tc::script {

struct Code;

// A compile-time constant: None, bool, int, float, str, bytes, a tuple of
// constants, or nested code (function and class bodies, comprehensions).
struct ConstNone {
  friend bool operator==(ConstNone, ConstNone) { return true; }
};
struct ConstTuple;
struct ConstStr {
  std::string value;
  friend bool operator==(const ConstStr&, const ConstStr&) = default;
};
struct ConstBytes {
  std::string value;
  friend bool operator==(const ConstBytes&, const ConstBytes&) = default;
};
// An int beyond int64 (the VM makes it a big int): its decimal digits.
struct ConstBigInt {
  std::string decimal;
  friend bool operator==(const ConstBigInt&, const ConstBigInt&) = default;
};
// An imaginary literal (`2j`, a complex with real part 0). Equal only when
// the bits are (0.0 and -0.0 are distinct constants).
struct ConstImaginary {
  double imag;
  friend bool operator==(const ConstImaginary& a, const ConstImaginary& b) {
    return std::bit_cast<uint64_t>(a.imag) == std::bit_cast<uint64_t>(b.imag);
  }
};
using Const =
    std::variant<ConstNone, bool, int64_t, double, ConstStr, ConstBytes, ConstBigInt,
                 std::shared_ptr<const ConstTuple>, std::shared_ptr<const Code>, ConstImaginary>;
struct ConstTuple {
  std::vector<Const> items;
};

// Where an instruction came from, for tracebacks and graph-break reports.
struct SourceLoc {
  int32_t line = 0;  // 1-based
  int32_t col = 0;   // 1-based, of the expression the instruction evaluates
  int32_t end_line = 0;
  int32_t end_col = 0;  // exclusive
};

struct ExceptionEntry {
  int32_t start;    // first instruction covered
  int32_t end;      // one past the last
  int32_t handler;  // where to jump
  int32_t depth;    // stack depth to restore before pushing the exception
};

struct Code {
  enum Flags : uint32_t {
    kVarArgs = 1,              // has *args (its slot follows the named parameters)
    kVarKeywords = 2,          // has **kwargs (after *args when both)
    kModule = 4,               // module body: names are globals
    kClassBody = 8,            // class body: kLoadName/kStoreName use the namespace
    kNested = 16,              // defined inside another function
    kGenerator = 32,           // its body yields: a call makes a generator object
    kCoroutine = 64,           // async def (or async comprehension): a call makes a coroutine
    kAsyncGenerator = 128,     // async def that yields: a call makes an async generator
    kIterableCoroutine = 256,  // a generator types.coroutine() made awaitable
    // A call makes a suspended frame object instead of running the body.
    kSuspendable = kGenerator | kCoroutine | kAsyncGenerator,
  };

  std::string name;  // "f", "<module>", "<lambda>", "<listcomp>", "C"
  // The name tracebacks print when it differs from `name` (frame-capture's
  // resume functions print as the function they continue).
  std::string traceback_name;
  std::string qualname;  // "C.method", "f.<locals>.g"
  std::string filename;  // as given to the compiler, printed in tracebacks
  int32_t first_line = 0;
  uint32_t flags = 0;

  // Parameters are the first local slots, in order: positional (argcount),
  // keyword-only (kwonly_argcount), then *args, then **kwargs.
  int32_t argcount = 0;
  int32_t kwonly_argcount = 0;

  // A function's docstring (its body's first statement, a string
  // literal), which becomes the function's __doc__; absent: None.
  std::optional<std::string> docstring;

  std::vector<Instruction> instructions;
  std::vector<SourceLoc> locations;  // one per instruction
  std::vector<Const> consts;
  std::vector<std::string> names;     // globals, attributes, imports
  std::vector<std::string> varnames;  // local slots (parameters first)
  std::vector<std::string> cellvars;  // locals captured by inner functions
  std::vector<std::string> freevars;  // captured from enclosing functions
  // For each cellvar that is also a parameter, the parameter's local index
  // (the VM copies the argument into the cell at entry), else -1.
  std::vector<int32_t> cell_param_index;
  std::vector<ExceptionEntry> exception_table;
  int32_t max_stack = 0;
  // The source text of the file, shared by all its code objects, for the
  // source line printed in tracebacks.
  std::shared_ptr<const std::string> source;
};

// A readable listing: one instruction per line with its index, line,
// opcode name, argument and what the argument names.
std::string Disassemble(const Code& code);

}  // namespace tc::script

#endif  // TC_SCRIPT_CODE_H_
