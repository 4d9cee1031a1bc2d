#include "tc/support/enum_table.h"

#include <cstdint>
#include <string_view>

#include "gtest/gtest.h"

namespace tc::support {
namespace {

enum class Color : uint8_t { kRed, kGreen, kBlue };

constexpr EnumTable<Color::kBlue, std::string_view> kColorNames({"red", "green", "blue"});

TEST(EnumTableTest, EachMemberReadsItsOwnRow) {
  EXPECT_EQ(kColorNames.at(Color::kRed, "?"), "red");
  EXPECT_EQ(kColorNames.at(Color::kGreen, "?"), "green");
  EXPECT_EQ(kColorNames.at(Color::kBlue, "?"), "blue");
  static_assert(kColorNames.at(Color::kBlue, "?") == "blue", "usable in constant expressions");
}

TEST(EnumTableTest, AValuePastTheTableReadsTheFallback) {
  EXPECT_EQ(kColorNames.at(static_cast<Color>(3), "?"), "?");
  EXPECT_EQ(kColorNames.at(static_cast<Color>(200), "none"), "none");
}

struct Row {
  int number;
  std::string_view name;
};

TEST(EnumTableTest, RowsCanBeStructs) {
  constexpr EnumTable<Color::kBlue, Row> kRows({{1, "one"}, {2, "two"}, {3, "three"}});
  EXPECT_EQ(kRows.at(Color::kGreen, {}).number, 2);
  EXPECT_EQ(kRows.at(Color::kBlue, {}).name, "three");
  EXPECT_EQ(kRows.at(static_cast<Color>(7), {-1, "none"}).number, -1);
}

// A table with a row too few or too many does not compile (the constructor
// requires one row per member): checked here through the constraint.
template <size_t M>
concept TableOfSize = requires(const std::string_view (&rows)[M]) {
  EnumTable<Color::kBlue, std::string_view>(rows);
};
static_assert(TableOfSize<3>);
static_assert(!TableOfSize<2>);
static_assert(!TableOfSize<4>);

}  // namespace
}  // namespace tc::support
