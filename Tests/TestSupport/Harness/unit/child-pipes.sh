#!/usr/bin/env bash
# ChildTests: a child that uses all three pipes. Reads one line from standard input, prints
# "got LINE HOME GREETING" (HOME as "no home" when unset) on standard output and "complaint" on
# standard error. Environment: GREETING (required). Exit status: 4, always.
set -euo pipefail
read -r line
echo "got $line ${HOME:-no home} $GREETING"
echo complaint >&2
exit 4
