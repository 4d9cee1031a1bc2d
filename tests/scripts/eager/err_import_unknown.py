# Importing a module that does not exist.
import math

print(math.sqrt(4.0))
import tc_no_such_module_xyz
print("not reached")
