#!/usr/bin/env bash
# SubprocessTests: writes BYTES zero bytes on standard output, then BYTES more on standard error.
#   zeros-both-streams.sh BYTES
# Exit status: 0 (head's failure otherwise).
set -euo pipefail
head -c "$1" /dev/zero
head -c "$1" /dev/zero >&2
