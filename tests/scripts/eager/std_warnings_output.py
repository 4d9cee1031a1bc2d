# warnings.warn as CPython prints it to stderr ("file.py:N: Category: msg"
# and the source line), once per location by default, stacklevel, the
# filters (simplefilter, filterwarnings, catch_warnings with record=True),
# and warnings turned into errors.
import os
import sys
import warnings


class Relative:
    """stderr for this test: what warnings print goes to stdout, where the
    golden sees it in order with the prints, with paths made relative to
    the working directory (the script may be run by its absolute path)."""

    def write(self, s):
        return sys.stdout.write(s.replace(os.getcwd() + os.sep, ""))

    def flush(self):
        pass


# The goldens run CPython with -W ignore: start from its default filters.
sys.stderr = Relative()
warnings.resetwarnings()
warnings.simplefilter("default")


def old_api():
    warnings.warn("old_api is deprecated", DeprecationWarning, stacklevel=2)


def noisy(i):
    warnings.warn(f"noisy call {i}")


print("start")
warnings.warn("plain user warning")
for i in range(3):
    noisy(i)
for i in range(3):
    warnings.warn("same text, same line: shown once")
warnings.warn("a runtime warning", RuntimeWarning)
old_api()

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    noisy(10)
    noisy(11)
    warnings.warn("future", FutureWarning)
print([(w.category.__name__, str(w.message), w.lineno) for w in caught])

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    warnings.warn("never shown")
with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="skip.*")
    warnings.warn("skip me")
    warnings.warn("keep me")
with warnings.catch_warnings():
    warnings.simplefilter("error", UserWarning)
    try:
        warnings.warn("now an error")
    except UserWarning as e:
        print("raised:", e)


class MyWarning(UserWarning):
    pass


warnings.warn("custom category", MyWarning)
warnings.warn(MyWarning("an instance"))
print("end")
