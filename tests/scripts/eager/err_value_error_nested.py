# An uncaught ValueError raised three calls deep: the traceback lists every frame.

def parse_size(text):
    value = int(text)
    if value <= 0:
        raise ValueError("size must be positive, got " + str(value))
    return value

def load_config(entries):
    sizes = []
    for e in entries:
        sizes.append(parse_size(e))
    return sizes

def main():
    print(load_config(["3", "7"]))
    print("loading the bad config")
    print(load_config(["4", "-2", "9"]))
    print("not reached")

main()
