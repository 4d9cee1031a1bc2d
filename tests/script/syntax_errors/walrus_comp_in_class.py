class C:
    z = [(q := i) for i in range(3)]
