// Compiler: disassembly goldens, structural checks, scoping, errors.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "gtest/gtest.h"

#include "tc/script/compiler.h"
#include "tc/script/syntax_error.h"

#include "front_test_util.h"

namespace tc::script {
namespace {

namespace fs = std::filesystem;
using testing::CheckCode;
using testing::PyFiles;
using testing::ReadFile;

const fs::path kDir = TC_SCRIPT_FRONT_TEST_DIR;

std::shared_ptr<const Code> MustCompile(std::string_view src) {
  absl::StatusOr<std::shared_ptr<const Code>> code = CompileSource(src, "t.py");
  EXPECT_TRUE(code.ok()) << code.status().message();
  return code.ok() ? *code : nullptr;
}

const Code* Nested(const Code& code, std::string_view name) {
  for (const Const& c : code.consts) {
    if (const auto* nested = std::get_if<std::shared_ptr<const Code>>(&c)) {
      if ((*nested)->name == name) return nested->get();
      if (const Code* deeper = Nested(**nested, name)) return deeper;
    }
  }
  return nullptr;
}

SyntaxError CompileError(std::string_view src) {
  absl::StatusOr<std::shared_ptr<const Code>> code = CompileSource(src, "t.py");
  EXPECT_FALSE(code.ok()) << src;
  if (code.ok()) return {};
  return SyntaxError::FromStatus(code.status()).value_or(SyntaxError{});
}

// Set TC_UPDATE_GOLDENS=1 to rewrite the .dis files (review the diff).
TEST(FrontCompiler, DisassemblyGoldens) {
  std::vector<fs::path> files = PyFiles(kDir / "front_golden");
  ASSERT_GE(files.size(), 4u);
  for (const fs::path& py : files) {
    SCOPED_TRACE(py.filename().string());
    absl::StatusOr<std::shared_ptr<const Code>> code =
        CompileSource(ReadFile(py), py.filename().string());
    ASSERT_TRUE(code.ok()) << code.status().message();
    EXPECT_EQ(CheckCode(**code), "");
    std::string dis = Disassemble(**code);
    fs::path golden = py;
    golden.replace_extension(".dis");
    if (std::getenv("TC_UPDATE_GOLDENS") != nullptr) {
      std::ofstream(golden) << dis;
      continue;
    }
    EXPECT_EQ(dis, ReadFile(golden));
  }
}

TEST(FrontCompiler, CorpusAndEagerScriptsCompileWellFormed) {
  std::vector<fs::path> files = PyFiles(kDir / "corpus");
  for (const fs::path& p : PyFiles(TC_SCRIPT_EAGER_DIR)) files.push_back(p);
  int compiled = 0;
  for (const fs::path& py : files) {
    std::string name = py.filename().string();
    if (name.rfind("err_syntax", 0) == 0 || name == "err_indentation.py") continue;
    absl::StatusOr<std::shared_ptr<const Code>> code = CompileSource(ReadFile(py), name);
    ASSERT_TRUE(code.ok()) << code.status().message();
    EXPECT_EQ(CheckCode(**code), "") << name;
    ++compiled;
  }
  EXPECT_GE(compiled, 2);
}

TEST(FrontCompiler, ScopesLocalsCellsFreeGlobals) {
  std::shared_ptr<const Code> m = MustCompile(
      "g = 1\n"
      "def f(a):\n"
      "    b = a\n"
      "    def h():\n"
      "        global g\n"
      "        g = b\n"
      "    return h\n"
      "class C:\n"
      "    x = 1\n"
      "    def m(self):\n"
      "        return x\n");
  ASSERT_NE(m, nullptr);
  const Code* f = Nested(*m, "f");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->varnames, (std::vector<std::string>{"a", "h"}));
  EXPECT_EQ(f->cellvars, (std::vector<std::string>{"b"}));
  EXPECT_EQ(f->cell_param_index, (std::vector<int32_t>{-1}));
  const Code* h = Nested(*m, "h");
  ASSERT_NE(h, nullptr);
  EXPECT_EQ(h->freevars, (std::vector<std::string>{"b"}));
  EXPECT_EQ(h->qualname, "f.<locals>.h");
  EXPECT_TRUE(h->flags & Code::kNested);
  EXPECT_EQ(h->names, (std::vector<std::string>{"g"}));
  // A class body's names are not visible in its methods: x is a global there.
  const Code* meth = Nested(*m, "m");
  ASSERT_NE(meth, nullptr);
  EXPECT_EQ(meth->qualname, "C.m");
  EXPECT_EQ(meth->instructions[0].op, Opcode::kLoadGlobal);
  const Code* cls = Nested(*m, "C");
  ASSERT_NE(cls, nullptr);
  EXPECT_TRUE(cls->flags & Code::kClassBody);
}

TEST(FrontCompiler, ComprehensionIsANestedFunction) {
  std::shared_ptr<const Code> m = MustCompile("def f(n):\n    return {k: n for k in range(n)}\n");
  ASSERT_NE(m, nullptr);
  const Code* comp = Nested(*m, "<dictcomp>");
  ASSERT_NE(comp, nullptr);
  EXPECT_EQ(comp->argcount, 1);
  EXPECT_EQ(comp->varnames[0], ".0");
  EXPECT_EQ(comp->freevars, (std::vector<std::string>{"n"}));
  EXPECT_EQ(comp->qualname, "f.<locals>.<dictcomp>");
}

TEST(FrontCompiler, WalrusInComprehensionBindsInTheEnclosingFunction) {
  std::shared_ptr<const Code> m = MustCompile(
      "def f(xs):\n"
      "    ys = [last := x for x in xs]\n"
      "    return last\n"
      "zs = [top := z for z in (1, 2)]\n");
  ASSERT_NE(m, nullptr);
  // In f, `last` is a cell the comprehension writes through.
  const Code* f = Nested(*m, "f");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->cellvars, (std::vector<std::string>{"last"}));
  const Code* comp = Nested(*f, "<listcomp>");
  ASSERT_NE(comp, nullptr);
  EXPECT_EQ(comp->freevars, (std::vector<std::string>{"last"}));
  EXPECT_EQ(comp->varnames, (std::vector<std::string>{".0", "x"}));
  // At module level the target is a global of the comprehension.
  const Code* top = nullptr;
  for (const Const& c : m->consts) {
    if (const auto* code = std::get_if<std::shared_ptr<const Code>>(&c)) {
      if ((*code)->name == "<listcomp>") top = code->get();
    }
  }
  ASSERT_NE(top, nullptr);
  bool stores_global = false;
  for (const Instruction& ins : top->instructions) {
    stores_global = stores_global || ins.op == Opcode::kStoreGlobal;
  }
  EXPECT_TRUE(stores_global);
  EXPECT_EQ(CompileError("[i := 0 for i in range(3)]\n").msg,
            "assignment expression cannot rebind comprehension iteration variable 'i'");
  EXPECT_EQ(CompileError("class C:\n    z = [(q := i) for i in range(3)]\n").msg,
            "assignment expression within a comprehension cannot be used in a class body");
  EXPECT_EQ(CompileError("[x for x in (y := [1])]\n").msg,
            "assignment expression cannot be used in a comprehension iterable expression");
  EXPECT_EQ(CompileError("[i for i in range(3) if (j := i) for j in range(2)]\n").msg,
            "comprehension inner loop cannot rebind assignment expression target 'j'");
}

