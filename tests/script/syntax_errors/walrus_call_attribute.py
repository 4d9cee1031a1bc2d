print(x.y := 1)
