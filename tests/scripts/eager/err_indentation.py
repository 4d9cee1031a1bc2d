# An IndentationError (a SyntaxError subclass): a block that is never indented.
def ok():
    return 1

def broken():
return 2

print(ok())
