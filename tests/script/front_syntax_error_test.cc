// SyntaxErrors print exactly as CPython 3.11 prints them: every program in
// syntax_errors/ against goldens.txt (scripts/gen_syntax_error_goldens.py).
#include <filesystem>
#include <map>
#include <sstream>
#include <string>

#include "gtest/gtest.h"

#include "tc/script/compiler.h"
#include "tc/script/syntax_error.h"

#include "front_test_util.h"

namespace tc::script {
namespace {

namespace fs = std::filesystem;

std::map<std::string, std::string> Goldens(const fs::path& file) {
  std::map<std::string, std::string> out;
  std::istringstream in(testing::ReadFile(file));
  std::string line, current;
  while (std::getline(in, line)) {
    if (line.rfind("=== ", 0) == 0) {
      current = line.substr(4);
      out[current];
    } else {
      out[current] += line + "\n";
    }
  }
  return out;
}

TEST(FrontSyntaxError, MatchesCPython) {
  fs::path dir = fs::path(TC_SCRIPT_FRONT_TEST_DIR) / "syntax_errors";
  std::map<std::string, std::string> goldens = Goldens(dir / "goldens.txt");
  ASSERT_GE(goldens.size(), 25u);
  for (const auto& [name, expected] : goldens) {
    SCOPED_TRACE(name);
    absl::StatusOr<std::shared_ptr<const Code>> code =
        CompileSource(testing::ReadFile(dir / name), name);
    ASSERT_FALSE(code.ok());
    EXPECT_EQ(code.status().message(), expected);
    std::optional<SyntaxError> e = SyntaxError::FromStatus(code.status());
    ASSERT_TRUE(e.has_value());
    EXPECT_EQ(e->Format(), expected);
  }
}

TEST(FrontSyntaxError, StatusRoundTrip) {
  SyntaxError e;
  e.type = "IndentationError";
  e.filename = "a.py";
  e.line = 3;
  e.col = 2;
  e.end_line = 3;
  e.end_col = 5;
  e.msg = "unexpected indent";
  e.text = "  x = 1";
  std::optional<SyntaxError> back = SyntaxError::FromStatus(e.ToStatus());
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(back->Format(), e.Format());
  EXPECT_EQ(back->type, "IndentationError");
  EXPECT_EQ(back->end_col, 5);
  EXPECT_FALSE(SyntaxError::FromStatus(absl::InternalError("x")).has_value());
}

TEST(FrontSyntaxError, CaretKeepsTabsAndClipsToTheLine) {
  SyntaxError e;
  e.filename = "t.py";
  e.line = 1;
  e.col = 4;
  e.end_col = 100;
  e.msg = "m";
  e.text = "\tx\ty";
  EXPECT_EQ(e.Format(), "  File \"t.py\", line 1\n    x\ty\n     \t^^\nSyntaxError: m\n");
}

}  // namespace
}  // namespace tc::script
