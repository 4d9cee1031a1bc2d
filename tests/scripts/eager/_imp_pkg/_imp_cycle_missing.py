from .circ_bad import something_not_there
