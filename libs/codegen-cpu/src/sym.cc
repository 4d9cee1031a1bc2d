// Symbolic integers: canonicalizing factories, bounds, printing.
//
// Canonical form: a sum is a constant plus terms `coefficient * atom`, the
// atoms sorted by their text and merged; a product is a constant
// coefficient (first, omitted when 1) times factors sorted by text; a
// product by a constant distributes over a sum, so affine indices stay flat
// ("1024*i0 + i1 + 5") and equal indices compare equal by text.
#include "tc/codegen_cpu/sym.h"

#include <algorithm>
#include <map>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

#include "tc/support/check.h"

namespace tc::codegen_cpu {

struct Sym::Node {
  Kind kind = Kind::kConst;
  int64_t value = 0;   // kConst
  std::string name;    // kVar
  int64_t extent = 0;  // kVar
  std::vector<Sym> ops;
  std::string text;  // ToString, computed once
  int64_t lower = 0, upper = 0;
};

namespace {

std::string Wrap(const Sym& s, Sym::Kind parent) {
  bool paren = s.kind() == Sym::Kind::kAdd && parent == Sym::Kind::kMul;
  return paren ? absl::StrCat("(", s.ToString(), ")") : s.ToString();
}

// A sum's term split into its constant coefficient and the rest.
std::pair<int64_t, Sym> SplitCoefficient(const Sym& term) {
  if (term.kind() == Sym::Kind::kMul && term.operands()[0].is_const()) {
    auto ops = term.operands();
    Sym rest = ops[1];
    for (size_t i = 2; i < ops.size(); ++i) rest = rest * ops[i];
    return {ops[0].value(), rest};
  }
  return {1, term};
}

}  // namespace

int64_t PythonFloorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}
int64_t PythonMod(int64_t a, int64_t b) {
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}

Sym::Kind Sym::kind() const { return node_->kind; }
int64_t Sym::value() const {
  TC_CHECK(node_->kind == Kind::kConst);
  return node_->value;
}
const std::string& Sym::name() const {
  TC_CHECK(node_->kind == Kind::kVar);
  return node_->name;
}
int64_t Sym::extent() const {
  TC_CHECK(node_->kind == Kind::kVar);
  return node_->extent;
}
std::span<const Sym> Sym::operands() const { return node_->ops; }
int64_t Sym::LowerBound() const { return node_->lower; }
int64_t Sym::UpperBound() const { return node_->upper; }
std::string Sym::ToString() const { return node_->text; }
bool operator==(const Sym& a, const Sym& b) {
  return a.node_ == b.node_ || a.node_->text == b.node_->text;
}

Sym Sym::Const(int64_t v) {
  auto n = std::make_shared<Node>();
  n->kind = Kind::kConst;
  n->value = n->lower = n->upper = v;
  n->text = absl::StrCat(v);
  return Sym(std::move(n));
}

Sym Sym::Var(std::string name, int64_t extent) {
  auto n = std::make_shared<Node>();
  n->kind = Kind::kVar;
  n->text = name;
  n->name = std::move(name);
  n->extent = extent;
  n->lower = 0;
  n->upper = std::max<int64_t>(extent - 1, 0);
  return Sym(std::move(n));
}

// Builds compound nodes (the private constructor is the friend's).
struct SymBuilder {
  static Sym Make(Sym::Kind kind, std::vector<Sym> ops, int64_t lower, int64_t upper,
                  std::string text) {
    auto n = std::make_shared<Sym::Node>();
    n->kind = kind;
    n->ops = std::move(ops);
    n->lower = lower;
    n->upper = upper;
    n->text = std::move(text);
    return Sym(std::move(n));
  }
};

