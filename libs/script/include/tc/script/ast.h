// The syntax tree the parser builds and the compiler consumes.
//
// Two node types, Expr and Stmt, each a kind plus the fields its kinds use
// (listed per kind below); unused fields stay empty. Every node carries its
// source range. Children are owned (unique_ptr), so a Module is a plain
// value the caller can keep or drop.
#ifndef TC_SCRIPT_AST_H_
#define TC_SCRIPT_AST_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tc/script/bytecode.h"

namespace tc::script::ast {

struct Loc {
  int32_t line = 0, col = 0;          // 1-based start
  int32_t end_line = 0, end_col = 0;  // end, exclusive
};

enum class ExprKind : uint8_t {
  kName,            // str = id
  kConstant,        // constant, int_value / float_value / str
  kJoinedStr,       // f-string: items = kConstant(str) and kFormattedValue parts
  kFormattedValue,  // a = value, conversion, b = format spec (kJoinedStr) or null
  kTuple,           // items
  kList,            // items
  kSet,             // items
  kDict,            // keys (null: `**items[i]`), items = values
  kListComp,        // a = element, generators
  kSetComp,         // a = element, generators
  kDictComp,        // a = key, b = value, generators
  kGeneratorExp,    // a = element, generators
  kBoolOp,          // bool_op, items (two or more)
  kBinOp,           // a binary_op b
  kUnaryOp,         // unary_op a
  kCompare,         // a = left, cmp_ops[i] items[i]
  kIfExp,           // b if a else c
  kLambda,          // args, a = body
  kCall,            // a = func, items = positional (maybe kStarred), keywords
  kAttribute,       // a = value, str = attribute name
  kSubscript,       // a = value, b = index (kSlice, kTuple of them, or any expr)
  kSlice,           // a = lower, b = upper, c = step (each may be null)
  kStarred,         // a = value
  kYield,           // a = value (null: bare `yield`)
  kYieldFrom,       // a = the iterable delegated to
  kNamedExpr,       // a = target (kName, store), b = value: `a := b`
  kAwait,           // a = the awaitable
};

enum class ExprContext : uint8_t { kLoad, kStore, kDel };
// kBigInt: an int literal beyond int64, its decimal digits in `str`.
enum class ConstKind : uint8_t {
  kNone,
  kTrue,
  kFalse,
  kInt,
  kBigInt,
  kFloat,
  kImaginary,  // `2j`: float_value is the imaginary part
  kStr,
  kBytes,
  kEllipsis
};
enum class BoolOpKind : uint8_t { kAnd, kOr };

struct Expr;
struct Stmt;
struct Pattern;
using ExprPtr = std::unique_ptr<Expr>;
using StmtPtr = std::unique_ptr<Stmt>;
using PatternPtr = std::unique_ptr<Pattern>;

struct Keyword {
  std::string arg;  // empty for `**value`
  ExprPtr value;
  Loc loc;
};

struct Comprehension {
  ExprPtr target;
  ExprPtr iter;
  std::vector<ExprPtr> ifs;
  bool is_async = false;  // `async for`
};

struct Arg {
  std::string name;
  Loc loc;
  ExprPtr annotation;  // `name: annotation`, or null
};

struct Arguments {
  std::vector<Arg> args;          // positional (positional-only ones included)
  std::vector<ExprPtr> defaults;  // for the last defaults.size() of args
  bool has_vararg = false;
  Arg vararg;
  std::vector<Arg> kwonly;
  std::vector<ExprPtr> kw_defaults;  // one per kwonly; null when required
  bool has_kwarg = false;
  Arg kwarg;
  ExprPtr returns;  // `-> returns` of a def, or null
};

struct Expr {
  ExprKind kind;
  Loc loc;
  ExprContext ctx = ExprContext::kLoad;
  ConstKind constant = ConstKind::kNone;
  BoolOpKind bool_op = BoolOpKind::kAnd;
  BinaryOp binary_op = BinaryOp::kAdd;
  UnaryOp unary_op = UnaryOp::kNeg;
  char conversion = 0;  // kFormattedValue: 0, 's', 'r' or 'a'
  int64_t int_value = 0;
  double float_value = 0;
  std::string str;
  ExprPtr a, b, c;
  std::vector<ExprPtr> items;
  std::vector<ExprPtr> keys;
  std::vector<CompareOp> cmp_ops;
  std::vector<Keyword> keywords;
  std::vector<Comprehension> generators;
  std::unique_ptr<Arguments> args;
};

enum class StmtKind : uint8_t {
  kFunctionDef,  // name, args, decorators, body (is_async: `async def`)
  kClassDef,     // name, targets = bases (zero or one), keywords, decorators, body
  kReturn,       // a = value or null
  kDelete,       // targets
  kAssign,       // targets (a = b = value: two targets), a = value
  kAugAssign,    // a = target, binary_op, b = value
  kAnnAssign,    // a = target, b = annotation, c = value or null
  kFor,          // a = target, b = iter, body, orelse (is_async: `async for`)
  kWhile,        // a = test, body, orelse
  kIf,           // a = test, body, orelse (elif: one kIf in orelse)
  kWith,         // items, body (is_async: `async with`)
  kRaise,        // a = exception or null, b = cause or null
  kTry,          // body, handlers, orelse, finalbody
  kAssert,       // a = test, b = message or null
  kImport,       // names
  kImportFrom,   // name = module, names, level
  kGlobal,       // identifiers
  kNonlocal,     // identifiers
  kExpr,         // a = value
  kPass,
  kBreak,
  kContinue,
  kMatch,  // a = subject, cases
};

// The patterns of a match statement's cases (PEP 634), as CPython's AST
// has them.
enum class PatternKind : uint8_t {
  kValue,      // value: a literal or a dotted name, compared with ==
  kSingleton,  // value: None, True or False (a kConstant), compared with `is`
  kSequence,   // patterns (at most one kStar)
  kMapping,    // keys[i]: patterns[i]; name: the `**rest` target (empty: none)
  kClass,      // value = the class, patterns (positional), kwd_attrs = kwd_patterns
  kStar,       // name (empty: `*_`)
  kAs,         // pattern (null: a plain capture or `_`), name (empty: wildcard)
  kOr,         // patterns (two or more)
};

struct Pattern {
  PatternKind kind;
  Loc loc;
  ExprPtr value;
  std::string name;
  PatternPtr pattern;
  std::vector<PatternPtr> patterns;
  std::vector<ExprPtr> keys;
  std::vector<std::string> kwd_attrs;
  std::vector<PatternPtr> kwd_patterns;
};

struct MatchCase {
  PatternPtr pattern;
  ExprPtr guard;  // null when no `if`
  std::vector<StmtPtr> body;
};

struct Alias {
  std::string name;    // dotted for `import a.b`
  std::string asname;  // empty when absent
  Loc loc;
};

struct WithItem {
  ExprPtr context_expr;
  ExprPtr optional_vars;  // null when no `as`
};

struct ExceptHandler {
  ExprPtr type;      // null for a bare `except:`
  std::string name;  // empty when no `as`
  std::vector<StmtPtr> body;
  Loc loc;
};

struct Stmt {
  StmtKind kind;
  Loc loc;
  bool is_async = false;  // async def / async for / async with
  BinaryOp binary_op = BinaryOp::kAdd;
  int level = 0;
  std::string name;
  std::unique_ptr<Arguments> args;
  std::vector<ExprPtr> decorators;
  std::vector<ExprPtr> targets;
  std::vector<Keyword> keywords;
  ExprPtr a, b, c;
  std::vector<StmtPtr> body, orelse, finalbody;
  std::vector<WithItem> items;
  std::vector<ExceptHandler> handlers;
  std::vector<Alias> names;
  std::vector<std::string> identifiers;
  std::vector<MatchCase> cases;
};

struct Module {
  std::vector<StmtPtr> body;
};

// An indented, one-node-per-line dump ("BinOp + @1:4-1:9"), for tests.
std::string Dump(const Module& module);
std::string Dump(const Expr& expr);

}  // namespace tc::script::ast

#endif  // TC_SCRIPT_AST_H_
