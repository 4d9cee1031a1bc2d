x = (b"a"
     "b")
