#!/usr/bin/env python3
"""CPU seconds (user + system) of one command, to the microsecond, from the
kernel's rusage of that child alone (os.wait4); its output is discarded and
a failure is an error.

Not resource.getrusage(RUSAGE_CHILDREN): under pyenv, python3 is a shim that
runs pyenv's own helpers before it execs the interpreter, and their ~0.1 s
of CPU stays in the process's children total (measured 2026-12-01: 0.114 s
reported for `taskset -c 1 true`).

    scripts/cpu_time.py COMMAND [ARGS...]
"""
import os
import sys

if len(sys.argv) < 2:
    sys.exit("usage: cpu_time.py COMMAND [ARGS...]")
pid = os.fork()
if pid == 0:
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    try:
        os.execvp(sys.argv[1], sys.argv[1:])
    finally:
        os._exit(127)
_, status, usage = os.wait4(pid, 0)
if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
    sys.exit("cpu_time.py: %s failed (status %d)" % (" ".join(sys.argv[1:]), status))
print("%.4f" % (usage.ru_utime + usage.ru_stime))
