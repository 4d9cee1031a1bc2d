// Randomized mutations of valid graph text: the parser must return OK or an
// InvalidArgument "line:column: ..." error, never crash or hang, and
// whatever it accepts must verify and print back to parseable text.
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"

#include "tc/graph_ir/text_format.h"
#include "tc/graph_ir/verifier.h"

#include "test_graphs.h"

namespace tc::graph_ir {
namespace {

// Splits text into tokens-ish pieces (runs of word chars, single others).
std::vector<std::string> Pieces(const std::string& text) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < text.size()) {
    size_t j = i + 1;
    auto word = [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.';
    };
    if (word(text[i])) {
      while (j < text.size() && word(text[j])) ++j;
    }
    out.push_back(text.substr(i, j - i));
    i = j;
  }
  return out;
}

std::string Mutate(const std::string& text, const std::vector<std::string>& vocab,
                   std::mt19937& rng) {
  static const char kChars[] = "%()[]{},:=@#'-.0123456789eaxNT \n\t\\";
  std::string s = text;
  int edits = 1 + static_cast<int>(rng() % 3);
  for (int e = 0; e < edits && !s.empty(); ++e) {
    size_t pos = rng() % s.size();
    switch (rng() % 6) {
      case 0:
        s.erase(pos, 1);
        break;
      case 1:
        s.insert(pos, 1, kChars[rng() % (sizeof(kChars) - 1)]);
        break;
      case 2:
        std::swap(s[pos], s[rng() % s.size()]);
        break;
      case 3:
        s[pos] = static_cast<char>(rng() % 256);
        break;
      case 4: {  // replace a token with another from the vocabulary
        std::vector<std::string> p = Pieces(s);
        p[rng() % p.size()] = vocab[rng() % vocab.size()];
        s.clear();
        for (const auto& x : p) s += x;
        break;
      }
      default: {  // delete or duplicate a token
        std::vector<std::string> p = Pieces(s);
        size_t k = rng() % p.size();
        if (rng() % 2) {
          p.erase(p.begin() + k);
        } else {
          p.insert(p.begin() + k, p[k]);
        }
        s.clear();
        for (const auto& x : p) s += x;
        break;
      }
    }
  }
  return s;
}

TEST(TextFormatFuzz, MutatedInputsNeverCrash) {
  std::vector<std::string> seeds = {
      testing::AllOpsGraph().ToString(),
      "graph(%a: float32[10], %b: float32[10]) {\n"
      "  %0: float32[10] = abs(%a)\n"
      "  %1: float32[10] = add(%0, 1, alpha=1)\n"
      "  %2: float32[10] = div(%a, %1, rounding_mode=None)\n"
      "  %3: float32[] = sum(%b, dim=None, keepdim=False, dtype=None)\n"
      "  %4: bool[] = lt(%3, 0)\n"
      "  return (%2, %4)\n"
      "}\n",
      "graph(%x: float32[3, 2]{1, 3}) {\n  %0: float32[6] = reshape(%x, shape=[-1])\n"
      "  %1: float32[2, 6] = cat([%0, %0], 0)\n  return (%1)\n}\n",
  };
  // Shorter seeds: single statements of the all-ops graph, so mutations hit
  // every op's argument handling often.
  std::vector<std::string> lines;
  {
    const std::string all = seeds[0];  // a copy: seeds grows below
    size_t header_end = all.find('\n');
    std::string header = all.substr(0, header_end + 1);
    size_t pos = header_end + 1;
    int n = 0;
    while (true) {
      size_t end = all.find('\n', pos);
      if (end == std::string::npos) break;
      std::string line = all.substr(pos, end + 1 - pos);
      pos = end + 1;
      if (line.find(" = ") == std::string::npos) break;
      // Keep the statement only when its inputs are placeholders.
      if (line.find("(%") != std::string::npos && line.find("%1") == std::string::npos) {
        seeds.push_back(header + line + "  return (%" + std::to_string(n) + ")\n}\n");
      }
      ++n;
    }
  }
  std::vector<std::string> vocab;
  for (const auto& s : seeds) {
    for (auto& p : Pieces(s)) vocab.push_back(p);
  }
  std::mt19937 rng(12345);
  int accepted = 0, rejected = 0;
  const int kIterations = 12000;
  for (int it = 0; it < kIterations; ++it) {
    const std::string& seed = seeds[it % seeds.size()];
    std::string text = Mutate(seed, vocab, rng);
    auto g = ParseGraph(text);
    if (g.ok()) {
      ++accepted;
      ASSERT_TRUE(Verify(*g).ok()) << Verify(*g) << "\n" << text;
      std::string printed = g->ToString();
      auto again = ParseGraph(printed);
      ASSERT_TRUE(again.ok()) << again.status() << "\n" << printed;
      ASSERT_EQ(again->ToString(), printed);
    } else {
      ++rejected;
      ASSERT_EQ(g.status().code(), absl::StatusCode::kInvalidArgument) << text;
      std::string msg(g.status().message());
      // "line:column: message"
      size_t c1 = msg.find(':');
      size_t c2 = msg.find(':', c1 + 1);
      ASSERT_TRUE(c1 != std::string::npos && c2 != std::string::npos) << msg;
      ASSERT_GT(std::stoi(msg.substr(0, c1)), 0) << msg;
      ASSERT_GT(std::stoi(msg.substr(c1 + 1, c2 - c1 - 1)), 0) << msg;
    }
  }
  EXPECT_EQ(accepted + rejected, kIterations);
  EXPECT_GT(rejected, kIterations / 2);
  EXPECT_GT(accepted, 0);
}

}  // namespace
}  // namespace tc::graph_ir
