// CPython 3.11's expression unparser (Python/ast_unparse.c), for the
// annotations `from __future__ import annotations` keeps as strings:
// operators spaced, parentheses only where precedence needs them,
// constants as their repr.
#include "src/ast_unparse.h"

#include <string>

#include "absl/strings/str_cat.h"

#include "tc/script/bytecode.h"
#include "tc/support/py_repr.h"

#include "src/obj_complex.h"

namespace tc::script {
namespace {

// CPython's precedence levels, loosest first.
enum Prec : int {
  kTuple,
  kTest,
  kOr,
  kAnd,
  kNot,
  kCmp,
  kExpr,  // also `|`
  kBXor,
  kBAnd,
  kShift,
  kArith,
  kTerm,
  kFactor,
  kPower,
  kAwait,
  kAtom,
};

int BinaryPrec(BinaryOp op) {
  switch (op) {
    case BinaryOp::kAdd:
    case BinaryOp::kSub:
      return kArith;
    case BinaryOp::kMul:
    case BinaryOp::kMatMul:
    case BinaryOp::kTrueDiv:
    case BinaryOp::kFloorDiv:
    case BinaryOp::kMod:
      return kTerm;
    case BinaryOp::kLShift:
    case BinaryOp::kRShift:
      return kShift;
    case BinaryOp::kOr:
      return kExpr;
    case BinaryOp::kXor:
      return kBXor;
    case BinaryOp::kAnd:
      return kBAnd;
    case BinaryOp::kPow:
      return kPower;
  }
  return kAtom;
}

// repr() of a float literal, with inf spelled as the literal that makes it.
std::string FloatLiteral(std::string repr) {
  size_t i = repr.find("inf");
  if (i != std::string::npos) repr.replace(i, 3, "1e309");
  return repr;
}

class Unparser {
 public:
  bool Expr(const ast::Expr& e, int level);
  std::string out;

