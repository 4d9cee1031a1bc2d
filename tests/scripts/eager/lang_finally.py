# finally ordering with return, break, continue, and nested try blocks.

log = []

def with_return(x):
    try:
        log.append("try " + str(x))
        if x > 0:
            return "positive"
        return "non-positive"
    finally:
        log.append("finally " + str(x))

print(with_return(1), with_return(-1))
print(log)

def finally_overrides():
    try:
        return "from try"
    finally:
        print("finally runs before the caller sees the value")

print(finally_overrides())

for i in range(4):
    try:
        if i == 1:
            continue
        if i == 3:
            break
        print("body", i)
    finally:
        print("finally", i)

def nested(depth):
    out = []
    try:
        out.append("outer try")
        try:
            out.append("inner try")
            if depth > 0:
                raise ValueError("deep")
            out.append("inner no error")
        except ValueError as e:
            out.append("inner except " + str(e))
            if depth > 1:
                raise
        finally:
            out.append("inner finally")
        out.append("after inner")
    except ValueError:
        out.append("outer except")
    finally:
        out.append("outer finally")
    return out

for d in range(3):
    print(d, nested(d))

def cleanup_on_error():
    resources = []
    try:
        resources.append("opened")
        raise RuntimeError("boom")
    except RuntimeError as e:
        resources.append("handled " + str(e))
    finally:
        resources.append("closed")
    return resources

print(cleanup_on_error())

def finally_in_loop():
    total = 0
    for i in range(5):
        try:
            if i % 2:
                raise ValueError(i)
            total += i
        except ValueError as e:
            total += 100
        finally:
            total += 1000
    return total

print(finally_in_loop())

count = 0
while True:
    try:
        count += 1
        if count == 3:
            break
    finally:
        print("while finally", count)
print("done", count)
