// f-string bodies: literal text, `{expr!c:spec}` fields (specs may nest one
// more level of fields), and `{expr=}`. Field expressions are lexed and
// parsed on their own, with positions in the real source.
#include <utility>

#include "tc/script/lexer.h"

#include "src/lex_strings.h"
#include "src/parse_parser.h"

namespace tc::script {
namespace {

using ast::ExprKind;

// Position of body[i] given the position of body[0].
void PosAt(std::string_view body, size_t i, int line, int col, int* out_line, int* out_col) {
  for (size_t k = 0; k < i && k < body.size(); ++k) {
    if (body[k] == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
  }
  *out_line = line;
  *out_col = col;
}

bool IsRaw(std::string_view literal) {
  for (char c : literal) {
    if (c == '\'' || c == '"') break;
    if (c == 'r' || c == 'R') return true;
  }
  return false;
}

}  // namespace

ast::ExprPtr Parser::FieldExpression(std::string_view text, int line, int col) {
  LexOptions opts;
  opts.first_line = line;
  opts.first_col = col;
  opts.in_brackets = true;
  Parser sub(source_, filename_, Tokenize(text, opts));
  ExprPtr e = sub.ParseFieldExpression();
  if (sub.error()) {
    error_ = sub.error();
    error_->msg = "f-string: " + error_->msg;
    return nullptr;
  }
  return e;
}

bool Parser::FString(const Token& t, std::vector<ExprPtr>* parts, int nesting) {
  // nesting > 0: `t` stands for a format spec whose body is t.str_value.
  std::string_view body = t.str_value;
  bool raw = IsRaw(t.text);
  ast::Loc loc = LocOf(t);
  // Structural errors point past the end of the line, as CPython 3.11's do.
  auto fail = [&](std::string msg) {
    Fail(std::move(msg), t.line, 100000, 0, 0);
    return false;
  };
  std::string lit;
  auto flush = [&]() -> bool {
    if (lit.empty()) return true;
    ExprPtr c = NewExpr(ExprKind::kConstant, loc);
    c->constant = ast::ConstKind::kStr;
    if (raw) {
      c->str = std::move(lit);
    } else {
      std::string err;
      if (!DecodeEscapes(lit, &c->str, &err)) return fail(err);
    }
    lit.clear();
    parts->push_back(std::move(c));
    return true;
  };
  size_t n = body.size();
  size_t i = 0;
  while (i < n) {
    char c = body[i];
    if (c == '}') {
      if (i + 1 < n && body[i + 1] == '}') {
        lit += '}';
        i += 2;
        continue;
      }
      return fail("f-string: single '}' is not allowed");
    }
    if (c != '{') {
      lit += c;
      if (c == '\\' && i + 1 < n && !raw) lit += body[++i];
      ++i;
      continue;
    }
    if (i + 1 < n && body[i + 1] == '{') {
      lit += '{';
      i += 2;
      continue;
    }
    if (nesting >= 2) return fail("f-string: expressions nested too deeply");
    // The expression runs to a top-level `}`, `!`, `:` or `=`.
    size_t j = i + 1;
    int depth = 0;
    char quote = 0;
    bool debug = false;
    for (; j < n; ++j) {
      char ch = body[j];
      if (quote) {
        if (ch == quote) quote = 0;
        continue;
      }
      if (ch == '\'' || ch == '"') {
        quote = ch;
      } else if (ch == '(' || ch == '[' || ch == '{') {
        ++depth;
      } else if (ch == ')' || ch == ']' || ch == '}') {
        if (depth == 0 && ch == '}') break;
        --depth;
      } else if (ch == '\\') {
        return fail("f-string expression part cannot include a backslash");
      } else if (ch == '#') {
        return fail("f-string expression part cannot include '#'");
      } else if (depth == 0) {
        char next = j + 1 < n ? body[j + 1] : '\0';
        char prev = body[j - 1];
        if (ch == '!' && next != '=') break;
        if (ch == ':') break;
        if (ch == '=' && next != '=' && prev != '=' && prev != '!' && prev != '<' && prev != '>') {
          debug = true;
          break;
        }
      }
    }
    if (j >= n) return fail("f-string: expecting '}'");
    std::string_view text = body.substr(i + 1, j - i - 1);
    if (text.find_first_not_of(" \t\n\r\f") == std::string_view::npos) {
      return fail("f-string: empty expression not allowed");
    }
    int line, col;
    PosAt(body, i + 1, t.body_line, t.body_col, &line, &col);
    ExprPtr value = FieldExpression(text, line, col);
    if (!value) return false;
    char conversion = 0;
    if (debug) {
      lit.append(text);
      lit += '=';
      ++j;
    }
    if (!flush()) return false;
    if (j < n && body[j] == '!') {
      ++j;
      if (j >= n) return fail("f-string: expecting '}'");
      conversion = body[j];
      if (conversion != 's' && conversion != 'r' && conversion != 'a') {
        return fail("f-string: invalid conversion character: expected 's', 'r', or 'a'");
      }
      ++j;
    }
    ExprPtr spec;
    if (j < n && body[j] == ':') {
      size_t k = j + 1;
      int d = 0;
      for (; k < n; ++k) {
        if (body[k] == '{') ++d;
        if (body[k] == '}') {
          if (d == 0) break;
          --d;
        }
      }
      if (k >= n) return fail("f-string: expecting '}'");
      Token spec_tok = t;
      spec_tok.str_value = std::string(body.substr(j + 1, k - j - 1));
      PosAt(body, j + 1, t.body_line, t.body_col, &spec_tok.body_line, &spec_tok.body_col);
      std::vector<ExprPtr> spec_parts;
      if (!FString(spec_tok, &spec_parts, nesting + 1)) return false;
      spec = NewExpr(ExprKind::kJoinedStr, loc);
      spec->items = std::move(spec_parts);
      j = k;
    }
    if (j >= n || body[j] != '}') return fail("f-string: expecting '}'");
    if (debug && conversion == 0 && !spec) conversion = 'r';
    ExprPtr fv = NewExpr(ExprKind::kFormattedValue, value->loc);
    fv->a = std::move(value);
    fv->b = std::move(spec);
    fv->conversion = conversion;
    parts->push_back(std::move(fv));
    i = j + 1;
  }
  return flush();
}

}  // namespace tc::script
