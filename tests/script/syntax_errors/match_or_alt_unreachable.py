match x:
    case (a | _):
        pass
    case 1:
        pass
