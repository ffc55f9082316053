"""A web process of `slidewright serve --workers N` stops when its supervisor is gone.

uvicorn's supervisor stops its web processes on SIGTERM, but killed with SIGKILL (an OOM kill,
`kill -9`, a crash) it cannot: they would go on serving, holding the port, for ever. Each web
process checks twice a second that its parent is still the supervisor; once it is not, it stops
itself as SIGTERM would (requests in flight may finish), and exits outright if that hangs.
"""

from __future__ import annotations

import logging
import os
import signal
import threading
import time

SUPERVISOR_ENV = "SLIDEWRIGHT_SUPERVISOR_PID"
POLL_S = 0.5
HARD_EXIT_AFTER_S = 60.0

log = logging.getLogger("slidewright.serve")


def watch_supervisor() -> None:
    """Starts the watch in a process `serve` started as one of several (does nothing else)."""
    supervisor = os.environ.get(SUPERVISOR_ENV, "")
    if not supervisor.isdigit() or int(supervisor) != os.getppid():
        return
    threading.Thread(
        target=_stop_when_orphaned, args=(int(supervisor),), name="supervisor-watch", daemon=True
    ).start()


def _stop_when_orphaned(supervisor: int) -> None:
    while os.getppid() == supervisor:
        time.sleep(POLL_S)
    log.warning("the serve supervisor (pid %s) is gone: this web process stops", supervisor)
    os.kill(os.getpid(), signal.SIGTERM)  # uvicorn's graceful shutdown
    time.sleep(HARD_EXIT_AFTER_S)
    os._exit(1)
