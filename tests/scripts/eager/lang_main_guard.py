# if __name__ == "__main__": with a main() function and module-level state.

GREETING = "hi"

def helper(n):
    return [GREETING + str(i) for i in range(n)]

def main():
    print("__name__ is", __name__)
    print(helper(3))
    total = 0
    for i in range(10):
        total += i
    print("total", total)
    return 0

print("module level runs first")

if __name__ == "__main__":
    status = main()
    print("main returned", status)
else:
    print("imported, not run")

if __name__ != "__main__":
    print("never printed")
print("end of module")
