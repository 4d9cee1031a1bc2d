async def f():
    await
