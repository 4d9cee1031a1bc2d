// Grad mode (torch.is_grad_enabled / no_grad / enable_grad): whether ops
// run now are recorded for backward. One flag per thread, as PyTorch's.
#ifndef TC_AUTODIFF_GRAD_MODE_H_
#define TC_AUTODIFF_GRAD_MODE_H_

namespace tc::autodiff {

bool GradModeEnabled();
void SetGradModeEnabled(bool enabled);

// Sets grad mode for a scope and restores the previous mode after it.
class GradModeGuard {
 public:
  explicit GradModeGuard(bool enabled) : previous_(GradModeEnabled()) {
    SetGradModeEnabled(enabled);
  }
  ~GradModeGuard() { SetGradModeEnabled(previous_); }
  GradModeGuard(const GradModeGuard&) = delete;
  GradModeGuard& operator=(const GradModeGuard&) = delete;

 private:
  bool previous_;
};

}  // namespace tc::autodiff

#endif  // TC_AUTODIFF_GRAD_MODE_H_
