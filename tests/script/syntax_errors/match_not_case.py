match x:
    case 1:
        pass
    x = 1