TEST(FrontCompiler, DocstringsAndImportStar) {
  std::shared_ptr<const Code> m = MustCompile(
      "'mod doc'\n"
      "from os import *\n"
      "def f():\n"
      "    'f doc'\n"
      "def g():\n"
      "    x = 1\n"
      "    'not a docstring'\n");
  ASSERT_NE(m, nullptr);
  EXPECT_FALSE(m->docstring.has_value());  // a module stores __doc__ instead
  EXPECT_EQ(m->names[0], "__doc__");
  const Code* f = Nested(*m, "f");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->docstring, std::optional<std::string>("f doc"));
  const Code* g = Nested(*m, "g");
  ASSERT_NE(g, nullptr);
  EXPECT_FALSE(g->docstring.has_value());
  bool star = false;
  for (const Instruction& ins : m->instructions) star = star || ins.op == Opcode::kImportStar;
  EXPECT_TRUE(star);
  SyntaxError e = CompileError("def f():\n    from os import *\n");
  EXPECT_EQ(e.msg, "import * only allowed at module level");
  EXPECT_EQ(e.line, 2);
  EXPECT_EQ(e.col, 20);
}

TEST(FrontCompiler, CoroutineFlags) {
  std::shared_ptr<const Code> m = MustCompile(
      "async def co():\n    await x\n"
      "async def agen():\n    yield 1\n"
      "def gen():\n    yield 1\n"
      "async def comps():\n"
      "    a = [v async for v in y]\n"
      "    b = (v async for v in y)\n"
      "def plain():\n    return (await v for v in y)\n");
  ASSERT_NE(m, nullptr);
  const uint32_t kinds = Code::kGenerator | Code::kCoroutine | Code::kAsyncGenerator;
  EXPECT_EQ(Nested(*m, "co")->flags & kinds, Code::kCoroutine);
  EXPECT_EQ(Nested(*m, "agen")->flags & kinds, Code::kAsyncGenerator);
  EXPECT_EQ(Nested(*m, "gen")->flags & kinds, Code::kGenerator);
  EXPECT_EQ(Nested(*m, "<listcomp>")->flags & kinds, Code::kCoroutine);
  // Both generator expressions (the async for one and the awaiting one in
  // a plain function) are async generators.
  const Code* comps = Nested(*m, "comps");
  ASSERT_NE(comps, nullptr);
  EXPECT_EQ(Nested(*comps, "<genexpr>")->flags & kinds, Code::kAsyncGenerator);
  const Code* plain = Nested(*m, "plain");
  ASSERT_NE(plain, nullptr);
  EXPECT_EQ(plain->flags & kinds, 0u);
  EXPECT_EQ(Nested(*plain, "<genexpr>")->flags & kinds, Code::kAsyncGenerator);
}

