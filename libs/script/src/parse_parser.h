// The recursive-descent parser's state, shared by its parts:
// parse_parser.cc (helpers, Parse()), parse_stmt.cc (simple statements,
// imports), parse_compound.cc (compound statements), parse_expr.cc
// (operator precedence), parse_atom.cc (atoms, displays, calls),
// parse_target.cc (assignment targets), parse_fstring.cc (f-string bodies).
#ifndef TC_SCRIPT_SRC_PARSE_PARSER_H_
#define TC_SCRIPT_SRC_PARSE_PARSER_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tc/script/ast.h"
#include "tc/script/syntax_error.h"
#include "tc/script/token.h"

namespace tc::script {

class Parser {
 public:
  Parser(std::string_view source, std::string_view filename, std::vector<Token> tokens);

  // Whole file; null error() on success.
  ast::Module ParseFile();
  // One expression list up to the end of the tokens (f-string fields).
  ast::ExprPtr ParseFieldExpression();

  const std::optional<SyntaxError>& error() const { return error_; }

 private:
  friend class DepthGuard;
  using ExprPtr = ast::ExprPtr;
  using StmtPtr = ast::StmtPtr;

  // Tokens.
  const Token& Cur() const { return tokens_[pos_]; }
  const Token& Peek(int k = 1) const {
    size_t i = pos_ + k;
    return i < tokens_.size() ? tokens_[i] : tokens_.back();
  }
  const Token& Prev() const { return tokens_[pos_ > 0 ? pos_ - 1 : 0]; }
  // Moving onto the lexer's error token reports it at once, as CPython's
  // parser does when its lookahead reaches a tokenizer error (so an
  // unclosed bracket wins over what the parser would say about EOF).
  void Advance() {
    if (pos_ + 1 < tokens_.size()) ++pos_;
    if (tokens_[pos_].kind == TokenKind::kError) LexError(tokens_[pos_]);
  }
  bool IsOp(std::string_view op) const { return Cur().kind == TokenKind::kOp && Cur().text == op; }
  bool IsKw(std::string_view kw) const {
    return Cur().kind == TokenKind::kName && Cur().text == kw;
  }
  bool IsName() const;  // a NAME that is not a keyword
  bool AcceptOp(std::string_view op);
  bool AcceptKw(std::string_view kw);
  bool ExpectOp(std::string_view op);  // invalid syntax when absent
  bool ExpectColon();                  // "expected ':'" before a NEWLINE
  bool StartsExpression(const Token& t) const;

  // Errors: the first one wins; parsing then unwinds (functions return null).
  bool failed() const { return error_.has_value(); }
  void Fail(std::string msg, int line, int col, int end_line, int end_col,
            std::string_view type = "SyntaxError");
  void FailAt(const ast::Loc& loc, std::string msg) {
    Fail(std::move(msg), loc.line, loc.col, loc.end_line, loc.end_col);
  }
  void FailToken(const Token& t, std::string msg) {
    Fail(std::move(msg), t.line, t.col, t.end_line, t.end_col);
  }
  // "invalid syntax" at the current token (or the lexer's error found
  // anywhere, which CPython reports in preference to a generic one).
  void InvalidSyntax();
  void LexError(const Token& t);
  void Unsupported(const Token& t, std::string_view what);

  // Statements (parse_stmt.cc).
  bool Statement(std::vector<StmtPtr>* out);
  bool SimpleStatements(std::vector<StmtPtr>* out);
  StmtPtr SimpleStatement();
  StmtPtr ExpressionStatement();
  bool Block(std::vector<StmtPtr>* out, std::string_view what, int line);
  // At a token that should have been an INDENT after `what`'s header on
  // `line`: CPython's IndentationError (or the lexer's error there).
  void MissingIndentedBlock(std::string_view what, int line);
  // At 'else': the colon and the indented block after it.
  bool ElseBlock(std::vector<StmtPtr>* out);
  StmtPtr If(bool elif);
  StmtPtr While();
  StmtPtr For();
  // A loop's block and optional else block; `s` back with its full span.
  StmtPtr LoopBody(StmtPtr s, std::string_view what, int line);
  StmtPtr With();
  StmtPtr Try();
  StmtPtr FunctionDef(std::vector<ExprPtr> decorators, const Token& start);
  // At `async` (`start`): async def / for / with.
  StmtPtr Async(std::vector<ExprPtr> decorators, const Token& start);
  StmtPtr ClassDef(std::vector<ExprPtr> decorators, const Token& start);
  // `def name` / `class name` with its decorators; at what follows the name.
  StmtPtr DefHead(ast::StmtKind kind, std::vector<ExprPtr> decorators, const Token& start);
  StmtPtr Decorated();
  StmtPtr Import();
  StmtPtr ImportFrom();
  // After an imported name: an optional `as name` into `a`; false on an error.
  bool AsName(ast::Alias* a);
  bool Parameters(ast::Arguments* args, bool lambda, std::string_view close);
  bool DottedName(std::string* out, ast::Loc* loc);
  ExprPtr Condition();  // if/while tests, with CPython's `=` hints

