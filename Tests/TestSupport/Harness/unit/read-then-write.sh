#!/usr/bin/env bash
# ChildTests: copies standard input to standard output, then writes "out" on standard output and
# "err" on standard error. No arguments. Exit status: 0 (cat's failure otherwise).
set -euo pipefail
cat
echo out
echo err >&2
