async def f():
    return lambda: await g()
