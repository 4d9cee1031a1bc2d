f = lambda x=1, y: x
