def f(v):
    match v:
        case 0 | None:
            return "zero"
        case [a, *rest]:
            return a, rest
        case {"k": k, **others}:
            return k, others
        case Point(x, y=0) as p if x:
            return p
        case _:
            return v


class Annotated:
    x: int
    y: "str" = "s"
