// ParseGraph: the text format's reader (a lexer and a recursive-descent
// parser without recursion: lists do not nest, so depth is bounded).
#include <charconv>
#include <cmath>
#include <limits>
#include <optional>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_format.h"

#include "tc/graph_ir/text_format.h"
#include "tc/support/status.h"

namespace tc::graph_ir {
namespace {

enum class Tok : uint8_t { kEnd, kIdent, kValue, kInt, kFloat, kString, kPunct };

struct Token {
  Tok kind = Tok::kEnd;
  std::string_view text;  // for kValue: the name without '%'
  int line = 1;
  int col = 1;
  int64_t i = 0;
  double d = 0;
  std::string str;  // unescaped kString
  char punct = 0;
};

// ASCII only, without the locale lookups of <cctype>.
bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsIdentStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool IsIdentChar(char c) { return IsIdentStart(c) || IsDigit(c); }

class Lexer {
 public:
  explicit Lexer(std::string_view text) : text_(text) {}

  absl::Status Next(Token& t) {
    SkipSpace();
    t.kind = Tok::kEnd;
    t.str.clear();
    t.line = line_;
    t.col = static_cast<int>(pos_ - line_start_) + 1;
    if (pos_ >= text_.size()) return absl::OkStatus();
    char c = text_[pos_];
    size_t start = pos_;
    if (IsIdentStart(c)) {
      while (pos_ < text_.size() && IsIdentChar(text_[pos_])) ++pos_;
      t.kind = Tok::kIdent;
      t.text = text_.substr(start, pos_ - start);
      return absl::OkStatus();
    }
    if (c == '%') {
      ++pos_;
      while (pos_ < text_.size() && IsIdentChar(text_[pos_])) ++pos_;
      if (pos_ == start + 1) return Error(t, "expected a value name after '%'");
      t.kind = Tok::kValue;
      t.text = text_.substr(start + 1, pos_ - start - 1);
      return absl::OkStatus();
    }
    if (IsDigit(c) || c == '-') return Number(t);
    if (c == '\'') return String(t);
    if (c == '(' || c == ')' || c == '[' || c == ']' || c == '{' || c == '}' || c == ',' ||
        c == ':' || c == '=' || c == '@') {
      ++pos_;
      t.kind = Tok::kPunct;
      t.punct = c;
      t.text = text_.substr(start, 1);
      return absl::OkStatus();
    }
    if (std::isprint(static_cast<unsigned char>(c))) {
      return Error(t, absl::StrFormat("unexpected character '%c'", c));
    }
    return Error(t, absl::StrFormat("unexpected byte 0x%02x", static_cast<unsigned char>(c)));
  }

  static absl::Status Error(const Token& t, std::string_view msg) {
    return absl::InvalidArgumentError(absl::StrFormat("%d:%d: %s", t.line, t.col, msg));
  }

 private:
  void SkipSpace() {
    while (pos_ < text_.size()) {
      char c = text_[pos_];
      if (c == '\n') {
        ++pos_;
        ++line_;
        line_start_ = pos_;
      } else if (c == ' ' || c == '\t' || c == '\r') {
        ++pos_;
      } else if (c == '#') {
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
      } else {
        break;
      }
    }
  }

