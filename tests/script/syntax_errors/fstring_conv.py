x = f"{a!z}"