  // The match statement (parse_match.cc).
  bool StartsMatch() const;  // at a NAME `match` that starts a match statement
  // After an expression statement at `match` failed: reports CPython's
  // "expected ':'" when the line is `match <subject>`; true if it did.
  bool MissingMatchColon();
  StmtPtr Match();
  bool Case(ast::MatchCase* out);
  ast::PatternPtr CasePatterns();  // a case's patterns: an open sequence or one pattern
  ast::PatternPtr MaybeStarPattern();
  ast::PatternPtr AsPattern();
  ast::PatternPtr OrPattern();
  ast::PatternPtr ClosedPattern();
  ast::PatternPtr SequencePattern();
  ast::PatternPtr MappingPattern();
  ast::PatternPtr ClassPattern(ExprPtr cls);
  ExprPtr LiteralExpr();  // a literal pattern's value or a mapping pattern's key
  ExprPtr NameOrAttr();   // a dotted name

  // Expressions (parse_expr.cc, parse_atom.cc, parse_target.cc).
  ExprPtr StarExpressions();
  // A yield expression where the grammar takes one (statements, the right
  // of assignments, parentheses), else StarExpressions().
  ExprPtr YieldOrStarExpressions();
  ExprPtr Yield();
  // `*x` or an expression; `named`: an assignment expression too (the
  // elements of displays, CPython's star_named_expression).
  ExprPtr StarExpression(bool named = true);
  // `name := value` or an expression; `in_call`: a bad target is plain
  // invalid syntax (CPython's call arguments), not "cannot use ...".
  ExprPtr NamedExpression(bool in_call = false);
  ExprPtr Expression();
  ExprPtr Lambda();
  ExprPtr Disjunction();
  ExprPtr Conjunction();
  ExprPtr Inversion();
  ExprPtr Comparison();
  ExprPtr BitOr();
  ExprPtr BitXor();
  ExprPtr BitAnd();
  ExprPtr Shift();
  ExprPtr Sum();
  ExprPtr Term();
  ExprPtr Factor();
  ExprPtr Power();
  ExprPtr AwaitPrimary();  // `await` primary | primary
  ExprPtr Primary();
  ExprPtr Atom();
  ExprPtr Strings();
  ExprPtr Paren();
  ExprPtr ListDisplay();
  ExprPtr BraceDisplay();
  ExprPtr Subscript(ExprPtr value);
  ExprPtr SliceItem();
  ExprPtr Call(ExprPtr func);
  bool Generators(std::vector<ast::Comprehension>* out);
  // At `for` or `async for`.
  bool StartsComprehension() const {
    return IsKw("for") ||
           (IsKw("async") && Peek().kind == TokenKind::kName && Peek().text == "for");
  }
  ExprPtr TargetList(std::string_view stop);  // for-loop targets
  // After an element inside brackets: "Perhaps you forgot a comma?".
  void ElementEnd(const ast::Expr& prev);
  // Marks `e` as an assignment (or del) target; on failure reports
  // CPython's "cannot assign to ..." message. `here_hint` adds
  // "here. Maybe you meant '==' instead of '='?" as a plain `x = v` does.
  bool SetContext(ast::Expr* e, ast::ExprContext ctx, bool here_hint);
  static const ast::Expr* InvalidTarget(const ast::Expr* e, ast::ExprContext ctx);
  static std::string ExprName(const ast::Expr& e);
  ExprPtr BinaryChain(ExprPtr (Parser::*next)(), const std::string_view* ops, const BinaryOp* kinds,
                      int n);

  // f-strings (parse_fstring.cc): appends the parts of one literal.
  bool FString(const Token& t, std::vector<ExprPtr>* parts, int nesting);
  ExprPtr FieldExpression(std::string_view text, int line, int col);

  ExprPtr NewExpr(ast::ExprKind kind, const ast::Loc& loc);
  static StmtPtr NewStmt(ast::StmtKind kind, const ast::Loc& loc);
  static ast::Loc LocOf(const Token& t) { return {t.line, t.col, t.end_line, t.end_col}; }
  static ast::Loc Span(const ast::Loc& a, const ast::Loc& b) {
    return {a.line, a.col, b.end_line, b.end_col};
  }
  // From `a` to the end of the last real (not NEWLINE/INDENT/DEDENT) token.
  ast::Loc SpanTo(const ast::Loc& a) const;

  std::string_view source_;
  std::string filename_;
  std::vector<Token> tokens_;
  size_t pos_ = 0;
  int depth_ = 0;
  std::optional<SyntaxError> error_;
  // First lexer error token, reported in preference to "invalid syntax".
  const Token* lex_error_ = nullptr;
};

// Counts recursion; past the limit it reports "too deeply nested".
class DepthGuard {
 public:
  explicit DepthGuard(Parser* p);
  ~DepthGuard() { --p_->depth_; }
  bool ok() const { return ok_; }

 private:
  Parser* p_;
  bool ok_;
};

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_PARSE_PARSER_H_
