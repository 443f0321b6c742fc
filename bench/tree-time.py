#!/usr/bin/env python3
"""tree-time.py COMMAND...: runs COMMAND and prints, on standard error, "TIME wall user system":
the wall seconds to COMMAND's exit, and the CPU seconds of COMMAND and of every process it started,
also those that outlive it (the engine JVM that stops Flink after its answer, the keeper of the
class-data archive), which it waits for as their subreaper so that the next run starts on a quiet
machine. /usr/bin/time counts only the processes COMMAND waited for."""
import ctypes
import os
import resource
import sys
import time

PR_SET_CHILD_SUBREAPER = 36
ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
start = time.monotonic()
pid = os.fork()
if pid == 0:
    os.execvp(sys.argv[1], sys.argv[1:])
_, status = os.waitpid(pid, 0)
wall = time.monotonic() - start
while True:
    try:
        os.wait()
    except ChildProcessError:
        break
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print("TIME %.2f %.2f %.2f" % (wall, usage.ru_utime, usage.ru_stime), file=sys.stderr)
sys.exit(os.waitstatus_to_exitcode(status))
