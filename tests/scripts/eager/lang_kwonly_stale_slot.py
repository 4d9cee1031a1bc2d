# A keyword-only parameter left to its default reads the default even when
# the frame before it (at the same place on the VM's stack) compared two
# ints: the compare's popped operand must not look like a bound argument
# (json.loads(s, parse_float=f) after a decode got a stale int as
# object_pairs_hook).


def compare(a, b):
    x, y = a, b
    return x != y


class Decoder:
    def __init__(self, *, hook=None, parse=None, strict=True, pairs=None, extra=None, more=None):
        self.got = (hook, parse, strict, pairs, extra, more)


for i in range(3):
    print(compare(10, 10 + i))
    print(Decoder(parse=str).got)
    print(Decoder().got)
