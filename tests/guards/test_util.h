// Shared helpers for the guards tests: sources, slots and builders.
#ifndef TC_TESTS_GUARDS_TEST_UTIL_H_
#define TC_TESTS_GUARDS_TEST_UTIL_H_

#include <string>
#include <utility>

#include <gtest/gtest.h>

#include "tc/guards/guard_set.h"

namespace tc::guards::testing {

inline GuardSource Src(std::string name) {
  GuardSource s;
  s.name = std::move(name);
  return s;
}

// A source used at t.py:4 in f, as Dynamo records where a value was used.
inline GuardSource SrcAt(std::string name) {
  GuardSource s = Src(std::move(name));
  s.user_stack.push_back({"/home/u/guardref/t.py", "guardref/t.py", 4, "f", "return x * n"});
  return s;
}

inline GuardSet BuildOrDie(const GuardSetBuilder& builder) {
  absl::StatusOr<GuardSet> set = builder.Build();
  EXPECT_TRUE(set.ok()) << set.status();
  return *std::move(set);
}

// Type identities stand-ins: any distinct addresses do.
inline int kIntType = 0;
inline int kFloatType = 0;
inline int kListType = 0;
inline int kTupleType = 0;
inline int kTensorType = 0;
inline int kParameterType = 0;

}  // namespace tc::guards::testing

#endif  // TC_TESTS_GUARDS_TEST_UTIL_H_
