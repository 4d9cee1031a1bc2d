x = 1
else:
  pass
