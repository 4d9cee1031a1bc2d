// Propagation macros for absl::Status / absl::StatusOr.
//
// Debian's Abseil (20220623) predates ABSL_RETURN_IF_ERROR and
// ABSL_ASSIGN_OR_RETURN; these mirror them so they can be swapped later.
#ifndef TC_SUPPORT_STATUS_H_
#define TC_SUPPORT_STATUS_H_

#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

#define TC_RETURN_IF_ERROR(expr)                                \
  do {                                                          \
    if (::absl::Status tc_status_ = (expr); !tc_status_.ok()) { \
      return tc_status_;                                        \
    }                                                           \
  } while (false)

#define TC_ASSIGN_OR_RETURN(lhs, rexpr) \
  TC_ASSIGN_OR_RETURN_IMPL_(TC_CONCAT_(tc_statusor_, __LINE__), lhs, rexpr)
#define TC_ASSIGN_OR_RETURN_IMPL_(tmp, lhs, rexpr) \
  auto tmp = (rexpr);                              \
  if (!tmp.ok()) return std::move(tmp).status();   \
  lhs = *std::move(tmp)
#define TC_CONCAT_(a, b) TC_CONCAT_INNER_(a, b)
#define TC_CONCAT_INNER_(a, b) a##b

#endif  // TC_SUPPORT_STATUS_H_
