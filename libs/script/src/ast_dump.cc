// ast::Dump: one node per line, children indented, each with its range.
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/script/ast.h"
#include "tc/support/enum_table.h"
#include "tc/support/py_repr.h"

namespace tc::script::ast {
namespace {

std::string LocStr(const Loc& l) {
  return absl::StrFormat("@%d:%d-%d:%d", l.line, l.col, l.end_line, l.end_col);
}

// ast.h's names for the kinds, in ExprKind's and StmtKind's orders.
constexpr support::EnumTable<ExprKind::kAwait, const char*> kExprKindNames({
    "Name",    "Constant", "JoinedStr", "FormattedValue", "Tuple",        "List",      "Set",
    "Dict",    "ListComp", "SetComp",   "DictComp",       "GeneratorExp", "BoolOp",    "BinOp",
    "UnaryOp", "Compare",  "IfExp",     "Lambda",         "Call",         "Attribute", "Subscript",
    "Slice",   "Starred",  "Yield",     "YieldFrom",      "NamedExpr",    "Await",
});
const char* ExprKindName(ExprKind k) { return kExprKindNames.at(k, "?"); }

constexpr support::EnumTable<StmtKind::kMatch, const char*> kStmtKindNames({
    "FunctionDef", "ClassDef", "Return", "Delete", "Assign", "AugAssign", "AnnAssign", "For",
    "While",       "If",       "With",   "Raise",  "Try",    "Assert",    "Import",    "ImportFrom",
    "Global",      "Nonlocal", "Expr",   "Pass",   "Break",  "Continue",  "Match",
});
const char* StmtKindName(StmtKind k) { return kStmtKindNames.at(k, "?"); }

// CPython's names for the pattern kinds, in PatternKind's order.
constexpr support::EnumTable<PatternKind::kOr, const char*> kPatternKindNames({
    "MatchValue",
    "MatchSingleton",
    "MatchSequence",
    "MatchMapping",
    "MatchClass",
    "MatchStar",
    "MatchAs",
    "MatchOr",
});

class Dumper {
 public:
  std::string out;

  void Line(int indent, const std::string& s) {
    out.append(2 * indent, ' ');
    out += s;
    out += '\n';
  }
  void Label(int indent, const char* label) { Line(indent, absl::StrCat(label, ":")); }

  void E(const Expr* e, int indent) {
    if (e == nullptr) {
      Line(indent, "<null>");
      return;
    }
    std::string head = ExprKindName(e->kind);
    switch (e->kind) {
      case ExprKind::kName:
      case ExprKind::kAttribute:
        absl::StrAppend(&head, " ", e->str);
        break;
      case ExprKind::kConstant:
        switch (e->constant) {
          case ConstKind::kNone:
            head += " None";
            break;
          case ConstKind::kTrue:
            head += " True";
            break;
          case ConstKind::kFalse:
            head += " False";
            break;
          case ConstKind::kInt:
            absl::StrAppend(&head, " ", e->int_value);
            break;
          case ConstKind::kBigInt:
            absl::StrAppend(&head, " ", e->str);
            break;
          case ConstKind::kFloat:
            absl::StrAppend(&head, " ", absl::StrFormat("%.17g", e->float_value));
            break;
          case ConstKind::kImaginary:
            absl::StrAppend(&head, " ", absl::StrFormat("%.17gj", e->float_value));
            break;
          case ConstKind::kStr:
            absl::StrAppend(&head, " ", support::PyStrRepr(e->str));
            break;
          case ConstKind::kBytes:
            absl::StrAppend(&head, " ", support::PyBytesRepr(e->str));
            break;
          case ConstKind::kEllipsis:
            head += " Ellipsis";
            break;
        }
        break;
      case ExprKind::kBinOp:
        absl::StrAppend(&head, " ", std::string(BinaryOpSymbol(e->binary_op)));
        break;
      case ExprKind::kUnaryOp: {
        const char* ops[] = {"-", "+", "not", "~"};
        absl::StrAppend(&head, " ", ops[static_cast<int>(e->unary_op)]);
        break;
      }
      case ExprKind::kBoolOp:
        head += e->bool_op == BoolOpKind::kAnd ? " and" : " or";
        break;
      case ExprKind::kCompare:
        for (CompareOp op : e->cmp_ops)
          absl::StrAppend(&head, " ", std::string(CompareOpSymbol(op)));
        break;
      case ExprKind::kFormattedValue:
        if (e->conversion) absl::StrAppend(&head, " !", std::string(1, e->conversion));
        break;
      default:
        break;
    }
    if (e->ctx == ExprContext::kStore) head += " store";
    if (e->ctx == ExprContext::kDel) head += " del";
    Line(indent, absl::StrCat(head, " ", LocStr(e->loc)));
    int in = indent + 1;
    switch (e->kind) {
      case ExprKind::kIfExp:
        E(e->a.get(), in);
        E(e->b.get(), in);
        E(e->c.get(), in);
        break;
      case ExprKind::kSlice:
        for (const Expr* p : {e->a.get(), e->b.get(), e->c.get()}) E(p, in);
        break;
      case ExprKind::kLambda:
        Args(*e->args, in);
        E(e->a.get(), in);
        break;
      case ExprKind::kDict:
        for (size_t i = 0; i < e->items.size(); ++i) {
          if (e->keys[i]) {
            E(e->keys[i].get(), in);
          } else {
            Line(in, "**");
          }
          E(e->items[i].get(), in + 1);
        }
        break;
      default:
        if (e->a) E(e->a.get(), in);
        if (e->b) E(e->b.get(), in);
        for (const ExprPtr& item : e->items) E(item.get(), in);
        for (const Keyword& k : e->keywords) {
          Line(in, absl::StrCat("keyword ", k.arg.empty() ? "**" : k.arg, " ", LocStr(k.loc)));
          E(k.value.get(), in + 1);
        }
        for (const Comprehension& c : e->generators) {
          Line(in, c.is_async ? "async for" : "for");
          E(c.target.get(), in + 1);
          E(c.iter.get(), in + 1);
          for (const ExprPtr& cond : c.ifs) {
            Label(in + 1, "if");
            E(cond.get(), in + 2);
          }
        }
    }
  }

