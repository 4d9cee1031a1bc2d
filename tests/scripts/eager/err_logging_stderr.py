# logging's defaults on stderr: the last-resort handler before any
# configuration, then basicConfig() with CPython's default format; then
# the script fails, so its stderr is compared.
import logging

logging.getLogger("early").warning("no handler yet: %s", "last resort")
logging.getLogger("early").info("dropped")
logging.basicConfig()
log = logging.getLogger("train")
log.warning("loss is %.3f", 0.12345)
log.info("dropped at the default WARNING level")
logging.getLogger().setLevel(logging.INFO)
log.info("epoch %d done", 1)
logging.error("root error")
raise RuntimeError("stop after logging")
