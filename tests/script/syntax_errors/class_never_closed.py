class C(
    pass