  void Args(const Arguments& a, int indent) {
    std::string s = "args";
    size_t first_default = a.args.size() - a.defaults.size();
    for (size_t i = 0; i < a.args.size(); ++i) {
      absl::StrAppend(&s, " ", a.args[i].name, i >= first_default ? "=" : "");
    }
    if (a.has_vararg) absl::StrAppend(&s, " *", a.vararg.name);
    if (!a.has_vararg && !a.kwonly.empty()) s += " *";
    for (size_t i = 0; i < a.kwonly.size(); ++i) {
      absl::StrAppend(&s, " ", a.kwonly[i].name, a.kw_defaults[i] ? "=" : "");
    }
    if (a.has_kwarg) absl::StrAppend(&s, " **", a.kwarg.name);
    Line(indent, s);
    for (const ExprPtr& d : a.defaults) E(d.get(), indent + 1);
    for (const ExprPtr& d : a.kw_defaults) {
      if (d) E(d.get(), indent + 1);
    }
  }

  void Body(const char* label, const std::vector<StmtPtr>& body, int indent) {
    if (body.empty()) return;
    Label(indent, label);
    for (const StmtPtr& s : body) S(s.get(), indent + 1);
  }

  void S(const Stmt* s, int indent) {
    // CPython's names: AsyncFunctionDef, AsyncFor, AsyncWith.
    std::string head = absl::StrCat(s->is_async ? "Async" : "", StmtKindName(s->kind));
    if (!s->name.empty()) absl::StrAppend(&head, " ", s->name);
    if (s->kind == StmtKind::kAugAssign) {
      absl::StrAppend(&head, " ", std::string(BinaryOpSymbol(s->binary_op)));
    }
    for (const std::string& id : s->identifiers) absl::StrAppend(&head, " ", id);
    for (const Alias& a : s->names) {
      absl::StrAppend(&head, " ", a.name, a.asname.empty() ? "" : " as ", a.asname);
    }
    Line(indent, absl::StrCat(head, " ", LocStr(s->loc)));
    int in = indent + 1;
    if (!s->decorators.empty()) {
      Label(in, "decorators");
      for (const ExprPtr& d : s->decorators) E(d.get(), in + 1);
    }
    if (s->args) Args(*s->args, in);
    for (const ExprPtr& t : s->targets) E(t.get(), in);
    for (const Keyword& k : s->keywords) {  // class keywords
      Line(in, absl::StrCat("keyword ", k.arg.empty() ? "**" : k.arg, " ", LocStr(k.loc)));
      E(k.value.get(), in + 1);
    }
    for (const ExprPtr* p : {&s->a, &s->b, &s->c}) {
      if (*p) E(p->get(), in);
    }
    for (const WithItem& item : s->items) {
      Line(in, "item");
      E(item.context_expr.get(), in + 1);
      if (item.optional_vars) E(item.optional_vars.get(), in + 1);
    }
    Body("body", s->body, in);
    for (const ExceptHandler& h : s->handlers) {
      Line(in, absl::StrCat("except", h.name.empty() ? "" : " as ", h.name, " ", LocStr(h.loc)));
      if (h.type) E(h.type.get(), in + 1);
      Body("body", h.body, in + 1);
    }
    for (const MatchCase& c : s->cases) {
      Line(in, "case");
      P(c.pattern.get(), in + 1);
      if (c.guard) {
        Label(in + 1, "if");
        E(c.guard.get(), in + 2);
      }
      Body("body", c.body, in + 1);
    }
    Body("orelse", s->orelse, in);
    Body("finally", s->finalbody, in);
  }

  void P(const Pattern* p, int indent) {
    std::string head = kPatternKindNames.at(p->kind, "?");
    if (!p->name.empty())
      absl::StrAppend(&head, p->kind == PatternKind::kMapping ? " **" : " ", p->name);
    Line(indent, absl::StrCat(head, " ", LocStr(p->loc)));
    int in = indent + 1;
    if (p->value) E(p->value.get(), in);
    if (p->pattern) P(p->pattern.get(), in);
    for (size_t i = 0; i < p->patterns.size(); ++i) {
      if (i < p->keys.size()) E(p->keys[i].get(), in);
      P(p->patterns[i].get(), i < p->keys.size() ? in + 1 : in);
    }
    for (size_t i = 0; i < p->kwd_attrs.size(); ++i) {
      Line(in, absl::StrCat("keyword ", p->kwd_attrs[i]));
      P(p->kwd_patterns[i].get(), in + 1);
    }
  }
};

}  // namespace

std::string Dump(const Module& module) {
  Dumper d;
  d.Line(0, "Module");
  for (const StmtPtr& s : module.body) d.S(s.get(), 1);
  return d.out;
}

std::string Dump(const Expr& expr) {
  Dumper d;
  d.E(&expr, 0);
  return d.out;
}

}  // namespace tc::script::ast
