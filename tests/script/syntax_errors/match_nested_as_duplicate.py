match x:
    case (a as b) as a:
        pass
