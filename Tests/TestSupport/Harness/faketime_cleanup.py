#!/usr/bin/env python3
"""Removes the shared-memory files of faketime wrappers that are gone.

The `faketime` wrapper (libfaketime 0.9.10) makes /dev/shm/faketime_shm_PID and
/dev/shm/sem.faketime_sem_PID, and removes them when its child ends. A wrapper that is killed
(a test's timeout, a run stopped by hand) leaves them behind, and a later wrapper that gets the
same PID then fails at once with "shm_open: File exists", exit 1: with PIDs wrapping at 32768,
20 leftovers failed most runs of the generator's DST check (1,635 wrappers). libfaketime's README
("Cleaning up shared memory") says to remove them; only files whose PID runs no faketime go.
Usage: Tests/TestSupport/Harness/faketime_cleanup.py [DIRECTORY] (default /dev/shm); prints how many it removed.
"""
import os
import re
import sys

NAME = re.compile(r"^(?:faketime_shm_|sem\.faketime_sem_)(\d+)$")


def alive(pid):
    """Whether process pid runs a faketime wrapper (its files are then in use)."""
    try:
        with open(f"/proc/{pid}/comm") as comm:
            return comm.read().strip() == "faketime"
    except OSError:
        return False


def clean(directory="/dev/shm"):
    """Removes the leftover files in directory; returns how many."""
    removed = 0
    try:
        names = os.listdir(directory)
    except OSError:
        return 0
    for name in names:
        match = NAME.match(name)
        if match and not alive(int(match.group(1))):
            try:
                os.unlink(os.path.join(directory, name))
                removed += 1
            except OSError:
                pass
    return removed


if __name__ == "__main__":
    count = clean(*sys.argv[1:2])
    if count:
        print(f"faketime_cleanup: removed {count} files left by faketime wrappers that were killed")