namespace {

Sym MakeCompound(Sym::Kind kind, std::vector<Sym> ops, int64_t lower, int64_t upper,
                 std::string text) {
  return SymBuilder::Make(kind, std::move(ops), lower, upper, std::move(text));
}

Sym BuildSum(int64_t constant, const std::map<std::string, std::pair<int64_t, Sym>>& terms) {
  std::vector<Sym> ops;
  int64_t lower = constant, upper = constant;
  std::vector<std::string> texts;
  for (const auto& [text, term] : terms) {
    const auto& [coefficient, atom] = term;
    if (coefficient == 0) continue;
    Sym t = coefficient == 1 ? atom : Sym::Const(coefficient) * atom;
    lower += t.LowerBound();
    upper += t.UpperBound();
    texts.push_back(Wrap(t, Sym::Kind::kAdd));
    ops.push_back(std::move(t));
  }
  if (ops.empty()) return Sym::Const(constant);
  if (constant != 0) {
    ops.push_back(Sym::Const(constant));
    texts.push_back(absl::StrCat(constant));
  }
  if (ops.size() == 1) return ops[0];
  return MakeCompound(Sym::Kind::kAdd, std::move(ops), lower, upper, absl::StrJoin(texts, " + "));
}

void AddTerms(const Sym& s, int64_t scale, int64_t* constant,
              std::map<std::string, std::pair<int64_t, Sym>>* terms) {
  if (s.is_const()) {
    *constant += scale * s.value();
    return;
  }
  if (s.kind() == Sym::Kind::kAdd) {
    for (const Sym& op : s.operands()) AddTerms(op, scale, constant, terms);
    return;
  }
  auto [coefficient, atom] = SplitCoefficient(s);
  auto [it, inserted] = terms->try_emplace(atom.ToString(), 0, atom);
  it->second.first += scale * coefficient;
}

}  // namespace

Sym operator+(const Sym& a, const Sym& b) {
  if (a.is_const() && b.is_const()) return Sym::Const(a.value() + b.value());
  if (b.is_const() && b.value() == 0) return a;
  if (a.is_const() && a.value() == 0) return b;
  int64_t constant = 0;
  std::map<std::string, std::pair<int64_t, Sym>> terms;
  AddTerms(a, 1, &constant, &terms);
  AddTerms(b, 1, &constant, &terms);
  return BuildSum(constant, terms);
}

Sym operator-(const Sym& a, const Sym& b) { return a + Sym::Const(-1) * b; }

Sym operator*(const Sym& a, const Sym& b) {
  if (a.is_const() && b.is_const()) return Sym::Const(a.value() * b.value());
  if (b.is_const()) return b * a;
  if (a.is_const()) {
    int64_t c = a.value();
    if (c == 0) return Sym::Const(0);
    if (c == 1) return b;
    if (b.kind() == Sym::Kind::kAdd) {  // distribute: keeps affine sums flat
      Sym sum = Sym::Const(0);
      for (const Sym& t : b.operands()) sum = sum + a * t;
      return sum;
    }
  }
  // A product of factors: the constant coefficient first, the rest sorted.
  int64_t coefficient = 1;
  std::vector<Sym> factors;
  for (const Sym& s : {a, b}) {
    if (s.is_const()) {
      coefficient *= s.value();
    } else if (s.kind() == Sym::Kind::kMul) {
      for (const Sym& f : s.operands()) {
        if (f.is_const()) {
          coefficient *= f.value();
        } else {
          factors.push_back(f);
        }
      }
    } else {
      factors.push_back(s);
    }
  }
  if (coefficient == 0) return Sym::Const(0);
  std::sort(factors.begin(), factors.end(),
            [](const Sym& x, const Sym& y) { return x.ToString() < y.ToString(); });
  if (coefficient == 1 && factors.size() == 1) return factors[0];
  std::vector<Sym> ops;
  if (coefficient != 1) ops.push_back(Sym::Const(coefficient));
  ops.insert(ops.end(), factors.begin(), factors.end());
  // Bounds: fold the corner products factor by factor.
  int64_t lower = ops[0].LowerBound(), upper = ops[0].UpperBound();
  std::vector<std::string> texts = {Wrap(ops[0], Sym::Kind::kMul)};
  for (size_t i = 1; i < ops.size(); ++i) {
    int64_t l = ops[i].LowerBound(), u = ops[i].UpperBound();
    int64_t c[4] = {lower * l, lower * u, upper * l, upper * u};
    lower = *std::min_element(c, c + 4);
    upper = *std::max_element(c, c + 4);
    texts.push_back(Wrap(ops[i], Sym::Kind::kMul));
  }
  return MakeCompound(Sym::Kind::kMul, std::move(ops), lower, upper, absl::StrJoin(texts, "*"));
}

