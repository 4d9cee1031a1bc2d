f = async lambda: 1
