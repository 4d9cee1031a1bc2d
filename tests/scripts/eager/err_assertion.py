# AssertionError with a message from a failed assert in a function.

def check_batch(batch):
    assert len(batch) > 0, "batch must not be empty"
    return len(batch)

print(check_batch([1, 2]))
print(check_batch([]))
