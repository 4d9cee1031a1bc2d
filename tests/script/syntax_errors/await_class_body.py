async def f():
    class C:
        x = await g()
