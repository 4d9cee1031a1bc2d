// A tiny shared object for disk_store_test: stored in the disk store (with
// its trailer appended), then loaded with dlopen and called.
extern "C" int tc_disk_store_fixture(int x) { return x + 1; }
