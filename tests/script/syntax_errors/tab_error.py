def f():
	return 1
        return 2
