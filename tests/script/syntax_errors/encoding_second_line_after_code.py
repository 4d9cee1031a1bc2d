print(1)
# coding: latin-1
print("é")
