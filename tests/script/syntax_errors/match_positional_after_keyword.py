match x:
    case C(a=1, 2, 3):
        pass
