// Parser: AST dumps with locations, targets, f-strings, limits, and the
// "not supported by tc" errors.
#include <string>

#include "gtest/gtest.h"

#include "tc/script/parser.h"
#include "tc/script/syntax_error.h"

namespace tc::script {
namespace {

std::string DumpOf(std::string_view src) {
  absl::StatusOr<ast::Module> m = Parse(src, "t.py");
  if (!m.ok()) return std::string(m.status().message());
  return ast::Dump(*m);
}

SyntaxError ErrorOf(std::string_view src) {
  absl::StatusOr<ast::Module> m = Parse(src, "t.py");
  EXPECT_FALSE(m.ok()) << src;
  if (m.ok()) return {};
  std::optional<SyntaxError> e = SyntaxError::FromStatus(m.status());
  EXPECT_TRUE(e.has_value());
  return e.value_or(SyntaxError{});
}

TEST(FrontParser, BytesLiteralsConcatenate) {
  EXPECT_EQ(DumpOf("x = b'a\\x00' rb'\\n'\n"),
            "Module\n"
            "  Assign @1:1-1:20\n"
            "    Name x store @1:1-1:2\n"
            "    Constant b'a\\x00\\\\n' @1:5-1:20\n");
  EXPECT_EQ(ErrorOf("x = b'a' 'b'\n").msg, "cannot mix bytes and nonbytes literals");
}

TEST(FrontParser, AssignmentAndOperators) {
  EXPECT_EQ(DumpOf("x = a + b * -c ** 2\n"),
            "Module\n"
            "  Assign @1:1-1:20\n"
            "    Name x store @1:1-1:2\n"
            "    BinOp + @1:5-1:20\n"
            "      Name a @1:5-1:6\n"
            "      BinOp * @1:9-1:20\n"
            "        Name b @1:9-1:10\n"
            "        UnaryOp - @1:13-1:20\n"
            "          BinOp ** @1:14-1:20\n"
            "            Name c @1:14-1:15\n"
            "            Constant 2 @1:19-1:20\n");
}

TEST(FrontParser, ChainedComparisonAndBoolOps) {
  EXPECT_EQ(DumpOf("a < b <= c and not d or e is not f\n"),
            "Module\n"
            "  Expr @1:1-1:35\n"
            "    BoolOp or @1:1-1:35\n"
            "      BoolOp and @1:1-1:21\n"
            "        Compare < <= @1:1-1:11\n"
            "          Name a @1:1-1:2\n"
            "          Name b @1:5-1:6\n"
            "          Name c @1:10-1:11\n"
            "        UnaryOp not @1:16-1:21\n"
            "          Name d @1:20-1:21\n"
            "      Compare is not @1:25-1:35\n"
            "        Name e @1:25-1:26\n"
            "        Name f @1:34-1:35\n");
}

TEST(FrontParser, SlicesWithStepsNoneAndEllipsis) {
  EXPECT_EQ(DumpOf("x[1:, ::2, None, ...]\n"),
            "Module\n"
            "  Expr @1:1-1:22\n"
            "    Subscript @1:1-1:22\n"
            "      Name x @1:1-1:2\n"
            "      Tuple @1:3-1:21\n"
            "        Slice @1:3-1:5\n"
            "          Constant 1 @1:3-1:4\n"
            "          <null>\n"
            "          <null>\n"
            "        Slice @1:7-1:10\n"
            "          <null>\n"
            "          <null>\n"
            "          Constant 2 @1:9-1:10\n"
            "        Constant None @1:12-1:16\n"
            "        Constant Ellipsis @1:18-1:21\n");
}

TEST(FrontParser, FunctionWithEveryKindOfParameter) {
  EXPECT_EQ(DumpOf("@deco\ndef f(a, b=1, *args, c, d=2, **kw) -> int:\n    return a\n"),
            "Module\n"
            "  FunctionDef f @2:1-3:13\n"
            "    decorators:\n"
            "      Name deco @1:2-1:6\n"
            "    args a b= *args c d= **kw\n"
            "      Constant 1 @2:12-2:13\n"
            "      Constant 2 @2:27-2:28\n"
            "    body:\n"
            "      Return @3:5-3:13\n"
            "        Name a @3:12-3:13\n");
}

TEST(FrontParser, ClassWithOneBase) {
  EXPECT_EQ(DumpOf("class C(B):\n    x: int = 1\n    def m(self): pass\n"),
            "Module\n"
            "  ClassDef C @1:1-3:22\n"
            "    Name B @1:9-1:10\n"
            "    body:\n"
            "      AnnAssign @2:5-2:15\n"
            "        Name x store @2:5-2:6\n"
            "        Name int @2:8-2:11\n"
            "        Constant 1 @2:14-2:15\n"
            "      FunctionDef m @3:5-3:22\n"
            "        args self\n"
            "        body:\n"
            "          Pass @3:18-3:22\n");
}

TEST(FrontParser, ComprehensionWithNestedForAndIf) {
  EXPECT_EQ(DumpOf("[x * y for x in a if x for y in b]\n"),
            "Module\n"
            "  Expr @1:1-1:35\n"
            "    ListComp @1:1-1:35\n"
            "      BinOp * @1:2-1:7\n"
            "        Name x @1:2-1:3\n"
            "        Name y @1:6-1:7\n"
            "      for\n"
            "        Name x store @1:12-1:13\n"
            "        Name a @1:17-1:18\n"
            "        if:\n"
            "          Name x @1:22-1:23\n"
            "      for\n"
            "        Name y store @1:28-1:29\n"
            "        Name b @1:33-1:34\n");
}

TEST(FrontParser, FStringParts) {
  EXPECT_EQ(DumpOf("f'a{b!r:>{w}}c{d=}'\n"),
            "Module\n"
            "  Expr @1:1-1:20\n"
            "    JoinedStr @1:1-1:20\n"
            "      Constant 'a' @1:1-1:20\n"
            "      FormattedValue !r @1:5-1:6\n"
            "        Name b @1:5-1:6\n"
            "        JoinedStr @1:1-1:20\n"
            "          Constant '>' @1:1-1:20\n"
            "          FormattedValue @1:11-1:12\n"
            "            Name w @1:11-1:12\n"
            "      Constant 'cd=' @1:1-1:20\n"
            "      FormattedValue !r @1:16-1:17\n"
            "        Name d @1:16-1:17\n");
}

TEST(FrontParser, TryWithEverything) {
  EXPECT_EQ(DumpOf("try:\n  a\nexcept (E, F) as e:\n  b\nexcept:\n  raise X from e\n"
                   "else:\n  c\nfinally:\n  d\n"),
            "Module\n"
            "  Try @1:1-10:4\n"
            "    body:\n"
            "      Expr @2:3-2:4\n"
            "        Name a @2:3-2:4\n"
            "    except as e @3:1-4:4\n"
            "      Tuple @3:8-3:14\n"
            "        Name E @3:9-3:10\n"
            "        Name F @3:12-3:13\n"
            "      body:\n"
            "        Expr @4:3-4:4\n"
            "          Name b @4:3-4:4\n"
            "    except @5:1-6:17\n"
            "      body:\n"
            "        Raise @6:3-6:17\n"
            "          Name X @6:9-6:10\n"
            "          Name e @6:16-6:17\n"
            "    orelse:\n"
            "      Expr @8:3-8:4\n"
            "        Name c @8:3-8:4\n"
            "    finally:\n"
            "      Expr @10:3-10:4\n"
            "        Name d @10:3-10:4\n");
}

TEST(FrontParser, WithImportGlobalDelAssert) {
  EXPECT_EQ(DumpOf("import a.b as c, d\nfrom e import f as g, h\nwith m() as (p, q), n:\n"
                   "  global z\n  del p[0], q.r\n  assert p, 'm'\n"),
            "Module\n"
            "  Import a.b as c d @1:1-1:19\n"
            "  ImportFrom e f as g h @2:1-2:24\n"
            "  With @3:1-6:16\n"
            "    item\n"
            "      Call @3:6-3:9\n"
            "        Name m @3:6-3:7\n"
            "      Tuple store @3:13-3:19\n"
            "        Name p store @3:14-3:15\n"
            "        Name q store @3:17-3:18\n"
            "    item\n"
            "      Name n @3:21-3:22\n"
            "    body:\n"
            "      Global z @4:3-4:11\n"
            "      Delete @5:3-5:16\n"
            "        Subscript del @5:7-5:11\n"
            "          Name p @5:7-5:8\n"
            "          Constant 0 @5:9-5:10\n"
            "        Attribute r del @5:13-5:16\n"
            "          Name q @5:13-5:14\n"
            "      Assert @6:3-6:16\n"
            "        Name p @6:10-6:11\n"
            "        Constant 'm' @6:13-6:16\n");
}

TEST(FrontParser, LambdaStarredConditionalCallKeywords) {
  EXPECT_EQ(DumpOf("f = lambda x, *a, k=1: (x if k else a)\ng(*a, b, k=v, **kw)\n"),
            "Module\n"
            "  Assign @1:1-1:39\n"
            "    Name f store @1:1-1:2\n"
            "    Lambda @1:5-1:39\n"
            "      args x *a k=\n"
            "        Constant 1 @1:21-1:22\n"
            "      IfExp @1:25-1:38\n"
            "        Name k @1:30-1:31\n"
            "        Name x @1:25-1:26\n"
            "        Name a @1:37-1:38\n"
            "  Expr @2:1-2:20\n"
            "    Call @2:1-2:20\n"
            "      Name g @2:1-2:2\n"
            "      Starred @2:3-2:5\n"
            "        Name a @2:4-2:5\n"
            "      Name b @2:7-2:8\n"
            "      keyword k @2:10-2:13\n"
            "        Name v @2:12-2:13\n"
            "      keyword ** @2:15-2:19\n"
            "        Name kw @2:17-2:19\n");
}

TEST(FrontParser, StringConcatenation) {
  EXPECT_EQ(DumpOf("'a' \"b\"\n"),
            "Module\n"
            "  Expr @1:1-1:8\n"
            "    Constant 'ab' @1:1-1:8\n");
}

TEST(FrontParser, ClassBasesAndKeywords) {
  EXPECT_EQ(DumpOf("class C(A, *b, metaclass=M, **kw): pass\n"),
            "Module\n"
            "  ClassDef C @1:1-1:40\n"
            "    Name A @1:9-1:10\n"
            "    Starred @1:12-1:14\n"
            "      Name b @1:13-1:14\n"
            "    keyword metaclass @1:16-1:27\n"
            "      Name M @1:26-1:27\n"
            "    keyword ** @1:29-1:33\n"
            "      Name kw @1:31-1:33\n"
            "    body:\n"
            "      Pass @1:36-1:40\n");
}

TEST(FrontParser, YieldExpressions) {
  EXPECT_EQ(DumpOf("def f():\n    x = yield 1, 2\n    yield\n    y = yield from g\n"),
            "Module\n"
            "  FunctionDef f @1:1-4:21\n"
            "    args\n"
            "    body:\n"
            "      Assign @2:5-2:19\n"
            "        Name x store @2:5-2:6\n"
            "        Yield @2:9-2:19\n"
            "          Tuple @2:15-2:19\n"
            "            Constant 1 @2:15-2:16\n"
            "            Constant 2 @2:18-2:19\n"
            "      Expr @3:5-3:10\n"
            "        Yield @3:5-3:10\n"
            "      Assign @4:5-4:21\n"
            "        Name y store @4:5-4:6\n"
            "        YieldFrom @4:9-4:21\n"
            "          Name g @4:20-4:21\n");
}

TEST(FrontParser, AssignmentExpressions) {
  EXPECT_EQ(DumpOf("if (n := f(x)) > 1: pass\n"),
            "Module\n"
            "  If @1:1-1:25\n"
            "    Compare > @1:4-1:19\n"
            "      NamedExpr @1:5-1:14\n"
            "        Name n store @1:5-1:6\n"
            "        Call @1:10-1:14\n"
            "          Name f @1:10-1:11\n"
            "          Name x @1:12-1:13\n"
            "      Constant 1 @1:18-1:19\n"
            "    body:\n"
            "      Pass @1:21-1:25\n");
  EXPECT_EQ(ErrorOf("x := 1\n").msg, "invalid syntax");
  EXPECT_EQ(ErrorOf("(a.b := 1)\n").msg, "cannot use assignment expressions with attribute");
  EXPECT_EQ(ErrorOf("f(a[0] := 1)\n").msg, "invalid syntax");
  EXPECT_EQ(ErrorOf("y = x := 1\n").msg, "invalid syntax");
}

TEST(FrontParser, ImportStar) {
  EXPECT_EQ(DumpOf("from a.b import *\n"),
            "Module\n"
            "  ImportFrom a.b * @1:1-1:18\n");
}

TEST(FrontParser, AsyncSyntax) {
  EXPECT_EQ(DumpOf("@d\nasync def f():\n    async with a as b, c:\n        x = await g() ** 2\n"
                   "    async for i in y:\n        pass\n    return [i async for i in z]\n"),
            "Module\n"
            "  AsyncFunctionDef f @2:1-7:32\n"
            "    decorators:\n"
            "      Name d @1:2-1:3\n"
            "    args\n"
            "    body:\n"
            "      AsyncWith @3:5-4:27\n"
            "        item\n"
            "          Name a @3:16-3:17\n"
            "          Name b store @3:21-3:22\n"
            "        item\n"
            "          Name c @3:24-3:25\n"
            "        body:\n"
            "          Assign @4:9-4:27\n"
            "            Name x store @4:9-4:10\n"
            "            BinOp ** @4:13-4:27\n"
            "              Await @4:13-4:22\n"
            "                Call @4:19-4:22\n"
            "                  Name g @4:19-4:20\n"
            "              Constant 2 @4:26-4:27\n"
            "      AsyncFor @5:5-6:13\n"
            "        Name i store @5:15-5:16\n"
            "        Name y @5:20-5:21\n"
            "        body:\n"
            "          Pass @6:9-6:13\n"
            "      Return @7:5-7:32\n"
            "        ListComp @7:12-7:32\n"
            "          Name i @7:13-7:14\n"
            "          async for\n"
            "            Name i store @7:25-7:26\n"
            "            Name z @7:30-7:31\n");
  EXPECT_EQ(ErrorOf("async x = 1\n").msg, "invalid syntax");
  EXPECT_EQ(ErrorOf("f = async lambda: 1\n").msg, "invalid syntax");
  EXPECT_EQ(ErrorOf("@d\nasync for x in y: pass\n").msg, "invalid syntax");
}

TEST(FrontParser, UnsupportedFeatures) {
  EXPECT_EQ(ErrorOf("try:\n    pass\nexcept* ValueError:\n    pass\n").msg,
            "'except*' is not supported by tc");
}

TEST(FrontParser, ImaginaryLiteralIsAConstant) {
  absl::StatusOr<ast::Module> m = Parse("x = 2.5j\n", "t.py");
  ASSERT_TRUE(m.ok());
  EXPECT_NE(ast::Dump(*m).find("Constant 2.5j"), std::string::npos) << ast::Dump(*m);
}

TEST(FrontParser, MatchIsStillANameElsewhere) {
  EXPECT_TRUE(
      Parse("match = 1\nmatch(x)\nprint(match)\nmatch[x]\nmatch -x\ncase = 2\n", "t.py").ok());
}

TEST(FrontParser, MatchStatementPatterns) {
  EXPECT_EQ(DumpOf("match p, *q:\n"
                   "    case [1, -2.5, *rest] | (None, 'a' 'b'):\n"
                   "        pass\n"
                   "    case {'k': v, a.b: _, **kw} if v:\n"
                   "        pass\n"
                   "    case C.D(0, x=(y as z)):\n"
                   "        pass\n"
                   "    case _:\n"
                   "        pass\n"),
            "Module\n"
            "  Match @1:1-9:13\n"
            "    Tuple @1:7-1:12\n"
            "      Name p @1:7-1:8\n"
            "      Starred @1:10-1:12\n"
            "        Name q @1:11-1:12\n"
            "    case\n"
            "      MatchOr @2:10-2:44\n"
            "        MatchSequence @2:10-2:26\n"
            "          MatchValue @2:11-2:12\n"
            "            Constant 1 @2:11-2:12\n"
            "          MatchValue @2:14-2:18\n"
            "            UnaryOp - @2:14-2:18\n"
            "              Constant 2.5 @2:15-2:18\n"
            "          MatchStar rest @2:20-2:25\n"
            "        MatchSequence @2:29-2:44\n"
            "          MatchSingleton @2:30-2:34\n"
            "            Constant None @2:30-2:34\n"
            "          MatchValue @2:36-2:43\n"
            "            Constant 'ab' @2:36-2:43\n"
            "      body:\n"
            "        Pass @3:9-3:13\n"
            "    case\n"
            "      MatchMapping **kw @4:10-4:32\n"
            "        Constant 'k' @4:11-4:14\n"
            "          MatchAs v @4:16-4:17\n"
            "        Attribute b @4:19-4:22\n"
            "          Name a @4:19-4:20\n"
            "          MatchAs @4:24-4:25\n"
            "      if:\n"
            "        Name v @4:36-4:37\n"
            "      body:\n"
            "        Pass @5:9-5:13\n"
            "    case\n"
            "      MatchClass @6:10-6:28\n"
            "        Attribute D @6:10-6:13\n"
            "          Name C @6:10-6:11\n"
            "        MatchValue @6:14-6:15\n"
            "          Constant 0 @6:14-6:15\n"
            "        keyword x\n"
            "          MatchAs z @6:20-6:26\n"
            "            MatchAs y @6:20-6:21\n"
            "      body:\n"
            "        Pass @7:9-7:13\n"
            "    case\n"
            "      MatchAs @8:10-8:11\n"
            "      body:\n"
            "        Pass @9:9-9:13\n");
  EXPECT_EQ(ErrorOf("match x:\n    case C(a=1, 2):\n        pass\n").msg,
            "positional patterns follow keyword patterns");
  EXPECT_EQ(ErrorOf("match x:\n    case 1 as _:\n        pass\n").msg,
            "cannot use '_' as a target");
  EXPECT_EQ(ErrorOf("match x\n").msg, "expected ':'");
  EXPECT_EQ(ErrorOf("match x:\n    x = 1\n").msg, "invalid syntax");
}

TEST(FrontParser, DeepNestingIsAnErrorNotACrash) {
  EXPECT_EQ(ErrorOf("x = " + std::string(300, '(') + "1" + std::string(300, ')') + "\n").msg,
            "too many nested parentheses");
  EXPECT_EQ(ErrorOf("x = " + std::string(5000, '-') + "1\n").msg, "too deeply nested expression");
  EXPECT_EQ(ErrorOf("x = " + std::string(3000, '~') + "1\n").msg, "too deeply nested expression");
  std::string lambdas;
  for (int i = 0; i < 1000; ++i) lambdas += "lambda: ";
  EXPECT_EQ(ErrorOf("f = " + lambdas + "1\n").msg, "too deeply nested expression");
  std::string chain = "x = 1";
  for (int i = 0; i < 5000; ++i) chain += " + 1";
  EXPECT_EQ(ErrorOf(chain + "\n").msg, "too deeply nested expression");
  std::string indent;
  std::string nested;
  for (int i = 0; i < 150; ++i) {
    nested += indent + "if x:\n";
    indent += " ";
  }
  nested += indent + "pass\n";
  SyntaxError e = ErrorOf(nested);
  EXPECT_EQ(e.type, "IndentationError");
  EXPECT_EQ(e.msg, "too many levels of indentation");
}

TEST(FrontParser, ErrorFormatMatchesCPython) {
  absl::StatusOr<ast::Module> m = Parse("import torch\nx = (1 +\n", "t.py");
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.status().message(),
            "  File \"t.py\", line 2\n"
            "    x = (1 +\n"
            "        ^\n"
            "SyntaxError: '(' was never closed\n");
}

}  // namespace
}  // namespace tc::script