TEST(FrontCompiler, ParameterSlotsAndFlags) {
  std::shared_ptr<const Code> m = MustCompile("def f(a, b=1, *args, c, d=2, **kw):\n    pass\n");
  ASSERT_NE(m, nullptr);
  const Code* f = Nested(*m, "f");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->argcount, 2);
  EXPECT_EQ(f->kwonly_argcount, 2);
  EXPECT_EQ(f->varnames, (std::vector<std::string>{"a", "b", "c", "d", "args", "kw"}));
  EXPECT_EQ(f->flags & (Code::kVarArgs | Code::kVarKeywords), Code::kVarArgs | Code::kVarKeywords);
  EXPECT_EQ(m->instructions[3].op, Opcode::kBuildMap);  // kw-only defaults {'d': 2}
}

TEST(FrontCompiler, MaxStackAndLocations) {
  std::shared_ptr<const Code> m = MustCompile("x = [1, 2, 3, (4, y)]\n");
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->max_stack, 5);
  ASSERT_EQ(m->locations.size(), m->instructions.size());
  EXPECT_EQ(m->locations[0].line, 1);
  EXPECT_EQ(m->locations[0].col, 6);  // the first element
}

TEST(FrontCompiler, Errors) {
  SyntaxError e = CompileError("x = 1\nreturn x\n");
  EXPECT_EQ(e.msg, "'return' outside function");
  EXPECT_EQ(e.line, 2);
  EXPECT_EQ(e.col, 1);
  EXPECT_EQ(e.end_col, 9);
  EXPECT_EQ(CompileError("class C:\n    return 1\n").msg, "'return' outside function");
  EXPECT_EQ(CompileError("while x:\n    def f():\n        break\n").msg, "'break' outside loop");
  EXPECT_EQ(CompileError("def f():\n    nonlocal q\n").msg, "no binding for nonlocal 'q' found");
  EXPECT_EQ(CompileError("def f(a):\n    global a\n").msg, "name 'a' is parameter and global");
  EXPECT_EQ(CompileError("a, *b, *c = x\n").msg, "multiple starred expressions in assignment");
  EXPECT_EQ(CompileError("print(*a for a in b)\n").msg.empty(), false);
}

}  // namespace
}  // namespace tc::script
