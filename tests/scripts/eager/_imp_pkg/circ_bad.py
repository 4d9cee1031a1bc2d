from ._imp_cycle_missing import nothing
