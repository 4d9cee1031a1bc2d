# An exception raised while an imported module's body runs: the traceback
# goes through the import line into the module's own file and line.
print("before")
import _imp_err_helper
print("not reached")
