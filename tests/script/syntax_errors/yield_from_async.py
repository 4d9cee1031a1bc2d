async def f():
    yield from g()
