# -*- coding: utf-8 -*-
print("ok")  # café in a comment is not decoded
print("café")
