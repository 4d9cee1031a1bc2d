// Compound statements: if, while, for, with, try, decorated, function and
// class definitions with their parameter lists.
#include <algorithm>
#include <array>
#include <utility>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_format.h"

#include "tc/script/lexer.h"
#include "tc/script/parser.h"

#include "src/parse_parser.h"

namespace tc::script {

ast::ExprPtr Parser::Condition() {
  ExprPtr test = NamedExpression();
  if (!test) return nullptr;
  if (IsOp("=")) {
    Advance();
    ExprPtr v = BitOr();
    if (!v) return nullptr;
    if (test->kind == ast::ExprKind::kName) {
      FailAt(Span(test->loc, v->loc),
             "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
    } else {
      FailAt(test->loc,
             absl::StrFormat("cannot assign to %s here. Maybe you meant '==' instead of '='?",
                             ExprName(*test)));
    }
    return nullptr;
  }
  return test;
}

ast::StmtPtr Parser::If(bool elif) {
  const Token& kw = Cur();
  StmtPtr s = NewStmt(ast::StmtKind::kIf, LocOf(kw));
  int line = kw.line;
  Advance();
  s->a = Condition();
  if (!s->a || !ExpectColon()) return nullptr;
  if (!Block(&s->body, elif ? "'elif' statement" : "'if' statement", line)) return nullptr;
  if (IsKw("elif")) {
    StmtPtr e = If(true);
    if (!e) return nullptr;
    s->orelse.push_back(std::move(e));
  } else if (IsKw("else")) {
    if (!ElseBlock(&s->orelse)) return nullptr;
  }
  s->loc = SpanTo(s->loc);
  return s;
}

bool Parser::ElseBlock(std::vector<StmtPtr>* out) {
  int line = Cur().line;
  Advance();  // 'else'
  return ExpectColon() && Block(out, "'else' statement", line);
}

ast::StmtPtr Parser::While() {
  StmtPtr s = NewStmt(ast::StmtKind::kWhile, LocOf(Cur()));
  int line = Cur().line;
  Advance();
  s->a = Condition();
  if (!s->a || !ExpectColon()) return nullptr;
  return LoopBody(std::move(s), "'while' statement", line);
}

ast::StmtPtr Parser::For() {
  StmtPtr s = NewStmt(ast::StmtKind::kFor, LocOf(Cur()));
  int line = Cur().line;
  Advance();
  s->a = TargetList("in");
  if (!s->a) return nullptr;
  if (!IsKw("in")) {
    InvalidSyntax();
    return nullptr;
  }
  Advance();
  s->b = StarExpressions();
  if (!s->b || !ExpectColon()) return nullptr;
  return LoopBody(std::move(s), "'for' statement", line);
}

ast::StmtPtr Parser::LoopBody(StmtPtr s, std::string_view what, int line) {
  if (!Block(&s->body, what, line)) return nullptr;
  if (IsKw("else")) {
    if (!ElseBlock(&s->orelse)) return nullptr;
  }
  s->loc = SpanTo(s->loc);
  return s;
}

ast::StmtPtr Parser::With() {
  StmtPtr s = NewStmt(ast::StmtKind::kWith, LocOf(Cur()));
  int line = Cur().line;
  Advance();
  do {
    ast::WithItem item;
    item.context_expr = Expression();
    if (!item.context_expr) return nullptr;
    if (AcceptKw("as")) {
      // One target: `as (b, c)` unpacks; in `as b, c` the comma starts a new item.
      item.optional_vars = BitOr();
      if (!item.optional_vars ||
          !SetContext(item.optional_vars.get(), ast::ExprContext::kStore, false)) {
        return nullptr;
      }
    }
    s->items.push_back(std::move(item));
  } while (AcceptOp(","));
  if (!ExpectColon()) return nullptr;
  if (!Block(&s->body, "'with' statement", line)) return nullptr;
  s->loc = SpanTo(s->loc);
  return s;
}

ast::StmtPtr Parser::Try() {
  StmtPtr s = NewStmt(ast::StmtKind::kTry, LocOf(Cur()));
  int line = Cur().line;
  Advance();
  if (!ExpectColon() || !Block(&s->body, "'try' statement", line)) return nullptr;
  while (IsKw("except")) {
    ast::ExceptHandler h;
    h.loc = LocOf(Cur());
    int hline = Cur().line;
    Advance();
    if (IsOp("*")) {
      Unsupported(Cur(), "'except*'");
      return nullptr;
    }
    if (!IsOp(":")) {
      h.type = Expression();
      if (!h.type) return nullptr;
      if (IsOp(",")) {
        ExprPtr first = std::move(h.type);
        ast::Loc loc = first->loc;
        while (AcceptOp(",")) {
          ExprPtr next = Expression();
          if (!next) return nullptr;
          loc = Span(loc, next->loc);
        }
        FailAt(loc, "multiple exception types must be parenthesized");
        return nullptr;
      }
      if (AcceptKw("as")) {
        if (!IsName()) {
          InvalidSyntax();
          return nullptr;
        }
        h.name = std::string(Cur().text);
        Advance();
      }
    }
    if (!ExpectColon() || !Block(&h.body, "'except' statement", hline)) return nullptr;
    h.loc = SpanTo(h.loc);
    s->handlers.push_back(std::move(h));
  }
  if (IsKw("else")) {
    if (s->handlers.empty()) {
      FailToken(Cur(), "expected 'except' or 'finally' block");
      return nullptr;
    }
    if (!ElseBlock(&s->orelse)) return nullptr;
  }
  if (IsKw("finally")) {
    int fline = Cur().line;
    Advance();
    if (!ExpectColon() || !Block(&s->finalbody, "'finally' statement", fline)) return nullptr;
  }
  if (s->handlers.empty() && s->finalbody.empty()) {
    if (Cur().kind == TokenKind::kError) {
      LexError(Cur());
    } else {
      FailToken(Cur(), "expected 'except' or 'finally' block");
    }
    return nullptr;
  }
  for (size_t i = 0; i + 1 < s->handlers.size(); ++i) {
    if (!s->handlers[i].type) {
      FailAt(s->handlers[i].loc, "default 'except:' must be last");
      return nullptr;
    }
  }
  s->loc = SpanTo(s->loc);
  return s;
}

ast::StmtPtr Parser::Decorated() {
  std::vector<ExprPtr> decorators;
  while (IsOp("@")) {
    Advance();
    ExprPtr d = NamedExpression();
    if (!d) return nullptr;
    if (Cur().kind != TokenKind::kNewline) {
      InvalidSyntax();
      return nullptr;
    }
    Advance();
    decorators.push_back(std::move(d));
  }
  const Token& t = Cur();
  if (IsKw("def")) return FunctionDef(std::move(decorators), t);
  if (IsKw("class")) return ClassDef(std::move(decorators), t);
  if (IsKw("async")) return Async(std::move(decorators), t);
  InvalidSyntax();
  return nullptr;
}

ast::StmtPtr Parser::Async(std::vector<ExprPtr> decorators, const Token& start) {
  Advance();  // 'async'
  StmtPtr s;
  if (IsKw("def")) {
    s = FunctionDef(std::move(decorators), start);
  } else if (decorators.empty() && IsKw("for")) {
    s = For();
  } else if (decorators.empty() && IsKw("with")) {
    s = With();
  } else {
    InvalidSyntax();
    return nullptr;
  }
  if (!s) return nullptr;
  s->is_async = true;
  s->loc.line = start.line;  // the statement starts at `async`
  s->loc.col = start.col;
  return s;
}

bool Parser::Parameters(ast::Arguments* args, bool lambda, std::string_view close) {
  absl::flat_hash_set<std::string> seen;
  bool seen_default = false, seen_star = false;
  auto add_name = [&](ast::Arg* arg) -> bool {
    if (!IsName()) {
      InvalidSyntax();
      return false;
    }
    arg->name = std::string(Cur().text);
    arg->loc = LocOf(Cur());
    if (!seen.insert(arg->name).second) {
      FailToken(Cur(),
                absl::StrFormat("duplicate argument '%s' in function definition", arg->name));
      return false;
    }
    Advance();
    if (!lambda && AcceptOp(":")) {
      arg->annotation = Expression();
      if (!arg->annotation) return false;
    }
    return true;
  };
  while (!IsOp(close)) {
    if (args->has_kwarg) {
      FailToken(Cur(), "arguments cannot follow var-keyword argument");
      return false;
    }
    if (IsOp("/")) {
      if (seen_star || args->args.empty()) {
        InvalidSyntax();
        return false;
      }
      Advance();
    } else if (IsOp("**")) {
      Advance();
      if (!add_name(&args->kwarg)) return false;
      args->has_kwarg = true;
    } else if (IsOp("*")) {
      const Token& star = Cur();
      if (seen_star) {
        FailToken(star, "* argument may appear only once");
        return false;
      }
      seen_star = true;
      Advance();
      if (IsOp(",") || IsOp(close)) {
        if (IsOp(close) ||
            (Peek().kind == TokenKind::kOp && (Peek().text == "**" || Peek().text == close))) {
          FailToken(star, "named arguments must follow bare *");
          return false;
        }
      } else {
        if (!add_name(&args->vararg)) return false;
        args->has_vararg = true;
      }
    } else {
      ast::Arg arg;
      const Token& name_tok = Cur();
      if (!add_name(&arg)) return false;
      ExprPtr def;
      if (AcceptOp("=")) {
        def = Expression();
        if (!def) return false;
      }
      if (seen_star) {
        args->kwonly.push_back(std::move(arg));
        args->kw_defaults.push_back(std::move(def));
      } else {
        if (def) {
          seen_default = true;
          args->defaults.push_back(std::move(def));
        } else if (seen_default) {
          FailToken(name_tok, "non-default argument follows default argument");
          return false;
        }
        args->args.push_back(std::move(arg));
      }
    }
    if (!AcceptOp(",")) break;
  }
  if (!IsOp(close)) {
    InvalidSyntax();
    return false;
  }
  return true;
}

ast::StmtPtr Parser::DefHead(ast::StmtKind kind, std::vector<ExprPtr> decorators,
                             const Token& start) {
  StmtPtr s = NewStmt(kind, LocOf(start));
  s->decorators = std::move(decorators);
  Advance();  // 'def' or 'class'
  if (!IsName()) {
    InvalidSyntax();
    return nullptr;
  }
  s->name = std::string(Cur().text);
  Advance();
  return s;
}

ast::StmtPtr Parser::FunctionDef(std::vector<ExprPtr> decorators, const Token& start) {
  int line = start.line;
  StmtPtr s = DefHead(ast::StmtKind::kFunctionDef, std::move(decorators), start);
  if (!s) return nullptr;
  if (!ExpectOp("(")) return nullptr;
  s->args = std::make_unique<ast::Arguments>();
  if (!Parameters(s->args.get(), false, ")")) return nullptr;
  Advance();
  if (AcceptOp("->")) {
    s->args->returns = Expression();
    if (!s->args->returns) return nullptr;
  }
  if (!ExpectColon()) return nullptr;
  if (!Block(&s->body, "function definition", line)) return nullptr;
  s->loc = SpanTo(s->loc);
  return s;
}

ast::StmtPtr Parser::ClassDef(std::vector<ExprPtr> decorators, const Token& start) {
  int line = start.line;
  StmtPtr s = DefHead(ast::StmtKind::kClassDef, std::move(decorators), start);
  if (!s) return nullptr;
  if (IsOp("(")) {
    ExprPtr dummy = NewExpr(ast::ExprKind::kName, LocOf(Cur()));
    ExprPtr call = Call(std::move(dummy));
    if (!call) return nullptr;
    s->keywords = std::move(call->keywords);
    for (ExprPtr& base : call->items) s->targets.push_back(std::move(base));
  }
  if (!ExpectColon()) return nullptr;
  if (!Block(&s->body, "class definition", line)) return nullptr;
  s->loc = SpanTo(s->loc);
  return s;
}

}  // namespace tc::script