namespace {

// Splits `a` into d*quotient + rest, moving every sum term whose
// coefficient is a multiple of d (and the constant's multiple) into the
// quotient: floor((d*q + r)/d) = q + floor(r/d), (d*q + r) mod d = r mod d.
void SplitMultiples(const Sym& a, int64_t d, Sym* quotient, Sym* rest) {
  *quotient = Sym::Const(0);
  *rest = Sym::Const(0);
  std::vector<Sym> terms;
  if (a.kind() == Sym::Kind::kAdd) {
    terms.assign(a.operands().begin(), a.operands().end());
  } else {
    terms.push_back(a);
  }
  for (const Sym& t : terms) {
    if (t.is_const()) {
      int64_t q = PythonFloorDiv(t.value(), d);
      *quotient = *quotient + Sym::Const(q);
      *rest = *rest + Sym::Const(t.value() - q * d);
      continue;
    }
    auto [coefficient, atom] = SplitCoefficient(t);
    if (coefficient % d == 0) {
      *quotient = *quotient + Sym::Const(coefficient / d) * atom;
    } else {
      *rest = *rest + t;
    }
  }
}

Sym BinaryNode(Sym::Kind kind, const Sym& a, const Sym& b, int64_t lower, int64_t upper,
               std::string_view fn) {
  return MakeCompound(kind, {a, b}, lower, upper,
                      absl::StrCat(std::string(fn), "(", a.ToString(), ", ", b.ToString(), ")"));
}

}  // namespace

Sym FloorDiv(const Sym& a, const Sym& b) {
  if (a.is_const() && b.is_const()) return Sym::Const(PythonFloorDiv(a.value(), b.value()));
  if (b.is_const() && b.value() > 0) {
    int64_t d = b.value();
    if (d == 1) return a;
    if (a.LowerBound() >= 0 && a.UpperBound() < d) return Sym::Const(0);
    if (a.kind() == Sym::Kind::kFloorDiv && a.operands()[1].is_const() &&
        a.operands()[1].value() > 0) {
      return FloorDiv(a.operands()[0], Sym::Const(a.operands()[1].value() * d));
    }
    Sym quotient, rest;
    SplitMultiples(a, d, &quotient, &rest);
    if (!(quotient.is_const() && quotient.value() == 0)) return quotient + FloorDiv(rest, b);
    return BinaryNode(Sym::Kind::kFloorDiv, a, b, PythonFloorDiv(a.LowerBound(), d),
                      PythonFloorDiv(a.UpperBound(), d), "floordiv");
  }
  return BinaryNode(Sym::Kind::kFloorDiv, a, b, std::min(a.LowerBound(), -a.UpperBound()),
                    std::max(a.UpperBound(), -a.LowerBound()), "floordiv");
}

Sym Mod(const Sym& a, const Sym& b) {
  if (a.is_const() && b.is_const()) return Sym::Const(PythonMod(a.value(), b.value()));
  if (b.is_const() && b.value() > 0) {
    int64_t d = b.value();
    if (d == 1) return Sym::Const(0);
    Sym quotient, rest;
    SplitMultiples(a, d, &quotient, &rest);
    if (rest.LowerBound() >= 0 && rest.UpperBound() < d) return rest;
    if (rest.is_const()) return Sym::Const(PythonMod(rest.value(), d));
    return BinaryNode(Sym::Kind::kMod, rest, b, 0, d - 1, "mod");
  }
  int64_t m = std::max(std::abs(b.LowerBound()), std::abs(b.UpperBound()));
  return BinaryNode(Sym::Kind::kMod, a, b, -m, m, "mod");
}

Sym Min(const Sym& a, const Sym& b) {
  if (a.UpperBound() <= b.LowerBound()) return a;
  if (b.UpperBound() <= a.LowerBound()) return b;
  return BinaryNode(Sym::Kind::kMin, a, b, std::min(a.LowerBound(), b.LowerBound()),
                    std::min(a.UpperBound(), b.UpperBound()), "min");
}

Sym Max(const Sym& a, const Sym& b) {
  if (a.LowerBound() >= b.UpperBound()) return a;
  if (b.LowerBound() >= a.UpperBound()) return b;
  return BinaryNode(Sym::Kind::kMax, a, b, std::max(a.LowerBound(), b.LowerBound()),
                    std::max(a.UpperBound(), b.UpperBound()), "max");
}