 private:
  bool Seq(const std::vector<ast::ExprPtr>& items, int level) {
    for (size_t i = 0; i < items.size(); ++i) {
      if (i > 0) out += ", ";
      if (!Expr(*items[i], level)) return false;
    }
    return true;
  }
  void Open(bool paren) {
    if (paren) out += '(';
  }
  void Close(bool paren) {
    if (paren) out += ')';
  }
  bool Constant(const ast::Expr& e);
  bool Call(const ast::Expr& e);
  bool Operator(const ast::Expr& e, int level);
  bool Display(const ast::Expr& e, int level);
};

bool Unparser::Constant(const ast::Expr& e) {
  switch (e.constant) {
    case ast::ConstKind::kNone:
      out += "None";
      break;
    case ast::ConstKind::kTrue:
      out += "True";
      break;
    case ast::ConstKind::kFalse:
      out += "False";
      break;
    case ast::ConstKind::kInt:
      out += std::to_string(e.int_value);
      break;
    case ast::ConstKind::kBigInt:
      out += e.str;
      break;
    case ast::ConstKind::kFloat:
      out += FloatLiteral(support::PyFloatRepr(e.float_value));
      break;
    case ast::ConstKind::kImaginary:
      out += FloatLiteral(ComplexRepr(0.0, e.float_value));
      break;
    case ast::ConstKind::kStr:
      out += support::PyStrRepr(e.str);
      break;
    case ast::ConstKind::kBytes:
      out += support::PyBytesRepr(e.str);
      break;
    case ast::ConstKind::kEllipsis:
      out += "...";
      break;
  }
  return true;
}

bool Unparser::Call(const ast::Expr& e) {
  if (!Expr(*e.a, kAtom)) return false;
  out += '(';
  if (!Seq(e.items, kTest)) return false;
  for (size_t i = 0; i < e.keywords.size(); ++i) {
    if (i > 0 || !e.items.empty()) out += ", ";
    const ast::Keyword& k = e.keywords[i];
    out += k.arg.empty() ? "**" : absl::StrCat(k.arg, "=");
    if (!Expr(*k.value, kTest)) return false;
  }
  out += ')';
  return true;
}

// Boolean, binary, unary and comparison operators and the conditional.
bool Unparser::Operator(const ast::Expr& e, int level) {
  switch (e.kind) {
    case ast::ExprKind::kBoolOp: {
      int pr = e.bool_op == ast::BoolOpKind::kAnd ? kAnd : kOr;
      Open(level > pr);
      for (size_t i = 0; i < e.items.size(); ++i) {
        if (i > 0) out += e.bool_op == ast::BoolOpKind::kAnd ? " and " : " or ";
        if (!Expr(*e.items[i], pr + 1)) return false;
      }
      Close(level > pr);
      return true;
    }
    case ast::ExprKind::kBinOp: {
      int pr = BinaryPrec(e.binary_op);
      int right_assoc = e.binary_op == BinaryOp::kPow ? 1 : 0;
      Open(level > pr);
      if (!Expr(*e.a, pr + right_assoc)) return false;
      absl::StrAppend(&out, " ", std::string(BinaryOpSymbol(e.binary_op)), " ");
      if (!Expr(*e.b, pr + 1 - right_assoc)) return false;
      Close(level > pr);
      return true;
    }
    case ast::ExprKind::kUnaryOp: {
      int pr = e.unary_op == UnaryOp::kNot ? kNot : kFactor;
      Open(level > pr);
      out += e.unary_op == UnaryOp::kNot   ? "not "
             : e.unary_op == UnaryOp::kNeg ? "-"
             : e.unary_op == UnaryOp::kPos ? "+"
                                           : "~";
      if (!Expr(*e.a, pr)) return false;
      Close(level > pr);
      return true;
    }
    case ast::ExprKind::kCompare: {
      Open(level > kCmp);
      if (!Expr(*e.a, kCmp + 1)) return false;
      for (size_t i = 0; i < e.cmp_ops.size(); ++i) {
        absl::StrAppend(&out, " ", std::string(CompareOpSymbol(e.cmp_ops[i])), " ");
        if (!Expr(*e.items[i], kCmp + 1)) return false;
      }
      Close(level > kCmp);
      return true;
    }
    case ast::ExprKind::kIfExp: {
      Open(level > kTest);
      if (!Expr(*e.b, kTest + 1)) return false;
      out += " if ";
      if (!Expr(*e.a, kTest + 1)) return false;
      out += " else ";
      if (!Expr(*e.c, kTest)) return false;
      Close(level > kTest);
      return true;
    }
    default:
      return false;
  }
}

// Tuples, lists, sets and dicts.
bool Unparser::Display(const ast::Expr& e, int level) {
  switch (e.kind) {
    case ast::ExprKind::kTuple: {
      if (e.items.empty()) {
        out += "()";
        return true;
      }
      Open(level > kTuple);
      if (!Seq(e.items, kTest)) return false;
      if (e.items.size() == 1) out += ',';
      Close(level > kTuple);
      return true;
    }
    case ast::ExprKind::kList:
      out += '[';
      if (!Seq(e.items, kTest)) return false;
      out += ']';
      return true;
    case ast::ExprKind::kSet:
      out += '{';
      if (!Seq(e.items, kTest)) return false;
      out += '}';
      return true;
    case ast::ExprKind::kDict:
      out += '{';
      for (size_t i = 0; i < e.items.size(); ++i) {
        if (i > 0) out += ", ";
        if (!e.keys[i]) {
          out += "**";
          if (!Expr(*e.items[i], kExpr)) return false;
          continue;
        }
        if (!Expr(*e.keys[i], kTest)) return false;
        out += ": ";
        if (!Expr(*e.items[i], kTest)) return false;
      }
      out += '}';
      return true;
    default:
      return false;
  }
}

bool Unparser::Expr(const ast::Expr& e, int level) {
  switch (e.kind) {
    case ast::ExprKind::kName:
      out += e.str;
      return true;
    case ast::ExprKind::kConstant:
      return Constant(e);
    case ast::ExprKind::kAttribute: {
      if (!Expr(*e.a, kAtom)) return false;
      // `1 .real`: an int needs the space.
      bool is_int =
          e.a->kind == ast::ExprKind::kConstant &&
          (e.a->constant == ast::ConstKind::kInt || e.a->constant == ast::ConstKind::kBigInt);
      absl::StrAppend(&out, is_int ? " ." : ".", e.str);
      return true;
    }
    case ast::ExprKind::kSubscript:
      if (!Expr(*e.a, kAtom)) return false;
      out += '[';
      if (!Expr(*e.b, kTuple)) return false;
      out += ']';
      return true;
    case ast::ExprKind::kSlice:
      if (e.a && !Expr(*e.a, kTest)) return false;
      out += ':';
      if (e.b && !Expr(*e.b, kTest)) return false;
      if (e.c) {
        out += ':';
        if (!Expr(*e.c, kTest)) return false;
      }
      return true;
    case ast::ExprKind::kStarred:
      out += '*';
      return Expr(*e.a, kExpr);
    case ast::ExprKind::kCall:
      return Call(e);
    case ast::ExprKind::kTuple:
    case ast::ExprKind::kList:
    case ast::ExprKind::kSet:
    case ast::ExprKind::kDict:
      return Display(e, level);
    default:
      return Operator(e, level);
  }
}

}  // namespace

std::optional<std::string> Unparse(const ast::Expr& e) {
  Unparser u;
  if (!u.Expr(e, kTest)) return std::nullopt;
  return std::move(u.out);
}

}  // namespace tc::script
