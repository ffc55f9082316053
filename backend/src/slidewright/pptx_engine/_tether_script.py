"""Runs a command tethered to the process that started us: `python -I _tether_script.py PARENT
MEMORY_MB -- COMMAND...`.

Started as the leader of its own process group (LibreOffice lives there too), it caps the
address space of everything it starts at MEMORY_MB (0: no cap), runs COMMAND in the same group
and waits for it. When PARENT dies (kill -9, OOM kill, a crash: nothing of ours gets to clean
up) we are re-parented, `getppid()` changes, and the whole group is SIGKILLed within half a
second. Linux's PR_SET_PDEATHSIG would not do: it fires when the parent *thread* that started
the child ends (a warm-up thread), and only for the direct child, not LibreOffice under it.

Standard library only and run with `-I`: it must start fast and import nothing of ours.
"""

import os
import resource
import signal
import subprocess
import sys

POLL_S = 0.5


def main(argv: list[str]) -> int:
    parent, memory_mb = int(argv[1]), int(argv[2])
    command = argv[4:] if argv[3:4] == ["--"] else argv[3:]
    if memory_mb > 0:
        limit = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    if os.getpgrp() != os.getpid():  # lead a group of our own, never kill the caller's
        os.setpgid(0, 0)
    group = os.getpgrp()
    if os.getppid() != parent:  # the parent died before we got here
        os.killpg(group, signal.SIGKILL)
    child = subprocess.Popen(command)  # same group, same stdio, environment and directory
    while True:
        try:
            code = child.wait(timeout=POLL_S)
            return 128 - code if code < 0 else code  # killed by signal N: 128 + N, as a shell says
        except subprocess.TimeoutExpired:
            if os.getppid() != parent:
                os.killpg(group, signal.SIGKILL)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
