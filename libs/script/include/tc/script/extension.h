// Extension slots: state a higher library keeps on a script object it does
// not own (CPython's co_extra on code objects, which Dynamo keeps its
// per-code caches in, and per-interpreter state). The owner holds its
// extension and destroys it with itself, so the state never outlives what
// it describes and nothing needs a map keyed by the owner's address.
#ifndef TC_SCRIPT_EXTENSION_H_
#define TC_SCRIPT_EXTENSION_H_

namespace tc::script {

class Extension {
 public:
  // `kind` names the library the extension belongs to (the address of a
  // static object of that library): a library reads a slot back as its own
  // type only when the kind is its own, without a dynamic_cast on hot paths.
  explicit Extension(const void* kind) : kind_(kind) {}
  virtual ~Extension() = default;
  Extension(const Extension&) = delete;
  Extension& operator=(const Extension&) = delete;

  const void* kind() const { return kind_; }

 private:
  const void* kind_;
};

}  // namespace tc::script

#endif  // TC_SCRIPT_EXTENSION_H_
