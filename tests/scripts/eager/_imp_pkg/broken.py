X = 1
raise ValueError("broken module body")
