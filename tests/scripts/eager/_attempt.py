# Imported by scripts that print the errors of many calls: attempt(label, fn)
# prints `label ok`, or the exception's type and message.


def attempt(label, fn):
    try:
        fn()
        print(label, 'ok')
    except Exception as e:
        print(label, type(e).__name__, e)
