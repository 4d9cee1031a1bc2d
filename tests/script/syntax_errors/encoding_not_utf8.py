x = 1
print("café")
