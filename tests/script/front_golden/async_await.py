async def fetch(source, log):
    async with source.lock() as guard:
        item = await source.get(guard)
    async for chunk in source:
        if chunk is None:
            break
        log.append(chunk)
    else:
        log.append("done")
    return [x async for x in source if await x.ok()], item


async def stream(n):
    for i in range(n):
        yield await tick(i)