bool Sym::Mentions(const std::string& var) const {
  if (kind() == Kind::kVar) return name() == var;
  for (const Sym& op : operands()) {
    if (op.Mentions(var)) return true;
  }
  return false;
}

std::optional<int64_t> Sym::CoefficientOf(const std::string& var) const {
  if (!Mentions(var)) return 0;
  switch (kind()) {
    case Kind::kVar:
      return 1;
    case Kind::kAdd: {
      int64_t sum = 0;
      for (const Sym& op : operands()) {
        std::optional<int64_t> c = op.CoefficientOf(var);
        if (!c) return std::nullopt;
        sum += *c;
      }
      return sum;
    }
    case Kind::kMul: {
      int64_t product = 1;
      bool found = false;
      for (const Sym& op : operands()) {
        if (op.is_const()) {
          product *= op.value();
        } else if (op.Mentions(var) && !found) {
          std::optional<int64_t> c = op.CoefficientOf(var);
          if (!c) return std::nullopt;
          product *= *c;
          found = true;
        } else {
          return std::nullopt;  // var times another non-constant factor
        }
      }
      return product;
    }
    default:
      return std::nullopt;
  }
}

Sym Sym::Substitute(const absl::flat_hash_map<std::string, Sym>& values) const {
  switch (kind()) {
    case Kind::kConst:
      return *this;
    case Kind::kVar: {
      auto it = values.find(name());
      return it == values.end() ? *this : it->second;
    }
    case Kind::kAdd: {
      Sym sum = Const(0);
      for (const Sym& op : operands()) sum = sum + op.Substitute(values);
      return sum;
    }
    case Kind::kMul: {
      Sym product = Const(1);
      for (const Sym& op : operands()) product = product * op.Substitute(values);
      return product;
    }
    default:
      break;
  }
  Sym a = operands()[0].Substitute(values), b = operands()[1].Substitute(values);
  switch (kind()) {
    case Kind::kFloorDiv:
      return FloorDiv(a, b);
    case Kind::kMod:
      return Mod(a, b);
    case Kind::kMin:
      return Min(a, b);
    default:
      return Max(a, b);
  }
}

std::string Sym::ToCpp() const {
  switch (kind()) {
    case Kind::kConst:
      return value() < 0 ? absl::StrCat("(", value(), "LL)") : absl::StrCat(value(), "LL");
    case Kind::kVar:
      return name();
    case Kind::kAdd:
    case Kind::kMul: {
      std::vector<std::string> parts;
      for (const Sym& op : operands()) parts.push_back(op.ToCpp());
      return absl::StrCat("(", absl::StrJoin(parts, kind() == Kind::kAdd ? " + " : " * "), ")");
    }
    default:
      break;
  }
  const Sym& a = operands()[0];
  const Sym& b = operands()[1];
  bool plain = a.LowerBound() >= 0 && b.LowerBound() > 0;  // C++'s / and % agree with Python's
  switch (kind()) {
    case Kind::kFloorDiv:
      return plain ? absl::StrCat("(", a.ToCpp(), " / ", b.ToCpp(), ")")
                   : absl::StrCat("tc_floordiv(", a.ToCpp(), ", ", b.ToCpp(), ")");
    case Kind::kMod:
      return plain ? absl::StrCat("(", a.ToCpp(), " % ", b.ToCpp(), ")")
                   : absl::StrCat("tc_mod(", a.ToCpp(), ", ", b.ToCpp(), ")");
    case Kind::kMin:
      return absl::StrCat("tc_min(", a.ToCpp(), ", ", b.ToCpp(), ")");
    default:
      return absl::StrCat("tc_max(", a.ToCpp(), ", ", b.ToCpp(), ")");
  }
}

Sym Linear(std::span<const Sym> index, std::span<const Sym> strides, const Sym& offset) {
  TC_CHECK(index.size() == strides.size());
  Sym flat = offset;
  for (size_t d = 0; d < index.size(); ++d) flat = flat + index[d] * strides[d];
  return flat;
}

std::vector<Sym> ConstSyms(std::span<const int64_t> values) {
  std::vector<Sym> out;
  out.reserve(values.size());
  for (int64_t v : values) out.push_back(Sym::Const(v));
  return out;
}

}  // namespace tc::codegen_cpu
