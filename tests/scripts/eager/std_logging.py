# CPython's own logging package: basicConfig, the root logger and named
# loggers, levels, %-style arguments, handlers writing to a stream with
# custom formatters, propagation, and logging.exception's traceback.
# (err_logging_stderr.py: the default configuration, on stderr.)
import io
import logging
import sys

logging.basicConfig(level=logging.INFO, stream=sys.stdout)
log = logging.getLogger("app")
log.info("started with %d workers", 4)
log.warning("disk %s is %.1f%% full", "/tmp", 93.25)
log.debug("not shown at INFO")
logging.getLogger().error("root error")
logging.warning("module-level warning %s", "w")
print(log.name, log.level, log.getEffectiveLevel(), logging.getLevelName(logging.WARNING))
print(logging.getLevelName(15), logging.getLevelName("ERROR"), log.isEnabledFor(logging.DEBUG))
print(logging.getLogger("app") is log, log.parent is logging.getLogger(), logging.root.name)

child = logging.getLogger("app.db")
child.setLevel(logging.DEBUG)
child.debug("query %r", "select 1")
print(child.parent.name, child.getEffectiveLevel())

# A handler writing into a StringIO with its own format.
buf = io.StringIO()
handler = logging.StreamHandler(buf)
handler.setFormatter(logging.Formatter("[%(levelname)s] %(name)s: %(message)s"))
handler.setLevel(logging.WARNING)
quiet = logging.getLogger("quiet")
quiet.addHandler(handler)
quiet.propagate = False
quiet.setLevel(logging.DEBUG)
quiet.info("filtered by the handler")
quiet.warning("kept %s", 1)
quiet.critical("critical!")
print(buf.getvalue(), end="")
quiet.removeHandler(handler)

fmt = logging.Formatter("{levelname:<8}|{name}|{message}", style="{")
handler2 = logging.StreamHandler(sys.stdout)
handler2.setFormatter(fmt)
brace = logging.getLogger("brace")
brace.addHandler(handler2)
brace.propagate = False
brace.error("brace style")


class OnlyEven(logging.Filter):
    def filter(self, record):
        return record.args[0] % 2 == 0


brace.addFilter(OnlyEven())
for i in range(4):
    brace.error("number %d", i)

try:
    1 / 0
except ZeroDivisionError:
    lines = io.StringIO()
    h = logging.StreamHandler(lines)
    h.setFormatter(logging.Formatter("%(levelname)s %(message)s"))
    exc_log = logging.getLogger("exc")
    exc_log.addHandler(h)
    exc_log.propagate = False
    exc_log.exception("failed: %s", "division")
    text = lines.getvalue().splitlines()
    print(text[0])
    print(text[1])
    print(text[-1])

logging.disable(logging.CRITICAL)
log.critical("disabled")
logging.disable(logging.NOTSET)
log.critical("enabled again")
logging.shutdown()