  absl::Status Number(Token& t) {
    size_t start = pos_;
    bool neg = text_[pos_] == '-';
    if (neg) ++pos_;
    if (text_.substr(pos_, 3) == "inf" &&
        (pos_ + 3 >= text_.size() || !IsIdentChar(text_[pos_ + 3]))) {
      pos_ += 3;
      t.kind = Tok::kFloat;
      t.d =
          neg ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
      t.text = text_.substr(start, pos_ - start);
      return absl::OkStatus();
    }
    if (pos_ >= text_.size() || !IsDigit(text_[pos_])) {
      return Error(t, "expected a number after '-'");
    }
    bool is_float = false;
    while (pos_ < text_.size() && IsDigit(text_[pos_])) ++pos_;
    if (pos_ < text_.size() && text_[pos_] == '.') {
      is_float = true;
      ++pos_;
      while (pos_ < text_.size() && IsDigit(text_[pos_])) ++pos_;
    }
    if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
      is_float = true;
      ++pos_;
      if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
      size_t digits = pos_;
      while (pos_ < text_.size() && IsDigit(text_[pos_])) ++pos_;
      if (pos_ == digits) return Error(t, "malformed number: expected exponent digits");
    }
    if (pos_ < text_.size() && IsIdentChar(text_[pos_])) {
      return Error(t,
                   absl::StrFormat("malformed number '%s'", text_.substr(start, pos_ + 1 - start)));
    }
    t.text = text_.substr(start, pos_ - start);
    // from_chars takes no leading '+'; a leading '-' is fine.
    const char* b = t.text.data();
    const char* e = b + t.text.size();
    if (is_float) {
      t.kind = Tok::kFloat;
      auto [p, ec] = std::from_chars(b, e, t.d);
      if (ec == std::errc::result_out_of_range) {
        // Overflow reads as +-inf, underflow as 0, like Python's float().
        t.d = std::strtod(std::string(t.text).c_str(), nullptr);
      } else if (ec != std::errc() || p != e) {
        return Error(t, absl::StrFormat("malformed number '%s'", t.text));
      }
    } else {
      t.kind = Tok::kInt;
      auto [p, ec] = std::from_chars(b, e, t.i);
      if (ec != std::errc() || p != e) {
        return Error(t, absl::StrFormat("integer '%s' is out of range", t.text));
      }
    }
    return absl::OkStatus();
  }

  absl::Status String(Token& t) {
    ++pos_;
    t.kind = Tok::kString;
    while (true) {
      if (pos_ >= text_.size() || text_[pos_] == '\n') return Error(t, "unterminated string");
      char c = text_[pos_++];
      if (c == '\'') break;
      if (c == '\\') {
        if (pos_ >= text_.size()) return Error(t, "unterminated string");
        char e = text_[pos_++];
        switch (e) {
          case 'n':
            t.str += '\n';
            break;
          case 't':
            t.str += '\t';
            break;
          case '\\':
          case '\'':
            t.str += e;
            break;
          default:
            return Error(t, absl::StrFormat("unknown escape '\\%c' in string", e));
        }
      } else {
        t.str += c;
      }
    }
    return absl::OkStatus();
  }

  std::string_view text_;
  size_t pos_ = 0;
  int line_ = 1;
  size_t line_start_ = 0;
};

// One parsed argument before it is bound to the schema.
struct ParsedArg {
  enum Kind { kValue, kValueList, kEmptyList, kConstant } kind = kConstant;
  Value* value = nullptr;
  std::vector<Value*> values;
  Constant constant;
  Token at;
};

class Parser {
 public:
  explicit Parser(std::string_view text) : lex_(text) {}

  absl::StatusOr<Graph> Parse() {
    TC_RETURN_IF_ERROR(Advance());
    TC_RETURN_IF_ERROR(ExpectKeyword("graph"));
    TC_RETURN_IF_ERROR(Expect('('));
    if (!IsPunct(')')) {
      while (true) {
        TC_RETURN_IF_ERROR(ParseParam());
        if (!IsPunct(',')) break;
        TC_RETURN_IF_ERROR(Advance());
      }
    }
    TC_RETURN_IF_ERROR(Expect(')'));
    TC_RETURN_IF_ERROR(Expect('{'));
    while (!(tok_.kind == Tok::kIdent && tok_.text == "return")) {
      TC_RETURN_IF_ERROR(ParseNode());
    }
    TC_RETURN_IF_ERROR(Advance());
    TC_RETURN_IF_ERROR(Expect('('));
    std::vector<Value*> outputs;
    if (!IsPunct(')')) {
      while (true) {
        TC_ASSIGN_OR_RETURN(Value * v, ParseUse());
        outputs.push_back(v);
        if (!IsPunct(',')) break;
        TC_RETURN_IF_ERROR(Advance());
      }
    }
    TC_RETURN_IF_ERROR(Expect(')'));
    TC_RETURN_IF_ERROR(Expect('}'));
    if (tok_.kind != Tok::kEnd) return Error("expected end of input after '}'");
    graph_.SetOutputs(std::move(outputs));
    return std::move(graph_);
  }

