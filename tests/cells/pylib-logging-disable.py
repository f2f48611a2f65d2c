# logging.disable(level): messages at that level or below dropped on every logger; NOTSET lifts it
import logging
import sys
logging.basicConfig(stream=sys.stdout, level=logging.DEBUG, format="%(levelname)s %(message)s")
log = logging.getLogger("x")
log.info("one")
logging.disable(logging.CRITICAL)
log.critical("hidden")
print(log.isEnabledFor(logging.ERROR))
logging.disable(logging.INFO)
log.info("hidden too")
log.warning("shown")
logging.disable(logging.NOTSET)
log.debug("back")
logging.disable()
log.critical("gone")
logging.disable(0)
print(log.isEnabledFor(logging.DEBUG))
