from .. import mod as parent_mod
SUB = parent_mod.TWICE + 1