 private:
  absl::Status Advance() { return lex_.Next(tok_); }
  bool IsPunct(char c) const { return tok_.kind == Tok::kPunct && tok_.punct == c; }
  absl::Status Error(std::string_view msg) const { return Lexer::Error(tok_, msg); }
  absl::Status ErrorAt(const Token& t, std::string_view msg) const { return Lexer::Error(t, msg); }

  absl::Status Expect(char c) {
    if (!IsPunct(c)) return Error(absl::StrFormat("expected '%c'", c));
    return Advance();
  }

  absl::Status ExpectKeyword(std::string_view word) {
    if (tok_.kind != Tok::kIdent || tok_.text != word) {
      return Error(absl::StrFormat("expected '%s'", word));
    }
    return Advance();
  }

  absl::StatusOr<int64_t> ParseInt() {
    if (tok_.kind != Tok::kInt) return Error("expected an integer");
    int64_t v = tok_.i;
    TC_RETURN_IF_ERROR(Advance());
    return v;
  }

  // `[1, 2]` or `{1, 2}` of integers.
  absl::StatusOr<Shape> ParseIntList(char open, char close) {
    TC_RETURN_IF_ERROR(Expect(open));
    Shape out;
    if (!IsPunct(close)) {
      while (true) {
        TC_ASSIGN_OR_RETURN(int64_t v, ParseInt());
        out.push_back(v);
        if (!IsPunct(',')) break;
        TC_RETURN_IF_ERROR(Advance());
      }
    }
    TC_RETURN_IF_ERROR(Expect(close));
    return out;
  }

  // dtype[sizes]{strides}@device
  absl::StatusOr<TensorMeta> ParseType() {
    if (tok_.kind != Tok::kIdent) return Error("expected a dtype");
    absl::StatusOr<DType> dtype = tensor::ParseDType(tok_.text);
    if (!dtype.ok()) return Error(absl::StrFormat("unknown dtype '%s'", tok_.text));
    TC_RETURN_IF_ERROR(Advance());
    Token sizes_at = tok_;
    TC_ASSIGN_OR_RETURN(Shape sizes, ParseIntList('[', ']'));
    int64_t numel = 1;
    for (int64_t s : sizes) {
      if (s < 0) return ErrorAt(sizes_at, absl::StrFormat("negative size %d", s));
      if (__builtin_mul_overflow(numel, s, &numel)) return ErrorAt(sizes_at, "tensor is too large");
    }
    TensorMeta meta = TensorMeta::Contiguous(*dtype, sizes);
    if (IsPunct('{')) {
      Token strides_at = tok_;
      TC_ASSIGN_OR_RETURN(meta.strides, ParseIntList('{', '}'));
      if (meta.strides.size() != sizes.size()) {
        return ErrorAt(strides_at, absl::StrFormat("expected %d strides, got %d", sizes.size(),
                                                   meta.strides.size()));
      }
    }
    if (IsPunct('@')) {
      TC_RETURN_IF_ERROR(Advance());
      if (tok_.kind != Tok::kIdent) return Error("expected a device");
      Token at = tok_;
      std::string device(tok_.text);
      TC_RETURN_IF_ERROR(Advance());
      if (IsPunct(':')) {
        TC_RETURN_IF_ERROR(Advance());
        TC_ASSIGN_OR_RETURN(int64_t index, ParseInt());
        absl::StrAppend(&device, ":", index);
      }
      absl::StatusOr<tensor::Device> d = tensor::ParseDevice(device);
      if (!d.ok()) return ErrorAt(at, absl::StrFormat("unknown device '%s'", device));
      meta.device = *d;
    }
    return meta;
  }

  absl::Status ParseParam() {
    if (tok_.kind != Tok::kValue) return Error("expected a placeholder like '%x'");
    Token name = tok_;
    if (!IsIdentStart(name.text[0])) {
      return Error(absl::StrFormat("placeholder name '%%%s' must be an identifier", name.text));
    }
    if (names_.contains(name.text)) {
      return Error(absl::StrFormat("redefinition of value '%%%s'", name.text));
    }
    TC_RETURN_IF_ERROR(Advance());
    TC_RETURN_IF_ERROR(Expect(':'));
    TC_ASSIGN_OR_RETURN(TensorMeta meta, ParseType());
    absl::StatusOr<Value*> v = graph_.AddInput(name.text, std::move(meta));
    if (!v.ok()) return ErrorAt(name, std::string(v.status().message()));
    names_.emplace(name.text, *v);
    return absl::OkStatus();
  }

