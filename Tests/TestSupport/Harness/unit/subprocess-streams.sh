#!/usr/bin/env bash
# SubprocessTests: writes $GREETING, then $HOME (or "no home" when unset) on standard output and
# "oops" on standard error. Environment: GREETING (required). Exit status: 3, always.
set -euo pipefail
echo "$GREETING"
echo oops >&2
echo "${HOME:-no home}"
exit 3
