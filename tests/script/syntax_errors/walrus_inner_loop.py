[i for i in range(3) if (j := i) for j in range(2)]
