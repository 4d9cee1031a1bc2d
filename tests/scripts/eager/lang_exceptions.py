# try/except/finally, exception classes, `as`, tuples of classes, re-raise, messages.

def risky(kind):
    if kind == "value":
        raise ValueError("bad value")
    if kind == "type":
        raise TypeError("bad type")
    if kind == "key":
        return {"a": 1}["missing"]
    if kind == "index":
        return [1, 2, 3][10]
    if kind == "zero":
        return 1 / 0
    if kind == "runtime":
        raise RuntimeError("runtime problem")
    if kind == "assert":
        assert 1 > 2, "one is not greater than two"
    if kind == "plain":
        raise Exception("plain exception")
    return "ok"

for kind in ["value", "type", "key", "index", "zero", "runtime", "assert", "plain", "none"]:
    try:
        r = risky(kind)
        print(kind, "returned", r)
    except ValueError as e:
        print(kind, "ValueError:", e)
    except (TypeError, KeyError) as e:
        print(kind, "TypeError or KeyError:", repr(e))
    except IndexError as e:
        print(kind, "IndexError:", e)
    except ZeroDivisionError as e:
        print(kind, "ZeroDivisionError:", e)
    except AssertionError as e:
        print(kind, "AssertionError:", e)
    except Exception as e:
        print(kind, "Exception:", e, isinstance(e, RuntimeError))

# builtin error messages
try:
    1 // 0
except ZeroDivisionError as e:
    print(e)
try:
    1.0 / 0
except ZeroDivisionError as e:
    print(e)
try:
    5 % 0
except ZeroDivisionError as e:
    print(e)
try:
    int("abc")
except ValueError as e:
    print(e)
try:
    [].pop()
except IndexError as e:
    print(e)
try:
    (1, 2)[5]
except IndexError as e:
    print(e)
try:
    "abc"[3]
except IndexError as e:
    print(e)
try:
    {}["k"]
except KeyError as e:
    print(repr(e), e)
try:
    "a" + 1
except TypeError as e:
    print(e)
try:
    a, b = [1, 2, 3]
except ValueError as e:
    print(e)
try:
    a, b, c = [1, 2]
except ValueError as e:
    print(e)

# re-raise and nesting
def reraiser():
    try:
        raise KeyError("inner")
    except KeyError:
        print("handling, then re-raising")
        raise

try:
    reraiser()
except KeyError as e:
    print("outer caught", repr(e))

try:
    try:
        raise ValueError("first")
    except TypeError:
        print("not reached")
    finally:
        print("inner finally")
except ValueError as e:
    print("outer got", e)

# exception object attributes
try:
    raise ValueError("a", 2)
except ValueError as e:
    print(e.args, str(e), repr(e))
try:
    raise RuntimeError
except RuntimeError as e:
    print("bare class raised:", repr(e), "[" + str(e) + "]")

# except catches subclasses; order matters
try:
    raise KeyError("k")
except LookupError as e:
    print("LookupError caught KeyError", repr(e))
try:
    raise ZeroDivisionError("z")
except ArithmeticError as e:
    print("ArithmeticError caught", repr(e))

# bare except
try:
    raise IndexError("x")
except:
    print("bare except")

errors = []
for v in ["1", "x", "3", "", "5"]:
    try:
        errors.append(int(v))
    except ValueError:
        errors.append(None)
print(errors)
# the exception variable is cleared after the handler
try:
    raise ValueError("gone")
except ValueError as err:
    msg = str(err)
print(msg)
