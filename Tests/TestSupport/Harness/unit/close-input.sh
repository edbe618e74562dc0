#!/usr/bin/env bash
# ChildTests: closes its standard input, says "closed" on standard output, then stays 1 s so that
# the parent's write meets the closed end of a live child. No arguments. Exit status: 0.
set -euo pipefail
exec 0<&-
echo closed
sleep 1
