#!/usr/bin/env python3
"""tree-time.py COMMAND...: runs COMMAND and prints, on standard error, "TIME wall user system":
the wall seconds to COMMAND's exit, and the CPU seconds of COMMAND and of every process it started,
also those that outlive it (the engine JVM that stops Flink after its answer, the keeper of the
class-data archive), which it waits for as their subreaper so that the next run starts on a quiet
machine. /usr/bin/time counts only the processes COMMAND waited for. The warm engine
(org.flinkcookbook.process.EngineDaemon) is not waited for: it stays for the next build, and the
benchmarks count its CPU apart."""
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
DAEMON = b"org.flinkcookbook.process.EngineDaemon"


def children():
    """Our children (orphans reparented to us included), the warm engine left out."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % entry, "rb") as stat:
                parent = int(stat.read().rsplit(b")", 1)[1].split()[1])
            with open("/proc/%s/cmdline" % entry, "rb") as cmdline:
                daemon = DAEMON in cmdline.read()
        except (OSError, IndexError, ValueError):
            continue
        if parent == os.getpid() and not daemon:
            found.append(int(entry))
    return found


while True:
    waiting = children()
    if not waiting:
        break
    for child in waiting:
        try:
            os.waitpid(child, 0)
        except ChildProcessError:
            pass
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print("TIME %.2f %.2f %.2f" % (wall, usage.ru_utime, usage.ru_stime), file=sys.stderr)
sys.exit(os.waitstatus_to_exitcode(status))
