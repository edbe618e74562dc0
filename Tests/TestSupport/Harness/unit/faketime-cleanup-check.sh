#!/usr/bin/env bash
# FaketimeCleanupTests: runs faketime_cleanup.py on DIRECTORY while a real faketime wrapper runs,
# with files of that wrapper in DIRECTORY, then lists what is left.
#   faketime-cleanup-check.sh DIRECTORY CLEANUP_SCRIPT
# Standard output: the cleanup's output, then DIRECTORY's file names, sorted, the running
# wrapper's PID written as RUNNING. Exit status: 0, or 1 when the wrapper did not start or a
# step failed.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
directory=$1
cleanup=$2

faketime -f '@2030-01-01 00:00:01' sleep 30 &
wrapper=$!
at_exit kill "$wrapper"
is_faketime() { [ "$(cat "/proc/$wrapper/comm" 2>/dev/null)" = faketime ]; }
wait_until 30 "the faketime wrapper" is_faketime
: >"$directory/faketime_shm_$wrapper"
: >"$directory/sem.faketime_sem_$wrapper"
python3 "$cleanup" "$directory"
# shellcheck disable=SC2012 # plain names, no newlines: ls is enough here
ls "$directory" | sed "s/_$wrapper\$/_RUNNING/" | sort