  absl::StatusOr<Value*> ParseUse() {
    if (tok_.kind != Tok::kValue) return Error("expected a value like '%x'");
    auto it = names_.find(tok_.text);
    if (it == names_.end())
      return Error(absl::StrFormat("use of undefined value '%%%s'", tok_.text));
    Value* v = it->second;
    TC_RETURN_IF_ERROR(Advance());
    return v;
  }

  absl::StatusOr<Constant> ParseConstant() {
    Constant c;
    switch (tok_.kind) {
      case Tok::kInt:
        c = Scalar(tok_.i);
        break;
      case Tok::kFloat:
        c = Scalar(tok_.d);
        break;
      case Tok::kString:
        c = tok_.str;
        break;
      case Tok::kIdent:
        if (tok_.text == "None") {
          c = None{};
        } else if (tok_.text == "True" || tok_.text == "False") {
          c = Scalar(tok_.text == "True");
        } else if (tok_.text == "inf") {
          c = Scalar(std::numeric_limits<double>::infinity());
        } else if (tok_.text == "nan") {
          c = Scalar(std::numeric_limits<double>::quiet_NaN());
        } else if (absl::StatusOr<DType> d = tensor::ParseDType(tok_.text); d.ok()) {
          c = *d;
        } else {
          return Error(absl::StrFormat("unexpected identifier '%s'", tok_.text));
        }
        break;
      default:
        return Error("expected an argument");
    }
    TC_RETURN_IF_ERROR(Advance());
    return c;
  }

  absl::StatusOr<ParsedArg> ParseArgValue() {
    ParsedArg arg;
    arg.at = tok_;
    if (tok_.kind == Tok::kValue) {
      arg.kind = ParsedArg::kValue;
      TC_ASSIGN_OR_RETURN(arg.value, ParseUse());
      return arg;
    }
    if (!IsPunct('[')) {
      arg.kind = ParsedArg::kConstant;
      TC_ASSIGN_OR_RETURN(arg.constant, ParseConstant());
      return arg;
    }
    TC_RETURN_IF_ERROR(Advance());
    if (IsPunct(']')) {
      arg.kind = ParsedArg::kEmptyList;
      TC_RETURN_IF_ERROR(Advance());
      return arg;
    }
    if (tok_.kind == Tok::kValue) {
      arg.kind = ParsedArg::kValueList;
      while (true) {
        TC_ASSIGN_OR_RETURN(Value * v, ParseUse());
        arg.values.push_back(v);
        if (!IsPunct(',')) break;
        TC_RETURN_IF_ERROR(Advance());
      }
    } else {
      arg.kind = ParsedArg::kConstant;
      Shape list;
      while (true) {
        TC_ASSIGN_OR_RETURN(int64_t v, ParseInt());
        list.push_back(v);
        if (!IsPunct(',')) break;
        TC_RETURN_IF_ERROR(Advance());
      }
      arg.constant = std::move(list);
    }
    TC_RETURN_IF_ERROR(Expect(']'));
    return arg;
  }

  struct Declared {
    Token name;
    Token type_at;
    TensorMeta meta;
  };

