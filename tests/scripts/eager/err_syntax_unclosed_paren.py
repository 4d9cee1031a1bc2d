# A SyntaxError: nothing runs, the error names the file, line and column.
print("this line is never executed")

values = [1, 2, 3]
total = sum((values)
print(total)
