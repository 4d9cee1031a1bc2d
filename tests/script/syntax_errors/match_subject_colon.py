match x
