match x:
    case 1 | x:
        pass
