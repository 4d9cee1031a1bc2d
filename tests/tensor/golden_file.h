// Finding and reading the golden files scripts/gen_tensor_goldens.py writes.
#ifndef TC_TESTS_TENSOR_GOLDEN_FILE_H_
#define TC_TESTS_TENSOR_GOLDEN_FILE_H_

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace tc::tensor::testing {

// The golden directory: $TC_TENSOR_GOLDEN_DIR (meson test sets it), else the
// source tree path relative to the repository root.
inline std::string GoldenPath(const std::string& name) {
  const char* dir = std::getenv("TC_TENSOR_GOLDEN_DIR");
  return std::string(dir != nullptr ? dir : "tests/tensor/golden") + "/" + name;
}

// The file's lines without their newlines; empty when it cannot be read.
inline std::vector<std::string> ReadLines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

inline std::vector<std::string> SplitWords(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

}  // namespace tc::tensor::testing

#endif  // TC_TESTS_TENSOR_GOLDEN_FILE_H_