  absl::Status ParseNode() {
    std::vector<Declared> outs;
    while (true) {
      if (tok_.kind != Tok::kValue)
        return Error("expected a value definition like '%0: ...' or 'return'");
      Declared d;
      d.name = tok_;
      TC_RETURN_IF_ERROR(Advance());
      TC_RETURN_IF_ERROR(Expect(':'));
      d.type_at = tok_;
      TC_ASSIGN_OR_RETURN(d.meta, ParseType());
      outs.push_back(std::move(d));
      if (!IsPunct(',')) break;
      TC_RETURN_IF_ERROR(Advance());
    }
    TC_RETURN_IF_ERROR(Expect('='));
    if (tok_.kind != Tok::kIdent) return Error("expected an op name");
    Token op_tok = tok_;
    const OpDef* op = FindOp(tok_.text);
    if (op == nullptr) return Error(absl::StrFormat("unknown op '%s'", tok_.text));
    TC_RETURN_IF_ERROR(Advance());
    TC_RETURN_IF_ERROR(Expect('('));
    std::vector<std::optional<ParsedArg>> bound(op->args.size());
    bool seen_keyword = false;
    size_t positional = 0;
    if (!IsPunct(')')) {
      while (true) {
        Token at = tok_;
        std::optional<size_t> slot;
        if (tok_.kind == Tok::kIdent) {
          // A keyword argument, unless this identifier is a constant.
          Token ident = tok_;
          Token saved = tok_;
          Lexer saved_lex = lex_;
          TC_RETURN_IF_ERROR(Advance());
          if (IsPunct('=')) {
            TC_RETURN_IF_ERROR(Advance());
            for (size_t i = 0; i < op->args.size(); ++i) {
              if (op->args[i].name == ident.text) slot = i;
            }
            if (!slot) {
              return ErrorAt(
                  ident, absl::StrFormat("%s() has no argument named '%s'", op->name, ident.text));
            }
            if (bound[*slot]) {
              return ErrorAt(
                  ident, absl::StrFormat("%s(): argument '%s' given twice", op->name, ident.text));
            }
            seen_keyword = true;
          } else {
            tok_ = saved;
            lex_ = saved_lex;
          }
        }
        if (!slot) {
          if (seen_keyword) return ErrorAt(at, "positional argument follows keyword argument");
          if (positional >= op->args.size()) {
            return ErrorAt(at, absl::StrFormat("%s() takes %d arguments but more were given",
                                               op->name, op->args.size()));
          }
          slot = positional++;
        }
        TC_ASSIGN_OR_RETURN(ParsedArg arg, ParseArgValue());
        bound[*slot] = std::move(arg);
        if (!IsPunct(',')) break;
        TC_RETURN_IF_ERROR(Advance());
      }
    }
    Token close = tok_;
    TC_RETURN_IF_ERROR(Expect(')'));
    std::vector<Arg> args;
    args.reserve(op->args.size());
    for (size_t i = 0; i < op->args.size(); ++i) {
      const ArgSpec& spec = op->args[i];
      if (!bound[i]) {
        if (!spec.default_value) {
          return ErrorAt(
              close, absl::StrFormat("%s() missing required argument '%s'", op->name, spec.name));
        }
        args.emplace_back(*spec.default_value);
        continue;
      }
      ParsedArg& a = *bound[i];
      switch (a.kind) {
        case ParsedArg::kValue:
          args.emplace_back(a.value);
          break;
        case ParsedArg::kValueList:
          args.emplace_back(std::move(a.values));
          break;
        case ParsedArg::kEmptyList:
          if (spec.type == ArgType::kTensorList) {
            args.emplace_back(std::vector<Value*>{});
          } else {
            args.emplace_back(Constant(Shape{}));
          }
          break;
        case ParsedArg::kConstant:
          args.emplace_back(std::move(a.constant));
          break;
      }
    }
    if (outs.size() != static_cast<size_t>(op->num_outputs)) {
      return ErrorAt(outs[0].name, absl::StrFormat("%s() returns %d value(s) but %d were declared",
                                                   op->name, op->num_outputs, outs.size()));
    }
    absl::StatusOr<Node*> node = graph_.AddNode(op->name, std::move(args));
    if (!node.ok()) return ErrorAt(op_tok, std::string(node.status().message()));
    for (size_t i = 0; i < outs.size(); ++i) {
      Value* v = (*node)->output(static_cast<int>(i));
      if (!(v->meta() == outs[i].meta)) {
        return ErrorAt(
            outs[i].type_at,
            absl::StrFormat("type mismatch for '%%%s': declared %s but inferred %s",
                            outs[i].name.text, outs[i].meta.ToString(), v->meta().ToString()));
      }
      if (!names_.emplace(outs[i].name.text, v).second) {
        return ErrorAt(outs[i].name,
                       absl::StrFormat("redefinition of value '%%%s'", outs[i].name.text));
      }
    }
    return absl::OkStatus();
  }

  Lexer lex_;
  Token tok_;
  Graph graph_;
  absl::flat_hash_map<std::string_view, Value*> names_;
};

}  // namespace

absl::StatusOr<Graph> ParseGraph(std::string_view text) { return Parser(text).Parse(); }

}  // namespace tc::graph_ir
