// Path helpers shared by the os and posixpath modules: reading a path
// argument as CPython's path_converter does, and posixpath's pure string
// operations on std::string.
#ifndef TC_SCRIPT_SRC_OS_PATH_UTIL_H_
#define TC_SCRIPT_SRC_OS_PATH_UTIL_H_

#include <string>
#include <utility>

#include "tc/script/native.h"

namespace tc::script {

// A str, or an os.PathLike's __fspath__(); else TypeError
// "fname: path should be string, bytes or os.PathLike, not int".
bool PathArg(VM& vm, const Value& v, const char* fname, std::string* out);

// posixpath.split: (head without trailing slashes unless all slashes, tail).
std::pair<std::string, std::string> SplitPath(const std::string& p);
std::string NormPath(const std::string& p);
bool PathExists(const std::string& p);
bool PathIsDir(const std::string& p);

// posixpath's constants (sep, altsep, extsep, pathsep, curdir, pardir,
// devnull), which os also exports.
void AddPathConstants(ModuleObject* m);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_OS_PATH_UTIL_H_
