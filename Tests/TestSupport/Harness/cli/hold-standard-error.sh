#!/usr/bin/env bash
# Where the holder's standard error goes: nowhere when notify's was a pipe (and the pipe ends
# while it holds), the same file when it was a file, the same stream when it was the journal's.
# Environment: DQ, W, MOCK_LOG (scenario.sh). Writes piped.out, piped.rc, alive, stderr-link,
# file.err, file-link, journal-link in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

# shellcheck disable=SC2016 # expanded by the inner bash
record "$W/piped.rc" timeout 20 bash -c '"$DQ" notify --now 2>&1 | cat' >"$W/piped.out"
pid=$(holder_pid)
alive_to "$W/alive" "$pid"
readlink "/proc/$pid/fd/2" >"$W/stderr-link" || true
kill -TERM "$pid" || true
wait_until 30 "the holder's end" no_holder || true
"$DQ" notify --now >/dev/null 2>>"$W/file.err"
pid=$(holder_pid)
readlink "/proc/$pid/fd/2" >"$W/file-link" || true
kill -TERM "$pid" || true
wait_until 30 "the holder's end" no_holder || true
# A journal stream is a socket (here a FIFO) that JOURNAL_STREAM names by device and inode.
mkfifo "$W/journal"
cat "$W/journal" >/dev/null &
(
  exec 2>"$W/journal"
  JOURNAL_STREAM=$(stat -c '%d:%i' "$W/journal") "$DQ" notify --now >/dev/null
)
pid=$(holder_pid)
readlink "/proc/$pid/fd/2" >"$W/journal-link" || true
kill -TERM "$pid" || true
wait
