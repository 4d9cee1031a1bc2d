print("importing", __name__, "package", __package__)
TWICE = 2


def where():
    return __name__
