# coding: klingon
print(1)
