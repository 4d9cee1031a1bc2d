#include "tc/autodiff/grad_mode.h"

namespace tc::autodiff {
namespace {
thread_local bool g_grad_enabled = true;
}  // namespace

bool GradModeEnabled() { return g_grad_enabled; }
void SetGradModeEnabled(bool enabled) { g_grad_enabled = enabled; }

}  // namespace tc::autodiff
