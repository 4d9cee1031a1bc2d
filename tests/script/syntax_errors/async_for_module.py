async for x in y:
    pass
