// Fuzzing the front end: mutated versions of valid programs (the corpus
// here plus tests/scripts/eager) through lex + parse + compile. Every input
// must end in code that passes CheckCode or in a SyntaxError, never a
// crash, and none may take over a second.
//
// FrontFuzz.Mutations10k runs in the unit suite; FrontFuzz.Full100k is
// registered in the 'fuzz' suite (meson test --suite fuzz).
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"

#include "tc/script/compiler.h"
#include "tc/script/lexer.h"
#include "tc/script/parser.h"
#include "tc/script/syntax_error.h"

#include "front_test_util.h"

namespace tc::script {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> Corpus() {
  std::vector<std::string> out;
  for (const fs::path& p : testing::PyFiles(fs::path(TC_SCRIPT_FRONT_TEST_DIR) / "corpus")) {
    out.push_back(testing::ReadFile(p));
  }
  for (const fs::path& p : testing::PyFiles(fs::path(TC_SCRIPT_FRONT_TEST_DIR) / "front_golden")) {
    out.push_back(testing::ReadFile(p));
  }
  for (const fs::path& p : testing::PyFiles(TC_SCRIPT_EAGER_DIR)) {
    out.push_back(testing::ReadFile(p));
  }
  return out;
}

// Fragments that tend to reach rare paths: brackets, quotes, indentation,
// keywords, f-string pieces, operators.
const char* const kFragments[] = {"(",
                                  ")",
                                  "[",
                                  "]",
                                  "{",
                                  "}",
                                  ":",
                                  ",",
                                  ";",
                                  ".",
                                  "...",
                                  "=",
                                  "==",
                                  ":=",
                                  "->",
                                  "@",
                                  "@=",
                                  "**",
                                  "**=",
                                  "//=",
                                  "*",
                                  "\\",
                                  "\\\n",
                                  "\n",
                                  "\n    ",
                                  "\t",
                                  "    ",
                                  "'",
                                  "\"",
                                  "'''",
                                  "f'{",
                                  "}'",
                                  "f\"{x!r:>{w}}\"",
                                  "{",
                                  "!r",
                                  "#",
                                  "0x",
                                  "1e",
                                  "1_",
                                  "9999999999999999999999",
                                  ".5",
                                  "lambda",
                                  "lambda x: ",
                                  "yield",
                                  "def ",
                                  "class ",
                                  "if ",
                                  "elif ",
                                  "else:",
                                  "for ",
                                  " in ",
                                  "while ",
                                  "try:",
                                  "except ",
                                  "finally:",
                                  "with ",
                                  " as ",
                                  "return ",
                                  "break",
                                  "continue",
                                  "global ",
                                  "nonlocal ",
                                  "del ",
                                  "assert ",
                                  "raise ",
                                  " from ",
                                  "import ",
                                  "from ",
                                  "not ",
                                  " and ",
                                  " or ",
                                  " is ",
                                  "None",
                                  "True",
                                  "super()",
                                  "*a",
                                  "**k",
                                  "x",
                                  "pass",
                                  "async ",
                                  "await ",
                                  "match ",
                                  "\x00",
                                  "\xff",
                                  "\xc3\xa9",
                                  "\r\n",
                                  "\f"};

std::string Mutate(const std::vector<std::string>& corpus, std::mt19937_64& rng) {
  std::string s = corpus[rng() % corpus.size()];
  int n = 1 + static_cast<int>(rng() % 4);
  for (int k = 0; k < n; ++k) {
    size_t size = s.size();
    size_t pos = size ? rng() % (size + 1) : 0;
    size_t len = size ? 1 + rng() % std::min<size_t>(size, 40) : 0;
    switch (rng() % 9) {
      case 0:  // delete a span
        if (pos < size) s.erase(pos, std::min(len, size - pos));
        break;
      case 1:  // duplicate a span
        if (pos < size) s.insert(pos, s.substr(pos, std::min(len, size - pos)));
        break;
      case 2:
      case 3:  // insert a fragment
        s.insert(pos, kFragments[rng() % (sizeof(kFragments) / sizeof(kFragments[0]))]);
        break;
      case 4:  // replace a byte
        if (pos < size) s[pos] = static_cast<char>(rng() % 256);
        break;
      case 5:  // truncate
        s.resize(pos);
        break;
      case 6: {  // splice in a piece of another program
        const std::string& other = corpus[rng() % corpus.size()];
        if (!other.empty()) {
          size_t from = rng() % other.size();
          s.insert(pos, other.substr(from, 1 + rng() % 200));
        }
        break;
      }
      case 7: {  // swap two lines
        size_t a = s.rfind('\n', pos);
        size_t b = s.find('\n', pos);
        if (a != std::string::npos && b != std::string::npos && a < b) {
          std::string line = s.substr(a, b - a);
          s.erase(a, b - a);
          size_t to = s.empty() ? 0 : rng() % s.size();
          s.insert(to, line);
        }
        break;
      }
      default:  // repeat one character many times (deep nesting)
        s.insert(pos, std::string(1 + rng() % 400, "([{-~+ \t"[rng() % 8]));
    }
  }
  return s;
}

// TC_FUZZ_SEED=n replays (or explores) another input sequence.
void RunFuzz(int iterations, uint64_t seed) {
  if (const char* env = std::getenv("TC_FUZZ_SEED")) seed = std::strtoull(env, nullptr, 10);
  // TC_FUZZ_LAST=path writes each input there before running it (for hangs).
  const char* last_path = std::getenv("TC_FUZZ_LAST");
  // TC_FUZZ_ONLY=n runs input n alone.
  int only = std::getenv("TC_FUZZ_ONLY") ? std::atoi(std::getenv("TC_FUZZ_ONLY")) : -1;
  std::vector<std::string> corpus = Corpus();
  ASSERT_GE(corpus.size(), 3u);
  std::mt19937_64 rng(seed);
  int ok = 0, errors = 0;
  double worst = 0;
  auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < iterations; ++i) {
    std::string src = Mutate(corpus, rng);
    if (only >= 0 && i != only) continue;
    if (last_path != nullptr) std::ofstream(last_path, std::ios::binary | std::ios::trunc) << src;
    auto t0 = std::chrono::steady_clock::now();
    std::vector<Token> tokens = Tokenize(src);
    ASSERT_FALSE(tokens.empty());
    ASSERT_EQ(tokens.back().kind, TokenKind::kEndMarker);
    absl::StatusOr<std::shared_ptr<const Code>> code = CompileSource(src, "fuzz.py");
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (secs >= 1.0) {
      // On a loaded machine one slow measurement proves little: time it again.
      auto t1 = std::chrono::steady_clock::now();
      (void)CompileSource(src, "fuzz.py");
      double again = std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
      std::printf("fuzz: input #%d took %.3f s, then %.3f s\n", i, secs, again);
      secs = again;
    }
    worst = std::max(worst, secs);
    ASSERT_LT(secs, 1.0) << "slow input #" << i << ":\n" << src;
    if (code.ok()) {
      ++ok;
      std::string problem = testing::CheckCode(**code);
      ASSERT_EQ(problem, "") << "input #" << i << ":\n" << src;
    } else {
      ++errors;
      std::optional<SyntaxError> e = SyntaxError::FromStatus(code.status());
      ASSERT_TRUE(e.has_value()) << code.status() << "\ninput #" << i << ":\n" << src;
      ASSERT_FALSE(e->msg.empty());
      ASSERT_GT(e->line, 0) << e->Format() << "\ninput #" << i << ":\n" << src;
    }
  }
  double total = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("fuzz: %d inputs, %d compiled, %d SyntaxErrors, %.2f s total, worst %.4f s\n",
              iterations, ok, errors, total, worst);
  if (only >= 0) return;
  EXPECT_GT(ok, iterations / 50);
  EXPECT_GT(errors, iterations / 10);
}

TEST(FrontFuzz, Mutations10k) { RunFuzz(10000, 1); }

TEST(FrontFuzz, Full100k) { RunFuzz(100000, 2); }

}  // namespace
}  // namespace tc::script
